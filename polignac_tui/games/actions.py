"""Actions, in their one text form: the file's, the wire's and the tests'.

``"KS"`` (a card), ``"discard 7D JC"`` (a verb with cards), ``"propose"`` and
``"declare point sequence"`` (a verb with words); ``parse_action(str(a)) == a``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from .cards import Card, is_card, parse_card
from .errors import RuleError

CARD_VERBS = ("discard",)   # verbs followed by cards; every other verb is followed by words


@dataclass(frozen=True, slots=True)
class PlayCard:
    """A card played to a trick: ``"KS"``."""

    card: Card

    def __str__(self) -> str:
        return self.card


@dataclass(frozen=True, slots=True)
class CardsAction:
    """A verb with cards: ``"discard 7D JC"``, ``"discard"`` (none)."""

    verb: str
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.cards))


@dataclass(frozen=True, slots=True)
class Say:
    """A word, maybe with more: ``"propose"``, ``"declare point sequence"``."""

    verb: str
    words: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.words))


Action: TypeAlias = PlayCard | CardsAction | Say
MAX_ACTION = 80   # characters: the longest action text read (a 5-card discard is 20)


def _is_word(text: str) -> bool:
    return text.isascii() and text.isalpha() and text.islower()


def parse_action(text: str) -> Action:
    """The action written ``text`` (case and spacing forgiven for cards: ``"ks"``).

    Raises:
        RuleError: ``not_an_action`` for text that is no action's form.
    """
    if not isinstance(text, str) or len(text) > MAX_ACTION:
        raise RuleError("not_an_action", f"{str(text)[:MAX_ACTION]!r} is not an action")
    tokens = text.split()
    if not tokens:
        raise RuleError("not_an_action", "an empty action: a card, a word or a discard")
    head, rest = tokens[0], tokens[1:]
    if not rest and (is_card(head.upper()) or head.isupper() or not _is_word(head.lower())):
        return PlayCard(parse_card(head))     # "KS", "ks", "10S": a card; "XS": nothing
    verb = head.lower()
    if not _is_word(verb):
        raise RuleError("not_an_action", f"{text!r} is not an action (a card like KS, a word "
                        "like propose, or discard and cards)", {"text": text})
    if verb in CARD_VERBS:
        return CardsAction(verb, tuple(parse_card(t) for t in rest))
    words = tuple(t.lower() for t in rest)
    for word in words:
        if not _is_word(word):
            raise RuleError("not_an_action", f"{text!r}: {word!r} is not a word",
                            {"text": text})
    return Say(verb, words)


def as_action(action: Action | str) -> Action:
    return parse_action(action) if isinstance(action, str) else action
