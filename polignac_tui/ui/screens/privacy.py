"""Several humans at one terminal: a blank screen between their turns."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.widgets import Button, Static

from ...i18n import N_, _
from ..chrome import Footer
from .dim import DismissedOnce


class PrivacyScreen(DismissedOnce[None]):
    """"Pass to Bruno, press Enter": nobody sees another player's hand."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    PrivacyScreen {
        align: center middle;
    }
    PrivacyScreen #privacy-box {
        width: 50;
        height: auto;
        border: heavy $accent;
        padding: 1 2;
    }
    .ascii PrivacyScreen #privacy-box {
        border: ascii $accent;
    }
    PrivacyScreen Static {
        width: 100%;
        text-align: center;
    }
    PrivacyScreen #privacy-name {
        text-style: bold;
        color: $accent;
        margin: 1 0;
    }
    PrivacyScreen Button {
        margin-top: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", N_("I am here")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="privacy-box"):
            yield Static(_("Hands are hidden."))
            name = self.player_name
            yield Static(Text(_("Pass to {name}").format(name=name)), id="privacy-name")
            yield Static(Text(_("{name}, press Enter to see your hand.").format(name=name)))
            with Center():
                yield Button(Text(_("I am {name}").format(name=name)), id="ready",
                             variant="primary")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
