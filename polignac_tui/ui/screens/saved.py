"""Saved sessions: resume, delete with confirmation, unreadable files with their reason."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import MouseDown
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Static
from textual.worker import Worker, WorkerState

from ...games import FIRST_GAME, game_names
from ...games.namewords import shown_name
from ...i18n import N_, _, pgettext
from ...store.index import Summary
from ...store.wording import file_error_text, game_title, where_words
from ..chrome import Footer, header
from ..handle import card_games_app
from ..textfmt import assemble


def plain(text: str) -> Text:
    """A table cell shown as it is (a name with [brackets] is not markup)."""
    return Text(text, end="")


def clip(text: str, width: int, ascii: bool = False) -> str:
    if len(text) <= width:
        return text
    return text[:width - 3] + "..." if ascii else text[:width - 1] + "…"


# The Game filter: every game, then each game alone (f cycles through them).
GAME_FILTERS: tuple[str | None, ...] = (None, *game_names())


def filter_words(game: str | None) -> str:
    """The Game filter's value in words: "all games", or the game's title."""
    return _("all games") if game is None else game_title(game)


def describe_session(summary: Summary) -> str:
    """Name and players, then where it stands (and, for a served table, where to play it);
    a session of another game than Polignac is said to be of it."""
    name = summary.name or summary.id
    if summary.game != FIRST_GAME:
        name = f"{game_title(summary.game)} · {name}"
    players = ", ".join(shown_name(player) for player in summary.players)
    text = f"{name}: {players}\n{where_words(summary.where)}"
    if summary.served:
        text += "\n" + (_("Played at a served table: join it with `polignac-tui join`.")
                        if not summary.finished else _("Played at a served table."))
    return text


def state_cell(summary: Summary) -> str:
    """Where a session stands, short; a served table's marked so."""
    where = where_words(summary.where_short)
    return _("served table: {where}").format(where=where) if summary.served else where


def shown_path(path: Path) -> str:
    """``path`` with the home folder written ``~``."""
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def month(number: int) -> str:
    """The short name of month ``number`` (1-12) in the current language."""
    names = {1: pgettext("month, short", "Jan"), 2: pgettext("month, short", "Feb"),
             3: pgettext("month, short", "Mar"), 4: pgettext("month, short", "Apr"),
             5: pgettext("month, short", "May"), 6: pgettext("month, short", "Jun"),
             7: pgettext("month, short", "Jul"), 8: pgettext("month, short", "Aug"),
             9: pgettext("month, short", "Sep"), 10: pgettext("month, short", "Oct"),
             11: pgettext("month, short", "Nov"), 12: pgettext("month, short", "Dec")}
    return names[number]


def when(moment: datetime | None) -> str:
    """``23 Nov 20:15`` in local time, the month in the current language (never the C
    library's locale: two players in one process may speak two languages)."""
    if moment is None:
        return ""
    local = moment.astimezone()
    return f"{local.day:02d} {month(local.month)} {local:%H:%M}"


class ConfirmDelete(ModalScreen[bool]):
    """Delete a saved session? y / n."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Delete"), tooltip=N_("yes, delete the file")),
        Binding("n,escape", "answer(False)", N_("Keep"), tooltip=N_("no, keep it")),
    ]

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield Static(_("Delete {what}?\nThe file is removed; this cannot be undone.").format(
                             what=self.what),
                         id="confirm-question", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Delete (y)"), id="yes", variant="error")
                yield Button(_("Keep (n)"), id="no", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class SavedScreen(Screen[None]):
    """The list of saved sessions, newest first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "resume", N_("Resume"), priority=True,
                tooltip=N_("resume the selected session at its table")),
        Binding("d,delete", "delete", N_("Delete"),
                tooltip=N_("delete the selected session (asks first)")),
        Binding("p", "replay", N_("Replay"),
                tooltip=N_("replay and review the last finished deal, card by card")),
        Binding("g", "chart", N_("Chart"),
                tooltip=N_("the score after each deal, a line per player")),
        Binding("f", "game", N_("Game"),
                tooltip=N_("the sessions of every game, or of Polignac, Écarté or Piquet "
                           "only (shown once a game other than Polignac is saved)")),
        Binding("escape", "app.go_home", N_("Home"), tooltip=N_("back to Home")),
        Binding("question_mark", "app.help", N_("Help"), key_display="?"),
        # A list of rows: Home and End go to the first and the last session (the
        # DataTable's own Home/End go to the first and last column).
        Binding("home", "ends(False)", N_("First"), show=False, priority=True,
                tooltip=N_("the newest session")),
        Binding("end", "ends(True)", N_("Last"), show=False, priority=True,
                tooltip=N_("the oldest session")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Summary] = []       # the rows shown (the Game filter applied)
        self.all_entries: list[Summary] = []   # every file read
        self.game_filter = 0                   # an index of GAME_FILTERS
        self.mixed = False                     # a session of another game than Polignac
        self.columns_mixed: bool | None = None   # the Game column is shown
        self.row_before_click: int | None = None
        # The files are read in a thread worker (a hundred long sessions take seconds):
        # the screen shows at once, the list when it is read.
        self.reading = True   # until the list is shown
        self._reader: Worker[list[Summary]] | None = None

    @property
    def ascii(self) -> bool:
        return bool(card_games_app(self.app).settings.ascii)

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="saved"):
            yield Static(_("Saved sessions"), classes="screen-title")
            yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
            yield Static(_("Reading saved sessions...") if self.ascii else
                         _("Reading saved sessions…"), id="saved-detail", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.set_columns(False)
        self.query_one("#sessions", DataTable).focus()

    def set_columns(self, mixed: bool) -> None:
        """The columns: Session, Saved, State; with a Game column first once sessions of
        other games than Polignac are saved."""
        if mixed == self.columns_mixed:
            return
        table = self.query_one("#sessions", DataTable)
        table.clear(columns=True)
        if mixed:
            table.add_column(_("Game"), key="game")
        table.add_column(_("Session"), key="name")
        table.add_column(pgettext("when a session was saved", "Saved"), key="updated")
        table.add_column(_("State"), key="state")
        self.columns_mixed = mixed

    @property
    def chosen_game(self) -> str | None:
        return GAME_FILTERS[self.game_filter]

    def action_game(self) -> None:
        """The next Game filter: all games, Polignac, Écarté, Piquet."""
        self.game_filter = (self.game_filter + 1) % len(GAME_FILTERS)
        self.show_entries(self.all_entries)

    def on_screen_resume(self) -> None:
        # With the summary index current, the list is there in the first frame; else the
        # screen is shown first, then the files read: the reading thread holds the GIL in
        # turns with the UI thread and would slow the first frame down.
        if not self.show_current():
            self.call_after_refresh(self.reload)

    def show_current(self) -> bool:
        """Show the list at once if the summary index is current (no file to read)."""
        try:
            ready = card_games_app(self.app).store.current_summaries()
        except Exception:  # the worker's reading says what is wrong
            return False
        if ready is None:
            return False
        self.show_entries(ready)
        return True

    def reload(self) -> None:
        """Read the saved sessions again, off the UI thread; the rows follow."""
        if not self.is_attached:  # left before it was read
            return
        if self.show_current():
            return
        self.reading = True
        # exclusive: a newer reading replaces an older one still running (its result is
        # dropped); the worker is the screen's, so leaving the screen cancels it too.
        self._reader = self.run_worker(card_games_app(self.app).store.summaries,
                                       name="saved sessions", group="saved-sessions",
                                       thread=True, exclusive=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._reader or not self.is_attached:
            return
        if event.state == WorkerState.SUCCESS:
            self.show_entries(list(event.worker.result or []))
        elif event.state == WorkerState.ERROR:  # the folder cannot be read: say so
            self.notify(_("The saved sessions cannot be listed: {error}").format(
                error=event.worker.error),
                        severity="error", markup=False)
            self.show_entries([])

    def show_entries(self, entries: list[Summary]) -> None:
        """Fill the list with ``entries`` (newest first), the cursor kept where it was."""
        self.reading = False
        self.all_entries = entries
        self.mixed = any(e.readable and e.game != FIRST_GAME for e in entries)
        game = self.chosen_game
        mixed = self.mixed or game is not None
        self.set_columns(mixed)
        title = _("Saved sessions")
        if game is not None:
            title = _("{title}: {game}").format(title=title, game=filter_words(game))
        self.query_one("#saved .screen-title", Static).update(title)
        table = self.query_one("#sessions", DataTable)
        row = table.cursor_row
        table.clear()
        self.entries = [e for e in entries
                        if game is None or (e.readable and e.game == game)]
        # the widths of the cells: 80 columns with the Game column too
        name_width, state_width = (20, 30) if mixed else (26, 36)
        for entry in self.entries:
            first = [plain(game_title(entry.game) if entry.readable else "")] if mixed else []
            if not entry.readable:
                table.add_row(*first, plain(entry.id), plain(when(entry.updated)),
                              Text.assemble((_("unreadable (see below)"), "bold red"), end=""),
                              key=entry.id)
            else:
                state = clip(state_cell(entry), state_width, self.ascii)
                table.add_row(*first, plain(clip(entry.name or entry.id, name_width, self.ascii)),
                              plain(when(entry.updated)), plain(state), key=entry.id)
        if self.entries:
            table.move_cursor(row=min(max(row, 0), len(self.entries) - 1))
        table.focus()
        self.show_detail()
        self.refresh_bindings()

    def selected(self) -> Summary | None:
        table = self.query_one("#sessions", DataTable)
        if not self.entries or not 0 <= table.cursor_row < len(self.entries):
            return None
        return self.entries[table.cursor_row]

    def show_detail(self) -> None:
        entry = self.selected()
        detail = self.query_one("#saved-detail", Static)
        if entry is None and self.chosen_game is not None:
            detail.update(_("No saved session of {game}: press f to see the others.").format(
                game=filter_words(self.chosen_game)))
        elif entry is None:
            detail.update(_("No saved sessions yet: press escape, then n for a new session."))
        elif not entry.readable:
            detail.update(assemble(_("{path} cannot be read: {why}. Damaged files are left "
                                     "untouched: move or remove it yourself."),
                                   path=Text(shown_path(entry.path), style="bold"),
                                   why=file_error_text(entry.error or "")))
        else:
            detail.update(f"{shown_path(entry.path)}\n"
                          f"{describe_session(entry)}")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()
        self.refresh_bindings()

    # not offered for a damaged file, left untouched (resume stays: it says why not)
    NEEDS_READABLE = frozenset({"delete", "replay", "chart"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "game":   # only once there is more than Polignac to choose from
            return self.mixed or self.chosen_game is not None
        if action in self.NEEDS_READABLE:
            entry = self.selected()
            if entry is not None and not entry.readable:
                return False
        return True

    def on_mouse_down(self, event: MouseDown) -> None:
        self.row_before_click = self.query_one("#sessions", DataTable).cursor_row

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        # A click (Enter is a binding here) resumes only a row already highlighted:
        # the first click on a row selects it, a second one resumes it.
        if event.cursor_row == self.row_before_click:
            self.action_resume()

    def readable(self, refusal: str, title: str) -> Summary | None:
        """The selected session if it can be read; else None, ``refusal`` (with ``{id}``
        and ``{why}``) said under ``title``."""
        entry = self.selected()
        if entry is not None and not entry.readable:
            self.notify(refusal.format(id=entry.id, why=file_error_text(entry.error or "")),
                        severity="error", markup=False, title=title)
            return None
        return entry

    def action_resume(self) -> None:
        entry = self.readable(_("{id} cannot be resumed: {why}"), _("Cannot resume"))
        if entry is None:
            return
        if entry.finished:
            self.notify(_("{id} is finished: {where}.").format(
                id=entry.id, where=where_words(entry.where_short)),
                        title=_("Finished session"), markup=False)
        card_games_app(self.app).resume(entry.id)

    def action_ends(self, last: bool) -> None:
        table = self.query_one("#sessions", DataTable)
        if last:
            table.action_scroll_bottom()
        else:
            table.action_scroll_top()

    def action_chart(self) -> None:
        entry = self.readable(_("{id} has no chart: {why}"), _("Cannot draw"))
        if entry is None:
            return
        from .charts import SessionChartScreen
        self.app.push_screen(SessionChartScreen.of_summary(entry))

    def action_replay(self) -> None:
        entry = self.readable(_("{id} cannot be replayed: {why}"), _("Cannot replay"))
        if entry is None:
            return
        from .replay import ReplayScreen
        try:                                  # one replay for every game
            screen = ReplayScreen(card_games_app(self.app).store.load_game(entry.id))
        except Exception as error:  # changed or removed since it was listed, or no deal over
            self.notify(_("{id} cannot be replayed: {why}").format(
                id=entry.id, why=error), severity="error",
                        markup=False, title=_("Cannot replay"))
            return
        self.app.push_screen(screen)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None or not entry.readable:   # damaged files are left untouched
            return
        name = entry.name
        what = f"{name} ({entry.id})" if name else entry.id

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                card_games_app(self.app).store.delete(entry.id)
            except Exception as error:  # locked or not removable: say why
                self.notify(_("{id} not deleted: {error}").format(
                    id=entry.id, error=error), severity="error", markup=False)
            else:
                self.notify(_("Deleted {what}.").format(what=what), markup=False)
            self.reload()

        self.app.push_screen(ConfirmDelete(what), answered)
