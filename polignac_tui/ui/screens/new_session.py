"""New session, and the lobby's new table: the game, a preset, the seats, every setting the
game describes (``Game.described``), the name; problems explained inline.

One form for every game: its fields come from the game's settings described, its players'
count and its FACE's words; what it gives is the seam's ``Settings``, names and seats, as
``Game.table_settings`` (the service's own check of a new table) reads them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, overload

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from ...config import default_name
from ...games import FIRST_GAME, game_names, get_game
from ...games.base import Game
from ...games.errors import RuleError
from ...games.session import MAX_SESSION_NAME, SeatPlayer
from ...games.settings import CUSTOM, Setting, Settings
from ...i18n import N_, _, pgettext, tr
from ..chrome import Footer, header, while_shown
from ..formfields import FOCUS_CSS, MarkedFocus, TextField, on_off, show_problem
from ..gameface import GameFace, face_of, preset_words
from ..handle import card_games_app
from ..seats import (
    DEFAULT_LEVEL,
    LEVELS,
    MAX_NAME,
    computer_names,
    name_problem,
    start_players,
    start_preset,
)
from ..textfmt import level_name

W = TypeVar("W", bound=Widget)
# Names that say nobody in particular once several people share the screen.
AMBIGUOUS_NAMES = ("you", "me", "player")


@dataclass(frozen=True, slots=True)
class Chosen:
    """What the form gives: a game, its settings, who sits where, the session's name.
    ``choices``: each seat's ``human`` (at a table of the service: yours), ``open`` (for a
    friend, at a table of the service) or a computer's level; ``names``: "" for an open
    seat."""

    game: str
    settings: Settings
    names: tuple[str, ...]
    choices: tuple[str, ...]
    name: str

    def seats(self) -> list[SeatPlayer]:
        """The seats of a session played here."""
        return [SeatPlayer(True) if c == "human" else SeatPlayer(False, c) for c in self.choices]


def seat_choices(lobby: bool = False) -> list[tuple[str, str]]:
    """A seat's choices in the current language: a human (yours at a table of the
    service, or open for a friend there) or a computer of a level."""
    computers = [(_("computer, {level}").format(level=level_name(level)), level)
                 for level in LEVELS]
    if lobby:
        return [(_("you"), "human"), (_("open for a friend"), "open"), *computers]
    return [(_("human"), "human"), *computers]


def setting_options(face: GameFace, setting: Setting) -> list[tuple[str, Any]]:
    """The choices of a setting in words (on/off, or its choices in the game's words)."""
    if setting.kind == "bool":
        return on_off()
    return [(face.value_label(c), c) for c in setting.choices]


def optional(game: Game, setting: Setting) -> bool:
    """A setting with the same value in every preset (an optional variant): a new preset
    keeps it as chosen (F32)."""
    return len({setting.defaults[p] for p in game.presets}) == 1


def default_seat(index: int, your_name: str) -> tuple[str, str]:
    """Seat ``index``'s name and choice: you first, then computers of the default level."""
    if index == 0:
        return your_name, "human"
    return computer_names(your_name, index)[index - 1], DEFAULT_LEVEL


class NewSessionScreen(MarkedFocus, Screen[None]):
    """Choose the game and a preset, change any setting, name the seats, start."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start"), priority=True,
                tooltip=N_("start the session (problems are shown in red first)")),
        Binding("m", "more", N_("More settings"),
                tooltip=N_("the other settings, each with its explanation (m again hides them)")),
        Binding("escape", "app.pop_screen", N_("Back"), tooltip=N_("back, starting nothing")),
        Binding("f1", "app.help", N_("Help")),
    ]
    CSS = FOCUS_CSS + """
    NewSessionScreen .more-settings, NewSessionScreen #more-session {
        height: auto;
        display: none;
    }
    NewSessionScreen .more-settings.-shown, NewSessionScreen #more-session.-shown {
        display: block;
    }
    NewSessionScreen .form > .field.setting, NewSessionScreen .form > #name-row {
        margin-top: 0;
    }
    NewSessionScreen .form > .field.setting.first {
        margin-top: 1;
    }
    NewSessionScreen #title-line.has-focus > Label {
        text-style: bold reverse;
    }
    NewSessionScreen #title-line > Select:focus > SelectCurrent {
        background: $accent 35%;
        text-style: bold;
    }
    NewSessionScreen .field-label-short {
        margin: 0 1 0 3;
    }
    NewSessionScreen .field .number {
        width: 8;
    }
    NewSessionScreen .field .players {
        width: 8;
    }
    NewSessionScreen .field .preset {
        width: 24;
    }
    NewSessionScreen .buttons {
        margin: 1 0 0 0;
    }
    NewSessionScreen .buttons Button {
        margin-right: 2;
    }
    NewSessionScreen .field-help.wide {
        padding-left: 2;
    }
    NewSessionScreen .form > #title-line {
        height: 1;
        margin: 0 0 1 0;
    }
    NewSessionScreen #title-line .screen-title {
        width: auto;
        margin: 0 4 0 0;
    }
    NewSessionScreen #title-line #game {
        width: 20;
        margin-left: 1;
    }
    """

    def __init__(self, on_create: Callable[[Chosen], None] | None = None,
                 your_name: str | None = None, games: tuple[str, ...] | None = None) -> None:
        """``on_create``: a table of the table service (the lobby's): seats may be open for
        a friend, exactly one is yours, and Start hands what was chosen to it; ``games``:
        the games offered (every game of the house when None)."""
        super().__init__()
        self.on_create = on_create
        self.your_name = your_name
        offered = games if games is not None else game_names()
        self.games = tuple(g for g in game_names() if g in offered) or (FIRST_GAME,)
        self.validation_due = False
        # per game: the preset its numbers came from, and the players they were for (a
        # number from a preset follows the table's size and the choices; a typed one stays)
        self.numbers_from: dict[str, tuple[str, int]] = {}

    # -- the form ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        settings = card_games_app(self.app).settings
        you = self.your_name or settings.your_name()
        yield header(self.app)
        with VerticalScroll(id="new-session", classes="form", can_focus=False):
            # the game first, on the title's line (eight seats still fit 80x24)
            with Horizontal(id="title-line", classes="field"):
                yield Static(_("New session") if self.on_create is None else _("New table"),
                             classes="screen-title")
                yield Label(_("Game"), classes="field-label-short")
                yield Select([(get_game(g).title, g) for g in self.games], value=self.games[0],
                             id="game", allow_blank=False, compact=True)
            for name in self.games:
                yield from self.compose_game(get_game(name), you, settings.default_preset)
            with Horizontal(classes="field", id="name-row"):
                yield Label(_("Session name"), classes="field-label")
                yield TextField("", id="session-name", compact=True, max_length=MAX_SESSION_NAME,
                                placeholder=_("optional"))
            yield Static("", id="name-error", classes="field-error", markup=False)
            yield Static("", id="differences", classes="field-note", markup=False)
            yield Static("", id="problems", classes="field-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Start (ctrl+s)"), id="start", variant="primary", compact=True)
                yield Button(_("More settings (m)"), id="more", compact=True)
                yield Button(_("Back (esc)"), id="back", compact=True)
            for name in self.games:
                yield from self.compose_more(get_game(name))
            # Not a rule but the session's: shown with More settings, for a table of
            # your own (at the service's tables undo is off once two people play).
            with Vertical(id="more-session"):
                if self.on_create is None:
                    with Horizontal(classes="field"):
                        yield Label(_("Undo"), classes="field-label")
                        yield Select(on_off(), value=True, id="set-undo", allow_blank=False,
                                     compact=True)
                    yield Static(_("On: playing alone, you may take back your card (u); a "
                                   "win with undos is counted apart from a clean win."),
                                 classes="field-help")
        yield Footer()

    def compose_game(self, game: Game, you: str, default_preset: str) -> ComposeResult:
        """The game's preset and players, its seats, and its settings of the first screen
        (hidden until the game is chosen)."""
        face = face_of(game.name)
        only = f"game-only game-{game.name}"
        presets = (*game.presets, CUSTOM)
        start = start_preset(game, default_preset)
        players = start_players(game)
        self.numbers_from[game.name] = (start, players)
        values = game.settings(start, players=players)
        with Horizontal(classes=f"field {only}"):
            yield Label(_("Preset"), classes="field-label")
            yield Select([(preset_words(face, p), p) for p in presets], value=start,
                         id=f"{game.name}-preset", classes="preset", allow_blank=False,
                         compact=True)
            if game.min_players != game.max_players:
                yield Label(_("Players"), classes="field-label-short")
                yield Select([(str(n), n) for n in range(game.min_players,
                                                         game.max_players + 1)],
                             value=players, id=f"{game.name}-players", classes="players",
                             allow_blank=False, compact=True)
        yield Static(_("Start from a preset; the seats in the order of play."),
                     classes=f"field-help wide {only}")
        lobby = self.on_create is not None
        for i in range(game.max_players):
            seat_name, choice = default_seat(i, you)
            with Horizontal(classes=f"field seat {only}", id=f"{game.name}-seat-{i}"):
                yield Label(_("Seat {number}").format(number=i + 1), classes="seat-label")
                yield TextField(seat_name, id=f"{game.name}-seat-name-{i}", compact=True,
                                max_length=MAX_NAME, classes="seat-name",
                                disabled=lobby and i == 0)
                yield Select(seat_choices(lobby), value=choice, id=f"{game.name}-seat-kind-{i}",
                             allow_blank=False, compact=True, classes="seat-kind")
        yield Static("", id=f"{game.name}-seats-error", classes=f"field-error {only}",
                     markup=False)
        first = [s for s in game.described if s.name not in face.form_more]
        for setting in first:
            yield from self.setting_row(game, face, setting, values,
                                        only + (" first" if setting is first[0] else ""))
        yield Static("", id=f"{game.name}-settings-error", classes=f"field-error {only}",
                     markup=False)

    def compose_more(self, game: Game) -> ComposeResult:
        """The game's settings behind More settings (m), each with its explanation."""
        face = face_of(game.name)
        if not face.form_more:
            return
        values = game.settings(*self.numbers_from[game.name][:1],
                               players=self.numbers_from[game.name][1])
        with Vertical(id=f"{game.name}-more", classes="more-settings"):
            yield Static(_("More settings"), classes="section-title")
            for setting in game.described:
                if setting.name in face.form_more:
                    yield from self.setting_row(game, face, setting, values, "")

    def setting_row(self, game: Game, face: GameFace, setting: Setting, values: Settings,
                    only: str) -> ComposeResult:
        """A setting's field, its label and its explanation (both hidden while the setting
        plays no part: ``show_applicable``)."""
        widget_id = f"{game.name}-set-{setting.name}"
        row = f"row-{game.name}-{setting.name}"
        with Horizontal(classes=f"field setting {only} {row}" if only else f"field {row}"):
            yield Label(face.setting_label(setting.name), classes="field-label")
            if setting.kind == "int":
                yield TextField(str(values[setting.name]), id=widget_id, type="integer",
                                compact=True, max_length=len(str(setting.high)),
                                classes="number")
            else:
                yield Select(setting_options(face, setting), value=values[setting.name],
                             id=widget_id, allow_blank=False, compact=True)
        yield Static(tr(setting.explain), classes=f"field-help {only} {row}")

    def on_mount(self) -> None:
        self.show_game()
        self.validate()
        self.query_one("#game", Select).focus()   # the first choice: which game

    # -- reading the form -------------------------------------------------------------
    @property
    def game(self) -> str:
        value = self.value("game")
        return value if isinstance(value, str) and value in self.games else self.games[0]

    @overload
    def field(self, name: str) -> Widget: ...

    @overload
    def field(self, name: str, kind: type[W]) -> W: ...

    def field(self, name: str, kind: type[Widget] = Widget) -> Widget:
        """The chosen game's field ``name`` (``preset``, ``seat-name-0``, ``set-limit``)."""
        return self.query_one(f"#{self.game}-{name}", kind)

    def value(self, widget_id: str) -> Any:
        widget = self.query_one(f"#{widget_id}")
        if not isinstance(widget, (Input, Select)):
            raise TypeError(f"#{widget_id} is a {type(widget).__name__}, not a form field")
        return widget.value

    def game_value(self, name: str) -> Any:
        return self.value(f"{self.game}-{name}")

    def chosen_values(self) -> dict[str, Any]:
        """The chosen game's choices and switches as the form has them now (what says
        whether a setting applies)."""
        return {s.name: self.game_value(f"set-{s.name}") for s in get_game(self.game).described
                if s.kind != "int"}

    def preset_values(self) -> Settings:
        """The settings of the preset chosen (the first preset's for a custom one)."""
        game = get_game(self.game)
        chosen = str(self.game_value("preset"))
        return game.settings(game.presets[0] if chosen == CUSTOM else chosen,
                             players=self.players)

    def undo(self) -> bool:
        """The session's undo setting (on unless chosen off)."""
        found = self.query("#set-undo")
        return not found or self.value("set-undo") is not False

    @property
    def players(self) -> int:
        game = get_game(self.game)
        if game.min_players == game.max_players:
            return game.min_players
        value = self.game_value("players")
        return value if isinstance(value, int) else game.min_players

    def choices(self) -> list[str]:
        """Each seat's choice: "human", "open" (for a friend) or a computer's level."""
        return [str(self.game_value(f"seat-kind-{i}")) for i in range(self.players)]

    def names(self) -> list[str]:
        """Each seat's name ("" for a seat open for a friend: they bring theirs)."""
        return ["" if choice == "open" else str(self.game_value(f"seat-name-{i}")).strip()
                for i, choice in enumerate(self.choices())]

    def seat_problems(self) -> list[str]:
        """What keeps the seats from sitting: a name missing, too long or taken twice, no
        human here (or, at a table of the service, not exactly one seat yours)."""
        names, choices = self.names(), self.choices()
        problems: list[str] = []
        for i, name in enumerate(names):
            problem = None if choices[i] == "open" else (
                _("a player needs a name") if not name else name_problem(name))
            if problem is not None:
                problems.append(_("Seat {number}: {problem}.").format(number=i + 1,
                                                                     problem=problem))
        if problems:
            return problems
        folded = [n.casefold() for n in names]
        for i, n in enumerate(folded):
            if n and n in folded[:i]:
                problems.append(_("Seat {number}: the name {name} is already taken by seat "
                                  "{other}.").format(number=i + 1, name=repr(names[i]),
                                                     other=folded.index(n) + 1))
        humans = [i for i, c in enumerate(choices) if c == "human"]
        if self.on_create is not None and len(humans) != 1:
            problems.append(_("Exactly one seat is yours: the others are open for a friend "
                              "or computers."))
        if not humans:
            problems.append(_("At least one seat must be human: make a seat yours."))
        elif len(humans) > 1:  # "Pass to You", "You lead" would not say who (F18)
            # (the default name of your seat in this language too: Toi, Tu)
            ambiguous = {*AMBIGUOUS_NAMES, default_name().casefold()}
            problems.extend(_("Seat {number}: with several people at the table, give each "
                              "one their name, not {name}.").format(
                                  number=i + 1, name=repr(names[i])) for i in humans
                            if folded[i] in ambiguous)
        game = get_game(self.game)
        if not problems:  # the game's own checks, in case they grow
            try:
                game.check_players([n or f"Seat {i + 1}" for i, n in enumerate(names)])
            except RuleError as error:
                problems.append(str(error)[:1].upper() + str(error)[1:] + ".")
        return problems

    def settings(self) -> tuple[Settings | None, str | None]:
        """The settings chosen, checked by the game as the service checks a new table's
        (``Game.table_settings``), or why they are not valid."""
        game = get_game(self.game)
        values: dict[str, Any] = {"preset": self.game_value("preset")}
        wrong = self.wrong_number()
        if wrong is not None:
            return None, _("{setting}: a whole number from {low} to {high}.").format(
                setting=face_of(game.name).setting_label(wrong.name), low=wrong.low,
                high=wrong.high)
        now, preset = self.chosen_values(), self.preset_values()
        for setting in game.described:
            value = self.game_value(f"set-{setting.name}") if setting.applies(now) else (
                preset[setting.name])               # not shown: it plays no part
            values[setting.name] = int(str(value)) if setting.kind == "int" else value
        try:
            return game.kept_settings(game.table_settings(values, self.players)), None
        except RuleError as error:
            return None, str(error)

    def wrong_number(self) -> Setting | None:
        """The first number of the settings that is not a whole number in its range."""
        now = self.chosen_values()
        for setting in get_game(self.game).described:
            if setting.kind == "int" and setting.applies(now):
                text = str(self.game_value(f"set-{setting.name}")).strip()
                if not (text.isdigit() and len(text) <= 6
                        and setting.low <= int(text) <= setting.high):
                    return setting
        return None

    def name_problem(self) -> str | None:
        """Why the session name cannot be used (the limits of the session file), if so."""
        name = str(self.value("session-name")).strip()
        if len(name) > MAX_SESSION_NAME or not name.isprintable():
            return _("The session name must be at most {most} printable characters on one "
                     "line.").format(most=MAX_SESSION_NAME)
        return None

    def build(self) -> Chosen | list[str]:
        """What was chosen, or every problem in words."""
        problems = self.seat_problems()
        settings, settings_problem = self.settings()
        name_problem = self.name_problem()
        problems += [p for p in (settings_problem, name_problem) if p]
        if problems or settings is None:
            return problems
        return Chosen(self.game, settings, tuple(self.names()), tuple(self.choices()),
                      str(self.value("session-name")).strip())

    def differences(self, settings: Settings) -> str:
        """What the settings change from the preset chosen, in words."""
        game, face = get_game(self.game), face_of(self.game)
        chosen = str(self.game_value("preset"))
        base = self.preset_values()
        changed = [face.describe_setting(s.name, settings[s.name]) for s in game.described
                   if settings[s.name] != base[s.name]]
        title = preset_words(face, chosen)
        if not changed:
            return _("As in the preset {preset}.").format(preset=title)
        return _("Changed from {preset}: {changes}.").format(
            preset=title, changes=pgettext("separator", "; ").join(changed))

    def validate(self) -> bool:
        """Show every problem next to its field; True when the session can start."""
        seat_problems = self.seat_problems()
        settings, settings_problem = self.settings()
        name_problem = self.name_problem()
        for game in self.games:
            here = game == self.game
            show_problem(self.query_one(f"#{game}-seats-error", Static),
                         "\n".join(seat_problems) if here else "")
            show_problem(self.query_one(f"#{game}-settings-error", Static),
                         (settings_problem or "") if here else "")
        show_problem(self.query_one("#name-error", Static), name_problem or "")
        if settings is not None:
            self.query_one("#differences", Static).update(self.differences(settings))
        every = [*seat_problems, *(p for p in (settings_problem, name_problem) if p)]
        show_problem(self.query_one("#problems", Static),
                     _("Cannot start yet: {problems}").format(problems=" ".join(every))
                     if every else "")
        return not every

    # -- reacting ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """More settings: for a game that keeps some behind it, or the session's undo."""
        if action == "more":
            return self.has_more()
        return True

    def has_more(self) -> bool:
        return bool(face_of(self.game).form_more) or self.on_create is None

    def show_game(self) -> None:
        """The fields of the game chosen (its seats in use), the others hidden."""
        self.refresh_bindings()
        game = self.game
        for widget in self.query(".game-only"):
            widget.display = widget.has_class(f"game-{game}") and not (
                widget.has_class("field-error"))
        for i in range(get_game(game).max_players):
            self.field(f"seat-{i}").display = i < self.players
        for more in self.query(".more-settings"):
            more.remove_class("-shown")
        self.query_one("#more-session").remove_class("-shown")
        self.query_one("#more", Button).display = self.has_more()
        self.show_applicable()

    def show_applicable(self) -> None:
        """Only the settings that play a part under the choices now (not Piquet's limit
        in a partie); a field hidden keeps its value for when it applies again."""
        game = get_game(self.game)
        now = self.chosen_values()
        for setting in game.described:
            if setting.applies_when is not None:
                for widget in self.query(f".row-{game.name}-{setting.name}"):
                    widget.display = setting.applies(now)

    def apply_preset(self, name: str) -> None:
        """A preset chosen: its settings' values in the form (the optional variants kept
        as chosen)."""
        game = get_game(self.game)
        values = game.settings(name, players=self.players)
        for setting in game.described:
            if optional(game, setting):
                continue
            self.set_field(setting, values[setting.name])
        self.numbers_from[game.name] = (game.presets[0] if name == CUSTOM else name,
                                        self.players)

    def set_field(self, setting: Setting, value: Any) -> None:
        widget = self.field(f"set-{setting.name}")
        if isinstance(widget, Select):
            widget.value = value
        elif isinstance(widget, Input):
            widget.value = str(value)

    def follow_numbers(self, source: str) -> None:
        """The numbers that came from a preset follow ``source`` at the table's size now
        (the deals of English Polignac: twice the players); a number typed stays."""
        game = get_game(self.game)
        before = game.settings(*self.numbers_from[game.name][:1],
                               players=self.numbers_from[game.name][1])
        after = game.settings(source, players=self.players)
        for setting in game.described:
            if setting.kind == "int" and str(
                    self.game_value(f"set-{setting.name}")).strip() == str(before[setting.name]):
                self.set_field(setting, after[setting.name])
        self.numbers_from[game.name] = (source, self.players)

    def choice_changed(self, name: str, value: object) -> None:
        """A choice changed (the end: at points or after deals): the numbers that came
        from a preset follow a preset that has this choice, the one chosen first."""
        game = get_game(self.game)
        source = self.numbers_from[game.name][0]
        if game.settings(source, players=self.players)[name] == value:
            return
        chosen = str(self.game_value("preset"))
        for preset in (chosen, *game.presets):
            if preset != CUSTOM and game.settings(preset, players=self.players)[name] == value:
                self.follow_numbers(preset)
                return

    def on_select_changed(self, event: Select.Changed) -> None:
        widget_id = event.select.id or ""
        prefix = f"{self.game}-"
        if widget_id == "game":
            self.show_game()
        elif not widget_id.startswith(prefix):
            pass
        elif widget_id == f"{prefix}preset" and isinstance(event.value, str):
            self.apply_preset(event.value)
        elif widget_id == f"{prefix}players":
            self.show_game()
            self.follow_numbers(self.numbers_from[self.game][0])
        elif widget_id.startswith(f"{prefix}seat-kind-"):
            field = self.field(f"seat-name-{widget_id.removeprefix(f'{prefix}seat-kind-')}")
            assert isinstance(field, Input)
            field.disabled = event.value == "open" or (
                self.on_create is not None and field.id == f"{prefix}seat-name-0")
            if event.value == "open":
                field.value = ""
        elif widget_id.startswith(f"{prefix}set-"):
            self.choice_changed(widget_id.removeprefix(f"{prefix}set-"), event.value)
            self.show_applicable()
        self.validate_soon()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.validate_soon()

    def validate_soon(self) -> None:
        """Validate once after the changes in flight (a preset changes a dozen fields)."""
        if not self.validation_due:
            self.validation_due = True
            self.call_after_refresh(self._validate_due)

    @while_shown
    def _validate_due(self) -> None:
        """The validation asked for, unless the form is already gone (started or left
        while a change was in flight: found over SSH, a traceback after ctrl+s)."""
        self.validation_due = False
        if self.is_attached:
            self.validate()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "more":
            self.action_more()
        else:
            self.app.pop_screen()

    def action_more(self) -> None:
        """Show the other settings (each with its explanation) and go to the first; hide
        them again."""
        found = self.query(f"#{self.game}-more")
        more: Widget = found.first() if found else self.query_one("#more-session")
        shown = not more.has_class("-shown")
        more.set_class(shown, "-shown")
        self.query_one("#more-session").set_class(shown, "-shown")
        if shown:
            first = more.query(Select).first()
            first.focus()
            self.call_after_refresh(more.scroll_visible, top=True, animate=False)
        else:
            self.query_one("#more", Button).focus()

    def problem_field(self) -> tuple[Widget, Widget] | None:
        """The first field with a problem and the line that explains it, if any."""
        if self.seat_problems():
            line = self.field("seats-error")
            text = str(line.render())
            prefix = _("Seat {number}: {problem}.").partition("{problem}")[0]
            for i in range(self.players):   # the seat named in the first problem
                if text.startswith(prefix.format(number=i + 1)):
                    return self.field(f"seat-name-{i}"), line
            return self.field("seat-kind-0"), line
        if self.settings()[1]:
            wrong = self.wrong_number()
            if wrong is None:
                return self.field("preset"), self.field("settings-error")
            if wrong.name in face_of(self.game).form_more and \
                    not self.field("more").has_class("-shown"):
                self.action_more()     # the number with the problem is behind m
            return self.field(f"set-{wrong.name}"), self.field("settings-error")
        if self.name_problem():
            return self.query_one("#session-name"), self.query_one("#name-error")
        return None

    def show_problem_at(self, field: Widget, line: Widget) -> None:
        """Scroll the form so that ``field`` and the ``line`` explaining it are in view."""
        scroller = self.query_one("#new-session", VerticalScroll)
        row = field
        while row.parent is not scroller and isinstance(row.parent, Widget):
            row = row.parent    # the form's row holding the field
        top = row.virtual_region.y - 1   # the row above too, for context
        bottom = line.virtual_region.bottom
        height = scroller.scrollable_content_region.height
        target = top if bottom - top <= height else bottom - height
        scroller.scroll_to(y=max(target, 0), animate=False)

    def action_start(self) -> None:
        built = self.build() if self.validate() else []
        if not isinstance(built, Chosen):
            found = self.problem_field()
            if found is not None:   # the field with the problem, its explanation in view
                field, line = found
                field.focus(scroll_visible=False)
                # the field at the top, its explanation (a few lines below) in view too
                self.call_after_refresh(self.show_problem_at, field, line)
            # a short toast, not a pile: the problem is written next to its field
            self.app.clear_notifications()
            self.notify(_("Not started: see the problem shown in red."), severity="warning",
                        timeout=4)
            return
        app = self.app
        undo = self.undo()
        app.pop_screen()
        if self.on_create is not None:
            self.on_create(built)
            return
        card_games_app(app).start_game(built.game, built.settings, list(built.names),
                                     built.seats(), built.name, undo=undo)
