"""Errors the engine raises: values a person can read."""

from __future__ import annotations


class RuleError(ValueError):
    """An action or a setting that the rules refuse.

    ``rule`` is a short stable code (``follow_suit``, ``not_your_turn``, ...)
    that a screen may use to word its own message; ``str(error)`` is a full
    sentence naming what was refused and why.
    """

    def __init__(self, message: str, rule: str = "rule") -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __str__(self) -> str:
        return self.message


class ReplayError(RuleError):
    """A card of a deal's log that cannot be replayed.

    ``number`` counts the deal's plays from 1, ``card`` is that card, and ``seat``
    is whose turn it was (None when nobody's: the deal was over, or la générale
    was still being asked). ``str(error)`` says why, without the location.
    """

    def __init__(self, message: str, rule: str, number: int, card: str,
                 seat: int | None) -> None:
        super().__init__(message, rule)
        self.number = number
        self.card = card
        self.seat = seat
