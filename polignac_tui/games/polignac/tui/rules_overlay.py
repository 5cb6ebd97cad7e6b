"""The rules panel of the session in play, over Polignac's table (r)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from ....i18n import N_, _
from ....ui.chrome import while_shown
from ....ui.screens.dim import DimmedModal
from ..engine import Rules
from .rules_panel import RulesPanel


class RulesOverlay(DimmedModal[None]):
    """The rules panel of the session in play (r)."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    RulesOverlay {
        align: center middle;
    }
    .ascii RulesOverlay #rules-box {
        border: ascii $accent;
    }
    RulesOverlay #rules-box {
        width: 100%;
        max-width: 100;
        height: 100%;
        border: round $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("r", "close", N_("Close"), show=False),
    ]

    def __init__(self, rules: Rules, players: int, ascii: bool = False) -> None:
        super().__init__()
        self.rules = rules
        self.players = players
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        box = Vertical(id="rules-box")
        box.border_title = _("Rules of this session")
        box.border_subtitle = _("↑ ↓ scroll · Esc or r: close") if not self.ascii else \
            _("up/down scroll - Esc or r: close")
        with box:
            yield RulesPanel(self.rules, self.players, ascii=self.ascii)

    @while_shown
    def on_mount(self) -> None:
        self.query_one(RulesPanel).focus()

    def action_close(self) -> None:
        self.dismiss(None)
