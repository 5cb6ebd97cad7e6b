"""Piquet's statistics, per player over the finished parties (or games to points)
(``Piquet.stats``): parties won and their value added up, rubicons (a partie won against
a player under 100, RULES-piquet §7), piques, repiques, capots and cartes blanches, counted
from the summaries the store keeps (``Scored.reason``, the outcome and its value).

A player is counted per name, and a computer per name *and level*, as in every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from ...i18n import _, ngettext
from ..statstext import Counted, per_player, reasons_of, stats_text

NAME = "piquet"   # the game counted (``Piquet.name``)
RUBICON = 100   # a loser of a partie under 100 is rubiconed (RULES-piquet §7)


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


def rubiconed(summary: Counted) -> bool:
    """A partie (six or eight deals) won against a player under 100."""
    return (summary.game == NAME and summary.end == "deals" and bool(summary.losers)
            and all(summary.totals[s] < RUBICON for s in summary.losers))


def _count(stats: PiquetStats, summary: Counted, seat: int) -> None:
    reasons = reasons_of(summary, seat)
    stats.sessions += 1
    stats.piques += reasons.get("pique", 0)
    stats.repiques += reasons.get("repique", 0)
    stats.capots += reasons.get("capot", 0)
    stats.carte_blanche += reasons.get("carte_blanche", 0)
    if seat in summary.winners:
        stats.won += 1
        stats.value += summary.value or 0
        stats.rubicons += rubiconed(summary)


def piquet_stats(summaries: Iterable[Counted]) -> list[PiquetStats]:
    """Per player over the finished Piquet sessions of ``summaries``."""
    return per_player(summaries, NAME, PiquetStats, _count)


def piquet_table(stats: list[PiquetStats], sessions: int) -> str:
    """The table ``stats`` prints: a row per player, then what the columns mean."""
    heads = (_("PARTIES"), _("WON"), _("VALUE"), _("RUBICON"), _("PIQUE"), _("REPIQUE"),
             _("CAPOT"), _("BLANCHE"))
    rows = [(s.name, (s.sessions, s.won, s.value, s.rubicons, s.piques, s.repiques, s.capots,
                      s.carte_blanche)) for s in stats]
    return stats_text(heads, rows, [ngettext(
        "Over {count} finished partie of Piquet. VALUE: the values of the parties won, added "
        "up; RUBICON: parties won against a player under 100; PIQUE, REPIQUE, CAPOT, BLANCHE: "
        "piques, repiques, capots and cartes blanches made.",
        "Over {count} finished parties of Piquet. VALUE: the values of the parties won, added "
        "up; RUBICON: parties won against a player under 100; PIQUE, REPIQUE, CAPOT, BLANCHE: "
        "piques, repiques, capots and cartes blanches made.",
        sessions).format(count=sessions)])


__all__ = ["RUBICON", "PiquetStats", "piquet_stats", "piquet_table", "rubiconed"]
