"""Charts (textual-plotext): a session's score as a line per player with the point limit,
and a player's points per deal over their sessions.

Colour is never the only cue: every line is drawn with its own letter (the player's
initial, or a digit when two initials meet), named in the legend, so the chart reads
the same under ``NO_COLOR``; in ASCII mode the axes are plain ASCII too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from ...i18n import _
from ..asciimode import ascii_cells, cell_ascii

COLOURS = ("red", "blue", "green", "orange", "magenta", "cyan", "yellow", "gray")
# The same colours in Rich's names (the legend is drawn by Rich, the plot by plotext).
RICH_COLOURS = {"orange": "dark_orange", "gray": "grey50", "default": ""}
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
    """A plotext plot that honours ASCII mode and ``NO_COLOR`` (letters, not colours),
    with its legend on its own line under the plot (never over a line of the chart)."""

    DEFAULT_CSS = """
    Chart { height: 1fr; min-height: 8; }
    """

    def __init__(self, *, ascii: bool = False, colour: bool = True,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.colour = colour
        self.legend: list[tuple[str, str, str]] = []     # (letter, label, colour)
        self._points: dict[tuple[float, float], list[tuple[str, str]]] = {}
        self.top: float | None = None    # the highest value drawn (None: no values)
        self.whole = True                # values are whole numbers (points)
        self.bottom = 0.0                # the lowest value drawn, when ``top`` is set

    def colour_of(self, index: int) -> str:
        return COLOURS[index % len(COLOURS)] if self.colour else "default"

    def line(self, xs: list[int], ys: Sequence[float], letter: str, index: int,
             label: str) -> None:
        """A line (thin, in its colour) with ``letter`` on every point, so that it can be
        told from the others without colour; at most about 25 letters on a line. Where
        lines meet, ``letters`` writes every letter of the point side by side."""
        colour = self.colour_of(index)
        if len(xs) > 1:     # one point is its letter alone
            self.plt.plot(xs, list(ys), marker="." if self.ascii else "braille", color=colour)
        step = max(1, len(xs) // 25)
        for x, y in list(zip(xs, ys, strict=True))[::step]:
            self._points.setdefault((float(x), float(y)), []).append((letter, colour))
        self.legend.append((letter, label, colour))

    def letters(self, first: float, last: float) -> None:
        """The letters of every line at its points: one letter, or where several lines
        share a point (flat lines at 0), all of them side by side ("ABD")."""
        # A text takes the canvas colour of the theme in force: the app's, as render's.
        self._plot.theme(self._get_plotext_theme_name(self.app.theme))
        for (x, y), marks in self._points.items():
            if len(marks) == 1:
                letter, colour = marks[0]
                self.plt.scatter([x], [y], marker=letter, color=colour)
                continue
            align: Literal["left", "center", "right"] = (
                "left" if x <= first else "right" if x >= last else "center")
            self.plt.text("".join(m for m, _ in marks), x, y, alignment=align,
                          color=marks[0][1] if len({c for _, c in marks}) == 1 else "default")

    def begin(self, title: str, xlabel: str, ylabel: str) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(title)
        plt.xlabel(xlabel)
        plt.ylabel(ylabel)
        self.legend = []
        self._points = {}
        self.top = None
        self.bottom = 0.0

    def _legend_lines(self, width: int) -> list[Text]:
        """The legend, ``A Ana  B Bruno``, centred, on as many lines as the width needs."""
        lines: list[Text] = []
        current = Text()
        for letter, label, colour in self.legend:
            name = ascii_cells(label) if self.ascii else label
            item = Text()
            item.append(letter, style=f"bold {RICH_COLOURS.get(colour, colour)}".strip())
            item.append(f" {name}")
            if current.cell_len and current.cell_len + 3 + item.cell_len > width:
                lines.append(current)
                current = Text()
            if current.cell_len:
                current.append("   ")
            current.append_text(item)
        if current.cell_len:
            lines.append(current)
        for line in lines:
            line.pad_left(max(0, (width - line.cell_len) // 2))
            line.truncate(width)
        return lines

    def render(self) -> RenderResult:
        width, height = self.size.width, self.size.height
        legend = self._legend_lines(max(width, 1)) if height > 4 else []
        # The plot above, the legend's lines under it.
        plot_height = max(1, height - len(legend))
        if self.top is not None:
            # Every row of the plot stands for a round value, and the labelled rows
            # say theirs: a point of 2.00 is drawn on the row labelled 2.0.
            base, top, ticks, labels = span_grid(plot_height - PLOT_CHROME, self.bottom,
                                                 self.top, self.whole)
            self.plt.ylim(base, top)
            self.plt.yticks(ticks, labels)
        self._plot.plotsize(width, plot_height)
        self._plot._set_size(width, plot_height)     # as PlotextPlot.render does
        self._plot.theme(self._get_plotext_theme_name(self.app.theme))
        text = Text.from_ansi(self._plot.build())
        plain = text.plain
        if self.ascii:
            plain = ascii_cells(plain.translate(ASCII_BOX))   # "Élodie": "Elodie"
        out = Text(plain, end="")
        if self.colour:
            out.spans = list(text.spans)   # the translation keeps every character's place
        if plain.endswith("\n"):
            out.right_crop(1)
        for line in legend:
            out.append("\n")
            out.append_text(line)
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
        self.letters(0, len(deals))
        top = max(max(t) for t in totals)
        if limit is not None:
            self.plt.hline(limit, self.colour_of(len(COLOURS) - 1))
            top = max(top, limit)
        self.top, self.whole = top, True
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
            self.letters(1, len(averages))
            mean = sum(averages) / len(averages)
            self.plt.hline(mean, self.colour_of(len(COLOURS) - 1))
            self.plt.xticks(_ticks(len(averages), start=1))
            self.top, self.whole = max(max(averages), mean), False
        self.refresh()



# Lines of a plot that are not rows of values: the title, the frame's two lines, the
# x ticks and the x label.
PLOT_CHROME = 5


def row_grid(rows: int, top: float, whole: bool) -> tuple[float, list[float], list[str]]:
    """The top of the y axis for ``rows`` rows from 0 such that every row stands for a
    round value and ``top`` fits, the labelled values (at most about seven rows
    labelled) and their labels. The step from one row to the next: 1, 2.5 or 5 times a
    power of ten (quarters hold halves: 1.5 has its own row), or for ``whole`` values
    (points) a whole 1, 2, 5, 10, 20, 25..."""
    rows = max(rows, 2)
    steps = ([float(m * 10 ** p) for p in range(0, 7) for m in (1, 2, 2.5, 5)] if whole
             else [m * 10.0 ** p for p in range(-2, 7) for m in (1, 2.5, 5)])
    if whole:
        steps = [s for s in steps if s % 1 == 0]
    step = next((s for s in steps if (rows - 1) * s >= top), steps[-1])
    every = next(k for k in (1, 2, 4, 5, 10, 20, 50) if k >= rows / 7 or k == 50)
    tick = step * every
    ticks = [round(row * step, 6) for row in range(0, rows, every)]
    decimals = 0 if tick % 1 == 0 else 1 if (tick * 10) % 1 == 0 else 2
    return round((rows - 1) * step, 6), ticks, [f"{t:.{decimals}f}" for t in ticks]


def span_grid(rows: int, bottom: float, top: float,
              whole: bool) -> tuple[float, float, list[float], list[str]]:
    """``row_grid`` for values from ``bottom`` (0 or above it, as ratings near 1000): the
    axis starts at a multiple of the step at or below ``bottom`` (never above 0 for a
    ``bottom`` of 0), so that the labels stay round (``1100``, never ``1137.5``); the
    axis's bottom and top, the labelled values and their labels."""
    if bottom == 0:
        top_, ticks, labels = row_grid(rows, top, whole)
        return 0.0, top_, ticks, labels
    span = max(top - bottom, 1.0 if whole else 0.01)
    while True:
        height, ticks, labels = row_grid(rows, span, whole)
        step = height / max(max(rows, 2) - 1, 1)
        base = math.floor(bottom / step) * step
        if base + height >= top:
            break
        span += step                    # the round bottom cost a row: one step more
    decimals = max((len(label.partition(".")[2]) for label in labels), default=0)
    moved = [round(base + t, 6) for t in ticks]
    return base, round(base + height, 6), moved, [f"{t:.{decimals}f}" for t in moved]


def _ticks(count: int, start: int = 0) -> list[float]:
    """At most about eight ticks on an axis of ``count`` steps."""
    step = max(1, (count + 7) // 8)
    return [float(t) for t in range(start, count + 1, step)]
