"""A player's rating in the club's book after each of their matches, drawn as the
statistics charts are (``charts.Chart``: a letter on every point, the legend under the
plot, ASCII mode and ``NO_COLOR`` honoured); the uncertainty as two thin lines, the
rating plus and minus it."""

from __future__ import annotations

from collections.abc import Sequence

from ...club.records import RatingPoint
from ...i18n import _
from .charts import COLOURS, Chart, _ticks, markers


class RatingChart(Chart):
    """One player's rating after each match, oldest first, with its uncertainty."""

    def show_ratings(self, name: str, history: Sequence[RatingPoint]) -> None:
        self.begin(_("{name}: rating after each match; the dots: ± the uncertainty").format(
            name=name) if not self.ascii else
            _("{name}: rating after each match; the dots: +/- the uncertainty").format(
                name=name), _("match"), _("rating"))
        if history:
            xs = list(range(1, len(history) + 1))
            ratings = [p.rating for p in history]
            band = self.colour_of(len(COLOURS) - 1)
            if len(xs) > 1:
                for sign in (1, -1):
                    self.plt.plot(xs, [p.rating + sign * p.sigma for p in history],
                                  marker=".", color=band)
            self.line(xs, ratings, markers([name])[0], 0, name)
            self.letters(1, len(history))
            self.plt.xticks(_ticks(len(history), start=1))
        self.refresh()
