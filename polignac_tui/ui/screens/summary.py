"""After each deal: who took which jacks, chelem or générale, the deal's points, new totals."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import SeatView
from ..cardtext import CardLook, cards_inline
from ..widgets.scores import end_line, worst_style
from .dim import DimmedModal


def outcome(view: SeatView) -> str:
    """The deal's headline: chelem, générale made or failed, or the plain deal."""
    result = view.results[-1]
    names = view.names
    if result.declarer is not None:
        who = names[result.declarer]
        if result.chelem == result.declarer:
            return f"{who} declared la générale and won every trick: 0 for {who}, 5 for the rest."
        return f"{who} declared la générale and lost a trick: {who} scores 5."
    if result.chelem is not None:
        who = names[result.chelem]
        return f"Chelem! {who} won every trick: 0 for {who}, 5 for everyone else."
    return "The jacks are shared out."


def summary_renderable(view: SeatView, look: CardLook) -> RenderableType:
    result = view.results[-1]
    table = Table(box=box.ASCII if look.ascii else box.SIMPLE_HEAD, pad_edge=False,
                  padding=(0, 1))
    table.add_column("Player")
    table.add_column("Jacks taken")
    table.add_column("Tricks", justify="right")
    table.add_column("Deal", justify="right")
    table.add_column("Total", justify="right")
    points = result.points or (0,) * view.players
    worst = max(view.totals)
    for seat, name in enumerate(view.names):
        jacks = view.jacks_taken[seat]
        label = Text(name, style="bold" if seat == view.seat else "")
        if seat == result.dealer:
            label.append(" (D)", style="cyan")
        if seat == result.declarer:
            label.append(" (G)", style="cyan")
        total = Text(str(view.totals[seat]),
                     style=worst_style(look.colour) if view.totals[seat] == worst and worst
                     else "bold")
        table.add_row(label, cards_inline(jacks, look) if jacks else Text("-", style="dim"),
                      str(view.tricks_won[seat]), f"+{points[seat]}", total)
    return Group(Text(outcome(view), style="bold"), table,
                 Text(end_line(view), style="italic dim"))


class SummaryScreen(DimmedModal[None]):
    """The deal summary; Enter goes on to the next deal (or to the cognac)."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    SummaryScreen {
        align: center middle;
        background: $background 50%;
    }
    SummaryScreen #summary-box {
        width: 72;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: heavy $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        background: $surface;
        padding: 0 1;
    }
    .ascii SummaryScreen #summary-box {
        border: ascii $accent;
    }
    SummaryScreen Static {
        width: 100%;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Next deal"),
        Binding("space", "close", "Next deal", show=False),
        Binding("escape", "close", "Next deal", show=False),
    ]

    def __init__(self, view: SeatView, look: CardLook, *, last: bool = False) -> None:
        super().__init__()
        self.view = view
        self.look = look
        self.last = last

    def compose(self) -> ComposeResult:
        box_ = Vertical(id="summary-box")
        box_.border_title = f"Deal {self.view.deal_number} is over"
        box_.border_subtitle = "Enter: " + ("the end" if self.last else "next deal")
        with box_:
            yield Static(summary_renderable(self.view, self.look), id="summary")

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
