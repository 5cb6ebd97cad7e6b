"""Charts (textual-plotext): a session's score as a line per player with the point limit,
and a player's points per deal over their sessions.

Colour is never the only cue: every line is drawn with its own letter (the player's
initial, or a digit when two initials meet), named in the legend, so the chart reads
the same under ``NO_COLOR``; in ASCII mode the axes are plain ASCII too.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from ...i18n import _
from ..asciimode import ascii_cells, cell_ascii

COLOURS = ("red", "blue", "green", "orange", "magenta", "cyan", "yellow", "gray")
ASCII_BOX = str.maketrans({"─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
                           "┬": "+", "┴": "+", "├": "+", "┤": "+", "┼": "+", "▁": "_",
                           "•": "*", "·": "."})


def markers(names: Sequence[str]) -> list[str]:
    """A distinct letter per name: its initial, else a digit."""
    out: list[str] = []
    for number, name in enumerate(names, start=1):
        initial = cell_ascii((name.strip()[:1] or "?").upper())   # É: E, in any mode
        letter = initial if initial.isalpha() and initial not in out and initial.isascii() \
            else str(number % 10)
        out.append(letter)
    return out


def running_totals(deals: Sequence[Sequence[int]], players: int) -> list[list[int]]:
    """Per seat, the total after each deal, from 0 before the first."""
    totals = [[0] for _ in range(players)]
    for points in deals:
        for seat in range(players):
            totals[seat].append(totals[seat][-1] + points[seat])
    return totals


class Chart(PlotextPlot):
    """A plotext plot that honours ASCII mode and ``NO_COLOR`` (letters, not colours)."""

    DEFAULT_CSS = """
    Chart { height: 1fr; min-height: 8; }
    """

    def __init__(self, *, ascii: bool = False, colour: bool = True,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.colour = colour

    def colour_of(self, index: int) -> str:
        return COLOURS[index % len(COLOURS)] if self.colour else "default"

    def line(self, xs: list[int], ys: Sequence[float], letter: str, index: int,
             label: str) -> None:
        """A line (thin, in its colour) with ``letter`` on every point, so that it can be
        told from the others without colour; at most about 25 letters on a line."""
        colour = self.colour_of(index)
        self.plt.plot(xs, list(ys), marker="." if self.ascii else "braille", color=colour)
        step = max(1, len(xs) // 25)
        points = list(zip(xs, ys, strict=True))[::step]
        self.plt.scatter([x for x, _ in points], [y for _, y in points], marker=letter,
                         color=colour, label=f"{letter} {label}")

    def begin(self, title: str, xlabel: str, ylabel: str) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(title)
        plt.xlabel(xlabel)
        plt.ylabel(ylabel)

    def render(self) -> RenderResult:
        text = super().render()
        if not isinstance(text, Text):
            return text
        plain = text.plain
        if self.ascii:
            plain = ascii_cells(plain.translate(ASCII_BOX))   # "Élodie": "Elodie"
        out = Text(plain, end="")
        if self.colour:
            out.spans = list(text.spans)   # the translation keeps every character's place
        return out


class ScoreChart(Chart):
    """A session's running totals, a line per player, the point limit as a line."""

    def show_scores(self, names: Sequence[str], deals: Sequence[Sequence[int]],
                    limit: int | None) -> None:
        totals = running_totals(deals, len(names))
        letters = markers(names)
        title = (_("Score after each deal; the line: the limit, {limit}").format(limit=limit)
                 if limit is not None else _("Score after each deal"))
        self.begin(title, _("deal"), _("points"))
        xs = list(range(len(deals) + 1))
        for seat, name in enumerate(names):
            self.line(xs, totals[seat], letters[seat], seat, f"{name}")
        top = max(max(t) for t in totals)
        if limit is not None:
            self.plt.hline(limit, self.colour_of(len(COLOURS) - 1))
            top = max(top, limit)
        self.plt.ylim(0, top + 1)
        self.plt.yticks(_ticks(top))
        self.plt.xticks(_ticks(len(deals)))
        self.refresh()


class AverageChart(Chart):
    """One player's points per deal in each of their sessions, oldest first."""

    def show_averages(self, name: str, averages: Sequence[float]) -> None:
        self.begin(_("{name}: points per deal, session by session; the line: the mean").format(
            name=name), _("session"), _("pts/deal"))
        if averages:
            xs = list(range(1, len(averages) + 1))
            self.line(xs, list(averages), markers([name])[0], 0, name)
            mean = sum(averages) / len(averages)
            self.plt.hline(mean, self.colour_of(len(COLOURS) - 1))
            self.plt.xticks(_ticks(len(averages), start=1))
            self.plt.ylim(0, max(max(averages), mean) * 1.1 + 0.1)
        self.refresh()


def _ticks(count: int, start: int = 0) -> list[float]:
    """At most about eight ticks on an axis of ``count`` steps."""
    step = max(1, (count + 7) // 8)
    return [float(t) for t in range(start, count + 1, step)]
