"""Cards as small ints and hands as bit masks, for the duels' computer players: a card is
``suit * 8 + rank``, suits in ``S H D C`` order and rank 0 the strongest of the game's
``order``, so that within a suit a lower bit is a higher card."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from .cards import SUITS, Card
from .choices import CardChoice, CardsChoice, WordChoice

ALL = (1 << 32) - 1
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))


class Codes(NamedTuple):
    """A game's ``code`` (a card to its int), ``card_of`` (back), ``mask`` (cards to a
    mask) and ``cards`` (the cards of ``held`` a mask holds, in ``held``'s order)."""

    code: Callable[[Card], int]
    card_of: Callable[[int], Card]
    mask: Callable[[Iterable[Card]], int]
    cards: Callable[[int, Sequence[Card]], list[Card]]


def codes(order: str) -> Codes:
    """The card codes of a game whose ranks, strongest first, are ``order``."""

    def code(card: Card) -> int:
        return SUITS.index(card[1]) * 8 + order.index(card[0])

    def card_of(c: int) -> Card:
        return order[c & 7] + SUITS[c >> 3]

    def mask(cards: Iterable[Card]) -> int:
        m = 0
        for card in cards:
            m |= 1 << code(card)
        return m

    def cards(thrown: int, held: Sequence[Card]) -> list[Card]:
        return [c for c in held if (1 << code(c)) & thrown]

    return Codes(code, card_of, mask, cards)


def any_action(choice: CardChoice | CardsChoice | WordChoice, rng: random.Random) -> str:
    """A legal action drawn uniformly (a discard: a count, then that many cards)."""
    if isinstance(choice, CardChoice):
        return rng.choice((*choice.cards, *choice.words))
    if isinstance(choice, CardsChoice):
        count = rng.randint(choice.least, choice.most)
        return " ".join((choice.verb, *rng.sample(choice.cards, count)))
    if choice.verb is None:
        return rng.choice(choice.words)
    words = rng.sample(choice.words, rng.randint(0, len(choice.words)))
    return " ".join((choice.verb, *words))
