"""Home: continue, new session, saved sessions, rules, settings, help, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ...games import FIRST_GAME
from ...games.cardwords import rank_letter, suit_letter
from ...games.namewords import shown_name
from ...i18n import N_, _, tr
from ...store.report import who_plays
from ...store.wording import game_title, where_words
from ..chrome import Footer, header
from ..gameface import face_of
from ..handle import card_games_app

if TYPE_CHECKING:
    from ...store.index import Summary

BANNER = r"""
 ___  ___  _    ___ ___ _  _   _   ___
| _ \/ _ \| |  |_ _/ __| \| | /_\ / __|
|  _/ (_) | |__ | | (_ | .` |/ _ \ (__
|_|  \___/|____|___\___|_|\_/_/ \_\___|
""".strip("\n")
BANNER = "\n".join(line.ljust(39) for line in BANNER.splitlines())

# The worker that reads the newest files for Continue.
CONTINUE_GROUP = "home-continue"

# Seconds during which a repeated c does nothing after one (no pile of identical toasts).
CONTINUE_GUARD = 1.0

# The line under the title: the house's first game's, then the games for two (its FACE).
TAGLINE_GAME = FIRST_GAME


def continue_line(session: Summary, width: int, ascii: bool = False) -> str:
    """``Continue: Ana vs Bruno, Claire (deal 3, limit 20, Ana to play)`` in ``width``
    columns: shorter names, then the short state, then the names cut with an ellipsis
    (the state is kept whole when it can be)."""
    def title(limit: int | None) -> str:
        shown = [shown_name(n) for n in session.players]
        names = [n if limit is None else _clip(n, limit, ascii) for n in shown]
        humans = list(session.humans)
        if len(humans) != len(names):
            humans = [True] * len(names)
        named = session.name or who_plays(names, humans, _("{people} vs {computers}"))
        if session.game != FIRST_GAME:        # another game: said which
            named = f"{game_title(session.game)} · {named}"
        return named

    line = _("Continue: {title} ({where})")
    for where in (where_words(session.where), where_words(session.where_short)):
        for limit in (None, 10, 8, 6):
            text = line.format(title=title(limit), where=where)
            if cell_len(text) <= width:
                return text
    short = where_words(session.where_short)
    room = width - cell_len(line.format(title="", where=short))
    if room >= 12:
        return line.format(title=_clip(title(6), room, ascii), where=short)
    return _clip(line.format(title=title(6), where=short), width, ascii)


def _clip(text: str, width: int, ascii: bool) -> str:
    """``text`` in ``width`` columns, cut with an ellipsis when longer."""
    if cell_len(text) <= width:
        return text
    mark = "..." if ascii else "…"
    while text and cell_len(text + mark) > width:
        text = text[:-1]
    return text.rstrip() + mark


def jacks_line(ascii: bool, four_colour: bool) -> str:
    """The four jacks, le Polignac first, as content markup."""
    colours = {"S": "", "H": "#e0474c", "D": "#3d7fd9" if four_colour else "#e0474c",
               "C": "#2fa84f" if four_colour else ""}
    glyphs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    cards = []
    for suit in "SHDC":
        text = rank_letter("J") + (suit_letter(suit) if ascii else glyphs[suit])
        colour = colours[suit]
        cards.append(f"[bold {colour}]{text}[/]" if colour else f"[bold]{text}[/]")
    return "   ".join(cards)


def menu_lines(entries: list[tuple[str, str, str]]) -> list[Option]:
    """The menu's options (id, words, key): the words, then the keys in a column."""
    width = max(16, *(len(entry[1]) for entry in entries))
    return [Option(f"{words:<{width}} {key}", id=ident) for ident, words, key in entries]


class HomeScreen(Screen[None]):
    """The first screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "continue", N_("Continue"),
                tooltip=N_("continue the most recent unfinished session")),
        Binding("n", "app.new_session", N_("New"),
                tooltip=N_("new session: preset, settings, seats")),
        Binding("s", "app.saved", N_("Saved"), tooltip=N_("saved sessions: resume or delete")),
        Binding("t", "app.statistics", N_("Stats"),
                tooltip=N_("statistics per player, with a chart, by period and players")),
        # Rules and Settings stand in the menu with their keys; out of the Footer, so that
        # its line keeps Quit at 80 columns with Continue and in French or Italian.
        Binding("r", "app.rules", N_("Rules"), show=False,
                tooltip=N_("the rules of each preset, in words")),
        Binding("o", "app.settings", N_("Settings"), show=False,
                tooltip=N_("settings: name, theme, pace, ASCII, four colours, default preset")),
        Binding("question_mark", "app.help", N_("Help"), key_display="?",
                tooltip=N_("this list of keys")),
        Binding("q", "app.quit", N_("Quit"),
                tooltip=N_("quit (sessions are saved as they are played)")),
    ]

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="home"):
            yield Static(BANNER, id="banner")
            yield Static("", id="suits")
            yield Static(tr(face_of(TAGLINE_GAME).tagline), id="tagline")
            with Center():
                yield OptionList(id="menu")
            yield Static("", id="continue-info", markup=False)
        yield Footer()

    unfinished: str | None = None     # the id Continue resumes, once the files are read
    unfinished_session: Summary | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return self.unfinished is not None
        return True

    opening = False

    def action_continue(self) -> None:
        """Continue, once: more presses of c while it opens (or while the table just left
        still holds its lock) are ignored instead of piling up the same message."""
        if self.opening or self.unfinished is None:
            return
        self.opening = True
        self.set_timer(CONTINUE_GUARD, self._continue_done)
        app = card_games_app(self.app)
        app.go_home()
        app.resume(self.unfinished)

    def _continue_done(self) -> None:
        self.opening = False

    def on_mount(self) -> None:
        self.refresh_menu()

    def after_relabel(self) -> None:
        """Composed again in another language: the menu again."""
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        """The menu at once, with what is known of Continue; the newest files are then
        read again in a thread (a slow disk or an odd file never holds up the keys)."""
        settings = card_games_app(self.app).settings
        self.query_one("#suits", Static).update(jacks_line(settings.ascii, settings.four_colour))
        self.show_menu()
        self.find_unfinished()

    @work(thread=True, exclusive=True, group=CONTINUE_GROUP, exit_on_error=False)
    def find_unfinished(self) -> Summary | None:
        """The most recent unfinished session (reads up to ``CONTINUE_SCAN`` files)."""
        return card_games_app(self.app).unfinished()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != CONTINUE_GROUP or event.state not in (WorkerState.SUCCESS,
                                                                       WorkerState.ERROR):
            return
        found = event.worker.result if event.state == WorkerState.SUCCESS else None
        if found is None and self.unfinished_session is None:
            return  # nothing to continue, as the menu already says
        self.unfinished_session = found
        self.show_menu()

    def show_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        was = (menu.get_option_at_index(highlighted).id
               if highlighted is not None and highlighted < menu.option_count else None)
        menu.clear_options()
        info = self.query_one("#continue-info", Static)
        session = self.unfinished_session
        self.unfinished = session.id if session is not None else None
        self.refresh_bindings()
        entries: list[tuple[str, str, str]] = []
        if session is not None:
            entries.append(("continue", _("Continue"), "c"))
            info.update(self.describe(session))
        else:
            info.update("")
        entries += [
            ("new_session", _("New session"), "n"),
            ("saved", _("Saved sessions"), "s"),
            ("rules", _("Rules"), "r"),
            ("settings", _("Settings"), "o"),
            ("help", _("Help"), "?"),
            ("quit", _("Quit"), "q"),
        ]
        options = menu_lines(entries)
        menu.add_options(options)
        ids = [option.id for option in options]
        # The highlight stays where the player put it; untouched, it is on the first line.
        menu.highlighted = ids.index(was) if was in ids and highlighted != 0 else 0
        menu.focus()

    def describe(self, session: Summary) -> str:
        """A line about the session that "Continue" resumes, on one line of the screen."""
        return continue_line(session, max(self.app.size.width - 4, 20),
                             card_games_app(self.app).settings.ascii)

    def on_resize(self) -> None:
        if self.unfinished_session is not None:
            self.query_one("#continue-info", Static).update(
                self.describe(self.unfinished_session))

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = event.option.id
        if action is not None:
            await self.run_action(f"app.{action}")
