"""New session: the game, a preset, every setting (the seam's ``Game.described``), the seats,
the end; problems explained inline."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from ...config import default_name
from ...games import FIRST_GAME, game_names, get_game
from ...games.base import Game
from ...games.session import MAX_SESSION_NAME
from ...games.settings import CUSTOM
from ...i18n import N_, _, tr
from ..chrome import Footer, header, while_shown
from ..gameface import SETTING_WORDS, VALUE_WORDS, GameFace, face_of
from ..handle import polignac_app
from ..seats import DEFAULT_LEVEL, LEVELS, MAX_NAME, computer_names
from ..textfmt import level_name

# The game of the form's first part, for many seats (its presets, its settings and its own
# rules and players through its FACE); the games of two follow it (``SEAM_GAMES``).
MANY = FIRST_GAME


def many() -> Game:
    return get_game(MANY)


def many_face() -> GameFace:
    return face_of(MANY)


MAX_SEATS = many().max_players
# The settings shown as choices, in the order of the rulebook (end and limit come last).
CHOICE_SETTINGS = tuple(s.name for s in many().described if s.name != "limit")
# Behind "More settings" (the end is on the first screen, beside its limit).
MORE_SETTINGS = tuple(name for name in CHOICE_SETTINGS if name != "end")
# The choices of an on/off setting (here and in the settings screen).
ON_OFF_WORDS = {True: N_("on"), False: N_("off")}
ON_OFF = [(ON_OFF_WORDS[value], value) for value in (True, False)]


def on_off() -> list[tuple[str, bool]]:
    """``ON_OFF`` in the current language."""
    return [(tr(ON_OFF_WORDS[value]), value) for value in (True, False)]


# The optional variants of the rulebook (§7): part of no preset (the same in each), so a
# new preset keeps them as chosen.
OPTIONAL_VARIANTS = tuple(s.name for s in many().described if len(set(s.defaults.values())) == 1)
# Names that say nobody in particular once several people share the screen.
AMBIGUOUS_NAMES = ("you", "me", "player")
# One choice per seat: a human, or a computer player of a level.
SEAT_CHOICES = [("human", "human")] + [(f"computer, {level}", level) for level in LEVELS]
# At a table of the table service (from the lobby): yours, open for a friend, computers.
LOBBY_SEAT_CHOICES = [("you", "human"), ("open for a friend", "open"), *SEAT_CHOICES[1:]]
END_CHOICES = [("at a point limit", "points"), ("after a number of deals", "deals")]


def seat_choices(lobby: bool = False) -> list[tuple[str, str]]:
    """``SEAT_CHOICES`` (``LOBBY_SEAT_CHOICES``) in the current language."""
    computers = [(_("computer, {level}").format(level=level_name(level)), level)
                 for level in LEVELS]
    if lobby:
        return [(_("you"), "human"), (_("open for a friend"), "open"), *computers]
    return [(_("human"), "human"), *computers]


def end_choices() -> list[tuple[str, str]]:
    return [(_("at a point limit"), "points"), (_("after a number of deals"), "deals")]


class TextField(Input):
    """An Input that acts on its own editing keys (backspace, delete, arrows...) in the order
    they were typed. Textual runs a widget's non-priority bindings only once the key has
    bubbled back up to the app, so in a burst of keys (fast typing, a paste through tmux)
    the letters after a backspace were inserted first and then deleted (F26).

    (``on_key`` runs before Input's own key handler, this class coming first in the MRO;
    ``prevent_default`` keeps Input's handler from inserting the key as well.)"""

    async def on_key(self, event: events.Key) -> None:
        for binding in declared_bindings(type(self)).get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return


@functools.cache
def declared_bindings(cls: type[Widget]) -> dict[str, list[Binding]]:
    """The bindings a widget class declares (its ``BINDINGS`` and its bases'), by key, merged
    as Textual merges them: a class's bindings of a key replace its bases'."""
    keys: dict[str, list[Binding]] = {}
    for base in reversed(cls.__mro__):
        if "BINDINGS" in base.__dict__:
            keys.update(BindingsMap(base.__dict__["BINDINGS"]).key_to_bindings)
    return keys


# The field Tab has reached stands out by its label in reverse video: visible without colour
# (NO_COLOR) and in ASCII mode as well, where a background tint alone was lost (F12).
# (A class set from the focus events: textual's :focus-within leaves stale labels behind.)
FOCUS_CSS = """
.field.has-focus > Label.field-label, .field.has-focus > Label.seat-label {
    text-style: bold reverse;
}
.field > Input:focus, .field > Select:focus > SelectCurrent {
    background: $accent 35%;
    text-style: bold;
}
"""


def mark_field(widget: Widget, focused: bool) -> None:
    """Mark the form row holding ``widget`` as the one with the focus (or not any more)."""
    for node in widget.ancestors_with_self:
        if isinstance(node, Widget) and node.has_class("field"):
            node.set_class(focused, "has-focus")
            return


class MarkedFocus:
    """Mixin for a form screen: the row whose field has the focus is marked."""

    CSS: ClassVar[str] = FOCUS_CSS

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        mark_field(event.widget, True)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        mark_field(event.widget, False)


def show_problem(widget: Static, text: str) -> None:
    """Show ``text`` in a problem line, or hide the line when there is none."""
    widget.update(text)
    widget.display = bool(text)


def choice_options(name: str) -> list[tuple[str, Any]]:
    if name == "end":
        return end_choices()
    setting = many().setting(name)
    if setting.kind == "bool":
        return on_off()
    return [(choice_word(value), value) for value in setting.choices]


def choice_word(value: str) -> str:
    """A setting's choice in words (red, clockwise, declared...), in the current language."""
    return {"red": _("red"), "black": _("black"), "clockwise": _("clockwise"),
            "counterclockwise": _("counterclockwise"), "automatic": _("automatic"),
            "declared": _("declared"), "off": _("off")}.get(value, value)


def default_seat(index: int, your_name: str) -> tuple[str, str]:
    """Seat ``index``'s name and choice: you first, then computers of the default level."""
    if index == 0:
        return your_name, "human"
    return computer_names(your_name, index)[index - 1], DEFAULT_LEVEL


def limit_hint(end: str, players: int) -> str:
    most = many().setting("limit").high
    if end == "deals":
        return _("Number of deals, 1 to {most}. Suggested: a multiple of {players} ({one}, "
                 "{two}, {three}) so everyone deals equally often.").format(
            most=most, players=players, one=players, two=2 * players, three=3 * players)
    return _("Point limit, 1 to {most}: the session ends once someone reaches it.").format(
        most=most)


# The games of the seam played here: you against a computer.
SEAM_GAMES = tuple(name for name in game_names() if name != FIRST_GAME)


def game_choices() -> list[tuple[str, str]]:
    """The games offered: the game for many first (the default), then the games of two."""
    return [(name, get_game(name).title) for name in (MANY, *SEAM_GAMES)]


def setting_options(setting: Any) -> list[tuple[str, Any]]:
    """The choices of a game's setting in words (on/off, or its choices)."""
    if setting.kind == "bool":
        return on_off()
    return [(tr(VALUE_WORDS[c]) if c in VALUE_WORDS else c, c) for c in setting.choices]


class NewSessionScreen(MarkedFocus, Screen[None]):
    """Choose a preset, change any setting, name the seats, start."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start"), priority=True,
                tooltip=N_("start the session (problems are shown in red first)")),
        Binding("m", "more", N_("More settings"),
                tooltip=N_("the other settings, each with its explanation (m again hides them)")),
        Binding("escape", "app.pop_screen", N_("Back"), tooltip=N_("back, starting nothing")),
        Binding("f1", "app.help", N_("Help")),
    ]
    CSS = FOCUS_CSS + """
    NewSessionScreen #more-settings, NewSessionScreen #more-session {
        height: auto;
        display: none;
    }
    NewSessionScreen #more-settings.-shown, NewSessionScreen #more-session.-shown {
        display: block;
    }
    NewSessionScreen .field-label-short {
        margin: 0 1 0 3;
    }
    NewSessionScreen .field #set-limit {
        width: 8;
    }
    NewSessionScreen .field #players {
        width: 8;
    }
    NewSessionScreen .field #preset {
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
    NewSessionScreen #title-line {
        height: 1;
        margin-bottom: 1;
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

    def __init__(self, on_create: Callable[[Any, list[Any], list[str], str], None]
                 | None = None, your_name: str | None = None) -> None:
        """``on_create``: a table of the table service (the lobby's): seats may be open for
        a friend, and Start hands the rules, players, seat choices and name to it."""
        super().__init__()
        self.on_create = on_create
        self.your_name = your_name

    def compose(self) -> ComposeResult:
        settings = polignac_app(self.app).settings
        game, face = many(), many_face()
        presets = (*game.presets, CUSTOM)
        start = settings.default_preset if settings.default_preset in presets else presets[0]
        rules = game.settings(start, players=4)
        yield header(self.app)
        with VerticalScroll(id="new-session", classes="form", can_focus=False):
            if self.on_create is None:      # a table of the service: the game for many only
                # the game first, on the title's line (eight seats still fit 80x24)
                with Horizontal(id="title-line"):
                    yield Static(_("New session"), classes="screen-title")
                    yield Label(_("Game"), classes="field-label-short")
                    yield Select([(title, name) for name, title in game_choices()],
                                 value=MANY, id="game", allow_blank=False, compact=True)
                yield from self.compose_games(settings.your_name())
            else:
                yield Static(_("New table"), classes="screen-title")
            # One screen at 80x24: preset and players, the seats, the end; the other
            # settings are one key away (m: More settings), each with its explanation.
            with Horizontal(classes="field polignac-only"):
                yield Label(_("Preset"), classes="field-label")
                yield Select([(face.preset_title(p) or p, p) for p in presets], value=start,
                             id="preset", allow_blank=False, compact=True)
                yield Label(_("Players"), classes="field-label-short")
                yield Select([(str(n), n) for n in range(game.min_players, MAX_SEATS + 1)],
                             value=4,
                             id="players", allow_blank=False, compact=True)
            yield Static(_("Start from a preset; the seats in the order of play."),
                         classes="field-help wide polignac-only")
            for i in range(MAX_SEATS):
                seat_name, seat_choice = default_seat(i, self.your_name or settings.your_name())
                with Horizontal(classes="field seat polignac-only", id=f"seat-{i}"):
                    yield Label(_("Seat {number}").format(number=i + 1), classes="seat-label")
                    yield TextField(seat_name, id=f"seat-name-{i}", compact=True,
                                    max_length=MAX_NAME, classes="seat-name",
                                    disabled=bool(self.on_create and i == 0))
                    yield Select(seat_choices(lobby=self.on_create is not None),
                                 value=seat_choice,
                                 id=f"seat-kind-{i}", allow_blank=False, compact=True,
                                 classes="seat-kind")
            yield Static("", id="seats-error", classes="field-error", markup=False)
            with Horizontal(classes="field polignac-only"):
                yield Label(face.setting_label("end"), classes="field-label")
                yield Select(choice_options("end"), value=rules["end"], id="set-end",
                             allow_blank=False, compact=True)
                yield Label(_("Limit"), classes="field-label-short")
                yield TextField(str(rules["limit"]), id="set-limit", type="integer",
                                compact=True, max_length=4)
            yield Static(limit_hint(str(rules["end"]), 4), id="limit-help",
                         classes="field-help wide polignac-only")
            yield Static("", id="settings-error", classes="field-error", markup=False)
            with Horizontal(classes="field"):
                yield Label(_("Session name"), classes="field-label")
                yield TextField("", id="session-name", compact=True, max_length=MAX_SESSION_NAME,
                                placeholder=_("optional"))
            yield Static("", id="name-error", classes="field-error", markup=False)
            yield Static("", id="differences", classes="field-note polignac-only", markup=False)
            yield Static("", id="problems", classes="field-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Start (ctrl+s)"), id="start", variant="primary", compact=True)
                yield Button(_("More settings (m)"), id="more", compact=True,
                             classes="polignac-only")
                yield Button(_("Back (esc)"), id="back", compact=True)
            with Vertical(id="more-settings"):
                yield Static(_("More settings"), classes="section-title")
                for name in MORE_SETTINGS:
                    with Horizontal(classes="field"):
                        yield Label(face.setting_label(name), classes="field-label")
                        yield Select(choice_options(name), value=rules[name],
                                     id=f"set-{name}", allow_blank=False, compact=True)
                    yield Static(tr(game.setting(name).explain), classes="field-help")
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

    def compose_games(self, your_name: str) -> ComposeResult:
        """The form of each game of the seam (hidden until that game is chosen): its
        preset, you and a computer of a level, its settings each with its explanation."""
        from ...games import get_game
        for name in SEAM_GAMES:
            game = get_game(name)
            only = f"game-only game-{name}"
            settings = game.settings()
            with Horizontal(classes=f"field {only}"):
                yield Label(_("Preset"), classes="field-label")
                yield Select([(face_of(name).preset_title(p) or p, p) for p in game.presets],
                             value=game.presets[0], id=f"{name}-preset", allow_blank=False,
                             compact=True)
            yield Static(_("Two players: you and a computer."),
                         classes=f"field-help wide {only}")
            with Horizontal(classes=f"field seat {only}"):
                yield Label(_("Seat {number}").format(number=1), classes="seat-label")
                yield TextField(your_name, id=f"{name}-you", compact=True, max_length=MAX_NAME,
                                classes="seat-name")
            with Horizontal(classes=f"field seat {only}"):
                yield Label(_("Seat {number}").format(number=2), classes="seat-label")
                yield TextField(computer_names(your_name, 1)[0], id=f"{name}-other",
                                compact=True, max_length=MAX_NAME, classes="seat-name")
                yield Select(seat_choices()[1:], value=DEFAULT_LEVEL, id=f"{name}-level",
                             allow_blank=False, compact=True, classes="seat-kind")
            for setting in game.described:
                with Horizontal(classes=f"field {only}"):
                    label = SETTING_WORDS.get(setting.name, setting.name)
                    yield Label(tr(label), classes="field-label")
                    if setting.kind == "int":
                        yield TextField(str(settings[setting.name]),
                                        id=f"{name}-set-{setting.name}", type="integer",
                                        compact=True, max_length=4)
                    else:
                        yield Select(setting_options(setting), value=settings[setting.name],
                                     id=f"{name}-set-{setting.name}", allow_blank=False,
                                     compact=True)
                yield Static(tr(setting.explain), classes=f"field-help {only}")

    validation_due = False

    def on_mount(self) -> None:
        self.show_seats()
        self.show_game()
        self.validate()
        self.query_one("#preset", Select).focus()

    @property
    def game(self) -> str:
        found = self.query("#game")
        if not found:
            return MANY
        value = self.value("game")
        return value if isinstance(value, str) else MANY

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """More settings: the game for many's (every setting of a game of two is on the
        form)."""
        if action == "more":
            return self.game == MANY
        return True

    def show_game(self) -> None:
        """The fields of the game for many, or those of the game chosen."""
        self.refresh_bindings()
        game = self.game
        for widget in self.query(".polignac-only"):
            widget.display = game == MANY
        for widget in self.query(".game-only"):
            widget.display = widget.has_class(f"game-{game}")
        if game == MANY:
            self.show_seats()
        else:
            for more in ("#more-settings", "#more-session"):
                self.query_one(more).remove_class("-shown")

    def game_build(self) -> tuple[Any, list[str], list[Any]] | list[str]:
        """The settings, names and seats of the game of the seam chosen, or the problems."""
        from ...games import get_game
        from ...games.base import RuleError as GameRuleError
        from ...games.session import Seat
        game = get_game(self.game)
        problems: list[str] = []
        overrides: dict[str, Any] = {}
        for setting in game.described:
            value = self.value(f"{game.name}-set-{setting.name}")
            if setting.kind == "int":
                try:
                    value = int(str(value).strip())
                except ValueError:
                    value = None
                if value is None or not setting.low <= value <= setting.high:
                    problems.append(_("{setting}: a whole number from {low} to {high}.").format(
                        setting=tr(SETTING_WORDS.get(setting.name, setting.name)),
                        low=setting.low, high=setting.high))
                    continue
            overrides[setting.name] = value
        you = str(self.value(f"{game.name}-you")).strip()
        other = str(self.value(f"{game.name}-other")).strip()
        names = [you, other]
        for number, name in enumerate(names, start=1):
            if not name:
                problems.append(_("Seat {number}: {problem}.").format(
                    number=number, problem=_("a player needs a name")))
        if you and other and you.casefold() == other.casefold():
            problems.append(_("Seat {number}: the name {name} is already taken by seat "
                              "{other}.").format(number=2, name=repr(other), other=1))
        settings = None
        if not polignac_app(self.app).computer_plays(game.name):
            problems.append(_("{game} against a computer is not in this version yet.").format(
                game=game.title))
        if not problems:
            try:
                settings = game.settings(str(self.value(f"{game.name}-preset")), overrides)
                game.check_players(names)
            except GameRuleError as error:
                problems.append(error.message)
        name_problem = self.name_problem()
        if name_problem:
            problems.append(name_problem)
        if problems or settings is None:
            return problems
        level = str(self.value(f"{game.name}-level"))
        return settings, names, [Seat(True), Seat(False, level)]

    def game_preset(self, game_name: str, preset_name: str) -> None:
        """A game's preset chosen: its settings' values in the form."""
        from ...games import get_game
        game = get_game(game_name)
        settings = game.settings(preset_name)
        for setting in game.described:
            widget = self.query_one(f"#{game_name}-set-{setting.name}")
            if isinstance(widget, Select):
                widget.value = settings[setting.name]
            elif isinstance(widget, Input):
                widget.value = str(settings[setting.name])

    # -- reading the form -------------------------------------------------------------
    def value(self, widget_id: str) -> Any:
        widget = self.query_one(f"#{widget_id}")
        if not isinstance(widget, (Input, Select)):
            raise TypeError(f"#{widget_id} is a {type(widget).__name__}, not a form field")
        return widget.value

    def undo(self) -> bool:
        """The session's undo setting (on unless chosen off)."""
        found = self.query("#set-undo")
        return not found or self.value("set-undo") is not False

    @property
    def players(self) -> int:
        value = self.value("players")
        return value if isinstance(value, int) else 4

    def seats(self) -> tuple[list[Any], list[str]]:
        """The players of the seats in use, and a problem per seat that has one."""
        players: list[Any] = []
        problems: list[str] = []
        for i in range(self.players):
            name = str(self.value(f"seat-name-{i}")).strip()
            choice = self.value(f"seat-kind-{i}")
            if choice == "open":  # the friend who sits there brings their name
                name = f"Seat {i + 1}"
            player, message = many_face().form_player(name, str(choice))
            if player is not None:
                players.append(player)
            else:
                message = message or ""
                if not name:
                    message = _("a player needs a name")
                problems.append(_("Seat {number}: {problem}.").format(number=i + 1,
                                                                     problem=message))
        return players, problems

    def choices(self) -> list[str]:
        """Each seat's choice: "human", "open" (for a friend) or a computer's level."""
        return [str(self.value(f"seat-kind-{i}")) for i in range(self.players)]

    def rules(self) -> tuple[Any, str | None]:
        """The settings chosen, or the reason they are not valid."""
        values: dict[str, Any] = {"preset": self.value("preset")}
        for name in CHOICE_SETTINGS:
            values[name] = self.value(f"set-{name}")
        text = str(self.value("set-limit")).strip()
        wrong = (_("The number of deals must be a whole number from 1 to {most}.")
                 if values["end"] == "deals" else
                 _("The point limit must be a whole number from 1 to {most}.")).format(
            most=many().setting("limit").high)
        try:
            values["limit"] = int(text)
        except ValueError:
            return None, wrong
        rules, problem = many_face().form_rules(values)
        if problem is not None:
            return None, wrong if "limit" in problem else problem
        return rules, None

    def seat_problems(self, players: list[Any], problems: list[str]) -> list[str]:
        """Problems of the seats as a whole: duplicate names, no human."""
        if problems:
            return problems
        names = [p.name.strip().casefold() for p in players]
        for i, n in enumerate(names):
            if n in names[:i]:
                problems.append(_("Seat {number}: the name {name} is already taken by seat "
                                  "{other}.").format(number=i + 1, name=repr(players[i].name),
                                                     other=names.index(n) + 1))
        humans = [i for i, p in enumerate(players) if p.is_human]
        if self.on_create is not None and self.choices().count("human") != 1:
            problems.append(_("Exactly one seat is yours: the others are open for a friend "
                            "or computers."))
        if not humans:
            problems.append(_("At least one seat must be human: make a seat yours."))
        elif len(humans) > 1:  # "Pass to You", "You lead" would not say who (F18)
            # (the default name of your seat in this language too: Toi, Tu)
            ambiguous = {*AMBIGUOUS_NAMES, default_name().casefold()}
            problems.extend(_("Seat {number}: with several people at the table, give each "
                              "one their name, not {name}.").format(
                                  number=i + 1, name=repr(players[i].name)) for i in humans
                            if players[i].name.strip().casefold() in ambiguous)
        if not problems:  # the game's own checks, in case they grow
            error = many_face().form_check(players)
            if error is not None:
                problems.append(error[:1].upper() + error[1:] + ".")
        return problems

    def name_problem(self) -> str | None:
        """Why the session name cannot be used (the limits of the session file), if so."""
        name = str(self.value("session-name")).strip()
        if len(name) > MAX_SESSION_NAME or not name.isprintable():
            return _("The session name must be at most {most} printable characters on one "
                     "line.").format(most=MAX_SESSION_NAME)
        return None

    def build(self) -> tuple[Any, list[Any]] | list[str]:
        """The rules and players to start with, or every problem in words."""
        players, problems = self.seats()
        problems = self.seat_problems(players, problems)
        rules, rules_problem = self.rules()
        if rules_problem:
            problems.append(rules_problem)
        name_problem = self.name_problem()
        if name_problem:
            problems.append(name_problem)
        if problems or rules is None:
            return problems
        return rules, players

    def validate(self) -> bool:
        """Show every problem next to its field; True when the session can start."""
        if self.game != MANY:
            built = self.game_build()
            every = built if isinstance(built, list) else []
            for line in ("#seats-error", "#settings-error", "#name-error"):
                show_problem(self.query_one(line, Static), "")
            show_problem(self.query_one("#problems", Static),
                         _("Cannot start yet: {problems}").format(problems=" ".join(every))
                         if every else "")
            return not every
        players, problems = self.seats()
        seat_problems = self.seat_problems(players, problems)
        show_problem(self.query_one("#seats-error", Static), "\n".join(seat_problems))
        _rules, rules_problem = self.rules()
        show_problem(self.query_one("#settings-error", Static), rules_problem or "")
        self.show_differences(_rules)
        name_problem = self.name_problem()
        show_problem(self.query_one("#name-error", Static), name_problem or "")
        every = [*seat_problems, *([rules_problem] if rules_problem else []),
                 *([name_problem] if name_problem else [])]
        show_problem(self.query_one("#problems", Static),
            _("Cannot start yet: {problems}").format(problems=" ".join(every)) if every else "")
        return not every

    def show_differences(self, rules: Any) -> None:
        """What the settings change from the preset, in words (shown in the rules panel too)."""
        if rules is not None:
            self.query_one("#differences", Static).update(
                many_face().form_differences(rules, self.players))

    # -- reacting ---------------------------------------------------------------------
    def show_seats(self) -> None:
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < self.players

    def apply_preset(self, name: str) -> None:
        rules = many().settings(name, players=self.players)
        for setting in CHOICE_SETTINGS:
            if setting in OPTIONAL_VARIANTS:  # in no preset: kept as chosen (F32)
                continue
            self.query_one(f"#set-{setting}", Select).value = rules[setting]
        self.query_one("#set-limit", Input).value = str(rules["limit"])
        self.query_one("#limit-help", Static).update(limit_hint(str(rules["end"]),
                                                                self.players))

    def on_select_changed(self, event: Select.Changed) -> None:
        widget_id = event.select.id or ""
        if widget_id == "game":
            self.show_game()
        elif widget_id.endswith("-preset") and isinstance(event.value, str):
            self.game_preset(widget_id.removesuffix("-preset"), event.value)
        elif widget_id == "preset" and isinstance(event.value, str):
            self.apply_preset(event.value)
        elif widget_id == "players":
            self.show_seats()
            if self.value("set-end") == "deals":
                self.query_one("#set-limit", Input).value = str(2 * self.players)
            self.query_one("#limit-help", Static).update(
                limit_hint(self.value("set-end"), self.players))
        elif widget_id.startswith("seat-kind-"):
            field = self.query_one(f"#seat-name-{widget_id.removeprefix('seat-kind-')}", Input)
            field.disabled = event.value == "open"
            if event.value == "open":
                field.value = ""
        elif widget_id == "set-end":
            end = self.value("set-end")
            base = many().settings(self.value("preset"), players=self.players)
            limit = 2 * self.players if end == "deals" else (
                base["limit"] if base["end"] == "points" else 20)
            self.query_one("#set-limit", Input).value = str(limit)
            self.query_one("#limit-help", Static).update(limit_hint(end, self.players))
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
        if self.game != MANY:
            return
        more = self.query_one("#more-settings")
        shown = not more.has_class("-shown")
        more.set_class(shown, "-shown")
        self.query_one("#more-session").set_class(shown, "-shown")
        if shown:
            first = self.query_one(f"#set-{MORE_SETTINGS[0]}", Select)
            first.focus()
            self.call_after_refresh(more.scroll_visible, top=True, animate=False)
        else:
            self.query_one("#more", Button).focus()

    def problem_field(self) -> tuple[Widget, Widget] | None:
        """The first field with a problem and the line that explains it, if any."""
        players, problems = self.seats()
        if self.seat_problems(players, problems):
            for i in range(self.players):   # the seat named in the first problem
                seat = self.query_one(f"#seat-name-{i}", Input)
                text = str(self.query_one("#seats-error", Static).render())
                prefix = _("Seat {number}: {problem}.").partition("{problem}")[0]
                if text.startswith(prefix.format(number=i + 1)):
                    return seat, self.query_one("#seats-error")
            return self.query_one("#seat-kind-0"), self.query_one("#seats-error")
        if self.rules()[1]:
            return self.query_one("#set-limit"), self.query_one("#settings-error")
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
        if not self.validate():
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
        if self.game != MANY:
            built = self.game_build()
            assert not isinstance(built, list)
            game_settings, names, game_seats = built
            name = str(self.value("session-name")).strip()
            app = self.app
            game = self.game
            app.pop_screen()
            polignac_app(app).start_game(game, game_settings, names, game_seats, name,
                                         undo=self.undo())
            return
        result = self.build()
        assert not isinstance(result, list)
        rules, players = result
        name = str(self.value("session-name")).strip()
        app = self.app
        app.pop_screen()
        if self.on_create is not None:
            self.on_create(rules, players, self.choices(), name)
            return
        polignac_app(app).start_new(rules, players, name, undo=self.undo())
