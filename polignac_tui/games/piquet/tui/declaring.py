"""Piquet's declaring buttons (RULES-piquet.md §4): one fixed key per kind, the same in
every deal and language and never a card's key, each button saying what its owner holds
in the classical words ("Point of five (47)", "Quart to the ace", "Quatorze of kings");
the younger's, for a kind the elder called, reads as her answer ("Not good: point of six
(52)", "Equal: …") when she declares it, or as "Good (sink: …)" when she does not; a
kind that loses anyway reads "Good", there being nothing to sink. What wins or ties is
toggled at first (``declared_at_first``), so Declare at once loses nothing."""

from __future__ import annotations

from ....ui.gameface import CONFIRM_KEY
from ...base import View
from ..rules import KINDS, Combination, answer, combinations
from ..words import choice_words, combination_words
from .dialogue import declared_of

# p: point; e: sequence (its second letter in every language); i: sets; d: declare.
KEYS = {"point": "p", "sequence": "e", "sets": "i", "=declare": CONFIRM_KEY}
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


def declaring_held(view: View) -> dict[str, Combination]:
    """What the seat declaring in ``view`` holds, by kind (empty: not declaring now)."""
    part = view.game_part
    if part.get("phase") not in DECLARING or view.turn != view.seat:
        return {}
    held = combinations(view.hand, str(part.get("point_score", "cards")))
    return {kind: c for kind, c in held.items() if kind in KINDS}


def declared_at_first(view: View) -> frozenset[str]:
    """The kinds toggled when the declaring seat's choice comes: the elder declares all
    he holds; the younger each kind that wins or ties the elder's call (or that he did
    not call), a kind that loses anyway left as a plain "Good"."""
    held = declaring_held(view)
    if view.game_part.get("phase") != "declare_younger":
        return frozenset(held)
    return frozenset(kind for kind, mine in held.items()
                     if (call := called(view, kind)) is None or answer(call, mine) != "good")


def button_words(view: View, kind: str, on: bool) -> str | None:
    """The button of ``kind`` for the seat declaring in ``view`` (``on``: toggled to be
    declared); None when the view's seat is not declaring now or does not hold it."""
    held = declaring_held(view).get(kind)
    if held is None:
        return None
    words = held_words(held)
    if view.game_part.get("phase") == "declare_younger":
        call = called(view, kind)
        if call is not None:
            return choice_words(answer(call, held), words, on)
    return words


__all__ = ["KEYS", "button_words", "called", "declared_at_first", "declaring_held",
           "held_words"]
