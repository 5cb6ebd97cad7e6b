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
            ratings = [round(p.rating) for p in history]     # as the rating is shown
            self.line(xs, ratings, markers([name])[0], 0, name)
            # round labels from the lowest rating (never 1137.5)
            self.top, self.bottom, self.whole = max(ratings), min(ratings), True
            self.letters(1, len(history))
            self.plt.xticks(_ticks(len(history), start=1))
        self.refresh()
