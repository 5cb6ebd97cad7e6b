"""Cards and their one text form: rank ``K Q J A T 9 8 7`` + suit ``S H D C``.

A card is a two-character ``str`` such as ``"JS"`` (the jack of spades).
Glyphs (``J♠``) and names are for display only and live here too so that every
reader words cards the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .errors import RuleError

Card = str

SUITS = "SHDC"
RANKS = "KQJAT987"  # every rank, in the default order (strongest first)
RANKS_ACE_HIGH = "AKQJT987"
JACKS = ("JS", "JH", "JD", "JC")
POLIGNAC = "JS"
SEVENS = {"red": ("7H", "7D"), "black": ("7S", "7C")}

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RANK_NAMES = {
    "K": "king", "Q": "queen", "J": "jack", "A": "ace",
    "T": "ten", "9": "nine", "8": "eight", "7": "seven",
}

FULL_DECK: tuple[Card, ...] = tuple(r + s for s in SUITS for r in RANKS)


def jack_points(card: Card) -> int:
    """Penalty points a card is worth: 2 for le Polignac, 1 for another jack."""
    if card == POLIGNAC:
        return 2
    return 1 if card[0] == "J" else 0


def parse_card(text: str) -> Card:
    """Read a card in text form (``"JS"``, ``"th"`` -> ``"TH"``); refuse anything else."""
    card = text.strip().upper() if isinstance(text, str) else ""
    if card.startswith("10") and len(card) == 3:
        card = "T" + card[2]
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise RuleError(f"{text!r} is not a card (expected a rank of K Q J A T 9 8 7 "
                        "and a suit of S H D C, like JS or TH)", "not_a_card")
    return card


def deck(players: int, sevens_removed: str = "red") -> tuple[Card, ...]:
    """The cards dealt for a table of ``players`` (RULES.md §1)."""
    if players in (3, 5, 6):
        removed: tuple[str, ...] = SEVENS[sevens_removed]
    elif players == 7:
        removed = ("7S", "7H", "7D", "7C")
    elif players in (4, 8):
        removed = ()
    else:
        raise RuleError(f"Polignac is played by 3 to 8 players, not {players}", "players")
    return tuple(c for c in FULL_DECK if c not in removed)


def shuffled_hands(players: int, sevens_removed: str, rng: random.Random) -> list[list[Card]]:
    """The deck of ``players`` shuffled with ``rng`` and cut into one hand per seat."""
    cards = list(deck(players, sevens_removed))
    rng.shuffle(cards)
    per = len(cards) // players
    return [cards[i * per:(i + 1) * per] for i in range(players)]


def hand_size(players: int) -> int:
    return len(deck(players)) // players


def glyph(card: Card, ascii: bool = False) -> str:
    """Display form: ``J♠``, ``10♥`` (or ``JS``, ``10H`` in ASCII mode)."""
    r = "10" if card[0] == "T" else card[0]
    return r + (card[1] if ascii else SUIT_GLYPHS[card[1]])


def card_name(card: Card) -> str:
    """``"jack of spades"``."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def sort_key(order: str) -> dict[Card, int]:
    """Position of every card when a hand is sorted by suit then strength."""
    return {r + s: i * 8 + order.index(r) for i, s in enumerate(SUITS) for r in order}


def sorted_hand(cards: Iterable[Card], ace_high: bool = False) -> list[Card]:
    key = sort_key(RANKS_ACE_HIGH if ace_high else RANKS)
    return sorted(cards, key=key.__getitem__)
