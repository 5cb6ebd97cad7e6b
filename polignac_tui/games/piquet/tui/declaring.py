"""Piquet's declaring buttons (RULES-piquet.md §4): one fixed key per kind, the same in
every deal and language and never a card's key, each button saying what its owner holds
in the classical words ("Point of five (47)", "Quart to the ace", "Quatorze of kings");
the younger's, for a kind the elder called, reads as her answer ("Not good: point of six
(52)", "Equal: …") when she declares it, or as "Good (sink: …)" when she does not."""

from __future__ import annotations

from ...base import View
from ..rules import KINDS, Combination, answer, combinations
from ..words import choice_words, combination_words
from .dialogue import declared_of

# p: point; e: sequence (its second letter in every language); i: sets; d: declare.
KEYS = {"point": "p", "sequence": "e", "sets": "i", "=declare": "d"}
DECLARING = ("declare_elder", "declare_younger")


def held_words(combination: Combination) -> str:
    return combination_words(combination.kind, list(combination.parts[0]), combination.key)


def called(view: View, kind: str) -> Combination | None:
    """The elder's call of ``kind`` as the younger's view shows it (None: not called)."""
    part = view.game_part
    elder = part.get("elder")
    calls = declared_of(part, elder) if isinstance(elder, int) else None
    item = calls.get(kind) if calls is not None else None
    if item is None or kind not in KINDS:
        return None
    key, parts = item.get("key"), item.get("parts")
    if not isinstance(key, list) or len(key) != 2 or not isinstance(parts, list):
        return None
    cards = tuple(tuple(str(c) for c in p) for p in parts if isinstance(p, list))
    return Combination(kind, cards, (int(str(key[0])), int(str(key[1]))), 0)  # type: ignore[arg-type]


def button_words(view: View, kind: str, on: bool) -> str | None:
    """The button of ``kind`` for the seat declaring in ``view`` (``on``: toggled to be
    declared); None when the view's seat is not declaring now or does not hold it."""
    part = view.game_part
    if part.get("phase") not in DECLARING or kind not in KINDS or view.turn != view.seat:
        return None
    held = combinations(view.hand, str(part.get("point_score", "cards"))).get(kind)
    if held is None:
        return None
    words = held_words(held)
    if part.get("phase") == "declare_younger":
        call = called(view, kind)
        if call is not None:
            return choice_words(answer(call, held), words, on)
    return words


__all__ = ["KEYS", "button_words", "called", "held_words"]
