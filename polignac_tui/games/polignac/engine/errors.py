"""Errors the engine raises: values a person can read."""

from __future__ import annotations


class RuleError(ValueError):
    """An action or a setting that the rules refuse.

    ``rule`` is a short stable code (``illegal_card``, ``not_your_turn``, ...)
    and ``params`` its language-free details (card codes, suit letters, seats), from
    which each app words the refusal in its own language (``engine.wording``);
    ``str(error)`` is a full sentence in English naming what was refused and why.
    """

    def __init__(self, message: str, rule: str = "rule",
                 params: dict[str, str | int] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.params: dict[str, str | int] = dict(params or {})

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
