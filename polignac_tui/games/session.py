"""A session of any game of the house: a match, who sits in each seat, and the house's
own facts about it (its id, name, dates, the undo setting, whether the service runs it).

The match and its log are the game's; the rest is the house's and is the same for every
game, so the store writes one header for all of them (``store.gamefile``) and a table
runs any of them (``table.gametable``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .base import Match

HUMAN = "human"
COMPUTER = "computer"
MAX_SESSION_NAME = 40     # a session's name, in characters


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """Who plays a seat: a person, or a computer of ``level`` (easy to expert)."""

    human: bool
    level: str | None = None

    @property
    def kind(self) -> str:
        return HUMAN if self.human else COMPUTER


@dataclass(eq=False)
class GameSession:
    """One session: a ``match`` of any game and its seats, in the match's seat order."""

    match: Match
    seats: tuple[SeatPlayer, ...]
    id: str = ""
    name: str = ""
    created: datetime | None = None
    updated: datetime | None = None
    undo_on: bool = True
    served: bool = False

    def __post_init__(self) -> None:
        if len(self.seats) != len(self.match.names):
            raise ValueError(f"{len(self.seats)} seats for {len(self.match.names)} players")

    @property
    def game(self) -> str:
        return self.match.game.name

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def finished(self) -> bool:
        return self.match.outcome is not None

    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, seat in enumerate(self.seats) if seat.human)


__all__ = ["COMPUTER", "HUMAN", "MAX_SESSION_NAME", "GameSession", "SeatPlayer"]
