"""The lobby's new table of Écarté or Piquet: which game, and against whom.

A table of two seats: yours and a friend's (an open seat), or yours against a computer,
with the game's first preset (Polignac's tables have the New session form). Dismissed
with ``(game, opponent)``: ``opponent`` is ``open`` or a level; None when left with
Escape.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...games import game_names, get_game
from ...i18n import N_, _
from ..chrome import Footer
from .dim import DimmedModal

Pick = tuple[str, str]        # (game, "open" or a computer's level)


def duels() -> tuple[tuple[str, str], ...]:
    """The games of two that a served table may be of, by title (the registry's order)."""
    return tuple((name, get_game(name).title) for name in game_names()
                 if get_game(name).max_players == 2)


def picks(games: tuple[str, ...], level: str) -> list[tuple[Pick, str]]:
    """The choices offered for the games the service hosts, each with its words."""
    out: list[tuple[Pick, str]] = []
    for game, title in duels():
        if game in games:
            out.append(((game, "open"), _("{game} with a friend (an open seat)").format(
                game=title)))
            out.append(((game, level), _("{game} against the computer").format(game=title)))
    return out


class GamePickScreen(DimmedModal[Pick | None]):
    """Which game the new table is of."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    GamePickScreen {
        align: center middle;
    }
    GamePickScreen #pick-box {
        width: 60;
        height: auto;
        border: heavy $accent;
        padding: 0 1;
    }
    .ascii GamePickScreen #pick-box {
        border: ascii $accent;
    }
    GamePickScreen #pick-title {
        text-style: bold;
        color: $accent;
    }
    GamePickScreen OptionList {
        height: auto;
        max-height: 10;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back")),
    ]

    def __init__(self, games: tuple[str, ...], level: str) -> None:
        super().__init__()
        self.choices = picks(games, level)

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(_("Which game is the new table of?"), id="pick-title", markup=False)
            yield OptionList(*(Option(words, id=str(i))
                               for i, (_pick, words) in enumerate(self.choices)),
                             id="pick-games", markup=False)
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        self.dismiss(self.choices[index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)
