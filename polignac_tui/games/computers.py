"""What the house asks of a game's computer players: its players' module, declared.

A game's computer players are a module (``games.arena.PLAYERS``, or the game's own
``Game.players_module``), imported when first asked. What a table, the service, the arena,
the review and the replay call on it is declared here, so that a type checker follows
every call: ``ComputerPlayers`` for every game, ``SeededPlayers`` for a game whose players
take a seed rather than a ``random.Random`` (``Game.seeded_players``). Each game's package
holds its module to the protocol (a typed assignment mypy checks).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .base import Match, View

# a reason's details, language-free (a card's code, a count)
Params = tuple[tuple[str, str | int], ...]


class ComputerPlayers(Protocol):
    """A game's computer players: a level chooses from its seat's view; the expert
    advises; the cheat (the arena's yardstick only) reads the whole match."""

    @property
    def LEVELS(self) -> tuple[str, ...]: ...

    @property
    def ARENA_LEVELS(self) -> tuple[str, ...]: ...

    def choose(self, view: View, level: str, rng: random.Random) -> str:
        """The action of a computer of ``level`` at ``view`` (its text)."""

    def advise(self, view: View, rng: random.Random) -> tuple[str, str]:
        """The expert's action at ``view`` and its reason's code."""

    def cheat(self, match: Match, seat: int, rng: random.Random) -> str:
        """The arena's yardstick: the expert seeing every hand of ``match``."""


class SeededPlayers(ComputerPlayers, Protocol):
    """Computer players that take a seed (the keys their tables have always used)."""

    def choose_seeded(self, view: View, level: str, seed: int) -> str:
        """``choose`` from ``seed``."""

    def advise_seeded(self, view: View, seed: int) -> tuple[str, str, Params]:
        """``advise`` from ``seed``, with the reason's details."""

    def move_key(self, view: View) -> str:
        """What a seed is derived from at ``view`` (the same position, the same key)."""


__all__ = ["ComputerPlayers", "Params", "SeededPlayers"]
