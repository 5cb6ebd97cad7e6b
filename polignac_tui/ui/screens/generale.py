"""La générale: the human is asked, before the first card, whether to declare it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from .dim import DimmedModal


class GeneraleScreen(DimmedModal[bool]):
    """Declare la générale (promise to win every trick) or pass; your hand stays in sight."""

    DEFAULT_CSS = """
    GeneraleScreen {
        align: center top;
        background: $background 30%;
    }
    GeneraleScreen #generale-box {
        margin-top: 2;
        width: 64;
        height: auto;
        border: heavy $warning;
        background: $surface;
        padding: 0 2;
    }
    GeneraleScreen #generale-title {
        text-style: bold;
        color: $warning;
    }
    GeneraleScreen Horizontal {
        height: auto;
        align: center middle;
    }
    GeneraleScreen Button {
        margin: 0 2;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "answer(True)", "Declare"),
        Binding("p", "answer(False)", "Pass"),
        Binding("escape", "answer(False)", "Pass", show=False),
    ]

    def __init__(self, name: str, passed: list[str], *, leads: bool) -> None:
        super().__init__()
        self.player_name = name
        self.passed = passed
        self.leads = leads

    def compose(self) -> ComposeResult:
        with Vertical(id="generale-box"):
            yield Static(f"La générale? ({self.player_name})", id="generale-title")
            before = (", ".join(self.passed) + " passed. ") if self.passed else ""
            yield Static(
                f"{before}Declare it and you promise to win every trick: you lead, and "
                "if you win them all you score 0 and everyone else 5; lose one trick and "
                "you score 5."
            )
            with Horizontal():
                yield Button("Declare (d)", id="declare", variant="warning")
                yield Button("Pass (p)", id="pass", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#pass", Button).focus()

    def action_answer(self, declare: bool) -> None:
        self.dismiss(declare)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "declare")
