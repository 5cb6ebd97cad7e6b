"""The tricks left with both hands open, searched exactly: the points one seat makes
minus the other's, both playing best (RULES-piquet.md §5: a point for leading, one
for winning the other's lead, one for the last trick; 10 for the cards, 40 for capot).

The pique (§6) is left out of the search: it is settled in the first tricks, before
the exact search begins.

The search is a plain minimax over whole tricks (the leader's card, then the
follower's), with a table of the positions met at the start of a trick; a position's
value is exact (the cut-offs inside a trick only skip answers that cannot change it),
so the table is shared by every world of one decision. Cards that do the same work
are tried once: two cards of a hand with nothing still in play between them.
"""

from __future__ import annotations

from .masks import SUIT_MASK, bits

TRICKS = 12
CARDS = 10
CAPOT = 40


def legal(hand: int, led: int) -> int:
    """The cards of ``hand`` that may follow ``led`` (a mask)."""
    return (hand & SUIT_MASK[led >> 3]) or hand


def beats(card: int, led: int) -> bool:
    """True when ``card`` played on ``led`` wins the trick (no trumps)."""
    return card >> 3 == led >> 3 and card < led


def cards_bonus(mine: int) -> int:
    """The cards or capot when I end with ``mine`` tricks of twelve (mine - theirs)."""
    if mine == TRICKS:
        return CAPOT
    if mine == 0:
        return -CAPOT
    if mine > TRICKS // 2:
        return CARDS
    if mine < TRICKS // 2:
        return -CARDS
    return 0


def distinct(options: int, live: int) -> list[int]:
    """``options`` without the cards that do the work of a higher one also among them:
    the next card above in the suit still ``live`` is one of ``options``."""
    out = []
    for c in bits(options):
        above = live & SUIT_MASK[c >> 3] & ((1 << c) - 1)
        if above and (options >> (above.bit_length() - 1)) & 1:
            continue
        out.append(c)
    return out


class Solver:
    """Exact play of the tricks left; one table for every world of a decision."""

    def __init__(self) -> None:
        self.memo: dict[tuple[int, int, bool, int], int] = {}

    def rest(self, mine: int, theirs: int, i_lead: bool, won: int) -> int:
        """My points minus theirs from the start of a trick to the end of the deal,
        the cards included (``won``: the tricks I have taken so far)."""
        if not mine:
            return cards_bonus(won)
        key = (mine, theirs, i_lead, won)
        found = self.memo.get(key)
        if found is not None:
            return found
        live = mine | theirs
        last = not mine & (mine - 1)
        if i_lead:
            best = -999
            for a in distinct(mine, live):
                rest_mine = mine ^ (1 << a)
                worst = 999
                followers = legal(theirs, a)
                for b in distinct(followers, live):
                    if beats(b, a):
                        v = 1 - 1 - (1 if last else 0) + self.rest(
                            rest_mine, theirs ^ (1 << b), False, won)
                    else:
                        v = 1 + (1 if last else 0) + self.rest(
                            rest_mine, theirs ^ (1 << b), True, won + 1)
                    if v < worst:
                        worst = v
                        if worst <= best:
                            break
                if worst > best:
                    best = worst
            value = best
        else:
            worst = 999
            for b in distinct(theirs, live):
                rest_theirs = theirs ^ (1 << b)
                best = -999
                for a in distinct(legal(mine, b), live):
                    if beats(a, b):
                        v = -1 + 1 + (1 if last else 0) + self.rest(
                            mine ^ (1 << a), rest_theirs, True, won + 1)
                    else:
                        v = -1 - (1 if last else 0) + self.rest(
                            mine ^ (1 << a), rest_theirs, False, won)
                    if v > best:
                        best = v
                        if best >= worst:
                            break
                if best < worst:
                    worst = best
            value = worst
        self.memo[key] = value
        return value

    def card_values(self, mine: int, theirs: int, led: int | None, won: int) -> dict[int, int]:
        """What each card I may play now is worth (my points minus theirs to the end,
        this card's trick included; ``led``: the other's card on the trick, None when
        I lead)."""
        out: dict[int, int] = {}
        last = not mine & (mine - 1)
        if led is None:
            for a in bits(mine):
                worst = 999
                for b in distinct(legal(theirs, a), mine | theirs):
                    if beats(b, a):
                        v = -(1 if last else 0) + self.rest(
                            mine ^ (1 << a), theirs ^ (1 << b), False, won)
                    else:
                        v = 1 + (1 if last else 0) + self.rest(
                            mine ^ (1 << a), theirs ^ (1 << b), True, won + 1)
                    worst = min(worst, v)
                out[a] = worst
            return out
        for a in bits(legal(mine, led)):
            if beats(a, led):
                out[a] = 1 + (1 if last else 0) + self.rest(mine ^ (1 << a), theirs, True,
                                                            won + 1)
            else:
                out[a] = -(1 if last else 0) + self.rest(mine ^ (1 << a), theirs, False, won)
        return out
