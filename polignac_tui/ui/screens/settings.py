"""Settings: theme, pace, after each trick, ASCII, four colours, default preset, your
name; saved at once."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Label, Select, Static

from ...config import (
    DEFAULT_NAME,
    LANGUAGE_CHOICES,
    PACES,
    SETTING_LABELS,
    THEMES,
    check,
    default_name,
    presets,
)
from ...games import FIRST_GAME
from ...i18n import LANGUAGE_NAMES, N_, _, tr
from ..chrome import Footer, header
from ..formfields import MarkedFocus, TextField, on_off, show_problem
from ..gameface import face_of
from ..handle import card_games_app

HELP = {
    "name": N_("The name of your seat in new sessions."),
    "theme": N_("The colours of the whole app."),
    "pace": N_("How long each computer card stays before the next: instant, fast, normal, "
               "slow."),
    "after_trick": N_("A finished trick stays until you press a key, or for a pause (the "
                      "pace's); auto: a key when you won it or a jack fell, else a pause."),
    "ascii": N_("Suits as letters and borders in plain ASCII, for terminals without "
                "glyphs."),
    "four_colour": N_("♦ and ♣ in their own colours (blue and green), not like ♥ and ♠."),
    "default_preset": N_("The preset a new session starts from."),
    "language": N_("The language of the app; automatic: the environment's (LANG)."),
}


def after_trick_choices() -> list[tuple[str, str]]:
    return [(_("auto"), "auto"), (_("wait for a key"), "key"), (_("pause"), "pause")]


def pace_choices() -> list[tuple[str, str]]:
    words = {"instant": _("instant"), "fast": _("fast"), "normal": _("normal"),
             "slow": _("slow")}
    return [(words.get(p, p), p) for p in PACES]


def language_choices() -> list[tuple[str, str]]:
    """Each language in its own name (found by whoever does not read the current one)."""
    return [(_("automatic") if code == "auto" else LANGUAGE_NAMES[code], code)
            for code in LANGUAGE_CHOICES]


class SettingsScreen(MarkedFocus, Screen[None]):
    """Every user setting, each saved as soon as it changes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("f1,question_mark", "app.help", N_("Help"), key_display="f1",
                tooltip=N_("every key of every screen")),
    ]

    def compose(self) -> ComposeResult:
        s = card_games_app(self.app).settings
        yield header(self.app)
        with VerticalScroll(id="settings", classes="form", can_focus=False):
            yield Static(_("Settings (saved as soon as you change them)"),
                         classes="screen-title")
            yield from self.row("language", Select(language_choices(), value=s.language,
                                                   id="language", allow_blank=False,
                                                   compact=True))
            # Until you type a name, your seat's default in the language on screen (Toi, Tu).
            yield from self.row("name", TextField(s.your_name(), id="name", compact=True,
                                                  max_length=24))
            themes = [*THEMES, *([s.theme] if s.theme not in THEMES else [])]
            yield from self.row("theme", Select([(t, t) for t in themes], value=s.theme,
                                                id="theme", allow_blank=False, compact=True))
            yield from self.row("pace", Select(pace_choices(), value=s.pace,
                                               id="pace", allow_blank=False, compact=True))
            yield from self.row("after_trick", Select(after_trick_choices(), value=s.after_trick,
                                                      id="after_trick", allow_blank=False,
                                                      compact=True))
            yield from self.row("ascii", Select(on_off(), value=s.ascii, id="ascii",
                                                allow_blank=False, compact=True))
            yield from self.row("four_colour", Select(on_off(), value=s.four_colour,
                                                      id="four_colour", allow_blank=False,
                                                      compact=True))
            yield from self.row("default_preset", Select(
                [(face_of(FIRST_GAME).preset_title(p) or p, p) for p in presets()],
                value=s.default_preset,
                id="default_preset", allow_blank=False, compact=True))
        yield Footer()

    def row(self, name: str, widget: Any) -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(tr(SETTING_LABELS[name]), classes="field-label")
            yield widget
        yield Static(tr(HELP[name]), classes="field-help")
        yield Static("", id=f"{name}-error", classes="field-error", markup=False)

    def on_mount(self) -> None:
        # the first field, a choice Enter opens (Language, found by whoever does not
        # read the language on screen), and Tab goes down from there
        self.query_one("#language", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        name = event.select.id or ""
        if event.value is Select.NULL:
            return
        self.change(name, event.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "name":
            name = event.value.strip()
            # The default as shown (Toi) is not a typed name: kept as the default, which
            # follows the language; settings.toml gets no name for it.
            self.change("name", DEFAULT_NAME if name == default_name() else name)

    def change(self, name: str, value: Any) -> None:
        settings = card_games_app(self.app).settings
        error = self.query_one(f"#{name}-error", Static)
        why = check(name, value)
        if why is not None:
            show_problem(error, _("Not saved: {why}.").format(why=why))
            return
        show_problem(error, "")
        if getattr(settings, name) == value:
            return
        setattr(settings, name, value)
        if name == "ascii":  # chosen here: kept, even if --ascii started this run
            card_games_app(self.app).ascii_for_this_run = False
        card_games_app(self.app).save_settings()
        card_games_app(self.app).apply_settings()   # a new language recomposes this screen
