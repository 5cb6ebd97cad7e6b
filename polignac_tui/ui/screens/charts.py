"""The charts: a session's score over its deals (Saved sessions → g), and the Statistics
screen (Home → t): per player over the finished sessions, filtered by period and by who
was at the table, with a chart of the highlighted player's points per deal."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.worker import Worker, WorkerState

from ...games import FIRST_GAME, game_names, get_game
from ...i18n import N_, _, ngettext, tr
from ...store.gamestats import GameCount, game_counts
from ...store.index import Summary
from ...store.wording import game_title, label_words, where_words
from ..chrome import Footer, header
from ..gameface import face_of
from ..handle import card_games_app
from ..widgets.charts import AverageChart, ScoreChart, running_totals

# (label, days back; None: every session)
PERIODS: tuple[tuple[str, int | None], ...] = (
    (N_("all time"), None), (N_("last 12 months"), 365), (N_("last 30 days"), 30),
    (N_("last 7 days"), 7),
)


def _colour(screen: Screen[None]) -> bool:
    return not bool(getattr(screen.app, "no_color", False))


def _ascii(screen: Screen[None]) -> bool:
    return bool(getattr(getattr(screen.app, "settings", None), "ascii", False))



class SessionChartScreen(Screen[None]):
    """One session's score after each deal, a line per player, the point limit drawn."""

    DEFAULT_CSS = """
    SessionChartScreen #chart-title { height: auto; text-style: bold; padding: 0 1; }
    SessionChartScreen #chart-note { height: auto; color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back"), tooltip=N_("back to where the chart was opened")),
    ]

    def __init__(self, title: str, names: Sequence[str], deals: Sequence[Sequence[int]],
                 limit: int | None) -> None:
        super().__init__()
        self.heading = title
        self.names = list(names)
        self.deals = [list(d) for d in deals]
        self.limit = limit

    @classmethod
    def of_summary(cls, s: Summary) -> SessionChartScreen:
        """The chart of a saved session, from its summary (no file read)."""
        return cls(f"{s.name or s.id}: {where_words(s.where)}", s.players,
                   [d.points for d in s.deals],
                   s.limit if s.end == "points" else None)

    def compose(self) -> ComposeResult:
        yield header(self.app)
        yield Static(self.heading, id="chart-title", markup=False)
        yield ScoreChart(ascii=_ascii(self), colour=_colour(self), id="score-chart")
        totals = running_totals(self.deals, len(self.names))
        count = len(self.deals)
        yield Static(ngettext("Totals after {count} deal: {totals}",
                              "Totals after {count} deals: {totals}", count).format(
                         count=count, totals=", ".join(
                             f"{n} {t[-1]}" for n, t in zip(self.names, totals, strict=True))),
                     id="chart-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(ScoreChart).show_scores(self.names, self.deals, self.limit)

    def action_close(self) -> None:
        self.app.pop_screen()


# The Game filter: every game, then each game alone (f cycles through them).
GAME_FILTERS: tuple[str | None, ...] = (None, *game_names())


def in_period(summary: Summary, days: int | None, now: datetime) -> bool:
    return days is None or summary.updated >= now - timedelta(days=days)


def name_key(name: str) -> str:
    """``name`` as the players filter compares it: no case, no accents ("Dede" finds
    "Dédé", as ASCII mode shows it)."""
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def with_players(summary: Summary, names: list[str]) -> bool:
    """True when every one of ``names`` (keys of ``name_key``) sat at the table."""
    seated = {name_key(n) for n in summary.players}
    return all(n in seated for n in names)


def averages(summaries: list[Summary], label: str) -> list[float]:
    """``label``'s points per deal in each finished session of ``summaries``, oldest first."""
    out: list[tuple[datetime, float]] = []
    key = label.casefold()
    for s in summaries:
        if not s.finished or s.error is not None or not s.deals:
            continue
        for seat, name in enumerate(s.labels):
            if name.casefold() == key:
                out.append((s.updated, sum(d.points[seat] for d in s.deals) / len(s.deals)))
    return [a for _, a in sorted(out, key=lambda x: x[0])]


class StatsScreen(Screen[None]):
    """Per player over the finished sessions, with filters and a chart."""

    DEFAULT_CSS = """
    StatsScreen #stats { padding: 0 1; }
    StatsScreen #stats-filters { height: 1; }
    StatsScreen #stats-period { width: auto; padding: 0 1 0 0; }
    StatsScreen #stats-with { width: 1fr; height: 1; border: none; padding: 0; }
    StatsScreen #stats-table { height: auto; max-height: 8; }
    StatsScreen #stats-note { height: auto; color: $text-muted; }
    StatsScreen AverageChart { min-height: 7; }
    StatsScreen #stats-chart-note { height: auto; padding: 1 0 0 0; display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "period", N_("Period"), tooltip=N_("all time, 12 months, 30 days, 7 days")),
        Binding("w", "with", N_("With players"),
                tooltip=N_("only the sessions where these players sat (names, commas)")),
        Binding("f", "game", N_("Game"),
                tooltip=N_("every game, or Polignac, Écarté or Piquet alone (shown once a "
                           "game other than Polignac is saved)")),
        Binding("escape,q", "close", N_("Back"), tooltip=N_("back to Home")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.summaries: list[Summary] = []
        self.period = 0
        self.names: list[str] = []
        self.stats: list[Any] = []            # the game's own, per player (``Game.books.stats``)
        self.game_filter = 0         # an index of GAME_FILTERS
        self.mixed = False           # finished sessions of another game than Polignac
        # the rows shown, per game: Polignac's stats, or another game's, or the overview
        self.rows: list[Any] | list[GameCount] = []
        self.columns_for: str | None = FIRST_GAME
        self.reading = True
        self._reader: Worker[list[Summary]] | None = None

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="stats"):
            with Horizontal(id="stats-filters"):
                yield Static("", id="stats-period", markup=False)
                yield Input(placeholder=_("with players: names, commas (w)"), id="stats-with")
            yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            yield Static(_("Reading saved sessions…") if not _ascii(self) else
                         _("Reading saved sessions..."), id="stats-note", markup=False)
            yield AverageChart(ascii=_ascii(self), colour=_colour(self), id="stats-chart")
            yield Static("", id="stats-chart-note", markup=False)
        yield Footer()

    @property
    def kind(self) -> str | None:
        """Whose table is shown: ``polignac``, ``ecarte``, ``piquet``, or None for the
        overview of every game (the Game filter's All, once other games are saved)."""
        game = GAME_FILTERS[self.game_filter]
        if game is None and not self.mixed:
            return FIRST_GAME    # the first game alone: the screen as it always was
        return game

    def add_columns(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        kind = self.kind
        columns: tuple[tuple[str, str], ...]
        if kind is None:
            columns = ((_("Player"), "name"), (_("Sessions"), "sessions"), (_("Won"), "won"),
                       *((get_game(game).title, game) for game in game_names()))
        else:               # the game's own columns, from its FACE
            columns = ((_("Player"), "name"), *face_of(kind).stats_columns())
        for label, key in columns:
            table.add_column(label, key=key)
        self.columns_for = kind

    def action_game(self) -> None:
        """The next Game filter: every game, Polignac, Écarté, Piquet."""
        self.game_filter = (self.game_filter + 1) % len(GAME_FILTERS)
        self.refresh_stats()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "game":   # only once there is more than Polignac to choose from
            return self.mixed or self.game_filter != 0
        return True

    def after_relabel(self) -> None:
        """Composed again in another language: the columns, the rows and the note."""
        self.add_columns()
        self.query_one("#stats-table", DataTable).focus()
        if not self.reading:
            self.refresh_stats()

    def on_mount(self) -> None:
        self.add_columns()
        table = self.query_one("#stats-table", DataTable)
        table.focus()
        ready = None
        try:
            ready = card_games_app(self.app).store.current_summaries()
        except Exception:
            ready = None
        if ready is not None:
            self.loaded(ready)
        else:
            self._reader = self.run_worker(card_games_app(self.app).store.summaries,
                                           name="statistics", group="stats", thread=True,
                                           exclusive=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._reader or not self.is_attached:
            return
        if event.state == WorkerState.SUCCESS:
            self.loaded(list(event.worker.result or []))
        elif event.state == WorkerState.ERROR:
            self.notify(_("The saved sessions cannot be read: {error}").format(
                error=event.worker.error), severity="error", markup=False)
            self.loaded([])

    def loaded(self, summaries: list[Summary]) -> None:
        self.summaries = summaries
        self.mixed = any(s.readable and s.finished and s.game != FIRST_GAME
                         for s in summaries)
        self.reading = False
        self.refresh_stats()
        self.refresh_bindings()

    def chosen(self, kind: str | None = "") -> list[Summary]:
        """The finished, readable sessions within the filters (of the game shown, or of
        ``kind``: a game, or None for every game)."""
        days = PERIODS[self.period][1]
        now = datetime.now(UTC)
        game = self.kind if kind == "" else kind
        return [s for s in self.summaries
                if s.readable and s.finished and in_period(s, days, now)
                and with_players(s, self.names) and (game is None or s.game == game)]

    def refresh_stats(self) -> None:
        kind = self.kind
        chosen = self.chosen()
        table = self.query_one("#stats-table", DataTable)
        if kind != self.columns_for:
            table.clear(columns=True)
            self.add_columns()
        label = tr(PERIODS[self.period][0])
        filters = _("Period: {period} (p)").format(period=label)
        dot = " -" if _ascii(self) else " ·"
        if self.mixed or self.game_filter:
            filters += dot + " " + _("Game: {game} (f)").format(
                game=_("all") if kind is None else game_title(kind))
        self.query_one("#stats-period", Static).update(filters + dot)
        row = table.cursor_row
        table.clear()
        if kind is None:
            self.fill_overview(table, chosen)
        else:
            self.stats = get_game(kind).books.stats(chosen) or []
            self.rows = self.stats
            face = face_of(kind)
            for s in self.stats:
                table.add_row(Text(label_words(s.name), end=""), *face.stats_row(s))
        if self.rows:
            table.move_cursor(row=min(max(row, 0), len(self.rows) - 1))
        own = None if kind is None else face_of(kind).stats_summary(len(chosen))
        if kind is None or own is not None:
            self.game_note(own, chosen)
            self.show_chart()
            return
        count = len(chosen)
        unreadable = sum(1 for s in self.summaries if not s.readable)
        if self.names:
            note = ngettext("{count} finished session with {names}",
                            "{count} finished sessions with {names}", count).format(
                count=count, names=", ".join(self.names))
        else:
            note = ngettext("{count} finished session", "{count} finished sessions",
                            count).format(count=count)
        if unreadable:
            note = ngettext("{sessions}; {count} unreadable file not counted",
                            "{sessions}; {count} unreadable files not counted",
                            unreadable).format(sessions=note, count=unreadable)
        note = face_of(kind).stats_note(note)
        if any(s.won_with_undos for s in self.stats):
            note += " " + _("Won: clean wins+wins with undos.")
        if not count:
            note = (_("No finished session in this period with these players.")
                    if self.names else _("No finished session in this period."))
        self.query_one("#stats-note", Static).update(note)
        self.show_chart()

    def fill_overview(self, table: DataTable[object], chosen: list[Summary]) -> None:
        """The rows of every game's table: sessions, wins, and each game's sessions."""
        self.stats = []
        counts = game_counts(chosen)
        self.rows = counts
        for c in counts:
            table.add_row(Text(label_words(c.name), end=""), c.sessions, c.won,
                          *(c.of(game) for game in game_names()))

    def game_note(self, own: str | None, chosen: list[Summary]) -> None:
        """The note under a game's table in its own words (``own``), or under every
        game's."""
        count = len(chosen)
        note = own if own is not None else ngettext(
            "{count} finished session of every game; the chart: Polignac's.",
            "{count} finished sessions of every game; the chart: Polignac's.",
            count).format(count=count)
        if not count:
            note = (_("No finished session in this period with these players.")
                    if self.names else _("No finished session in this period."))
        self.query_one("#stats-note", Static).update(note)

    def show_chart(self) -> None:
        chart = self.query_one(AverageChart)
        table = self.query_one("#stats-table", DataTable)
        if not self.rows or not 0 <= table.cursor_row < len(self.rows):
            self.show_chart_note("")
            chart.show_averages(_("nobody"), [])
            return
        name = self.rows[table.cursor_row].name
        # every game's overview draws the first game's points per deal (Polignac's)
        charted = self.kind or FIRST_GAME
        points = averages(self.chosen(charted), name)
        # a player of other games only: no empty chart, but why there is none
        self.show_chart_note("" if points else _(
            "No chart: {name} has no finished session of {game} among these, and the chart "
            "draws {game}'s points per deal.").format(name=label_words(name),
                                                      game=game_title(charted)))
        chart.show_averages(label_words(name), points)

    def show_chart_note(self, note: str) -> None:
        """The chart, or in its place the reason there is none."""
        shown = self.query_one("#stats-chart-note", Static)
        shown.update(note)
        shown.display = bool(note)
        self.query_one(AverageChart).display = not note

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_chart()

    def action_period(self) -> None:
        self.period = (self.period + 1) % len(PERIODS)
        self.refresh_stats()

    def action_with(self) -> None:
        self.query_one("#stats-with", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.names = [name_key(n) for n in event.value.split(",") if n.strip()]
        self.refresh_stats()
        self.query_one("#stats-table", DataTable).focus()

    def action_close(self) -> None:
        if self.focused is self.query_one("#stats-with", Input):
            self.query_one("#stats-table", DataTable).focus()
            return
        self.app.pop_screen()
