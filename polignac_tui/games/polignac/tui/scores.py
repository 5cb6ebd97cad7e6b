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

from ....i18n import N_, _, ngettext, pgettext, tr
from ....ui.cardtext import CardLook
from ....ui.widgets.scoresheet import ScoreSheet
from ...base import View
from ...view import finished
from ..engine import Rules
from ..engine.cards import jack_points
from ..viewpart import part_of


def end_line(view: View) -> str:
    """``"Limit 20 points"`` / ``"3 of 8 deals played"``."""
    rules = part_of(view).rules
    if rules.end == "points":
        return _("Limit {limit} points").format(limit=rules.limit)
    done = len(finished(view.deals))
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


def so_far(view: View) -> list[int] | None:
    """Each seat's points taken so far in the deal in play (its jacks, and the first
    trick's point when that rule is on), or None between deals."""
    if view.phase not in ("play", "generale") or not view.deals \
            or view.deals[-1].points is not None:
        return None
    part = part_of(view)
    points = [sum(jack_points(c) for c in part.jacks_taken[seat])
              if seat < len(part.jacks_taken) else 0 for seat in range(len(view.names))]
    if part.rules.first_trick_penalty and view.tricks:
        first = view.tricks[0].winner
        if first != part.declarer:
            points[first] += 1
    return points


def compact(view: View, width: int = 22, colour: bool = True, ascii: bool = False) -> Text:
    """Totals, one line per seat; in a deal, its points so far (+N) and the totals if it
    ended now (=N); between deals, the last deal's points."""
    text = Text(no_wrap=True)
    live = so_far(view)
    done = finished(view.deals)
    number = done[-1] if done else None
    last = view.deals[number - 1].points if number is not None else None
    text.append(_("Scores"), style="bold")
    # The +N column's deal is named in the heading.
    if live is not None:
        text.append(" " + ("-" if ascii else "·") + " " + _("deal {number}").format(
            number=view.deal_number) + "\n", style="dim")
    else:
        text.append(" " + _("after deal {number}").format(number=number) + "\n"
                    if number is not None else "\n", style="dim")
    name_room = max(4, width - (12 if live is not None else 11))
    worst = max(view.totals) if view.totals else 0
    for seat, name in enumerate(view.names):
        you = seat == view.seat
        short = shorten(name, name_room, ascii)
        style = "bold" if you else ""
        text.append(short.ljust(name_room), style=style)
        total = view.totals[seat]
        text.append(f"{total:>4}", style=worst_style(colour) if total == worst and total
                    else "bold")
        if live is not None:
            text.append(f" +{live[seat]:<2}", style="dim")
            text.append(f"={total + live[seat]:<3}", style="dim")
        elif last is not None:
            text.append(f" +{last[seat]}", style="dim")
        text.append("\n")
    if live is not None:
        text.append(_("+N so far, =N if it ended now") + "\n" if width >= 30
                    else _("+N so far") + "\n" + _("=N if it ended now") + "\n", style="dim")
    text.append(end_line(view), style="dim italic")
    return text


def _mark(view: View, number: int, seat: int) -> str:
    result = part_of(view).results[number - 1]
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


def full(view: View, ascii: bool = False, title: str | None = N_("Score table"),
         chosen: int | None = None) -> Table:
    """Every deal: points per seat (d dealer, C chelem, G+/G- générale made or failed),
    the deal in play with its points so far (+N); the row of deal ``chosen`` highlighted
    (the one a replay would open)."""
    table = Table(box=box.ASCII if ascii else box.SIMPLE_HEAD,
                  title=tr(title) if title else title, title_style="bold",
                  show_footer=True, pad_edge=False, padding=(0, 1), expand=False)
    table.add_column(_("Deal"), footer=_("Total"), justify="right", style="dim")
    name_room = 8 if len(view.names) > 6 else 10
    for seat, name in enumerate(view.names):
        short = shorten(name, name_room, ascii)
        table.add_column(Text(short), footer=str(view.totals[seat]), justify="right", no_wrap=True,
                         header_style="bold underline" if seat == view.seat else "bold",
                         footer_style="bold")
    results = part_of(view).results
    undos = any(r.undos for r in results)
    if undos:
        table.add_column(_("Undo"), footer="", justify="right", style="dim")
    live = so_far(view)
    dot = "." if ascii else "·"
    for r in results:
        cells = []
        for seat in range(len(view.names)):
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


def full_width(view: View, ascii: bool = False) -> int:
    """The columns the full score table needs."""
    from rich.console import Console
    from rich.measure import Measurement
    console = Console(width=500, legacy_windows=False)
    return Measurement.get(console, console.options, full(view, ascii)).maximum


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


def in_play(view: View) -> bool:
    """True when a row of the score table is a deal in play (its points not known yet)."""
    return any(d.points is None for d in view.deals)


def full_with_legend(view: View, ascii: bool = False, chosen: int | None = None,
                     title: str | None = N_("Score table")) -> RenderableType:
    return Group(full(view, ascii, title, chosen), Text(end_line(view), style="italic"),
                 Text(legend(part_of(view).rules, ascii, in_play(view)), style="dim"))


class ScoreTable(ScoreSheet):
    """The score table: the side column (``compact``, or every deal on a wide terminal),
    and every deal open full over the table (``ScoreSheet``: a finished deal chosen)."""

    DEFAULT_CSS = """
    ScoreTable {
        width: 24;
        border-left: vkey $secondary;
    }
    ScoreTable.-wide {
        width: 46;   /* WIDE_COLUMN */
    }
    .ascii ScoreTable {
        border-left: ascii $secondary;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(title=N_("Score table"), id=id)

    @property
    def in_column(self) -> bool:
        return True

    def set_wide(self, wide: bool) -> None:
        """On a wide terminal the side column has room for every deal."""
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self.redraw()

    def _full_fits(self, view: View) -> bool:
        """True when every deal's row fits the wide side column (not so with many players)."""
        room = (self.size.width or WIDE_COLUMN) - 3    # padding and the border on the left
        return full_width(view, self.look.ascii) <= room

    def sheet(self, view: View, look: CardLook, chosen: int | None) -> RenderableType:
        return full_with_legend(view, look.ascii, chosen, title=None)   # on its frame

    def column(self, view: View, look: CardLook) -> RenderableType:
        if self.has_class("-wide") and self._full_fits(view):
            return full_with_legend(view, look.ascii)
        return compact(view, colour=look.colour, ascii=look.ascii)
