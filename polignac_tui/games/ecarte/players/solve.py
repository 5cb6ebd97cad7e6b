"""The five tricks with both hands open: the most tricks a seat makes, both playing best.

Five cards a hand make few positions (a few hundred at the start of tricks), so each
world is searched to the end, exactly, with a table of the positions already solved.
The points are a rising function of one's tricks, so the best play for tricks is the
best play for points.
"""

from __future__ import annotations

from .seen import SUIT_MASK, bits


class Solver:
    """Exact play of the tricks left in one world (``trumps``: a suit index)."""

    def __init__(self, trumps: int, forcing: bool) -> None:
        self.trump_mask = SUIT_MASK[trumps]
        self.forcing = forcing
        self.memo: dict[tuple[int, int, bool], int] = {}

    def legal(self, hand: int, led: int) -> int:
        """The cards of ``hand`` that may follow ``led`` (a mask)."""
        suited = hand & SUIT_MASK[led >> 3]
        if suited:
            if self.forcing:
                higher = suited & ((1 << led) - 1)
                if higher:
                    return higher
            return suited
        return (hand & self.trump_mask) or hand

    def follower_wins(self, led: int, card: int) -> bool:
        if card >> 3 == led >> 3:
            return card < led
        return bool((1 << card) & self.trump_mask)

    def rest(self, mine: int, theirs: int, i_lead: bool) -> int:
        """The tricks ``mine`` takes of those left, at the start of a trick."""
        if not mine:
            return 0
        key = (mine, theirs, i_lead)
        found = self.memo.get(key)
        if found is not None:
            return found
        if not mine & (mine - 1):             # one card each: the last trick
            a, b = mine, theirs
            ca, cb = a.bit_length() - 1, b.bit_length() - 1
            if i_lead:
                value = 0 if self.follower_wins(ca, cb) else 1
            else:
                value = 1 if self.follower_wins(cb, ca) else 0
            self.memo[key] = value
            return value
        tricks = bin(mine).count("1")
        if i_lead:
            best = -1
            for a in bits(mine):
                worst = tricks + 1
                rest_mine = mine ^ (1 << a)
                for b in bits(self.legal(theirs, a)):
                    if self.follower_wins(a, b):
                        v = self.rest(rest_mine, theirs ^ (1 << b), False)
                    else:
                        v = 1 + self.rest(rest_mine, theirs ^ (1 << b), True)
                    if v < worst:
                        worst = v
                        if worst <= best:
                            break
                if worst > best:
                    best = worst
                    if best == tricks:
                        break
            value = best
        else:
            worst = tricks + 1
            for b in bits(theirs):
                best = -1
                rest_theirs = theirs ^ (1 << b)
                for a in bits(self.legal(mine, b)):
                    if self.follower_wins(b, a):
                        v = 1 + self.rest(mine ^ (1 << a), rest_theirs, True)
                    else:
                        v = self.rest(mine ^ (1 << a), rest_theirs, False)
                    if v > best:
                        best = v
                        if best >= worst:
                            break
                if best < worst:
                    worst = best
                    if worst == 0:
                        break
            value = worst
        self.memo[key] = value
        return value

    def card_values(self, mine: int, theirs: int, led: int | None) -> dict[int, int]:
        """The tricks left that each card ``mine`` may play now makes (``led``: the
        other's card on the trick in play, None when leading)."""
        out: dict[int, int] = {}
        if led is None:
            for a in bits(mine):
                worst = 99
                for b in bits(self.legal(theirs, a)):
                    if self.follower_wins(a, b):
                        v = self.rest(mine ^ (1 << a), theirs ^ (1 << b), False)
                    else:
                        v = 1 + self.rest(mine ^ (1 << a), theirs ^ (1 << b), True)
                    worst = min(worst, v)
                out[a] = worst
            return out
        for a in bits(self.legal(mine, led)):
            if self.follower_wins(led, a):
                out[a] = 1 + self.rest(mine ^ (1 << a), theirs, True)
            else:
                out[a] = self.rest(mine ^ (1 << a), theirs, False)
        return out


def deal_points(tricks: int, me_penalised: bool, other_penalised: bool) -> tuple[int, int]:
    """The trick points (mine, the other's) when I end with ``tricks`` of the five."""
    if tricks == 5:
        return 2, 0
    if tricks >= 3:
        return (2 if other_penalised else 1), 0
    if tricks == 0:
        return 0, 2
    return 0, (2 if me_penalised else 1)


def worth(points: tuple[int, int], need: tuple[int, int]) -> float:
    """What points (mine, the other's) are worth with ``need`` (mine, the other's) to
    win: more than needed counts for nothing more."""
    mine = min(points[0], max(need[0], 0))
    theirs = min(points[1], max(need[1], 0))
    return float(mine - theirs)
