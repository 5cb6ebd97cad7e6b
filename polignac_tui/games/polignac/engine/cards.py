"""Polignac's cards: the deck of a table (sevens removed), the jacks and their points.

A card is a two-character ``str`` such as ``"JS"`` (the jack of spades), as everywhere
in the house; its glyphs and names (``J♠``, "jack of spades") are the house's
(``games.cardwords``), imported here so that the engine's readers find them as before.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ...cards import SUIT_NAMES, SUIT_SINGULAR
from ...cardwords import (
    RANK_NAMES,
    SUIT_GLYPHS,
    card_name,
    code_glyph,
    glyph,
    rank_letter,
    rank_name,
    suit_letter,
    suit_name,
    suit_symbol,
)
from .errors import RuleError

Card = str

SUITS = "SHDC"
RANKS = "KQJAT987"  # every rank, in the default order (strongest first)
RANKS_ACE_HIGH = "AKQJT987"
JACKS = ("JS", "JH", "JD", "JC")
POLIGNAC = "JS"
SEVENS = {"red": ("7H", "7D"), "black": ("7S", "7C")}


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


def sort_key(order: str) -> dict[Card, int]:
    """Position of every card when a hand is sorted by suit then strength."""
    return {r + s: i * 8 + order.index(r) for i, s in enumerate(SUITS) for r in order}


_SORT_KEYS = {False: sort_key(RANKS), True: sort_key(RANKS_ACE_HIGH)}   # by ace high: built once


def sorted_hand(cards: Iterable[Card], ace_high: bool = False) -> list[Card]:
    return sorted(cards, key=_SORT_KEYS[bool(ace_high)].__getitem__)


__all__ = ["FULL_DECK", "JACKS", "POLIGNAC", "RANKS", "RANKS_ACE_HIGH", "RANK_NAMES",
           "SEVENS", "SUITS", "SUIT_GLYPHS", "SUIT_NAMES", "SUIT_SINGULAR", "Card", "card_name",
           "code_glyph", "deck", "glyph", "hand_size", "jack_points", "parse_card", "rank_letter",
           "rank_name", "shuffled_hands", "sort_key", "sorted_hand", "suit_letter", "suit_name",
           "suit_symbol"]
