"""Écarté's books (``Ecarte.books``): its session file (``fileformat``), how its sessions
end and are won in the lists, its statistics (``stats``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..books import DuelBooks
from .rules import VALUE_WORDS

if TYPE_CHECKING:
    from ..base import Match
    from ..duelfile import DuelFile


class EcarteBooks(DuelBooks):
    """Écarté's files, lists and statistics (``show`` and ``export``: the house's)."""

    def duel_file(self) -> DuelFile:
        from .fileformat import FILE
        return FILE

    def summary_bounds(self, match: Match) -> tuple[str, int]:
        return "points", match.settings.number("target")

    def summary_result(self, match: Match, winners: str) -> str:
        """``Anna won a double game`` (a game's value, §7)."""
        value = None if match.outcome is None else match.outcome.value
        if winners and value in VALUE_WORDS:
            return f"{winners} won a {VALUE_WORDS[value]} game"
        return super().summary_result(match, winners)

    def stats(self, summaries: Iterable[Any]) -> list[Any]:
        from .stats import ecarte_stats
        return list(ecarte_stats(summaries))

    def stats_table(self, summaries: Sequence[Any]) -> str:
        from .stats import ecarte_stats, ecarte_table
        return ecarte_table(ecarte_stats(summaries), len(summaries))


__all__ = ["EcarteBooks"]
