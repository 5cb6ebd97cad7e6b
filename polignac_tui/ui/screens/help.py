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

from ...games import game_names
from ...i18n import N_, _, tr
from ..asciimode import key_words
from ..chrome import Footer, header
from ..gameface import HelpEntry, face_of

# (title, module under polignac_tui.ui, class name, keys handled by widgets inside); each
# game's own dialogs come from its FACE (``help_screens``), after the entry they follow
SCREENS: tuple[HelpEntry, ...] = (
    (N_("Everywhere"), "app", "CardGamesApp", (
        ("ctrl+p", N_("command palette: the main actions by name")),
        ("tab / shift+tab", N_("move between fields and buttons")),
    )),
    (N_("Home"), "screens.home", "HomeScreen", (
        ("↑ ↓ enter", N_("choose from the menu")),
    )),
    (N_("Talk line (a table of the service, its lobby)"), "widgets.talk", "TalkBar", (
        ("' / \"", N_("open the talk line / every line said, with a key to mute each person")),
        ("enter", N_("say the line to everyone at the table (or in the lobby)")),
        ("1-5", N_("on an empty line: a quick phrase (Well played!, Bravo, Ouch, Good luck, "
                   "Thanks)")),
    )),
    (N_("All the talk"), "screens.talk", "TalkScreen", (
        ("1-9", N_("mute the person of that number for you, or hear them again")),
    )),
    (N_("Privacy screen (several humans)"), "screens.privacy", "PrivacyScreen", ()),
    (N_("Last trick, tricks, scores"), "screens.panels", "Overlay", ()),
    (N_("End of a deal"), "screens.panels", "DealOverBox", ()),
    (N_("End of the match"), "screens.panels", "MatchOverBox", ()),
    (N_("Table"), "screens.table", "TableScreen", (
        ("1-9, 0, -, =", N_("select a card by its key; the same key again plays it (in a "
                           "discard: marks or unmarks it)")),
        ("click", N_("select a card with the mouse; a click on the selected card plays it")),
        ("[p] [l] ...", N_("the words you may say now: the key in brackets on each button")),
    )),
    (N_("New session"), "screens.new_session", "NewSessionScreen", (
        ("enter", N_("open a choice; ↑ ↓ then enter to pick")),
    )),
    (N_("Saved sessions"), "screens.saved", "SavedScreen", (
        ("↑ ↓", N_("move along the list")),
    )),
    (N_("Delete a saved session?"), "screens.saved", "ConfirmDelete", ()),
    (N_("Replay and review"), "screens.replay", "ReplayScreen", ()),
    (N_("A session's chart"), "screens.charts", "SessionChartScreen", ()),
    (N_("Statistics"), "screens.charts", "StatsScreen", ()),
    (N_("The club's book (lobby: b)"), "screens.club", "ClubScreen", (
        ("↑ ↓", N_("move along the list")),
    )),
    (N_("A player's page in the club's book"), "screens.club", "PlayerScreen", ()),
    (N_("The club's ledger"), "screens.club", "LedgerScreen", ()),
    (N_("Rules"), "screens.rules", "RulesScreen", ()),
    (N_("Settings"), "screens.settings", "SettingsScreen", ()),
    (N_("Help"), "screens.help", "HelpScreen", ()),
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
        if module.startswith("face:"):    # a game's own screen, through its FACE
            cls = face_of(module[len("face:"):]).screens[name]
        else:
            full = module if module.startswith("polignac_tui.") else f"polignac_tui.ui.{module}"
            cls = getattr(importlib.import_module(full), name)
    except (ImportError, AttributeError, KeyError):
        return []
    rows: dict[str, tuple[list[str], str]] = {}
    # keys that only repeat what is shown
    hidden: frozenset[str] = getattr(cls, "HELP_HIDDEN", frozenset())
    for item in getattr(cls, "BINDINGS", []):
        if isinstance(item, Binding):
            key, action = item.key, item.action
            text = item.tooltip or item.description
            if item.key_display:
                key = item.key_display
        else:
            key, action = item[0], item[1]
            text = item[2] if len(item) > 2 else ""
        if action in hidden:
            continue
        text = tr(text) if text else action.replace("_", " ").split(".")[-1]
        keys, known = rows.setdefault(action, ([], text))
        keys.append(describe_key(key))
        if len(text) > len(known):
            rows[action] = (keys, text)
    return [(" / ".join(keys), text) for keys, text in rows.values()]


def entries() -> list[HelpEntry]:
    """The house's screens, each followed by the games' own dialogs that come after it."""
    faces = [face_of(game) for game in game_names()]
    found: list[HelpEntry] = []
    for entry in SCREENS:
        found.append(entry)
        for face in faces:
            found.extend(face.help_screens.get(entry[2], ()))
    return found


def sections() -> list[tuple[str, list[tuple[str, str]]]]:
    """(screen title, [(keys, what they do)]) for every screen that exists."""
    found = []
    for title, module, name, extra in entries():
        rows = bindings_of(module, name) + [(keys, tr(text)) for keys, text in extra]
        if rows:
            found.append((tr(title), rows))
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
        rows = bindings_of(module, name) + [(keys, tr(text)) for keys, text in extra]
        if not rows:
            continue
        parts.append(f"[b $accent]{escape(tr(title))}[/]")
        parts += [f"  [b]{escape(key):<16}[/] {escape(text)}" for key, text in rows]
        parts.append("")
    return "\n".join(parts).rstrip()


class HelpScreen(Screen[None]):
    """Every key, screen by screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "app.pop_screen", N_("Back"), key_display="esc"),
    ]

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with VerticalScroll(id="help"):
            yield Static(_("Keys"), classes="screen-title")
            ascii = self.app.has_class("ascii")
            for title, rows in sections():
                if ascii:
                    rows = [(key_words(keys), key_words(text)) for keys, text in rows]
                yield Static(title, classes="section-title")
                yield Static(key_table(rows), classes="help-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help").focus()
