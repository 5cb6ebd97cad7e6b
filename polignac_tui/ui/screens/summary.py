"""After each deal: who took which jacks, chelem or générale, the deal's points, new totals."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import SeatView
from ..cardtext import CardLook, cards_inline, says, who
from ..chrome import Footer
from ..widgets.header import generale_failed
from ..widgets.scores import end_line, worst_style
from ..widgets.tricklog import trick_table
from .dim import DimmedModal
from .panels import Overlay


def outcome(view: SeatView) -> str:
    """The deal's headline: chelem, générale made or failed, or the plain deal."""
    result = view.results[-1]
    if result.declarer is not None:
        name, them = who(view, result.declarer, capital=True), who(view, result.declarer)
        if result.chelem == result.declarer:
            return (f"{name} declared la générale and won every trick: 0 for {them}, "
                    "5 for the rest.")
        scores = says(view, result.declarer, "scores", "score", capital=False)
        return f"{name} declared la générale and lost a trick: {scores} 5."
    if result.chelem is not None:
        name, them = who(view, result.chelem, capital=True), who(view, result.chelem)
        return f"Chelem! {name} won every trick: 0 for {them}, 5 for everyone else."
    for seat, jacks in enumerate(view.jacks_taken):
        if len(jacks) == 4:
            return f"{who(view, seat, capital=True)} took all four jacks."
    return "The jacks are shared out."


def penalties(view: SeatView) -> str:
    """``"+1 first trick (Anna) · +1 last trick (Bruno)"``: points that are not jacks."""
    result = view.results[-1]
    rules = view.rules
    if result.chelem is not None or not view.tricks:
        return ""
    parts = []
    first, last = view.tricks[0].winner, view.tricks[-1].winner
    if rules.first_trick_penalty and first != result.declarer:
        parts.append(f"+1 first trick ({who(view, first)})")
    if (rules.last_trick_penalty and len(view.tricks) == view.tricks_total
            and last != result.declarer):
        parts.append(f"+1 last trick ({who(view, last)})")
    return " · ".join(parts)


def early_end(view: SeatView) -> str:
    """Why the deal ended before its last trick, or "" when every trick was played."""
    left = view.tricks_total - len(view.tricks)
    if left <= 0 or view.phase != "over":
        return ""
    tricks = "trick is" if left == 1 else f"{left} tricks are"
    jacks = "All four jacks are taken"
    if view.declarer is not None and generale_failed(view):
        jacks += " and la générale has failed"
    return f"{jacks}: the last {tricks} not played."


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
    lines: list[RenderableType] = [Text(outcome(view), style="bold")]
    for line in (penalties(view), early_end(view)):
        if line:
            lines.append(Text(line.replace("·", "-") if look.ascii else line))
    return Group(*lines, table, Text(end_line(view), style="italic dim"))


class SummaryScreen(DimmedModal[None]):
    """The deal summary; Enter goes on to the next deal (or to the cognac)."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    SummaryScreen {
        align: center middle;
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
        Binding("enter", "close", "Continue", key_display="Enter"),
        Binding("space", "close", "Next deal", show=False),
        Binding("escape", "close", "Next deal", show=False),
        Binding("t", "tricks", "Tricks of this deal"),
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
        yield Footer(compact=True, show_command_palette=False)

    def action_tricks(self) -> None:
        """The tricks of the deal just finished (Esc or t closes them)."""
        self.app.push_screen(Overlay(f"Deal {self.view.deal_number}: tricks",
                                     trick_table(self.view, self.look, title=""), "t"))

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click on the box goes on (a click on the Footer runs its key instead)."""
        widget = event.widget
        if widget is not None and any(isinstance(n, Footer) for n in widget.ancestors_with_self):
            return
        self.dismiss(None)
