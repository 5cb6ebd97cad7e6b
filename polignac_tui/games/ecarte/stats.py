"""Écarté's statistics, per player over the finished games (``Ecarte.stats``): games
won, voles, kings of trumps marked, and games won treble, double and single, counted from
the summaries the store keeps (``Scored.reason``, the outcome and its value).

A player is counted per name, and a computer per name *and level*, as in every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from ...i18n import _, ngettext
from ..statstext import Counted, per_player, reasons_of, stats_text

NAME = "ecarte"   # the game counted (``Ecarte.name``)


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


def _count(stats: EcarteStats, summary: Counted, seat: int) -> None:
    reasons = reasons_of(summary, seat)
    stats.sessions += 1
    stats.voles += reasons.get("vole", 0)
    stats.kings += reasons.get("king_marked", 0)
    if seat in summary.winners:
        stats.won += 1
        stats.treble += summary.value == 3
        stats.double += summary.value == 2
        stats.single += summary.value == 1


def ecarte_stats(summaries: Iterable[Counted]) -> list[EcarteStats]:
    """Per player over the finished Écarté sessions of ``summaries``."""
    return per_player(summaries, NAME, EcarteStats, _count)


def ecarte_table(stats: list[EcarteStats], sessions: int) -> str:
    """The table ``stats`` prints: a row per player, then what the columns mean."""
    heads = (_("GAMES"), _("WON"), _("VOLES"), _("KINGS"), _("TREBLE"), _("DOUBLE"),
             _("SINGLE"))
    rows = [(s.name, (s.sessions, s.won, s.voles, s.kings, s.treble, s.double, s.single))
            for s in stats]
    return stats_text(heads, rows, [ngettext(
        "Over {count} finished game of Écarté. KINGS: kings of trumps marked; TREBLE, "
        "DOUBLE, SINGLE: games won of that value.",
        "Over {count} finished games of Écarté. KINGS: kings of trumps marked; TREBLE, "
        "DOUBLE, SINGLE: games won of that value.", sessions).format(count=sessions)])


__all__ = ["EcarteStats", "ecarte_stats", "ecarte_table"]
