"""Piquet's books (``Piquet.books``): its session file (``fileformat``), how its sessions
end and are won in the lists (a partie's deals, the rubicon), its statistics (``stats``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..books import DuelBooks

if TYPE_CHECKING:
    from ..base import Match
    from ..duelfile import DuelFile


class PiquetBooks(DuelBooks):
    """Piquet's files, lists and statistics (``show`` and ``export``: the house's)."""

    def duel_file(self) -> DuelFile:
        from .fileformat import FILE
        return FILE

    def summary_bounds(self, match: Match) -> tuple[str, int]:
        """A partie's deals (six, eight after a tie), or the point limit."""
        if match.settings.word("end") == "partie":
            deals = match.view(None).game_part.get("deals_to_play")
            return "deals", deals if isinstance(deals, int) else 6
        return "points", match.settings.number("limit")

    def summary_result(self, match: Match, winners: str) -> str:
        """``Bruno won the partie, worth 230``, ``the partie was drawn``."""
        if not winners:
            return "the partie was drawn"
        if match.settings.word("end") == "partie":
            value = None if match.outcome is None else match.outcome.value
            return f"{winners} won the partie, worth {value}"
        return super().summary_result(match, winners)

    def stats(self, summaries: Iterable[Any]) -> list[Any]:
        from .stats import piquet_stats
        return list(piquet_stats(summaries))

    def stats_table(self, summaries: Sequence[Any]) -> str:
        from .stats import piquet_stats, piquet_table
        return piquet_table(piquet_stats(summaries), len(summaries))


__all__ = ["PiquetBooks"]
