"""Computer players: each reads only its ``SeatView`` and answers an action.

``make_player(level, seed)`` returns an object with ``choose(view) -> Action``
(a ``Declare`` while ``view.asked``, else a ``Play``).
"""

from __future__ import annotations

import random

from ..engine import Action, Declare, Play, SeatView


class RandomPlayer:
    """Plays a random legal card and never declares la générale."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        if view.asked:
            return Declare(view.seat, False)
        return Play(view.seat, self.rng.choice(view.legal))


def make_player(level: str, seed: int | None = None) -> RandomPlayer:
    """A computer player of ``level`` (easy, medium, hard, expert)."""
    return RandomPlayer(seed)
