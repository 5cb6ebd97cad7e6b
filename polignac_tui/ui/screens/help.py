"""Help: every key of every screen, read from the screens' own bindings."""

from __future__ import annotations

import importlib
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Static

from ..asciimode import key_words
from ..chrome import Footer, header

# (title, module under polignac_tui.ui, class name, keys handled by widgets inside)
SCREENS: tuple[tuple[str, str, str, tuple[tuple[str, str], ...]], ...] = (
    ("Everywhere", "app", "PolignacApp", (
        ("ctrl+p", "command palette: the main actions by name"),
        ("tab / shift+tab", "move between fields and buttons"),
    )),
    ("Home", "screens.home", "HomeScreen", (
        ("↑ ↓ enter", "choose from the menu"),
    )),
    ("Table", "screens.table", "TableScreen", (
        ("1-9, 0", "select a card by its number; the same number again plays it"),
        ("click", "play a card with the mouse"),
    )),
    ("La générale question", "screens.generale", "GeneraleScreen", ()),
    ("Privacy screen (several humans)", "screens.privacy", "PrivacyScreen", ()),
    ("Last trick, tricks, scores", "screens.panels", "Overlay", ()),
    ("Rules panel", "screens.panels", "RulesOverlay", ()),
    ("Deal summary", "screens.summary", "SummaryScreen", ()),
    ("End of session", "screens.cognac", "CognacScreen", ()),
    ("New session", "screens.new_session", "NewSessionScreen", (
        ("enter", "open a choice; ↑ ↓ then enter to pick"),
    )),
    ("Saved sessions", "screens.saved", "SavedScreen", (
        ("↑ ↓", "move along the list"),
    )),
    ("Delete a saved session?", "screens.saved", "ConfirmDelete", ()),
    ("Replay and review", "screens.replay", "ReplayScreen", ()),
    ("A session's chart", "screens.charts", "SessionChartScreen", ()),
    ("Statistics", "screens.charts", "StatsScreen", ()),
    ("Rules", "screens.rules", "RulesScreen", ()),
    ("Settings", "screens.settings", "SettingsScreen", ()),
    ("Help", "screens.help", "HelpScreen", ()),
)


def describe_key(key: str) -> str:
    names = {"question_mark": "?", "escape": "esc", "comma": ",", "full_stop": ".",
             "left_square_bracket": "[", "right_square_bracket": "]", "space": "space",
             "slash": "/", "plus": "+", "minus": "-", "enter": "enter"}
    return " / ".join(names.get(k.strip(), k.strip()) for k in key.split(","))


def bindings_of(module: str, name: str) -> list[tuple[str, str]]:
    """(keys, what they do) of a screen's bindings, keys of the same action merged;
    empty when the screen does not exist (yet)."""
    try:
        cls = getattr(importlib.import_module(f"polignac_tui.ui.{module}"), name)
    except (ImportError, AttributeError):
        return []
    rows: dict[str, tuple[list[str], str]] = {}
    for item in getattr(cls, "BINDINGS", []):
        if isinstance(item, Binding):
            key, action = item.key, item.action
            text = item.tooltip or item.description
            if item.key_display:
                key = item.key_display
        else:
            key, action = item[0], item[1]
            text = item[2] if len(item) > 2 else ""
        text = text or action.replace("_", " ").split(".")[-1]
        keys, known = rows.setdefault(action, ([], text))
        keys.append(describe_key(key))
        if len(text) > len(known):
            rows[action] = (keys, text)
    return [(" / ".join(keys), text) for keys, text in rows.values()]


def sections() -> list[tuple[str, list[tuple[str, str]]]]:
    """(screen title, [(keys, what they do)]) for every screen that exists."""
    found = []
    for title, module, name, extra in SCREENS:
        rows = bindings_of(module, name) + list(extra)
        if rows:
            found.append((title, rows))
    return found


def key_table(rows: list[tuple[str, str]]) -> Table:
    """Keys and what they do in two columns; long descriptions wrap in their column."""
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True, min_width=16)
    table.add_column(ratio=1)
    for keys, text in rows:
        table.add_row(keys, text)
    return table


def help_text() -> str:
    """Every key of every screen, as content markup."""
    parts: list[str] = []
    for title, module, name, extra in SCREENS:
        rows = bindings_of(module, name) + list(extra)
        if not rows:
            continue
        parts.append(f"[b $accent]{escape(title)}[/]")
        parts += [f"  [b]{escape(key):<16}[/] {escape(text)}" for key, text in rows]
        parts.append("")
    return "\n".join(parts).rstrip()


class HelpScreen(Screen[None]):
    """Every key, screen by screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "app.pop_screen", "Back", key_display="esc"),
    ]

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with VerticalScroll(id="help"):
            yield Static("Keys", classes="screen-title")
            ascii = self.app.has_class("ascii")
            for title, rows in sections():
                if ascii:
                    rows = [(key_words(keys), key_words(text)) for keys, text in rows]
                yield Static(title, classes="section-title")
                yield Static(key_table(rows), classes="help-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help").focus()
