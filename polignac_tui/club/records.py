"""What the club's book gives to those who show it: the read API shared by the ``club``
command and the lobby's screens. Plain frozen records, no logic.

Names are the names shown, never keys: no record here carries an identity.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Period = Literal["month", "all"]
"""This calendar month (UTC) / all time."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in a game's standings."""

    name: str
    """The name shown (never a key); a computer level shows as its level's words."""
    computer: str | None
    """The level ("easy".."expert") for a computer player, else None."""
    rating: float
    """The displayed rating (ordinal: mu - 3*sigma, scaled; one number to sort by)."""
    mu: float
    """The skill on the shown scale (``rating`` is ``mu - 3 * sigma``)."""
    sigma: float
    """The uncertainty on the shown scale (what follows the ± after the rating)."""
    provisional: bool
    """Fewer than ``ratings.PROVISIONAL`` (5) rated matches."""
    matches: int
    wins: int
    last_played: str
    """ISO date "2026-11-27"."""
    you: bool
    """The viewer's own line."""


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating after one match, for the chart."""

    when: str
    """ISO date-time of the match's end."""
    rating: float
    sigma: float
    """The uncertainty on the shown scale."""


@dataclass(frozen=True, slots=True)
class Against:
    """A player's record against one other player in one game."""

    name: str
    matches: int
    wins: int
    """This player finished ahead of the other."""
    losses: int


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """One player's page in one game: the standing, the rating's history, the record
    against each other player."""

    game: str
    standing: Standing | None
    history: tuple[RatingPoint, ...]
    against: tuple[Against, ...]


@dataclass(frozen=True, slots=True)
class Debt:
    """What one player owes another, as the game decides it."""

    game: str
    debtor: str
    creditor: str
    what: str
    """What the game's losers owe (its ``Game.stake``: a key, the words come from the
    UI, ``Game.stake_words``)."""
    amount: int
    """How many of them (glasses, ices, points of partie)."""
