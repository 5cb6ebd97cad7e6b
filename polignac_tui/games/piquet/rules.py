"""Piquet's rules that need no state (RULES-piquet.md §1 to §8): its settings, the
combinations a hand holds and how they compare and score, the cards a follower may play,
when a partie ends and what it is worth."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...i18n.translator import N_
from ..base import Setting
from ..cards import SUIT_NAMES, SUIT_SINGULAR, SUITS, Card
from ..errors import RuleError

ORDER = "AKQJT987"          # strongest first, in every suit (§1)
HAND = 12
TALON = 8
TRICKS = 12
ELDER_MOST = 5              # the elder takes 1 to 5 (§3)
PARTIE_DEALS = 6
TIED_PARTIE_DEALS = 8       # a tied partie: each deals once more, never a ninth (§7)
KINDS = ("point", "sequence", "sets")      # the order of declaring and counting (§4, §6)
SET_RANKS = "AKQJT"         # sets: 10 or higher only
FACES = "KQJ"               # none of them: carte blanche (§2)
CARTE_BLANCHE = 10
CARDS_POINTS = 10           # 7 tricks or more (§5)
CAPOT = 40                  # all twelve, instead of the 10
REPIQUE = 60
PIQUE = 30
PIQUE_AT = 30
RUBICON = 100
PRESETS = ("rubicon", "cent")
DEFAULT_LIMIT = 100

Kind = Literal["point", "sequence", "sets"]
Answer = Literal["good", "not good", "equal"]

DESCRIBED: tuple[Setting, ...] = (
    Setting("point_score", "choice",
            N_("The point scores one per card (cards), or its total of card values divided "
               "by ten, a half up (value)."),
            {"rubicon": "cards", "cent": "cards"}, choices=("cards", "value")),
    Setting("younger_must_exchange", "bool",
            N_("The younger must exchange at least one card."),
            {"rubicon": True, "cent": False}),
    Setting("end", "choice",
            N_("A partie of six deals, the higher total winning (partie), or play until a "
               "player reaches the limit (points)."),
            {"rubicon": "partie", "cent": "points"}, choices=("partie", "points")),
    Setting("limit", "int", N_("The points a player must reach (end = points)."),
            {"rubicon": DEFAULT_LIMIT, "cent": DEFAULT_LIMIT}, low=1, high=1000,
            applies_when=("end", "points")),
)


def value_of(card: Card) -> int:
    """A card's value for the point (§1): A 11, K Q J 10 each 10, the others their number."""
    rank = card[0]
    if rank == "A":
        return 11
    if rank in "KQJT":
        return 10
    return int(rank)


def strength(card: Card) -> int:
    """Higher is stronger (A 7 … 7 0)."""
    return len(ORDER) - 1 - ORDER.index(card[0])


def sort_cards(cards: Sequence[Card]) -> list[Card]:
    """By suit (♠ ♥ ♦ ♣), then strongest first."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), ORDER.index(c[0])))


@dataclass(frozen=True, slots=True)
class Combination:
    """A player's best combination of a kind, whole (§4): ``parts`` are the cards of each
    sequence or set they hold (one part for the point), ``key`` compares it with the
    other player's (higher wins, equal keys tie), ``worth`` is what it scores if it wins."""

    kind: Kind
    parts: tuple[tuple[Card, ...], ...]
    key: tuple[int, int]
    worth: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for part in self.parts for c in part)


def point_of(hand: Sequence[Card], point_score: str) -> Combination:
    """The longest suit, the higher total of values breaking a tie of length (two suits
    equal in both: the first in ♠ ♥ ♦ ♣ order, they score the same)."""
    best: tuple[int, int] | None = None
    cards: tuple[Card, ...] = ()
    for suit in SUITS:
        held = tuple(sort_cards([c for c in hand if c[1] == suit]))
        key = (len(held), sum(value_of(c) for c in held))
        if best is None or key > best:
            best, cards = key, held
    assert best is not None
    worth = best[0] if point_score == "cards" else (best[1] + 5) // 10
    return Combination("point", (cards,), best, worth)


def sequence_worth(length: int) -> int:
    """A tierce 3, a quart 4, a quint 15 … a huitième 18 (§4)."""
    return length + 10 if length >= 5 else length


def sequences_of(hand: Sequence[Card]) -> Combination | None:
    """Every sequence of three or more held (each run whole), None when there is none;
    the longest, then the highest top card, is the one compared."""
    runs: list[tuple[Card, ...]] = []
    for suit in SUITS:
        run: list[Card] = []
        for rank in ORDER:
            card = rank + suit
            if card in hand:
                run.append(card)
                continue
            if len(run) >= 3:
                runs.append(tuple(run))
            run = []
        if len(run) >= 3:
            runs.append(tuple(run))
    if not runs:
        return None
    key = max((len(r), strength(r[0])) for r in runs)
    runs.sort(key=lambda r: (-len(r), -strength(r[0]), SUITS.index(r[0][1])))
    return Combination("sequence", tuple(runs), key,
                       sum(sequence_worth(len(r)) for r in runs))


def sets_of(hand: Sequence[Card]) -> Combination | None:
    """Every trio or quatorze of 10 or higher held, None when there is none; four beat
    three, then the higher rank."""
    found: list[tuple[Card, ...]] = []
    for rank in SET_RANKS:
        cards = tuple(rank + s for s in SUITS if rank + s in hand)
        if len(cards) >= 3:
            found.append(cards)
    if not found:
        return None
    key = max((len(s), strength(s[0])) for s in found)
    found.sort(key=lambda s: (-len(s), -strength(s[0])))
    return Combination("sets", tuple(found), key,
                       sum(14 if len(s) == 4 else 3 for s in found))


def combinations(hand: Sequence[Card], point_score: str) -> dict[str, Combination]:
    """Each kind ``hand`` holds, by name: the point always, sequences and sets if any."""
    held: dict[str, Combination] = {"point": point_of(hand, point_score)}
    sequence = sequences_of(hand)
    if sequence is not None:
        held["sequence"] = sequence
    sets = sets_of(hand)
    if sets is not None:
        held["sets"] = sets
    return held


def answer(elder: Combination, younger: Combination | None) -> Answer:
    """The younger's answer to the elder's declared combination: ``good`` (the elder's
    scores: better, or not contested), ``equal`` (nobody scores) or ``not good``."""
    if younger is None or elder.key > younger.key:
        return "good"
    return "equal" if elder.key == younger.key else "not good"


def is_carte_blanche(hand: Sequence[Card]) -> bool:
    return not any(c[0] in FACES for c in hand)


def legal_cards(hand: Sequence[Card], led: Card | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played on a trick led with ``led``: the suit led
    when held, else any (§5)."""
    if led is None:
        return tuple(hand)
    suit = tuple(c for c in hand if c[1] == led[1])
    return suit or tuple(hand)


def refusal(hand: Sequence[Card], led: Card, card: Card) -> RuleError:
    """Why ``card`` (held, not among ``legal_cards``) may not be played on ``led``."""
    suit = led[1]
    legal = " ".join(legal_cards(hand, led))
    return RuleError("follow_suit", f"{card}: you must follow {SUIT_NAMES[suit]}: you hold a "
                     f"{SUIT_SINGULAR[suit]} ({legal})", {"card": card, "suit": suit,
                                                           "legal": legal})


def trick_winner(cards: Sequence[Card]) -> int:
    """0 when the lead wins, 1 when the follower does: no trumps (§5)."""
    lead, follow = cards
    return 1 if follow[1] == lead[1] and strength(follow) > strength(lead) else 0


def partie_over(end: str, limit: int, deals: int, totals: Sequence[int]) -> bool:
    """True when the partie ends after ``deals`` deals with ``totals`` (§7)."""
    unequal = totals[0] != totals[1]
    if end == "partie":
        return deals >= TIED_PARTIE_DEALS or (deals == PARTIE_DEALS and unequal)
    return max(totals) >= limit and unequal


def partie_result(end: str, totals: Sequence[int]) -> tuple[tuple[int, ...],
                                                            tuple[int, ...], int]:
    """The winners, the losers and the value of a finished partie (§7): both empty and
    0 for a drawn partie; 100 + the difference, or 100 + the sum when the loser is
    rubiconed (under 100); the difference for ``end = points``."""
    if totals[0] == totals[1]:
        return (), (), 0
    winner = 0 if totals[0] > totals[1] else 1
    loser = 1 - winner
    difference = totals[winner] - totals[loser]
    if end == "points":
        value = difference
    elif totals[loser] < RUBICON:
        value = RUBICON + totals[winner] + totals[loser]
    else:
        value = RUBICON + difference
    return (winner,), (loser,), value
