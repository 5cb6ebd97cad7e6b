"""Overlays on the table: the last trick, the trick log, the scores."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ...i18n import N_, _
from .dim import DimmedModal


class Overlay(DimmedModal[None]):
    """A framed panel over the table; Esc (or its own key) closes it."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    Overlay {
        align: center middle;
    }
    Overlay #overlay-box {
        width: 78;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        background: $surface;
        padding: 0 1;
    }
    .ascii Overlay #overlay-box {
        border: ascii $accent;
    }
    Overlay VerticalScroll {
        height: auto;
        max-height: 20;
        width: 100%;
    }
    Overlay Static {
        width: 100%;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("enter", "close", N_("Close"), show=False),
    ]

    def __init__(self, title: str, body: RenderableType, close_key: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.close_key = close_key

    def compose(self) -> ComposeResult:
        box = Vertical(id="overlay-box")
        box.border_title = self.title_text
        box.border_subtitle = _("Esc or {key}: close").format(key=self.close_key)
        with box, VerticalScroll():
            yield Static(self.body)

    def on_key(self, event: events.Key) -> None:
        if event.key == self.close_key:
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
