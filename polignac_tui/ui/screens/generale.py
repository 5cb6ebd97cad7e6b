"""La générale: the human is asked, before the first card, whether to declare it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from .dim import DimmedModal


class GeneraleScreen(DimmedModal[bool]):
    """Declare la générale (promise to win every trick) or pass; your hand stays in sight."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
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
    .ascii GeneraleScreen #generale-box {
        border: ascii $warning;
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
    GeneraleScreen #generale-hint {
        color: $text-muted;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "answer(True)", "Declare"),
        Binding("p", "answer(False)", "Pass"),
        Binding("h", "hint", "Hint"),
        Binding("escape", "answer(False)", "Pass", show=False),
    ]

    def __init__(self, name: str, passed: list[str], *, leads: bool,
                 hint: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.player_name = name
        self.passed = passed
        self.leads = leads
        self.hint = hint       # the expert's advice (slow: called in a thread worker)

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
            yield Static("h: a hint from the expert", id="generale-hint")

    def on_mount(self) -> None:
        self.query_one("#pass", Button).focus()

    def action_hint(self) -> None:
        label = self.query_one("#generale-hint", Static)
        if self.hint is None:
            label.update("No hint available.")
            return
        label.update("Thinking...")
        hint = self.hint

        def work() -> None:
            try:
                reason = str(getattr(hint(), "reason", "")) or "No hint available."
            except Exception:  # no hint is better than a crash
                reason = "No hint available."
            with contextlib.suppress(RuntimeError):
                self.app.call_from_thread(label.update, f"Hint: {reason}")

        self.run_worker(work, thread=True, group="hint", exit_on_error=False)

    def action_answer(self, declare: bool) -> None:
        self.dismiss(declare)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "declare")
