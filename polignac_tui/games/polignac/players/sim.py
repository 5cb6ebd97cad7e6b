"""A compact simulator of one deal for the searching players.

Cards are ints ``suit * 8 + strength`` (suit in ``S H D C`` order, strength 0 is
the strongest rank of the session's order), hands are bitmasks. It mirrors the
engine's ``Deal`` (legal cards, trick winner, early end, points) and is tested
against it; it is only built for speed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..engine import Rules
from ..engine.cards import jack_points, sort_key

SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))


@dataclass(frozen=True, slots=True)
class Codec:
    """Card <-> int tables and the masks a setting needs (cached per rank order)."""

    order: str
    to_int: dict[str, int]
    to_card: tuple[str, ...]
    jack_bits: tuple[int, ...]   # per suit
    jacks: int                   # mask of the four jacks
    js: int                      # le Polignac
    kq: tuple[int, ...]          # per suit: the K and the Q
    points: tuple[int, ...]      # per card int: penalty points

    def mask(self, cards: Iterable[str]) -> int:
        m = 0
        for c in cards:
            m |= 1 << self.to_int[c]
        return m

    def cards(self, mask: int) -> list[str]:
        return [self.to_card[c] for c in bits(mask)]


@lru_cache(maxsize=4)
def codec(order: str) -> Codec:
    to_int = sort_key(order)   # suit * 8 + strength: the engine's order of a sorted hand
    to_card = tuple(sorted(to_int, key=to_int.__getitem__))
    j, k, q = order.index("J"), order.index("K"), order.index("Q")
    jack_bits = tuple(1 << (s * 8 + j) for s in range(4))
    return Codec(
        order=order, to_int=to_int, to_card=to_card, jack_bits=jack_bits,
        jacks=sum(jack_bits), js=jack_bits[0],
        kq=tuple((1 << (s * 8 + k)) | (1 << (s * 8 + q)) for s in range(4)),
        points=tuple(jack_points(c) for c in to_card),
    )


def bits(mask: int) -> list[int]:
    """The card ints of a mask, strongest-first within each suit."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_mask(hand: int, led: int, cx: Codec, must_discard_jack: bool, jack_guard: bool) -> int:
    """The legal cards of ``hand`` on a trick led in suit ``led`` (-1 when leading)."""
    if led < 0:
        cand = hand
    else:
        cand = hand & SUIT_MASK[led]
        if not cand:
            jacks = hand & cx.jacks
            cand = (cx.js if hand & cx.js else jacks) if must_discard_jack and jacks else hand
    if jack_guard and hand & cx.jacks:
        for s in range(4):
            if hand & cx.jack_bits[s]:
                cand &= ~cx.kq[s]
    return cand


class State:
    """One deal in play, with every hand known (a sampled or true world)."""

    __slots__ = (
        "chelem", "cx", "declarer", "done", "first_winner", "ftp", "guard", "hands",
        "jacks_taken", "last_winner", "leader", "ltp", "mdj", "n", "over", "play_out",
        "played", "pts", "total", "trick", "voids", "won",
    )

    def __init__(self, rules: Rules, hands: list[int], leader: int, total: int) -> None:
        self.cx = codec(rules.order)
        self.n = len(hands)
        self.hands = hands
        self.leader = leader
        self.trick: list[int] = []
        self.won = [0] * self.n
        self.pts = [0] * self.n
        self.jacks_taken = 0
        self.done = 0
        self.total = total
        self.declarer = -1
        self.first_winner = -1
        self.last_winner = -1
        self.over = False
        self.played = 0
        self.voids = [0] * self.n   # per seat: bit per suit it failed to follow
        self.chelem = rules.chelem
        self.mdj = rules.must_discard_jack
        self.guard = rules.jack_guard
        self.play_out = rules.play_out
        self.ltp = rules.last_trick_penalty
        self.ftp = rules.first_trick_penalty

    def copy(self) -> State:
        s = State.__new__(State)
        s.cx = self.cx
        s.n = self.n
        s.hands = list(self.hands)
        s.leader = self.leader
        s.trick = list(self.trick)
        s.won = list(self.won)
        s.pts = list(self.pts)
        s.jacks_taken = self.jacks_taken
        s.done = self.done
        s.total = self.total
        s.declarer = self.declarer
        s.first_winner = self.first_winner
        s.last_winner = self.last_winner
        s.over = self.over
        s.played = self.played
        s.voids = list(self.voids)
        s.chelem = self.chelem
        s.mdj = self.mdj
        s.guard = self.guard
        s.play_out = self.play_out
        s.ltp = self.ltp
        s.ftp = self.ftp
        return s

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    @property
    def led(self) -> int:
        return self.trick[0] >> 3 if self.trick else -1

    def legal(self) -> int:
        return legal_mask(self.hands[self.turn], self.led, self.cx, self.mdj, self.guard)

    def play(self, card: int) -> None:
        seat = (self.leader + len(self.trick)) % self.n
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.played |= bit
        trick = self.trick
        if trick and card >> 3 != trick[0] >> 3:
            self.voids[seat] |= 1 << (trick[0] >> 3)
        trick.append(card)
        if len(trick) == self.n:
            self._gather()

    def _gather(self) -> None:
        trick = self.trick
        led = trick[0] >> 3
        best = 0
        for i in range(1, self.n):
            c = trick[i]
            if c >> 3 == led and c < trick[best]:
                best = i
        winner = (self.leader + best) % self.n
        self.won[winner] += 1
        points = self.cx.points
        for c in trick:
            p = points[c]
            if p:
                self.pts[winner] += p
                self.jacks_taken += 1
        self.done += 1
        if self.done == 1:
            self.first_winner = winner
        self.last_winner = winner
        self.trick = []
        self.leader = winner
        if self.done == self.total or self.settled():
            self.over = True

    def settled(self) -> bool:
        """No later trick can change any score (RULES.md §4, §5)."""
        if self.play_out or self.ltp or self.jacks_taken < 4:
            return False
        if self.declarer >= 0:
            return self.won[self.declarer] < self.done
        if self.chelem == "automatic":
            return sum(1 for w in self.won if w) >= 2
        return True

    def chelem_seat(self) -> int:
        """The seat that made a chelem or its générale (-1 for none); the deal must be over."""
        if self.done != self.total:
            return -1
        if self.declarer >= 0:
            return self.declarer if self.won[self.declarer] == self.total else -1
        if self.chelem == "automatic":
            for seat, w in enumerate(self.won):
                if w == self.total:
                    return seat
        return -1

    def points(self) -> list[int]:
        """Penalty points of every seat (the deal must be over)."""
        slam = self.chelem_seat()
        if slam >= 0:
            return [0 if s == slam else 5 for s in range(self.n)]
        pts = list(self.pts)
        if self.ftp and self.done:
            pts[self.first_winner] += 1
        if self.ltp and self.done == self.total:
            pts[self.last_winner] += 1
        if self.declarer >= 0:
            pts[self.declarer] = 5
        return pts
