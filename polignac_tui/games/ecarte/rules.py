"""Écarté's rules that need no state: its settings, the cards a follower may play, the
value of a game (RULES-ecarte.md §4 to §8)."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n.translator import N_
from ..base import Setting
from ..cards import SUIT_NAMES, SUIT_SINGULAR, Card
from ..errors import RuleError

ORDER = "KQJAT987"          # strongest first, in every suit (§1)
HAND = 5
TRICKS = 5
MAX_DISCARD = 5
PRESETS = ("classique", "italiana")

DESCRIBED: tuple[Setting, ...] = (
    Setting("forcing", "bool",
            N_("The follower must win the trick when able: a higher card of the suit "
               "led, or a trump when void."),
            {"classique": True, "italiana": False}),
    Setting("target", "int", N_("The points to win the game."),
            {"classique": 5, "italiana": 5}, low=1, high=50),
    Setting("mark_king", "choice",
            N_("The king of trumps is marked by itself when play begins (auto), or by "
               "its holder before their first card (ask)."),
            {"classique": "auto", "italiana": "auto"}, choices=("auto", "ask")),
    Setting("dealer_must_discard", "bool",
            N_("After an accepted proposal the dealer must exchange at least one card."),
            {"classique": False, "italiana": False}),
)


def legal_cards(hand: Sequence[Card], led: Card | None, trumps: str,
                forcing: bool) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played on a trick led with ``led`` (§5)."""
    if led is None:
        return tuple(hand)
    suit = [c for c in hand if c[1] == led[1]]
    if suit:
        higher = [c for c in suit if ORDER.index(c[0]) < ORDER.index(led[0])]
        return tuple(higher if forcing and higher else suit)
    trump = [c for c in hand if c[1] == trumps]
    return tuple(trump or hand)


def refusal(hand: Sequence[Card], led: Card, trumps: str, forcing: bool,
            card: Card) -> RuleError:
    """Why ``card`` (held, but not among ``legal_cards``) may not be played on ``led``."""
    suit = led[1]
    legal = " ".join(legal_cards(hand, led, trumps, forcing))
    params: dict[str, str | int] = {"card": card, "suit": suit, "legal": legal}
    if card[1] != suit and any(c[1] == suit for c in hand):
        return RuleError("follow_suit", f"{card}: you must follow {SUIT_NAMES[suit]}: you "
                         f"hold a {SUIT_SINGULAR[suit]} ({legal})", params)
    if card[1] == suit:
        return RuleError("forcing", f"{card}: the forcing rule: you must win the trick when "
                         f"able, with a higher {SUIT_SINGULAR[suit]} ({legal})", params)
    return RuleError("must_trump", f"{card}: you hold no {SUIT_SINGULAR[suit]} and must "
                     f"trump with {SUIT_NAMES[trumps]} ({legal})", params)


VALUE_WORDS = {3: "treble", 2: "double", 1: "single"}


def game_value(loser_total: int) -> int:
    """What a won game is worth (§7): treble (3) when the loser has nothing, double (2)
    with 1 or 2 points, single (1) with 3 or more."""
    if loser_total <= 0:
        return 3
    return 2 if loser_total <= 2 else 1
