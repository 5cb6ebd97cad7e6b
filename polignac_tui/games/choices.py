"""What the seat to act may do: a card, a set of cards (a discard), or words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from .actions import Action, CardsAction, PlayCard, Say
from .cards import Card
from .errors import RuleError
from .jsonform import JSON, read_int, read_str, read_strs


@dataclass(frozen=True, slots=True)
class CardChoice:
    """Play one of ``cards``; ``words``: actions that may also be said now (``king``)."""

    cards: tuple[Card, ...]
    words: tuple[str, ...] = ()

    def allows(self, action: Action) -> bool:
        if isinstance(action, PlayCard):
            return action.card in self.cards
        return isinstance(action, Say) and not action.words and action.verb in self.words


@dataclass(frozen=True, slots=True)
class CardsChoice:
    """``verb`` with ``least`` to ``most`` distinct cards of ``cards`` (a discard)."""

    cards: tuple[Card, ...]
    least: int
    most: int
    verb: str = "discard"

    def allows(self, action: Action) -> bool:
        return (isinstance(action, CardsAction) and action.verb == self.verb
                and self.least <= len(action.cards) <= self.most
                and len(set(action.cards)) == len(action.cards)
                and all(c in self.cards for c in action.cards))


@dataclass(frozen=True, slots=True)
class WordChoice:
    """One of ``words`` (``verb`` None), or ``verb`` followed by any of ``words``, each
    at most once, in any order (``declare point sequence``)."""

    words: tuple[str, ...]
    verb: str | None = None

    def allows(self, action: Action) -> bool:
        if not isinstance(action, Say):
            return False
        if self.verb is None:
            return not action.words and action.verb in self.words
        return (action.verb == self.verb and len(set(action.words)) == len(action.words)
                and all(w in self.words for w in action.words))


Choice: TypeAlias = CardChoice | CardsChoice | WordChoice


def choice_to_json(choice: Choice) -> dict[str, JSON]:
    if isinstance(choice, CardChoice):
        return {"kind": "card", "cards": list(choice.cards), "words": list(choice.words)}
    if isinstance(choice, CardsChoice):
        return {"kind": "cards", "cards": list(choice.cards), "least": choice.least,
                "most": choice.most, "verb": choice.verb}
    return {"kind": "words", "words": list(choice.words), "verb": choice.verb}


def choice_from_json(data: Mapping[str, JSON]) -> Choice:
    kind = data.get("kind")
    if kind == "card":
        return CardChoice(read_strs(data["cards"]), read_strs(data["words"]))
    if kind == "cards":
        return CardsChoice(read_strs(data["cards"]), read_int(data["least"]),
                           read_int(data["most"]), read_str(data["verb"]))
    if kind == "words":
        verb = data["verb"]
        return WordChoice(read_strs(data["words"]), None if verb is None else read_str(verb))
    raise RuleError("not_a_choice", f"{kind!r} is not a kind of choice")
