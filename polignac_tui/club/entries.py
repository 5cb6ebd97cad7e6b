"""One finished match as the club's book keeps it, made from a served session's summary
(``store.index.Summary``: the file read and replayed by the store, with all its checks) and
the seats ``serve`` bound (``journal.SeatsFile``).

A player is known by a key: a person by the identity bound to the seat and the name they
played under (two people sharing one account are told apart by their names, as at the
table), a computer by its level; a seat with no known identity (a session served before
the book, or whose seats line was lost) by its name alone. Keys never leave the book.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from ..games import LEVELS, get_game
from ..games.namewords import name_problem
from ..games.view import Outcome
from ..store.index import Summary
from .journal import SeatLine


@dataclass(frozen=True, slots=True)
class ClubSeat:
    """One seat of a finished match."""

    key: str                    # the player's key (``player_key``)
    identity: str | None        # None for a computer, or a seat whose identity is unknown
    name: str
    level: str | None           # a computer's level
    total: int
    rank: int                   # 1 = best, by the totals as the game counts them
    won: bool
    lost: bool
    left: bool                  # the player left and a computer finished the match


@dataclass(frozen=True, slots=True)
class ClubMatch:
    """A finished match at a served table."""

    session: str
    game: str
    started: str                # ISO date-time, UTC
    ended: str
    value: int | None           # what the game says it is worth (None: no value)
    note: str | None            # the rules' word for its worth (``Game.worth_note``)
    seats: tuple[ClubSeat, ...]


def player_key(identity: str | None, name: str, level: str | None) -> str:
    """The book's key of a player (``json`` text: printable, unambiguous)."""
    if level is not None:
        return json.dumps(["computer", level])
    if identity is None:
        return json.dumps(["name", name.casefold()])
    return json.dumps(["player", identity, name.casefold()])


def identity_of(key: str) -> str | None:
    """The identity in a person's key, else None."""
    try:
        parts = json.loads(key)
    except ValueError:
        return None
    if isinstance(parts, list) and len(parts) == 3 and parts[0] == "player":
        return str(parts[1])
    return None


def is_computer(key: str) -> bool:
    """Is ``key`` a computer's?"""
    try:
        parts = json.loads(key)
    except ValueError:
        return False
    return isinstance(parts, list) and len(parts) == 2 and parts[0] == "computer"


def _iso(moment: datetime | None) -> str:
    moment = moment or datetime.fromtimestamp(0, UTC)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def ranks(totals: tuple[int, ...], higher_wins: bool) -> tuple[int, ...]:
    """Each seat's place by its total (1 the best; equal totals share a place)."""
    sign = -1 if higher_wins else 1
    return tuple(1 + sum(1 for other in totals if sign * other < sign * total)
                 for total in totals)


class EntryError(ValueError):
    """A summary that cannot enter the book; ``str()`` says why in one line."""


def from_summary(summary: Summary,
                 lines: tuple[SeatLine, ...] | None) -> ClubMatch:
    """The book's record of the finished served session ``summary``; ``lines``: its seats
    as ``serve`` bound them (None when unknown: names and levels come from the file)."""
    if not summary.readable or not summary.served or not summary.finished:
        raise EntryError(f"session {summary.id} is not a finished served session")
    n = len(summary.players)
    if not 2 <= n <= 8 or len(summary.totals) != n or len(summary.humans) != n \
            or len(summary.levels) != n \
            or any(s not in range(n) for s in (*summary.winners, *summary.losers)):
        raise EntryError(f"session {summary.id}: its seats do not add up")
    game = get_game(summary.game)
    if lines is not None and (len(lines) != n or any(
            (line.kind == "human") != human or line.name.casefold() != name.casefold()
            for line, human, name in zip(lines, summary.humans, summary.players,
                                         strict=True))):
        lines = None        # not this match's seats: go by the file alone
    left = tuple(bool(lines and lines[s].left) for s in range(n))
    # a seat handed to a computer counts as last, behind every seat that stayed
    stayed = [s for s in range(n) if not left[s]]
    among = dict(zip(stayed, ranks(tuple(summary.totals[s] for s in stayed),
                                   game.higher_wins), strict=True))
    places = tuple(among.get(s, len(stayed) + 1) for s in range(n))
    seats = []
    for s in range(n):
        name = summary.players[s]
        problem = name_problem(name)
        if problem or not name.strip():
            raise EntryError(f"session {summary.id}: a player's name {problem or 'is blank'}")
        level = None if summary.humans[s] else (summary.levels[s] or "medium")
        if level is not None and level not in LEVELS:
            raise EntryError(f"session {summary.id}: unknown level {level[:20]!r}")
        identity = lines[s].identity if lines is not None and level is None else None
        seats.append(ClubSeat(player_key(identity, name, level), identity, name, level,
                              summary.totals[s], places[s], s in summary.winners,
                              s in summary.losers, left[s]))
    value = summary.value
    note = game.worth_note(Outcome(summary.winners, summary.losers, summary.totals, value))
    return ClubMatch(summary.id, summary.game, _iso(summary.created), _iso(summary.updated),
                     value, note, tuple(seats))
