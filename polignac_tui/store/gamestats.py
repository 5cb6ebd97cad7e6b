"""The overview of the statistics: per player over the finished sessions of every game,
the sessions, the wins and how many sessions of each game (by the registry's names).

Each game's own statistics are the game's books' (``Game.books.stats``, ``stats_table``),
each in its folder (``games/<game>/stats.py``). A player is counted per name,
and a computer per name *and level*, as in every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..games import game_names
from ..games.statstext import per_player
from .index import Summary


@dataclass
class GameCount:
    """One player over the finished sessions of every game: the overview."""

    name: str
    sessions: int = 0
    won: int = 0
    games: dict[str, int] = field(default_factory=dict)   # sessions, by the game's name

    def of(self, game: str) -> int:
        """How many finished sessions of ``game`` the player sat at."""
        return self.games.get(game, 0)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "sessions": self.sessions, "won": self.won,
                **{game: self.of(game) for game in game_names()}}


def _count(count: GameCount, summary: Summary, seat: int) -> None:
    count.sessions += 1
    count.won += seat in summary.winners
    count.games[summary.game] = count.of(summary.game) + 1


def game_counts(summaries: Iterable[Summary]) -> list[GameCount]:
    """Per player over the finished sessions of every game: sessions, won, and how many
    of each game."""
    return per_player(summaries, None, GameCount, _count)


__all__ = ["GameCount", "game_counts"]
