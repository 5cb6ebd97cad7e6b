"""A player's rating in the club's book after each of their matches, drawn as the
statistics charts are (``charts.Chart``: a letter on every point, the legend under the
plot, ASCII mode and ``NO_COLOR`` honoured)."""

from __future__ import annotations

from collections.abc import Sequence

from ...club.records import RatingPoint
from ...i18n import _
from .charts import Chart, _ticks, markers


class RatingChart(Chart):
    """One player's rating after each match, oldest first."""

    def show_ratings(self, name: str, history: Sequence[RatingPoint]) -> None:
        self.begin(_("{name}: rating after each match").format(name=name), _("match"),
                   _("rating"))
        if history:
            xs = list(range(1, len(history) + 1))
            self.line(xs, [p.rating for p in history], markers([name])[0], 0, name)
            self.letters(1, len(history))
            self.plt.xticks(_ticks(len(history), start=1))
        self.refresh()
