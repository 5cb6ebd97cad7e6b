"""The statistics of the games other than Polignac, per player over the finished sessions
of one game, from the summaries (each counted once from its log, replayed through the
seam: ``Scored.reason``, the outcome and its value).

Écarté: games won, voles, kings of trumps marked, games won treble, double and single.
Piquet: parties won and their value added up, rubicons (a partie won against a player
under 100), piques, repiques, capots and cartes blanches.

A player is counted per name, and a computer per name *and level*, as at Polignac
(``report.player_stats``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeVar

from .gamesummary import ECARTE, PIQUET
from .index import Summary

RUBICON = 100   # a loser of a partie under 100 is rubiconed (RULES-piquet §7)


@dataclass
class EcarteStats:
    """One player over the finished games of Écarté."""

    name: str
    sessions: int = 0
    won: int = 0
    voles: int = 0           # deals won with all five tricks
    kings: int = 0           # kings of trumps marked (not the king turned up)
    treble: int = 0          # games won of value 3, 2 and 1
    double: int = 0
    single: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class PiquetStats:
    """One player over the finished parties (or games to points) of Piquet."""

    name: str
    sessions: int = 0
    won: int = 0
    value: int = 0           # the values of the parties won, added up
    rubicons: int = 0        # parties won against a player under 100
    piques: int = 0
    repiques: int = 0
    capots: int = 0
    carte_blanche: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class GameCount:
    """One player over the finished sessions of every game: the overview."""

    name: str
    sessions: int = 0
    won: int = 0
    polignac: int = 0
    ecarte: int = 0
    piquet: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: the games ``GameCount`` counts, each under its own name
PER_GAME = frozenset(f.name for f in fields(GameCount)) - {"name", "sessions", "won"}

S = TypeVar("S", EcarteStats, PiquetStats, GameCount)


def _finished(summaries: Iterable[Summary], game: str | None) -> list[Summary]:
    return [s for s in summaries if s.error is None and s.finished
            and (game is None or s.game == game)]


def _ordered(table: dict[str, S]) -> list[S]:
    return sorted(table.values(), key=lambda s: (-s.sessions, s.name.casefold()))


def ecarte_stats(summaries: Iterable[Summary]) -> list[EcarteStats]:
    """Per player over the finished Écarté sessions of ``summaries``."""
    table: dict[str, EcarteStats] = {}
    for summary in _finished(summaries, ECARTE):
        for seat, label in enumerate(summary.labels):
            stats = table.setdefault(label.casefold(), EcarteStats(label))
            reasons = summary.reasons[seat] if seat < len(summary.reasons) else {}
            stats.sessions += 1
            stats.voles += reasons.get("vole", 0)
            stats.kings += reasons.get("king_marked", 0)
            if seat in summary.winners:
                stats.won += 1
                stats.treble += summary.value == 3
                stats.double += summary.value == 2
                stats.single += summary.value == 1
    return _ordered(table)


def rubiconed(summary: Summary) -> bool:
    """A partie (six or eight deals) won against a player under 100."""
    return (summary.game == PIQUET and summary.end == "deals" and bool(summary.losers)
            and all(summary.totals[s] < RUBICON for s in summary.losers))


def piquet_stats(summaries: Iterable[Summary]) -> list[PiquetStats]:
    """Per player over the finished Piquet sessions of ``summaries``."""
    table: dict[str, PiquetStats] = {}
    for summary in _finished(summaries, PIQUET):
        for seat, label in enumerate(summary.labels):
            stats = table.setdefault(label.casefold(), PiquetStats(label))
            reasons = summary.reasons[seat] if seat < len(summary.reasons) else {}
            stats.sessions += 1
            stats.piques += reasons.get("pique", 0)
            stats.repiques += reasons.get("repique", 0)
            stats.capots += reasons.get("capot", 0)
            stats.carte_blanche += reasons.get("carte_blanche", 0)
            if seat in summary.winners:
                stats.won += 1
                stats.value += summary.value or 0
                stats.rubicons += rubiconed(summary)
    return _ordered(table)


def game_counts(summaries: Iterable[Summary]) -> list[GameCount]:
    """Per player over the finished sessions of every game: sessions, won, and how many
    of each game."""
    table: dict[str, GameCount] = {}
    for summary in _finished(summaries, None):
        for seat, label in enumerate(summary.labels):
            count = table.setdefault(label.casefold(), GameCount(label))
            count.sessions += 1
            count.won += seat in summary.winners
            if summary.game in PER_GAME:          # a count of each game, by its name
                setattr(count, summary.game, getattr(count, summary.game) + 1)
    return _ordered(table)


__all__ = ["EcarteStats", "GameCount", "PiquetStats", "ecarte_stats", "game_counts",
           "piquet_stats", "rubiconed"]
