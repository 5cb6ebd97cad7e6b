"""Cards and their one text form: rank ``K Q J A T 9 8 7`` + suit ``S H D C``.

A card is a two-character ``str`` such as ``"JS"`` (the jack of spades).
Glyphs (``J♠``) and names are for display only and live here too so that every
reader words cards the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..i18n.translator import _, pgettext
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


def rank_letter(rank: str) -> str:
    """A rank as the current language writes it on a card: ``K Q J A`` in English,
    ``R D V A`` in French, ``R D F A`` in Italian; ``10 9 8 7`` in all three."""
    if rank == "K":
        return pgettext("card rank", "K")
    if rank == "Q":
        return pgettext("card rank", "Q")
    if rank == "J":
        return pgettext("card rank", "J")
    if rank == "A":
        return pgettext("card rank", "A")
    return "10" if rank == "T" else rank


def suit_letter(suit: str) -> str:
    """A suit as one ASCII letter in the current language (ASCII mode): ``S H D C`` in
    English, ``P C K T`` in French (pique, cœur, carreau, trèfle), ``P C Q F`` in Italian
    (picche, cuori, quadri, fiori)."""
    if suit == "S":
        return pgettext("suit letter", "S")
    if suit == "H":
        return pgettext("suit letter", "H")
    if suit == "D":
        return pgettext("suit letter", "D")
    return pgettext("suit letter", "C")


def suit_symbol(suit: str, ascii: bool = False) -> str:
    """``♥``, or its letter in ASCII mode."""
    return suit_letter(suit) if ascii else SUIT_GLYPHS[suit]


def glyph(card: Card, ascii: bool = False) -> str:
    """Display form in the current language: ``J♠``, ``10♥``, ``V♠`` in French (``JS``,
    ``10H``, ``VP`` in ASCII mode). The card's code (``JS``) never changes."""
    return rank_letter(card[0]) + suit_symbol(card[1], ascii)


def code_glyph(card: Card) -> str:
    """The card's code with its ten as ``10`` (``10H``, ``JS``): the same in every
    language, for the English messages of the engine and the files."""
    return ("10" if card[0] == "T" else card[0]) + card[1]


def card_name(card: Card) -> str:
    """``"jack of spades"`` in the current language (``"valet de pique"``)."""
    return _("{rank} of {suit}").format(rank=rank_name(card[0]), suit=suit_name(card[1]))


def rank_name(rank: str) -> str:
    return {
        "K": pgettext("card", "king"), "Q": pgettext("card", "queen"),
        "J": pgettext("card", "jack"), "A": pgettext("card", "ace"),
        "T": pgettext("card", "ten"), "9": pgettext("card", "nine"),
        "8": pgettext("card", "eight"), "7": pgettext("card", "seven"),
    }[rank]


def suit_name(suit: str) -> str:
    return {"S": pgettext("suit", "spades"), "H": pgettext("suit", "hearts"),
            "D": pgettext("suit", "diamonds"), "C": pgettext("suit", "clubs")}[suit]


def sort_key(order: str) -> dict[Card, int]:
    """Position of every card when a hand is sorted by suit then strength."""
    return {r + s: i * 8 + order.index(r) for i, s in enumerate(SUITS) for r in order}


def sorted_hand(cards: Iterable[Card], ace_high: bool = False) -> list[Card]:
    key = sort_key(RANKS_ACE_HIGH if ace_high else RANKS)
    return sorted(cards, key=key.__getitem__)
