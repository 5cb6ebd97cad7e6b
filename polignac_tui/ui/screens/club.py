"""The club's book, from the lobby (key b): a game's standings this month or for all time,
a player's page (their rating over time as a chart, their record against each other
player), and the ledger (who owes what to whom, each game wording its stake:
``Game.stake_words``).

The book is the host's; these screens ask it through the lobby's connection (a
``ClubSource``: ``LobbyClient``) and show what comes back literally (names are other
people's: never markup). A refusal or a lost connection is said on the screen, never
raised. Here too the player chooses whether the standings show them (``h``): a hidden
player is shown to nobody but themself.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...club.records import Debt, PlayerPage, Standing
from ...games import FIRST_GAME, get_game
from ...i18n import N_, _, ngettext, tr
from ...service.client import ServiceError
from ...service.club_wire import ClubStandings
from ...service.wording import refusal_words
from ...store.wording import game_title
from ..chrome import Footer, header
from ..textfmt import level_name
from ..widgets.rating_chart import RatingChart
from .charts import _ascii, _colour

# (period as sent, its words)
PERIODS: tuple[tuple[str, str], ...] = (("month", N_("this month")), ("all", N_("all time")))


class ClubSource(Protocol):
    """Where the club's book is asked (the lobby's connection to the service)."""

    @property
    def name(self) -> str: ...
    @property
    def games(self) -> tuple[str, ...]: ...
    async def club(self, game: str, period: str) -> ClubStandings: ...
    async def club_player(self, game: str, name: str) -> PlayerPage | None: ...
    async def club_ledger(self) -> list[Debt]: ...
    async def club_hidden(self, hidden: bool | None = None) -> bool: ...


def number(value: float) -> str:
    """A rating or an uncertainty: whole from 100 on, else one decimal."""
    return f"{value:.0f}" if abs(value) >= 100 else f"{value:.1f}"


def rating_words(standing: Standing, ascii: bool = False) -> str:
    """ "21.4 ± 2.2" (ASCII: "21.4 +/- 2.2")."""
    return f"{number(standing.rating)} {'+/-' if ascii else '±'} {number(standing.sigma)}"


def player_name(standing: Standing) -> str:
    """A player's name as sent (shown literally); a computer's by its level."""
    if standing.computer is not None:
        return _("computer ({level})").format(level=level_name(standing.computer))
    return standing.name


def who(standing: Standing) -> Text:
    """A line's player (``player_name``), a computer in italics, yours marked."""
    line = Text(player_name(standing), style="italic" if standing.computer else "")
    if standing.you:
        line.append(_("  (you)"), style="bold")
        line.stylize("bold")
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def refused(error: ServiceError) -> str:
    """A refusal of a question about the book, in the current language."""
    params = dict(error.params)
    what, count, seconds = params.get("what"), params.get("count"), params.get("seconds")
    if error.code == "busy" and what == "club_book":
        return _("The club's book cannot be read now: the host's log says why.")
    if error.code == "busy" and what == "club_asking":
        return _("The club's book is still answering your last question.")
    if error.code == "busy" and what == "club_changes" and isinstance(count, int) \
            and isinstance(seconds, int):
        return ngettext("You may leave or rejoin the standings {count} time in {seconds} "
                        "seconds: wait a moment.", "You may leave or rejoin the standings "
                        "{count} times in {seconds} seconds: wait a moment.", count).format(
                            count=count, seconds=seconds)
    return refusal_words(error.code, error.message, error.params)


class BookScreen(Screen[None]):
    """What the club's screens share: a title, a note under the content (red for a
    refusal), Back."""

    DEFAULT_CSS = """
    BookScreen .book { padding: 0 1; }
    BookScreen .book-title { height: 1; text-style: bold; color: $accent; }
    BookScreen .book-note { height: auto; max-height: 3; color: $text-muted; }
    BookScreen .book-note.-error { color: $error; text-style: bold; }
    """

    def reading(self) -> str:
        return (_("Reading the club's book…") if not _ascii(self)
                else _("Reading the club's book..."))

    def show_note(self, words: str, error: bool = False) -> None:
        note = self.query_one(".book-note", Static)
        note.set_class(error, "-error")
        note.update(words)

    def focus_table(self, selector: str, *columns: tuple[str, str]) -> None:
        """The screen's table given its ``columns`` (title, key), and the keys."""
        table = self.query_one(selector, DataTable)
        for title, key in columns:
            table.add_column(title, key=key)
        table.focus()

    def action_close(self) -> None:
        self.app.pop_screen()


class ClubScreen(BookScreen):
    """A game's standings, this month or for all time."""

    DEFAULT_CSS = """
    ClubScreen #club-table { height: 1fr; }
    ClubScreen #club-me { height: auto; max-height: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "game", N_("Game"), tooltip=N_("the standings of the next game")),
        Binding("p", "period", N_("Period"), tooltip=N_("this month or all time")),
        Binding("enter", "page", N_("Page"), priority=True,
                tooltip=N_("the chosen player's page: rating over time, record against "
                           "each player")),
        Binding("l", "ledger", N_("Ledger"),
                tooltip=N_("the ledger: who owes what to whom, as each game decides")),
        Binding("h", "hide", N_("Hide me"),
                tooltip=N_("leave the club's standings (nobody but you sees your line), or "
                           "join them again")),
        Binding("h", "show_me", N_("Show me"),
                tooltip=N_("rejoin the club's standings: everyone sees your line")),
        Binding("escape,q", "close", N_("Back"), tooltip=N_("back to the lobby")),
    ]
    HELP_HIDDEN = frozenset({"show_me"})     # h, the same key as Hide me

    def __init__(self, source: ClubSource, game: str = FIRST_GAME) -> None:
        super().__init__()
        self.source = source
        self.games = source.games or (FIRST_GAME,)
        self.game = game if game in self.games else self.games[0]
        self.period = 0                       # an index of PERIODS
        self.shown: ClubStandings | None = None
        self.hidden: bool | None = None       # None: not known yet
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="club", classes="book"):
            yield Static("", id="club-title", classes="book-title", markup=False)
            yield DataTable(id="club-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="club-note", classes="book-note", markup=False)
            yield Static("", id="club-me", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.focus_table("#club-table", ("#", "rank"), (_("Player"), "name"),
                         (_("Rating"), "rating"), (_("Matches"), "matches"),
                         (_("Wins"), "wins"), (_("Last played"), "last"))
        self.load()

    def load(self) -> None:
        self.show_title()
        self.show_note(self.reading())
        self.run_worker(self._load(self.game, PERIODS[self.period][0]), group="club",
                        exclusive=True, exit_on_error=False)

    async def _load(self, game: str, period: str) -> None:
        try:
            shown = await self.source.club(game, period)
        except ServiceError as error:
            self.problem = refused(error)
            self.shown = None
        else:
            self.problem = None
            self.shown = shown
            self.hidden = shown.hidden
        if self.is_attached:
            self.show()

    def show_title(self) -> None:
        dot = " - " if _ascii(self) else " · "
        self.query_one("#club-title", Static).update(
            _("The club's book") + dot + game_title(self.game) + dot
            + tr(PERIODS[self.period][1]))

    def show(self) -> None:
        self.show_title()
        table = self.query_one("#club-table", DataTable)
        table.clear()
        shown = self.shown
        lines = shown.standings if shown is not None else ()
        ascii = _ascii(self)
        for rank, standing in enumerate(lines, start=1):
            rating = Text(rating_words(standing, ascii))
            if standing.provisional:       # "?": said under the list
                rating.append(" ?", style="bold")
                rating.stylize("italic")
            table.add_row(Text(str(rank), justify="right"), who(standing), rating,
                          Text(str(standing.matches), justify="right"),
                          Text(str(standing.wins), justify="right"),
                          Text(standing.last_played))
        if self.problem is not None:
            self.show_note(self.problem, error=True)
        elif not lines:
            self.show_note(_("Nobody in the book for {game} {period} yet: a finished match at "
                             "a table of this service enters it.").format(
                game=game_title(self.game), period=tr(PERIODS[self.period][1])))
        else:
            self.show_note(_("Rating ± its uncertainty; ? provisional: fewer than 5 matches. "
                             "Enter: the player's page.") if not ascii
                           else _("Rating +/- its uncertainty; ? provisional: fewer than 5 "
                                  "matches. Enter: the player's page."))
        self.show_me()
        self.refresh_bindings()

    def show_me(self) -> None:
        if self.hidden is None:
            words = ""
        elif self.hidden:
            words = _("Show me in the club's standings: no, only you see your line (h: yes)")
        else:
            words = _("Show me in the club's standings: yes (h: no)")
        self.query_one("#club-me", Static).update(words)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "game":
            return len(self.games) > 1
        if action in ("hide", "show_me"):
            return self.hidden is not None and self.hidden == (action == "show_me")
        if action == "page":
            return self.chosen() is not None
        return True

    def chosen(self) -> Standing | None:
        if self.shown is None or not self.is_attached:
            return None
        row = self.query_one("#club-table", DataTable).cursor_row
        lines = self.shown.standings
        return lines[row] if 0 <= row < len(lines) else None

    def action_game(self) -> None:
        self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        self.load()

    def action_period(self) -> None:
        self.period = (self.period + 1) % len(PERIODS)
        self.load()

    def action_page(self) -> None:
        standing = self.chosen()
        if standing is not None:
            self.app.push_screen(PlayerScreen(self.source, self.game, standing))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_page()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()

    def action_ledger(self) -> None:
        self.app.push_screen(LedgerScreen(self.source))

    def action_hide(self) -> None:
        self.run_worker(self._hide(True), group="club-hidden", exclusive=True,
                        exit_on_error=False)

    def action_show_me(self) -> None:
        self.run_worker(self._hide(False), group="club-hidden", exclusive=True,
                        exit_on_error=False)

    async def _hide(self, hidden: bool) -> None:
        try:
            self.hidden = await self.source.club_hidden(hidden)
        except ServiceError as error:
            self.notify(refused(error), title=_("The club's book"), severity="error",
                        markup=False)
            return
        if self.is_attached:
            self.notify(_("You left the club's standings: nobody but you sees your line.")
                        if self.hidden else
                        _("You are back in the club's standings."),
                        title=_("The club's book"), markup=False)
            self.load()


class PlayerScreen(BookScreen):
    """One player's page in one game: their rating over time, and their record against
    each other player."""

    DEFAULT_CSS = """
    PlayerScreen #player-line { height: auto; max-height: 2; }
    PlayerScreen RatingChart { height: 1fr; min-height: 8; }
    PlayerScreen #player-against { height: auto; max-height: 7; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back"), tooltip=N_("back to the standings")),
    ]

    def __init__(self, source: ClubSource, game: str, standing: Standing) -> None:
        super().__init__()
        self.source = source
        self.game = game
        self.standing = standing
        self.page: PlayerPage | None = None

    @property
    def shown_name(self) -> str:
        return player_name(self.standing)

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="player", classes="book"):
            dot = " - " if _ascii(self) else " · "
            yield Static(self.shown_name + dot + game_title(self.game), id="player-title",
                         classes="book-title", markup=False)
            yield Static(self.line_words(self.standing), id="player-line", markup=False)
            yield RatingChart(ascii=_ascii(self), colour=_colour(self), id="player-chart")
            yield DataTable(id="player-against", cursor_type="row", zebra_stripes=True)
            yield Static(self.reading(), id="player-note", classes="book-note",
                         markup=False)
        yield Footer()

    def line_words(self, standing: Standing | None) -> str:
        if standing is None:
            return ""
        words = _("Rating {rating} · {matches} · {wins} · last played {date}")
        if _ascii(self):
            words = words.replace("·", "-")
        words = words.format(
            rating=rating_words(standing, _ascii(self)),
            matches=ngettext("{count} match", "{count} matches", standing.matches).format(
                count=standing.matches),
            wins=ngettext("{count} win", "{count} wins", standing.wins).format(
                count=standing.wins),
            date=standing.last_played or "-")
        if standing.provisional:
            words += " (" + _("provisional") + ")"
        return words

    def on_mount(self) -> None:
        self.focus_table("#player-against", (_("Against"), "name"), (_("Matches"), "matches"),
                         (_("Ahead"), "wins"), (_("Behind"), "losses"))
        self.query_one(RatingChart).show_ratings(self.shown_name, ())
        self.run_worker(self._load(), group="club-player", exclusive=True,
                        exit_on_error=False)

    async def _load(self) -> None:
        problem: str | None = None
        page: PlayerPage | None = None
        try:
            page = await self.source.club_player(self.game, self.standing.name)
        except ServiceError as error:
            problem = refused(error)
        if not self.is_attached:
            return
        self.page = page
        if page is None:
            self.show_note(problem or _("The club's book has no page for {name} in {game}."
                                        ).format(name=self.shown_name,
                                                 game=game_title(self.game)),
                           error=problem is not None)
            return
        if page.standing is not None:
            self.query_one("#player-line", Static).update(self.line_words(page.standing))
        chart = self.query_one(RatingChart)
        chart.show_ratings(self.shown_name, page.history)
        chart.display = bool(page.history)
        table = self.query_one("#player-against", DataTable)
        table.clear()
        for record in page.against:
            table.add_row(Text(record.name, no_wrap=True, overflow="ellipsis"),
                          Text(str(record.matches), justify="right"),
                          Text(str(record.wins), justify="right"),
                          Text(str(record.losses), justify="right"))
        note = (_("Ahead, behind: the matches {name} finished ahead of that player, "
                  "behind them.").format(name=self.shown_name) if page.against
                else _("No match against another player yet."))
        if not page.history:       # no chart: why
            note = (_("A computer player's rating is fixed: no chart.")
                    if self.standing.computer is not None
                    else _("No rated match yet: no chart.")) + " " + note
        self.show_note(note)


class LedgerScreen(BookScreen):
    """The debts still open, netted per pair: who owes what to whom."""

    DEFAULT_CSS = """
    LedgerScreen #ledger-table { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back"), tooltip=N_("back to the standings")),
    ]

    def __init__(self, source: ClubSource) -> None:
        super().__init__()
        self.source = source
        self.debts: list[Debt] = []

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="ledger", classes="book"):
            yield Static(_("The ledger: debts still open"), id="ledger-title",
                         classes="book-title", markup=False)
            yield DataTable(id="ledger-table", cursor_type="row", zebra_stripes=True)
            yield Static(self.reading(), id="ledger-note", classes="book-note",
                         markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.focus_table("#ledger-table", (_("Game"), "game"), (_("Who owes"), "debtor"),
                         (_("To whom"), "creditor"), (_("What"), "what"))
        self.run_worker(self._load(), group="club-ledger", exclusive=True,
                        exit_on_error=False)

    async def _load(self) -> None:
        try:
            debts = await self.source.club_ledger()
        except ServiceError as error:
            if self.is_attached:
                self.show_note(refused(error), error=True)
            return
        if not self.is_attached:
            return
        self.debts = debts
        table = self.query_one("#ledger-table", DataTable)
        table.clear()
        mine = self.source.name
        for debt in debts:
            row: list[Any] = [Text(game_title(debt.game)), Text(debt.debtor, no_wrap=True),
                              Text(debt.creditor, no_wrap=True),
                              Text(get_game(debt.game).stake_words(debt.amount))]
            if mine in (debt.debtor, debt.creditor):
                for cell in row:
                    cell.stylize("bold")
            table.add_row(*row)
        self.show_note(_("What a loser owes, and to whom, as each game's rules say; the "
                         "host settles a debt.") if debts
                       else _("Nobody owes anything: every debt is settled."))
