"""The end of a session: who pays the cognac, who wins, the final table."""

from __future__ import annotations

from typing import ClassVar

from rich.align import Align
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import SeatView
from ..cardtext import CardLook
from ..widgets.scores import LEGEND, LEGEND_ASCII, full


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def declaration(view: SeatView) -> tuple[str, str]:
    """(who pays the cognac, who wins) in words."""
    losers = [view.names[s] for s in view.losers]
    winners = [view.names[s] for s in view.winners]
    if len(losers) == 1:
        pays = f"{losers[0]} pays the cognac!"
    elif len(losers) == view.players:
        pays = "Everyone is tied: you all pay the cognac!"
    else:
        pays = f"{_names(losers)} tie for the most points: they all pay the cognac!"
    if view.seat in view.losers and len(losers) == 1:
        pays = f"You pay the cognac, {losers[0]}!"
    wins = f"Winner{'s' if len(winners) > 1 else ''}: {_names(winners)}" if winners else \
        "Nobody wins."
    return pays, wins


class CognacScreen(Screen[None]):
    """The declaration of the loser(s) and the winners, and the final score table."""

    DEFAULT_CSS = """
    CognacScreen {
        align: center top;
    }
    CognacScreen #cognac-title {
        width: 100%;
        text-align: center;
        text-style: bold;
        color: $warning;
        margin-top: 1;
    }
    CognacScreen .declaration {
        width: 100%;
        text-align: center;
    }
    CognacScreen #cognac-pays {
        text-style: bold;
        color: $error;
        margin-top: 1;
    }
    CognacScreen #cognac-wins {
        text-style: bold;
        color: $success;
        margin-bottom: 1;
    }
    CognacScreen VerticalScroll {
        height: 1fr;
        align-horizontal: center;
    }
    CognacScreen #cognac-table {
        width: 100%;
    }
    CognacScreen #cognac-legend {
        width: 100%;
        margin-top: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "home", "Back home"),
        Binding("escape", "home", "Back home", show=False),
        Binding("q", "home", "Back home", show=False),
    ]

    def __init__(self, view: SeatView, look: CardLook) -> None:
        super().__init__()
        self.view = view
        self.look = look

    def compose(self) -> ComposeResult:
        pays, wins = declaration(self.view)
        yield Static("The session is over: the cognac!", id="cognac-title")
        yield Static(Text(pays), id="cognac-pays", classes="declaration")
        yield Static(Text(wins), id="cognac-wins", classes="declaration")
        with VerticalScroll():
            yield Static(Align.center(full(self.view, self.look.ascii, title="Final table")),
                         id="cognac-table")
            legend = LEGEND_ASCII if self.look.ascii else LEGEND
            yield Static(Text(legend, style="dim", justify="center"), id="cognac-legend")
        yield Footer()

    def action_home(self) -> None:
        self.dismiss(None)
