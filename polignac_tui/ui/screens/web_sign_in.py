"""The web door's first screen: a browser has no key, so a player is a name and a code.

A new player gives a name and gets a short code (shown in the lobby); after a reload,
the same name and that code take their seat back. The code is the identity the table
service binds seats to (``web:`` + the code), so it is drawn from the system's
randomness and never derived from the name.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from ...commands.join import JoinTarget, name_problem
from ...i18n import N_, _
from ..chrome import Footer, header

# Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def shown_code(code: str) -> str:
    """"K7P4QX" as "K7P-4QX" (easier to read out and type back)."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def read_code(text: str) -> str | None:
    """A typed code (any case, spaces and dashes ignored), or None when it is not one."""
    code = "".join(c for c in text.upper() if c not in " -")
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


class WebSignInScreen(Screen[None]):
    """Name and (to take a seat back) code, then the lobby."""

    DEFAULT_CSS = """
    WebSignInScreen #sign-in {
        padding: 1 2;
        max-width: 64;
    }
    WebSignInScreen Input {
        margin-bottom: 1;
    }
    WebSignInScreen #sign-in-problem {
        color: $error;
        height: auto;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", N_("Quit")),
    ]

    def __init__(self, socket: Path) -> None:
        super().__init__()
        self.socket = socket

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="sign-in"):
            yield Static(_("Your name at the tables"), markup=False)
            yield Input(id="name", max_length=24, placeholder=_("e.g. Anna"))
            yield Static(_("Your code, if you had a seat before (tab to it; else leave it "
                         "empty)"), markup=False)
            yield Input(id="code", max_length=12, placeholder=_("e.g. K7P-4QX"))
            yield Button(_("Come in"), id="come-in", variant="primary")
            yield Static("", id="sign-in-problem", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in either field comes in (a new player types a name and Enter; one who
        has a code tabs to it first)."""
        self.come_in()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "come-in":
            self.come_in()

    def come_in(self) -> None:
        from .lobby import LobbyScreen
        name = self.query_one("#name", Input).value.strip()
        problem = name_problem(name)
        typed = self.query_one("#code", Input).value.strip()
        code = read_code(typed) if typed else new_code()
        if problem is None and code is None:
            problem = (f"{typed!r} is not a code: six letters and digits, "
                       "as the lobby showed it (e.g. K7P-4QX).")
        if problem is not None or code is None:
            problem = problem or ""
            self.query_one("#sign-in-problem", Static).update(problem[:1].upper() + problem[1:])
            return
        self.app.switch_screen(LobbyScreen(JoinTarget(self.socket, f"web:{code}", name,
                                                      code=shown_code(code))))
