"""The Textual app: Home, the table and every other screen, themes and ASCII mode."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.events import Key, Resize
from textual.filter import LineFilter
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widget import AwaitMount

from ..config import THEMES, Settings, save_settings
from ..games import FIRST_GAME
from ..i18n import N_, Translator, _, choose_language, tr, translator_for
from ..store.wording import file_error_text
from .asciimode import (
    AsciiFilter,
    AsciiKeyLabels,
    AsciiScrollBarRender,
    ascii_words,
    key_words,
)
from .guards import Palette, page_key_too_early
from .warm import take_primed_stylesheet

if TYPE_CHECKING:
    from ..commands.join import JoinTarget
    from ..store.folder import SessionStore
    from ..store.index import Summary
    from ..table.gameclient import GameClient
    from ..table.gametable import GameTable

# The table needs 80 columns (hand of 10 cards, seats on three sides, score column)
# and 23 rows (header, seats and trick in 14 rows at least, a status of up to two
# lines, the hand, footer): an 80×24 terminal under tmux or screen with a status line.
MIN_WIDTH = 80
MIN_HEIGHT = 23

# How many of the newest saved files Home reads to offer "Continue".
CONTINUE_SCAN = 20

# Set (to a file path) by the startup benchmark: the app writes the wall-clock time of
# its first painted screen to that file and exits.
FIRST_PAINT_ENV = "POLIGNAC_TUI_FIRST_PAINT"


# The CSS variables of each theme, as Textual computes them from the theme alone (its
# colour system: two thirds of a millisecond at each call, twice at an app's start):
# computed once per process, and once for all the SSH door's forked apps (``warm``).
_css_variables: dict[str, tuple[object, dict[str, str]]] = {}


def main_commands() -> type:
    """The command palette's main actions (imported when the palette first opens)."""
    from .commands import MainCommands
    return MainCommands


class CardGamesApp(App[None]):
    """The house's card games in the terminal, every game of the registry (the title
    keeps the name the app has always had)."""

    TITLE = "Polignac"
    SUB_TITLE = "Quatre Valets"
    CSS_PATH = "app.tcss"
    COMMANDS: ClassVar = App.COMMANDS | {main_commands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True,
                tooltip=N_("quit at once, from any screen (a table that could not save "
                           "asks first)")),
        Binding("f1", "help", N_("Help"), show=False, tooltip=N_("this list of keys")),
    ]

    def __init__(self, settings: Settings | None = None, store: SessionStore | None = None,
                 *, start: str = "home", resume_id: str | None = None,
                 new_preset: str | None = None, new_players: int | None = None,
                 new_name: str | None = None, seed: int | None = None,
                 table: GameTable | None = None, ascii: bool = False,
                 join: JoinTarget | None = None, lang: str | None = None,
                 game_table: GameTable | None = None) -> None:
        super().__init__()
        # Forked from the SSH door's warm process: the CSS it parsed once (``warm``).
        primed = take_primed_stylesheet(self.get_css_variables())
        if primed is not None:
            self.stylesheet = primed
        self.settings = settings if settings is not None else Settings()
        # ``--ascii`` holds for this run only: it is not written to settings.toml.
        self.ascii_for_this_run = ascii and not self.settings.ascii
        if ascii:
            self.settings.ascii = True
        if store is None:
            from ..store.folder import SessionStore
            store = SessionStore()
        self.store = store
        self.start = start
        self.resume_id = resume_id
        self.new_preset = new_preset
        self.new_players = new_players
        self.new_name = new_name
        self.seed = seed
        self._start_table = table
        self._start_game_table = game_table
        self.last_table: str | None = None   # the session of the last table opened here
        self.join = join     # start="lobby": the table service to connect to
        self.first_paint_file = os.environ.get(FIRST_PAINT_ENV)
        self._started = False
        self.exiting = False   # set by exit(): keys typed ahead of the quit open nothing
        self._ascii_filter = AsciiFilter()
        # ``--lang`` holds for this run only; else the setting, else the environment.
        self.lang_for_this_run = lang
        self.translator: Translator = self.chosen_translator()

    def get_css_variables(self) -> dict[str, str]:
        """Textual's variables of the current theme, computed once per theme (a copy each
        time, as Textual gives a new one)."""
        theme = self.current_theme
        known = _css_variables.get(theme.name)
        if known is None or known[0] is not theme:
            variables = super().get_css_variables()
            _css_variables[theme.name] = (theme, dict(variables))
            return variables
        self.theme_variables = dict(known[1])
        return dict(known[1])

    # -- start -------------------------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        """The bottom screen: a joined player's lobby (no empty screen composed, laid out
        and drawn under it first), else Textual's empty one (Home is pushed on it)."""
        if self.start == "lobby" and self.join is not None:
            from .screens.lobby import LobbyScreen
            return LobbyScreen(self.join)
        return super().get_default_screen()

    def on_mount(self) -> None:
        self.apply_settings()
        # A player of the table service never sees Home: the lobby is the bottom screen
        # (composing Home under it doubled the CPU of a door's first frame).
        if not (self.start in ("lobby", "web") and self.join is not None):
            from .screens.home import HomeScreen
            self.push_screen(HomeScreen())
        if self.settings.problem:
            self.notify(self.settings.problem_text() or self.settings.problem,
                        title=_("Settings file"), severity="warning",
                        markup=False,
                        timeout=10)
        if self._start_table is not None:
            table, self._start_table = self._start_table, None
            self.open_table(table)
        elif self._start_game_table is not None:
            game_table, self._start_game_table = self._start_game_table, None
            self.open_game_table(game_table)
        elif self.start == "new":
            self.start_quick(self.new_preset, self.new_players, self.new_name)
        elif self.start == "resume" and self.resume_id is not None:
            self.resume(self.resume_id)
        elif self.start == "web" and self.join is not None:
            from .screens.web_sign_in import WebSignInScreen
            self.push_screen(WebSignInScreen(self.join.socket))
        self._started = True
        self.check_size()
        if self.first_paint_file:
            self.call_after_refresh(self._first_paint)

    def _first_paint(self) -> None:
        assert self.first_paint_file is not None
        with open(self.first_paint_file, "w", encoding="utf-8") as out:
            out.write(f"{time.time():.6f}\n")
        self.exit()

    def chosen_translator(self) -> Translator:
        """The language of this app: ``--lang``, else the setting, else the environment."""
        return translator_for(choose_language(self.lang_for_this_run,
                                              self.settings.language, os.environ))

    def set_language(self, translator: Translator) -> None:
        """Speak ``translator``'s language from now on: every screen is composed again."""
        if translator is self.translator:
            return
        self.translator = translator
        if self._started:
            self.redraw_language()

    def redraw_language(self) -> None:
        """Every screen's words again, in the language now chosen (no restart)."""
        for screen in self.screen_stack:
            self.call_later(self._relabel, screen)
        self.refresh_bindings()

    async def _relabel(self, screen: Any) -> None:
        """``screen`` composed again in the language now chosen; a screen that fills its
        widgets after composing (Home's menu, the table) does it again in
        ``after_relabel``."""
        from .chrome import SafeHeader
        if not screen.is_attached:
            return
        await screen.recompose()
        after = getattr(screen, "after_relabel", None)
        if callable(after):
            after()
        for widget in screen.query(SafeHeader):
            widget.set_title()

    def apply_settings(self) -> None:
        """Theme, ASCII mode and language from ``self.settings``."""
        self.set_language(self.chosen_translator())
        theme = self.settings.theme
        self.theme = theme if theme in self.available_themes else THEMES[0]
        ascii = self.settings.ascii
        changed = ascii != self.has_class("ascii")
        self.set_class(ascii, "ascii")
        # The documented way to draw scrollbars otherwise: Textual reads it at each render.
        ScrollBar.renderer = AsciiScrollBarRender if ascii else ScrollBarRender
        if changed and self._started:
            self.redraw_everything()

    def redraw_everything(self) -> None:
        """Draw every screen again (ASCII mode switched on or off while running)."""
        from textual.widgets import Footer

        from .chrome import SafeHeader
        for screen in self.screen_stack:
            for widget in [screen, *screen.query("*")]:
                if isinstance(widget, SafeHeader):
                    widget.show_mode()
                widget.refresh(recompose=isinstance(widget, Footer))  # its keys' names
                if widget.show_vertical_scrollbar:
                    widget.vertical_scrollbar.refresh()
                if widget.show_horizontal_scrollbar:
                    widget.horizontal_scrollbar.refresh()

    def get_line_filters(self) -> list[LineFilter]:
        """Textual's filters (no colour...), then, in ASCII mode, everything in ASCII."""
        filters = list(super().get_line_filters())
        if self.has_class("ascii"):
            filters.append(self._ascii_filter)
        return filters

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer names it: in ASCII mode, the screen's own ASCII label of the
        key (``AsciiKeyLabels``), else ``enter`` rather than an arrow."""
        if not self.has_class("ascii"):
            return super().get_key_display(binding)
        screen = self.screen
        if isinstance(screen, AsciiKeyLabels) and binding.key in screen.ASCII_KEYS:
            return screen.ASCII_KEYS[binding.key]
        shown = super().get_key_display(binding)
        return shown if shown.isascii() else ascii_words(key_words(shown))

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header's "Polignac — Quatre Valets" ("-" in ASCII mode)."""
        if sub_title and self.has_class("ascii"):
            return Content.assemble(Content(title), (" - ", "dim"),
                                    Content(sub_title).stylize("dim"))
        return super().format_title(title, sub_title)

    def watch_theme(self, theme: str) -> None:
        """A theme chosen anywhere (the command palette too) is kept for next time."""
        if self._started and theme != self.settings.theme:
            self.settings.theme = theme
            self.save_settings()

    def save_settings(self) -> bool:
        """Save the settings in force; a failure is notified, never raised."""
        kept = self.settings
        if self.ascii_for_this_run:
            kept = replace(self.settings, ascii=False)
        try:
            save_settings(kept)
            self.settings.problem = None
        except OSError as error:
            self.notify(_("Settings not saved: {error}").format(error=error), title=_("Settings"),
                        severity="error",
                        markup=False)
            return False
        return True

    def exit(self, result: None = None, return_code: int = 0,
             message: RenderableType | None = None) -> None:
        """Quit; screens pushed from now on (keys typed ahead) are not opened."""
        self.exiting = True
        super().exit(result, return_code, message)

    # -- size --------------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        # Runs before App's own handler (this class comes first in the MRO); the check
        # waits until that handler has taken the new size.
        self.call_later(self.check_size)

    def check_size(self) -> None:
        """Cover everything with an "enlarge" message while the terminal is too small."""
        from .screens.too_small import TooSmallScreen
        if not self._started:
            return
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        shown = self.screen
        showing = isinstance(shown, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif small and isinstance(shown, TooSmallScreen):
            shown.refresh_size()
        elif not small and showing:
            self.pop_screen()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Push ``screen``; while the "enlarge" message shows, it stays on top."""
        from .screens.too_small import TooSmallScreen
        if self.exiting:  # quitting: keys typed ahead open nothing
            return AwaitMount(self.screen, [])
        if isinstance(self.screen, TooSmallScreen) and not isinstance(screen, TooSmallScreen):
            self.pop_screen()
            result = super().push_screen(screen, *args, **kwargs)
            super().push_screen(TooSmallScreen())
            return result
        return super().push_screen(screen, *args, **kwargs)

    def action_command_palette(self) -> None:
        """The command palette (``guards.Palette``), once: Textual looks only at the top
        screen, so ctrl+p with a screen pushed over an open palette (f1, a toast's
        action...) would open a second one with the same id (``DuplicateIds``)."""
        from textual.command import CommandPalette
        if self.use_command_palette and not any(
                isinstance(screen, CommandPalette) for screen in self.screen_stack):
            self.push_screen(Palette(id="--command-palette",
                                     placeholder=_("Search for commands…")))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands for the palette, less those that do nothing useful here
        (its Quit beside the app's, a Screenshot written where nobody finds it)."""
        from .commands import DROPPED_SYSTEM_COMMANDS
        for command in super().get_system_commands(screen):
            if command.title not in DROPPED_SYSTEM_COMMANDS:     # in our words
                yield SystemCommand(tr(command.title), tr(command.help), command.callback,
                                    command.discover)

    def on_key(self, event: Key) -> None:
        """Runs before the bindings: a page key that would reach a list not laid out yet
        is dropped (Textual 8.2.8 raises ``KeyError`` there, see guards.py)."""
        if page_key_too_early(self, event.key):
            event.prevent_default()

    async def action_quit(self) -> None:
        """Quit at once; but at a table whose last save failed, the first ctrl+q says
        what would be lost and a second one quits (issue 15)."""
        for screen in self.screen_stack:
            # the table screen says whether it may be left
            may_leave = getattr(screen, "may_leave", None)
            if callable(may_leave) and not may_leave():
                if screen is not self.screen:
                    self.notify(_("The session is NOT saved: press ctrl+q again to quit "
                                "anyway."), title=_("Not saved"), severity="error")
                return
        self.exit()

    # -- navigation --------------------------------------------------------------------
    def go_home(self) -> None:
        """Back to Home (at the end of a session, or from any screen); joined to a table
        service, back to its lobby."""
        from .screens.home import HomeScreen
        if len(self.screen_stack) <= 1 or isinstance(self.screen, HomeScreen):
            return   # already there (and the lobby's module, slow to import, not needed)
        from .screens.lobby import LobbyScreen
        while len(self.screen_stack) > 1 and not isinstance(self.screen,
                                                            (HomeScreen, LobbyScreen)):
            self.pop_screen()

    def action_home(self) -> None:
        self.go_home()

    def action_go_home(self) -> None:
        self.go_home()

    def action_help(self) -> None:
        """Every key of every screen."""
        from .screens.help import HelpScreen
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_new_session(self) -> None:
        from .screens.new_session import NewSessionScreen
        self.go_home()
        self.push_screen(NewSessionScreen())

    def action_saved(self) -> None:
        from .screens.saved import SavedScreen
        self.go_home()
        self.push_screen(SavedScreen())

    def action_statistics(self) -> None:
        from .screens.charts import StatsScreen
        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen())

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen
        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        from .screens.rules import RulesScreen
        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def action_continue(self) -> None:
        session_id = self.unfinished_id()
        if session_id is None:
            self.notify(_("No unfinished session to continue."), title=_("Continue"))
            return
        self.go_home()
        self.resume(session_id)

    def unfinished_id(self) -> str | None:
        """The id of the most recent unfinished session, if any (what "Continue" resumes)."""
        session = self.unfinished()
        return session.id if session is not None else None

    def unfinished(self) -> Summary | None:
        """The most recent unfinished session, if any (what "Continue" resumes).

        Looks at the ``CONTINUE_SCAN`` most recently written files only: Home stays quick
        with hundreds of saved sessions (older ones are still in the saved-sessions list).
        """
        return self.store.latest_unfinished(CONTINUE_SCAN, prefer=self.last_table)

    # -- tables ------------------------------------------------------------------------
    def open_table(self, table: GameTable) -> None:
        """Show the table screen of ``table``, played in this process."""
        self.open_game_table(table)

    def open_game_table(self, table: GameTable) -> None:
        """Show the table screen of ``table`` (any game), played in this process."""
        from ..table.gamerunner import LocalGameClient
        self.last_table = table.session.id
        self.open_game_client(LocalGameClient(table, pace=self.settings.pace,
                                              after_trick=self.settings.after_trick))

    def open_game_client(self, client: GameClient) -> None:
        """Show the table screen of ``client``'s game as a client of its seats (one
        screen for every game)."""
        from .screens.table import TableScreen
        self.push_screen(TableScreen(client))

    def open_game_session(self, session_id: str) -> bool:
        """Resume a saved session of any game at its table; False (and a message)
        when it cannot be (locked, damaged, vanished)."""
        from ..table.gametable import GameTable
        try:
            table = GameTable.open(self.store, session_id, seed=self.seed)
        except Exception as error:  # a readable reason, never a traceback
            self.notify(file_error_text(str(error)), title=_("Cannot resume"), severity="error",
                        timeout=10, markup=False)
            return False
        self.open_game_table(table)
        return True

    def start_game(self, game: str, settings: Any, names: list[str], seats: list[Any],
                   name: str = "", undo: bool = True) -> bool:
        """Create a session of ``game`` (any game), save it and open its table;
        False (and a message) on failure."""
        from ..table.gametable import GameTable
        try:
            table = GameTable.create(self.store, game, settings, names, seats, name=name,
                                     seed=self.seed, undo=undo)
        except Exception as error:  # a readable reason, never a traceback
            self.notify(_("The session could not be started: {error}").format(error=error),
                        title=_("New session"), markup=False, severity="error", timeout=10)
            return False
        self.open_game_table(table)
        return True

    def leave_table(self) -> None:
        """The table screen was left (q, or the end of the session): back Home."""
        self.go_home()

    def start_quick(self, preset_name: str | None, players: int | None,
                    name: str | None = None) -> bool:
        """You plus computers (medium) with a preset of the first game:
        ``polignac-tui new``."""
        from ..games import get_game
        from ..games.session import SeatPlayer
        from .seats import DEFAULT_LEVEL, computer_names, start_players
        game = get_game(FIRST_GAME)
        count = players or start_players(game)
        you = name or self.settings.your_name()
        settings = game.settings(preset_name or self.settings.default_preset, players=count)
        names = [you, *computer_names(you, count - 1)]
        game.check_players(names)
        seats = [SeatPlayer(True), *[SeatPlayer(False, DEFAULT_LEVEL)] * (count - 1)]
        return self.start_game(FIRST_GAME, settings, names, seats)

    def resume(self, session_id: str) -> bool:
        """Open a saved session at its table; False (and a message) when it cannot be.
        A session of Écarté or Piquet goes to ``open_game_session``."""
        return self.open_game_session(session_id) is not False
