"""The house deck in words and glyphs, for every game and screen: ``J♠``, "jack of
spades", ``V♠`` in French, ``JS`` in ASCII mode. The card's code (``JS``) never changes;
these are its display forms in the current language.
"""

from __future__ import annotations

from ..i18n.translator import _, pgettext
from .cards import Card

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    "K": "king", "Q": "queen", "J": "jack", "A": "ace",
    "T": "ten", "9": "nine", "8": "eight", "7": "seven",
}


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
