"""Shown instead of a broken layout while the terminal is smaller than the table needs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ..chrome import while_shown
from ..handle import polignac_app


class TooSmallScreen(Screen[None]):
    """A full-screen "enlarge the terminal" message; it goes away once the terminal fits."""

    BINDINGS: ClassVar[list[BindingType]] = [("ctrl+q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.message(), id="too-small-message")

    def message(self) -> str:
        from ..app import MIN_HEIGHT, MIN_WIDTH
        width, height = self.app.size
        return (f"Enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT} "
                f"(now {width}×{height}).\n\nctrl+q quits; nothing is lost.")

    @while_shown
    def refresh_size(self) -> None:
        self.query_one("#too-small-message", Static).update(self.message())

    def on_resize(self) -> None:
        self.refresh_size()
        polignac_app(self.app).check_size()
