"""Polignac's statistics, per player over the finished sessions (``Polignac.stats``):
sessions, wins (clean, and where a card was taken back), times paid the cognac, points
per deal, chelems and générales made and failed, read from the summaries the store
keeps (their deals' marks: ``summary.deal_lines``)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from ...i18n import _, ngettext
from ..base import JSON
from ..namewords import label_words

WIDTH = 80  # every table fits an 80-column terminal


class DealMarks(Protocol):
    """One finished deal as the store keeps it: the points, then the marks."""

    @property
    def points(self) -> Sequence[int]: ...
    @property
    def marks(self) -> Sequence[JSON]: ...


class Finished(Protocol):
    """A session as the store keeps it (``store.index.Summary``): what is counted."""

    @property
    def finished(self) -> bool: ...
    @property
    def error(self) -> str | None: ...
    @property
    def winners(self) -> Sequence[int]: ...
    @property
    def losers(self) -> Sequence[int]: ...
    @property
    def labels(self) -> Sequence[str]: ...
    @property
    def undos(self) -> int: ...
    @property
    def deals(self) -> Sequence[DealMarks]: ...


@dataclass
class PlayerStats:
    """One player name over the finished sessions."""

    name: str
    sessions: int = 0
    won: int = 0             # clean wins: no card taken back in the session
    won_with_undos: int = 0  # wins in a session where a card was taken back (undo)
    paid: int = 0            # times paid the cognac
    deals: int = 0           # finished deals played
    points: int = 0          # penalty points over those deals
    chelems: int = 0         # chelems made without a générale
    generales_made: int = 0
    generales_failed: int = 0

    @property
    def won_words(self) -> str:
        """``2``, or ``2+1`` with a win where a card was taken back."""
        return f"{self.won}+{self.won_with_undos}" if self.won_with_undos else str(self.won)

    @property
    def average(self) -> float:
        """Average penalty points per deal."""
        return self.points / self.deals if self.deals else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["average"] = round(self.average, 3)
        return data


def player_stats(summaries: Iterable[Finished]) -> list[PlayerStats]:
    """Per player name (case-insensitive) across the finished ones of ``summaries``.

    A computer player is counted per name *and level* ("Bruno (medium)"), so that
    the default names the app gives computers do not mix different players.
    Most sessions played first, then by name.
    """
    table: dict[str, PlayerStats] = {}
    for summary in summaries:
        if not summary.finished or summary.error is not None:
            continue
        winners, losers = set(summary.winners), set(summary.losers)
        for seat, label in enumerate(summary.labels):
            stats = table.setdefault(label.casefold(), PlayerStats(label))
            stats.sessions += 1
            if summary.undos:
                stats.won_with_undos += seat in winners
            else:
                stats.won += seat in winners
            stats.paid += seat in losers
            for deal in summary.deals:
                declarer, made, chelem = (*deal.marks, None, None, None)[:3]
                stats.deals += 1
                stats.points += deal.points[seat]
                if declarer == seat:
                    if made:
                        stats.generales_made += 1
                    else:
                        stats.generales_failed += 1
                elif declarer is None and chelem == seat:
                    stats.chelems += 1
    return sorted(table.values(), key=lambda s: (-s.sessions, s.name.casefold()))


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def stats_table(stats: list[PlayerStats], sessions: int) -> str:
    """The table ``stats`` prints: a row per player, then what the columns mean."""
    heads = (_("SESSIONS"), _("WON"), _("COGNAC"), _("PTS/DEAL"), _("CHELEMS"),
             _("GÉNÉRALES"))
    widths = [len(h) for h in heads]
    name_width = WIDTH - sum(widths) - 2 * len(heads)
    lines = [f"{_('PLAYER'):<{name_width}}" + "".join(f"  {h}" for h in heads)]
    for s in stats:
        cells = (s.sessions, s.won_words, s.paid, f"{s.average:.2f}", s.chelems,
                 f"{s.generales_made}/{s.generales_failed}")
        lines.append(f"{_clip(label_words(s.name), name_width):<{name_width}}"
                     + "".join(f"  {c!s:>{w}}" for c, w in zip(cells, widths, strict=True)))
    lines.append("")
    lines.append(ngettext("Over {count} finished session. COGNAC: times paid the cognac; "
                          "PTS/DEAL: average penalty points per deal; GÉNÉRALES: made/failed.",
                          "Over {count} finished sessions. COGNAC: times paid the cognac; "
                          "PTS/DEAL: average penalty points per deal; GÉNÉRALES: made/failed.",
                          sessions).format(count=sessions))
    if any(s.won_with_undos for s in stats):
        lines.append(_("WON: clean wins+wins in a session where a card was taken back "
                       "(undo)."))
    return "\n".join(textwrap.fill(line, WIDTH) if len(line) > WIDTH else line
                     for line in lines)


__all__ = ["PlayerStats", "player_stats", "stats_table"]
