"""Shown instead of a broken layout while the terminal is smaller than the table needs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _
from ..chrome import while_shown
from ..handle import card_games_app


class TooSmallScreen(Screen[None]):
    """A full-screen "enlarge the terminal" message; it goes away once the terminal fits."""

    BINDINGS: ClassVar[list[BindingType]] = [("ctrl+q", "app.quit", N_("Quit"))]

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.message(), id="too-small-message")

    def message(self) -> str:
        from ..app import MIN_HEIGHT, MIN_WIDTH
        width, height = self.app.size
        return _("Enlarge the terminal to at least {width}×{height} (now {now_width}×"
                 "{now_height}).\n\nctrl+q quits; nothing is lost.").format(
            width=MIN_WIDTH, height=MIN_HEIGHT, now_width=width, now_height=height)

    @while_shown
    def refresh_size(self) -> None:
        self.query_one("#too-small-message", Static).update(self.message())

    def on_resize(self) -> None:
        self.refresh_size()
        card_games_app(self.app).check_size()
