"""The score table: a row per deal (chelem and générale marked), totals, the end in sight.

Compact: one line per player with the total and the last deal's points, for the
side column of the table. Full: every deal, for the ``s`` panel, the deal
summary and the cognac.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....i18n import N_, _, ngettext, pgettext, tr
from ....ui.cardtext import CardLook
from ....ui.quiet import set_content
from ...base import View
from ..engine import Rules, SeatView
from ..engine.cards import jack_points
from ..seatview import seat_view


def end_line(view: SeatView) -> str:
    """``"Limit 20 points"`` / ``"3 of 8 deals played"``."""
    rules = view.rules
    if rules.end == "points":
        return _("Limit {limit} points").format(limit=rules.limit)
    done = sum(1 for r in view.results if r.points is not None)
    return ngettext("{done} of {limit} deals played", "{done} of {limit} deals played",
                    done).format(done=done, limit=rules.limit)


def shorten(name: str, room: int, ascii: bool = False) -> str:
    """A name cut to ``room`` characters: ``"Maximilien…"`` (``"Maximilien."`` in ASCII)."""
    if len(name) <= room:
        return name
    return name[: room - 1] + ("." if ascii else "…")


def worst_style(colour: bool = True) -> str:
    """The total of whoever would pay the cognac now (bold underline without colour)."""
    return "bold red" if colour else "bold underline"


def so_far(view: SeatView) -> list[int] | None:
    """Each seat's points taken so far in the deal in play (its jacks, and the first
    trick's point when that rule is on), or None between deals."""
    if view.phase not in ("play", "generale") or not view.results \
            or view.results[-1].points is not None:
        return None
    points = [sum(jack_points(c) for c in view.jacks_taken[seat])
              if seat < len(view.jacks_taken) else 0 for seat in range(view.players)]
    if view.rules.first_trick_penalty and view.tricks:
        first = view.tricks[0].winner
        if first != view.declarer:
            points[first] += 1
    return points


def compact(view: SeatView, width: int = 22, colour: bool = True, ascii: bool = False) -> Text:
    """Totals, one line per seat; in a deal, its points so far (+N) and the totals if it
    ended now (=N); between deals, the last deal's points."""
    text = Text(no_wrap=True)
    live = so_far(view)
    last = next((r for r in reversed(view.results) if r.points is not None), None)
    text.append(_("Scores"), style="bold")
    # The +N column's deal is named in the heading.
    if live is not None:
        text.append(" " + ("-" if ascii else "·") + " " + _("deal {number}").format(
            number=view.deal_number) + "\n", style="dim")
    else:
        text.append(" " + _("after deal {number}").format(number=last.number) + "\n"
                    if last is not None else "\n", style="dim")
    name_room = max(4, width - (12 if live is not None else 11))
    worst = max(view.totals) if view.totals else 0
    for seat, name in enumerate(view.names):
        you = seat == view.seat and not view.watching
        short = shorten(name, name_room, ascii)
        style = "bold" if you else ""
        text.append(short.ljust(name_room), style=style)
        total = view.totals[seat]
        text.append(f"{total:>4}", style=worst_style(colour) if total == worst and total
                    else "bold")
        if live is not None:
            text.append(f" +{live[seat]:<2}", style="dim")
            text.append(f"={total + live[seat]:<3}", style="dim")
        elif last is not None and last.points is not None:
            text.append(f" +{last.points[seat]}", style="dim")
        text.append("\n")
    if live is not None:
        text.append(_("+N so far, =N if it ended now") + "\n" if width >= 30
                    else _("+N so far") + "\n" + _("=N if it ended now") + "\n", style="dim")
    text.append(end_line(view), style="dim italic")
    return text


def _mark(view: SeatView, number: int, seat: int) -> str:
    result = view.results[number - 1]
    marks = ""
    if result.dealer == seat:
        marks += pgettext("score mark: dealer", "d")
    if result.declarer == seat:
        if result.points is None:
            marks += "G"
        else:
            marks += "G+" if result.chelem == seat else "G-"
    elif result.chelem == seat:
        marks += "C"
    return marks


def full(view: SeatView, ascii: bool = False, title: str | None = N_("Score table"),
         chosen: int | None = None) -> Table:
    """Every deal: points per seat (d dealer, C chelem, G+/G- générale made or failed),
    the deal in play with its points so far (+N); the row of deal ``chosen`` highlighted
    (the one a replay would open)."""
    table = Table(box=box.ASCII if ascii else box.SIMPLE_HEAD,
                  title=tr(title) if title else title, title_style="bold",
                  show_footer=True, pad_edge=False, padding=(0, 1), expand=False)
    table.add_column(_("Deal"), footer=_("Total"), justify="right", style="dim")
    name_room = 8 if view.players > 6 else 10
    for seat, name in enumerate(view.names):
        short = shorten(name, name_room, ascii)
        table.add_column(Text(short), footer=str(view.totals[seat]), justify="right", no_wrap=True,
                         header_style="bold underline" if seat == view.seat and not view.watching
                         else "bold",
                         footer_style="bold")
    undos = any(r.undos for r in view.results)
    if undos:
        table.add_column(_("Undo"), footer="", justify="right", style="dim")
    live = so_far(view)
    dot = "." if ascii else "·"
    for r in view.results:
        cells = []
        for seat in range(view.players):
            mark = _mark(view, r.number, seat)
            if r.points is not None:
                points = str(r.points[seat])
            elif live is not None and r.number == view.deal_number:
                points = f"+{live[seat]}"
            else:
                points = dot
            cells.append(f"{points}{' ' + mark if mark else ''}")
        row = [str(r.number) if r.points is not None else f"{r.number}{dot}", *cells]
        if undos:
            row.append(str(r.undos) if r.undos else "")
        table.add_row(*row, style="reverse" if r.number == chosen
                      else "italic" if r.points is None else None)
    return table


WIDE_COLUMN = 46   # the side column's width on a wide terminal (ScoreTable.-wide)


def full_width(view: SeatView, ascii: bool = False) -> int:
    """The columns the full score table needs."""
    from rich.console import Console
    from rich.measure import Measurement
    console = Console(width=500, legacy_windows=False)
    return Measurement.get(console, console.options, full(view, ascii)).maximum


# Columns and lines around the full table: the border and the padding, and a column for
# a scroll bar (many deals on a small terminal).
FULL_FRAME = (2 + 4 + 1, 2)


def measure(renderable: RenderableType) -> tuple[int, int]:
    """The columns and lines ``renderable`` takes at its widest."""
    from rich.console import Console
    from rich.measure import Measurement
    console = Console(width=500, legacy_windows=False)
    width = Measurement.get(console, console.options, renderable).maximum
    return width, len(console.render_lines(renderable, console.options.update_width(width),
                                           pad=False))


# Two lines that fit the side column, so no entry is cut; "·" marks a deal in play
# (its number; its points so far are +N, as in the compact column), so it cannot also
# part the entries.
LEGEND = N_("d dealer, C chelem, · in play")
LEGEND_ASCII = N_("d dealer, C chelem, . in play")
LEGEND_OVER = N_("d dealer, C chelem")     # no deal in play: no "·" in the table
LEGEND_GENERALE = N_("G+ générale made, G- générale failed")


def legend(rules: Rules, ascii: bool = False, in_play: bool = True) -> str:
    """The marks of the score table, in words: la générale's only when it is played, the
    deal in play's only when there is one (``in_play``)."""
    marks = tr(LEGEND_OVER if not in_play else LEGEND_ASCII if ascii else LEGEND)
    return marks + ("\n" + tr(LEGEND_GENERALE) if rules.generale else "")


def in_play(view: SeatView) -> bool:
    """True when a row of the score table is a deal in play (its points not known yet)."""
    return any(r.points is None for r in view.results)


def full_with_legend(view: SeatView, ascii: bool = False,
                     chosen: int | None = None) -> RenderableType:
    parts: list[RenderableType] = [full(view, ascii, chosen=chosen),
                                   Text(end_line(view), style="italic"),
                                   Text(legend(view.rules, ascii, in_play(view)),
                                        style="dim")]
    if chosen is not None:
        keys = (_("up/down a finished deal, Enter or p replays it, g the chart") if ascii
                else _("↑↓ a finished deal, Enter or p replays it, g the chart"))
        parts.append(Text(keys, style="dim"))
    return Group(*parts)


def finished_numbers(view: SeatView) -> list[int]:
    """The numbers of the finished deals (those a replay may open)."""
    return [r.number for r in view.results if r.points is not None]


class ScoreTable(VerticalScroll):
    """The score table; ``full`` switches between the side column and every deal."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    ScoreTable {
        height: 1fr;
        width: 24;
        padding: 0 1;
        border-left: vkey $secondary;
        scrollbar-size-vertical: 1;
    }
    ScoreTable.-wide {
        width: 46;   /* WIDE_COLUMN */
    }
    .ascii ScoreTable {
        border-left: ascii $secondary;
    }
    ScoreTable.-full {
        /* the table's own size, in the middle of the room (a large terminal): not a
           screen-wide frame with the table in its left third */
        max-width: 100%;
        max-height: 100%;
        padding: 0 2;
        border: round $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
    }
    .ascii ScoreTable.-full {
        border: ascii $accent;
    }
    """

    can_focus = False   # the arrow keys belong to the hand

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.full = False
        self._body = Static()
        self._view: SeatView | None = None
        self._ascii = False
        self._colour = True
        self.chosen: int | None = None   # the finished deal highlighted (full table only)

    def compose(self) -> ComposeResult:
        yield self._body

    def show(self, view: View, look: CardLook) -> None:
        """Draw ``view`` (the seam's, read as the engine's ``SeatView``)."""
        humans = tuple(s == view.seat for s in range(len(view.names)))
        self._view, self._ascii, self._colour = seat_view(view, humans), look.ascii, look.colour
        self._update()

    def set_wide(self, wide: bool) -> None:
        """On a wide terminal the side column has room for every deal."""
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self._update()

    def on_resize(self) -> None:
        """Whether every deal fits depends on the width the layout gave this widget."""
        self._update()

    def _full_fits(self) -> bool:
        """True when every deal's row fits the wide side column (not so with many players)."""
        assert self._view is not None
        room = (self.size.width or WIDE_COLUMN) - 3    # padding and the border on the left
        return full_width(self._view, self._ascii) <= room

    def toggle(self) -> bool:
        self.full = not self.full
        self.set_class(self.full, "-full")
        self.border_subtitle = _("Esc or s: close") if self.full else ""
        self.chosen = None
        if self.full:
            self.choose(0)
        self._update()
        return self.full

    def choose(self, step: int) -> int | None:
        """Move the highlight ``step`` finished deals on (0: keep it, or the last one);
        the deal chosen, None when no deal is finished yet."""
        numbers = [] if self._view is None else finished_numbers(self._view)
        if not numbers:
            self.chosen = None
        elif self.chosen not in numbers:
            self.chosen = numbers[-1]
        else:
            at = numbers.index(self.chosen) + step
            self.chosen = numbers[max(0, min(at, len(numbers) - 1))]
        self._update()
        return self.chosen

    def _update(self) -> None:
        if self._view is None:
            return
        if self.full or (self.has_class("-wide") and self._full_fits()):
            body = full_with_legend(self._view, self._ascii,
                                    self.chosen if self.full else None)
            set_content(self._body, body)
            if self.full:    # the table's own size (CSS keeps it within the room)
                width, height = measure(body)
                self._own_size(width + FULL_FRAME[0], height + FULL_FRAME[1])
            else:
                self._own_size(None, None)
        else:
            self._own_size(None, None)
            set_content(self._body, compact(self._view, colour=self._colour, ascii=self._ascii))

    def _own_size(self, width: int | None, height: int | None) -> None:
        """This widget's own size (None: the stylesheet's), set only when it changes:
        Textual lays the whole screen out again at each size set to None, changed or
        not, and the table is drawn again at every card."""
        inline = self.styles.inline
        if width is not None or inline.has_rule("width"):
            self.styles.width = width
        if height is not None or inline.has_rule("height"):
            self.styles.height = height

