"""What one seat knows, read from its ``View`` only, and worlds drawn to agree with it.

Cards are small ints here: ``suit * 8 + rank``, rank 0 the king (strongest) to 7 the
seven, so a hand is a bit mask and, within a suit, a lower bit is a higher card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ...base import JSON, View
from ...cardmasks import ALL as ALL
from ...cardmasks import SUIT_MASK as SUIT_MASK
from ...cardmasks import codes
from ...cards import SUITS
from ..rules import ORDER

code, card_of, mask, held_of = codes(ORDER)


# the cards of each byte of a mask: _BYTES[k][b] for byte ``k`` holding ``b``
_BYTES = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
               for k in range(4))


def bits(m: int) -> list[int]:
    """The cards of a mask, lowest bit (the king of the first suit) first."""
    out: list[int] = []
    k = 0
    while m:
        b = m & 255
        if b:
            out += _BYTES[k][b]
        m >>= 8
        k += 1
    return out


def rank(c: int) -> int:
    return c & 7


def suit(c: int) -> int:
    return c >> 3


@dataclass(frozen=True, slots=True)
class Seen:
    """The seat's knowledge at its turn: the public state of the deal, its own cards,
    and which unseen cards the other may still hold."""

    me: int
    elder: int
    phase: str
    trumps: int                 # a suit index
    forcing: bool
    ask_king: bool
    must_discard: bool
    hand: int                   # mask
    stock: int                  # cards left in the stock
    exchanges: int
    played_without_proposing: bool
    refused_first: bool
    discarded: tuple[int, int]
    king_marked: int | None
    trick: tuple[int, ...]      # cards of the trick in play, the lead first
    leader: int                 # who led (or leads) the trick in play
    won: tuple[int, int]
    left: tuple[int, int]       # cards in each hand
    other_played: int           # mask: the cards the other has played in this deal
    unseen: int                 # mask: the other's hand, the stock and its discards
    known_other: int            # mask: cards the other is known to hold (a marked king)
    barred: int                 # mask: cards the other cannot hold (voids, forcing)
    need: tuple[int, int]       # points each seat still needs to win the game
    proposals: int = 0          # the elder's proposals in this deal

    @property
    def other(self) -> int:
        return 1 - self.me

    @property
    def trump_mask(self) -> int:
        return SUIT_MASK[self.trumps]

    def penalty(self, seat: int) -> bool:
        """True when ``seat`` loses 2 points, not 1, if it takes fewer than 3 tricks."""
        if self.exchanges:
            return False
        if seat == self.elder:
            return self.played_without_proposing
        return self.refused_first


def read(view: View) -> Seen:
    """The knowledge of ``view``'s seat (a seat to act in a deal in play)."""
    part: Mapping[str, JSON] = view.game_part
    assert view.seat is not None and view.dealer is not None
    me = view.seat
    other = 1 - me
    rules = part["rules"]
    assert isinstance(rules, Mapping)
    trumps = SUITS.index(str(part["trumps"]))
    hand = mask(view.hand)
    your_discards = part["your_discards"]
    assert isinstance(your_discards, list)
    gone = mask(str(c) for c in your_discards) | mask([str(part["turnup"])])
    barred = 0
    other_played = 0
    tricks = part["tricks"]
    assert isinstance(tricks, list)
    forcing = bool(rules["forcing"])
    trump_mask = SUIT_MASK[trumps]
    for entry in tricks:
        assert isinstance(entry, Mapping)
        leader = int(str(entry["leader"]))
        cards = [code(str(c)) for c in entry["cards"]]  # type: ignore[union-attr]
        gone |= (1 << cards[0]) | (1 << cards[1])
        other_played |= 1 << cards[1 if leader == me else 0]
        if leader == me:                       # the other followed: what it showed
            barred |= _follow_bars(cards[0], cards[1], trump_mask, forcing)
    current = tuple(code(c) for _, c in view.trick)
    for c in current:
        gone |= 1 << c
    if view.trick and view.trick[0][0] == other:
        other_played |= 1 << current[0]
    king_marked = part["king_marked"]
    km = None if king_marked is None else int(str(king_marked))
    king = 1 << (trumps * 8)
    known = 0
    if km == other and not gone & king:
        known = king
    phase = str(part["phase"])
    if phase == "play" and km != other:
        ask = rules["mark_king"] == "ask"
        other_began = len(tricks) > 0 or (bool(view.trick) and view.trick[0][0] == other)
        if not ask or other_began:
            barred |= king          # a held king would have been marked
    unseen = ALL & ~hand & ~gone & ~known
    target = int(str(part["target"]))
    need = (target - view.totals[0], target - view.totals[1])
    discarded = part["discarded"]
    assert isinstance(discarded, list)
    return Seen(
        me=me, elder=int(str(part["elder"])), phase=phase, trumps=trumps, forcing=forcing,
        ask_king=rules["mark_king"] == "ask", must_discard=bool(rules["dealer_must_discard"]),
        hand=hand, stock=int(str(part["stock"])), exchanges=int(str(part["exchanges"])),
        played_without_proposing=bool(part["played_without_proposing"]),
        refused_first=bool(part["refused_first"]),
        discarded=(int(str(discarded[0])), int(str(discarded[1]))), king_marked=km,
        trick=current, leader=int(str(part["leader"])),
        won=(view.tricks_won[0], view.tricks_won[1]),
        left=(view.cards_left[0], view.cards_left[1]), other_played=other_played,
        unseen=unseen, known_other=known, barred=barred & unseen, need=need,
        proposals=int(str(part["proposals"])))


def _follow_bars(led: int, follow: int, trump_mask: int, forcing: bool) -> int:
    """The cards the follower showed it did not hold by playing ``follow`` on ``led``."""
    led_suit = SUIT_MASK[led >> 3]
    if follow >> 3 == led >> 3:
        if forcing and follow > led:          # a lower card: it held no higher one
            return led_suit & ((1 << led) - 1)
        return 0
    barred = led_suit                         # void in the suit led
    if not (1 << follow) & trump_mask:
        barred |= trump_mask                  # and, not trumping, void in trumps
    return barred


def other_hand(seen: Seen, rng: random.Random, keepers: int = 0, kept: int = 0) -> int:
    """A hand for the other seat agreeing with what ``seen`` knows: its known cards and
    cards it may hold drawn from the unseen ones, ``kept`` of them among ``keepers``
    (a mask: the cards it would have kept) when there are enough, the rest uniformly."""
    size = seen.left[seen.other] - bin(seen.known_other).count("1")
    allowed = seen.unseen & ~seen.barred
    if bin(allowed).count("1") < size:        # an assumption failed: fall back on facts
        allowed = seen.unseen
    hand = seen.known_other
    chosen: list[int] = []
    if kept:
        pool = bits(allowed & keepers)
        if len(pool) >= min(kept, size):
            chosen = rng.sample(pool, min(kept, size))
    for c in chosen:
        hand |= 1 << c
        allowed &= ~(1 << c)
    for c in rng.sample(bits(allowed), size - len(chosen)):
        hand |= 1 << c
    return hand


def stock_order(seen: Seen, other: int, rng: random.Random, keepers: int = 0) -> list[int]:
    """The stock, top first: the unseen cards the other neither holds nor threw away
    (its discards drawn among the cards it would not keep, outside ``keepers``)."""
    rest = seen.unseen & ~other
    thrown = seen.discarded[seen.other]
    if thrown:
        low = bits(rest & ~keepers)
        out = rng.sample(low, thrown) if len(low) >= thrown else rng.sample(bits(rest), thrown)
        for c in out:
            rest &= ~(1 << c)
    cards = bits(rest)
    rng.shuffle(cards)
    return cards[:seen.stock]
