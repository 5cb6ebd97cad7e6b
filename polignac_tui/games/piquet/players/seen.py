"""What one seat knows, read from its ``View`` only, and the other's hands drawn to
agree with it.

What a seat knows of the other's hand (RULES-piquet.md §3 to §5):

- the cards gone: its own hand and discards, every card played, the cards left in the
  talon it has seen (and, for the elder, which of the cards of his five he left the
  younger drew: she took the top ones);
- the other's declared combinations, whole (cards shown), and so that its hand holds
  no better one; the younger's answers (``good``, ``equal``, ``not good``) before the
  elder's first lead; the voids its play showed.

Some facts are *assumptions* about a player who follows the rules of thumb: an elder
declares every combination he holds, a younger every one that scores or ties, a
``good`` was not a better combination sunk. Worlds keep them when they can
(``soft``) and drop them when no drawn hand can keep them all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ...base import JSON, View
from ..rules import KINDS
from .masks import (
    ALL,
    SUIT_MASK,
    Key,
    bits,
    code,
    count,
    mask,
    point_key,
    rank_of,
    sequence_key,
    sets_key,
)

Test = Callable[[int], bool]
NONE: Key = (0, 0)
# how likely a card of each rank is among a player's discards, against a seven
DISCARD_WEIGHT = (0.05, 0.12, 0.25, 0.4, 0.6, 1.0, 1.0, 1.0)


@dataclass(frozen=True, slots=True)
class Declared:
    """A combination declared and shown: its key, its worth, its cards."""

    key: Key
    worth: int
    cards: int


@dataclass(frozen=True, slots=True)
class Seen:
    """The seat's knowledge at its turn."""

    me: int
    elder: int
    phase: str
    point_score: str
    hand: int                          # mask
    discards: int                      # mask: my own discards
    taken: tuple[int, int]             # cards each seat took from the talon
    talon: int                         # cards left in the talon
    trick: tuple[int, ...]             # the trick in play, the lead first
    won: tuple[int, int]
    left: tuple[int, int]              # cards in each hand
    points: tuple[int, int]            # the deal's points as this seat was told them
    declared: tuple[dict[str, Declared] | None, dict[str, Declared] | None]
    answers: Mapping[str, str]
    other_played: int                  # mask: the cards the other played this deal
    known_other: int                   # mask: the other holds them now
    unseen: int                        # mask: the other's hand, its discards, the talon
    barred: int                        # mask: the other cannot hold them (its voids)
    hard: tuple[Test, ...] = field(default=())     # facts about the other's 12 cards
    soft: tuple[Test, ...] = field(default=())     # assumptions about them

    @property
    def other(self) -> int:
        return 1 - self.me

    @property
    def i_am_elder(self) -> bool:
        return self.me == self.elder

    @property
    def led(self) -> int | None:
        return self.trick[0] if self.trick else None

    def agrees(self, full: int, soft: bool = True) -> bool:
        """True when the other's 12 cards after the exchange may be ``full``."""
        if not all(t(full) for t in self.hard):
            return False
        return not soft or all(t(full) for t in self.soft)


def _declared(entry: JSON) -> dict[str, Declared] | None:
    if not isinstance(entry, list):
        return None
    out: dict[str, Declared] = {}
    for item in entry:
        assert isinstance(item, Mapping)
        key = item["key"]
        parts = item["parts"]
        assert isinstance(key, list) and isinstance(parts, list)
        cards = mask(str(c) for part in parts if isinstance(part, list) for c in part)
        out[str(item["kind"])] = Declared((int(str(key[0])), int(str(key[1]))),
                                          int(str(item["worth"])), cards)
    return out


KEYS: dict[str, Callable[[int], tuple[Key, int]]] = {
    "point": lambda h: (point_key(h)[0], 0), "sequence": sequence_key, "sets": sets_key}


def _equal(kind: str, key: Key, worth: int) -> Test:
    read = KEYS[kind]
    if kind == "point":
        return lambda full: read(full)[0] == key
    return lambda full: read(full) == (key, worth)


def _below(kind: str, key: Key) -> Test:
    read = KEYS[kind]
    return lambda full: read(full)[0] < key


def _above(kind: str, key: Key) -> Test:
    read = KEYS[kind]
    return lambda full: read(full)[0] > key


def _same(kind: str, key: Key) -> Test:
    read = KEYS[kind]
    return lambda full: read(full)[0] == key


def declaration_facts(me: int, elder: int,
                      declared: tuple[dict[str, Declared] | None, dict[str, Declared] | None],
                      answers: Mapping[str, str]) -> tuple[list[Test], list[Test]]:
    """The facts (hard) and assumptions (soft) the declarations give about the other's
    12 cards."""
    other = 1 - me
    hard: list[Test] = []
    soft: list[Test] = []
    theirs, mine = declared[other], declared[me]
    if theirs is not None:
        for kind in KINDS:
            said = theirs.get(kind)
            if said is not None:
                hard.append(_equal(kind, said.key, said.worth))
            elif other == elder:
                if kind != "point":
                    soft.append(_same(kind, NONE))        # he declares all he holds
            else:
                ours = None if mine is None else mine.get(kind)
                if ours is not None:
                    soft.append(_below(kind, ours.key))   # she declares what scores
                elif kind != "point" and mine is not None:
                    soft.append(_same(kind, NONE))
        return hard, soft
    if me == elder and mine is not None:
        for kind, said_word in answers.items():
            ours = mine.get(kind)
            if ours is None:
                continue
            if said_word == "equal":
                hard.append(_same(kind, ours.key))
            elif said_word == "not good":
                hard.append(_above(kind, ours.key))
            else:
                soft.append(_below(kind, ours.key))
    return hard, soft


def read(view: View) -> Seen:
    """The knowledge of ``view``'s seat (a seat to act in a deal in play)."""
    part: Mapping[str, JSON] = view.game_part
    assert view.seat is not None
    me = view.seat
    other = 1 - me
    elder = int(str(part["elder"]))
    hand = mask(view.hand)
    your = part["your_discards"]
    assert isinstance(your, list)
    discards = mask(str(c) for c in your)
    taken_raw = part["taken"]
    assert isinstance(taken_raw, list)
    taken = (int(str(taken_raw[0])), int(str(taken_raw[1])))
    gone = hand | discards
    other_played = 0
    barred = 0
    tricks = part["tricks"]
    assert isinstance(tricks, list)
    for entry in tricks:
        assert isinstance(entry, Mapping)
        leader = int(str(entry["leader"]))
        cards_raw = entry["cards"]
        assert isinstance(cards_raw, list)
        cards = [code(str(c)) for c in cards_raw]
        gone |= (1 << cards[0]) | (1 << cards[1])
        theirs = cards[1 if leader == me else 0]
        other_played |= 1 << theirs
        if leader == me and cards[1] >> 3 != cards[0] >> 3:
            barred |= SUIT_MASK[cards[0] >> 3]          # the other showed a void
    current = tuple(code(c) for _, c in view.trick)
    for c in current:
        gone |= 1 << c
    if view.trick and view.trick[0][0] == other:
        other_played |= 1 << current[0]
    known = 0
    seen_raw = part["talon_seen"]
    assert isinstance(seen_raw, list)
    talon_seen = [code(str(c)) for c in seen_raw]
    if me == elder:
        left_of_five = 5 - taken[elder] if taken[elder] else 0
        drew = taken[other] if part["phase"] not in ("discard_elder", "discard_younger") else 0
        for i, c in enumerate(talon_seen):
            if i < min(left_of_five, drew):
                known |= 1 << c                          # she drew it
            else:
                gone |= 1 << c                           # still in the talon
    else:
        for c in talon_seen:
            gone |= 1 << c
    declared_raw = part["declared"]
    assert isinstance(declared_raw, list)
    declared = (_declared(declared_raw[0]), _declared(declared_raw[1]))
    theirs_declared = declared[other]
    if theirs_declared is not None:
        for d in theirs_declared.values():
            known |= d.cards
    known &= ~gone
    answers_raw = part["answers"]
    assert isinstance(answers_raw, Mapping)
    answers = {str(k): str(v) for k, v in answers_raw.items()}
    hard, soft = declaration_facts(me, elder, declared, answers)
    points_raw = part["points"]
    assert isinstance(points_raw, list)
    unseen = ALL & ~gone & ~known
    return Seen(
        me=me, elder=elder, phase=str(part["phase"]), point_score=str(part["point_score"]),
        hand=hand, discards=discards, taken=taken, talon=int(str(part["talon"])),
        trick=current, won=(view.tricks_won[0], view.tricks_won[1]),
        left=(view.cards_left[0], view.cards_left[1]),
        points=(int(str(points_raw[0])), int(str(points_raw[1]))), declared=declared,
        answers=answers, other_played=other_played, known_other=known, unseen=unseen,
        barred=barred & unseen, hard=tuple(hard), soft=tuple(soft))


def _weighted_sample(pool: list[int], n: int, rng: random.Random, infer: bool) -> list[int]:
    """``n`` cards of ``pool``: uniformly, or (``infer``) the low ones likelier, as a
    player's discards are."""
    if n <= 0:
        return []
    if not infer:
        return rng.sample(pool, n)
    keyed = sorted(pool, key=lambda c: -rng.random() ** (1.0 / DISCARD_WEIGHT[rank_of(c)]))
    return keyed[:n]


def other_hand(seen: Seen, rng: random.Random, infer: bool = False, tries: int = 40) -> int:
    """A hand for the other seat (its cards now) agreeing with what ``seen`` knows: its
    known cards, and cards it may hold; the rest of the unseen cards are its discards and
    the talon left (``infer``: its discards likelier among the low cards). The first
    half of the ``tries`` draws must keep the facts and the assumptions, the others the
    facts only; when none does, the first draw that kept the facts, else the last."""
    size = seen.left[seen.other] - count(seen.known_other)
    pool = seen.unseen
    allowed = pool & ~seen.barred
    if count(allowed) < size:                 # never when the view is whole: be safe
        allowed = pool
    free = bits(allowed)
    out_n = len(free) - size
    checking = bool(seen.hard or seen.soft)
    fallback = 0
    for attempt in range(tries if checking else 1):
        out = 0
        for c in _weighted_sample(free, out_n, rng, infer):
            out |= 1 << c
        hand = (allowed & ~out) | seen.known_other
        if not checking:
            return hand
        full = hand | seen.other_played
        if seen.agrees(full, soft=attempt < tries // 2):
            return hand
        if not fallback and seen.agrees(full, soft=False):
            fallback = hand
    return fallback or hand
