"""The one error of the games: an action, a setting or a log the rules refuse."""

from __future__ import annotations

from collections.abc import Mapping


class RuleError(ValueError):
    """Something the rules refuse, as a value a person can read.

    Args:
        code: a short stable code (``not_your_turn``, ``forcing``, ``setting``...) from
            which each app words the refusal in its own language.
        sentence: a full English sentence naming what was refused and why; it is
            ``str(error)``.
        params: language-free details (card codes, seats, a setting's name).
    """

    def __init__(self, code: str, sentence: str,
                 params: Mapping[str, str | int] | None = None) -> None:
        super().__init__(sentence)
        self.code = code
        self.message = sentence
        self.params: dict[str, str | int] = dict(params or {})

    @property
    def rule(self) -> str:
        """The code, under the Polignac engine's name for it."""
        return self.code

    def __str__(self) -> str:
        return self.message
