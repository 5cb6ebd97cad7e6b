"""The 32-card deck every game of the house deals, in its one text form.

A card is a two-character ``str``: a rank of ``K Q J A T 9 8 7`` and a suit of
``S H D C`` (``"JS"`` is the jack of spades), as in the Polignac engine and the
files. Each game gives its own rank order (strongest first); glyphs and names are
for the screens, not here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .errors import RuleError

Card = str

SUITS = "SHDC"
RANKS = "KQJAT987"
DECK: tuple[Card, ...] = tuple(r + s for s in SUITS for r in RANKS)
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def is_card(text: str) -> bool:
    """True for a card in its canonical text form (``"JS"``, not ``"js"`` or ``"10S"``)."""
    return len(text) == 2 and text[0] in RANKS and text[1] in SUITS


def parse_card(text: str) -> Card:
    """A card from text (``"js"`` and ``"10S"`` are read too); ``RuleError`` otherwise."""
    card = text.strip().upper()
    if len(card) == 3 and card.startswith("10"):
        card = "T" + card[2]
    if not is_card(card):
        raise RuleError("not_a_card", f"{text!r} is not a card (a rank of K Q J A T 9 8 7 "
                        "and a suit of S H D C, like JS or TH)", {"text": text})
    return card


def shuffled(rng: random.Random) -> list[Card]:
    """The 32 cards in an order drawn with ``rng`` (the only randomness of a deal)."""
    cards = list(DECK)
    rng.shuffle(cards)
    return cards


def beats(card: Card, best: Card, order: str, trumps: str | None) -> bool:
    """True when ``card``, played after ``best`` in a trick, wins over it: a trump over
    a plain card, else a higher card of the same suit (``order``: strongest first)."""
    if card[1] == best[1]:
        return order.index(card[0]) < order.index(best[0])
    return trumps is not None and card[1] == trumps


def trick_winner(cards: Sequence[Card], order: str, trumps: str | None = None) -> int:
    """The index in ``cards`` (played in order, the lead first) of the card that wins."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], order, trumps):
            best = index
    return best


def check_cards(cards: Iterable[Card], what: str) -> list[Card]:
    """``cards`` as a list, each a card of the deck and none twice (``RuleError`` naming
    ``what`` otherwise)."""
    seen: list[Card] = []
    for card in cards:
        if not isinstance(card, str) or not is_card(card):
            raise RuleError("not_a_card", f"{what}: {card!r} is not a card", {"card": str(card)})
        if card in seen:
            raise RuleError("card_twice", f"{what}: {card} appears twice", {"card": card})
        seen.append(card)
    return seen
