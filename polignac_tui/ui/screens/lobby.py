"""The lobby of a table service: its tables, create one, sit, watch, start, leave.

The screen of ``polignac-tui join``. It holds the app's one connection to the service
(a ``LobbyClient``); once seated (or watching) and the table in play, the app opens
the very table screen of local play on a ``RemoteGameClient``; leaving it comes back here.
Every name (players, tables) comes from other people: shown literally, never as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...games import FIRST_GAME, game_names
from ...games.settings import CUSTOM
from ...i18n import N_, _, ngettext, pgettext, tr
from ...service.client import AnyRemote, LobbyClient, ServiceError, TableListing
from ...service.wording import refusal_words, service_words
from ...store.wording import game_title
from ...table.talk import TalkRoom
from ..chrome import Footer, header
from ..gameface import face_of, short_preset
from ..handle import card_games_app
from ..textfmt import assemble, level_name
from ..widgets.talk import TALK_WIDE, TalkBar, TalkPanel

if TYPE_CHECKING:
    from ...commands.join import JoinTarget
    from .new_session import Chosen

# The level of the computers that take the open seats left empty at the start.
FILL_LEVEL = "medium"
# Longest table name shown in the list (the whole name is in the detail below it):
# with the game and a preset ("Polignac · Classique"), 80 columns hold every column,
# "in play, deal 12" whole.
NAME_WIDTH = 14
# Longest table name made for you ("Anna's table") when you give none.
DEFAULT_TABLE_NAME = 24
# keys offered or not by state
CHANGING_ACTIONS = ("sit", "take_back", "start", "leave", "refresh", "refresh_live", "talk",
                    "book")
# How long the footer waits for the service's first answer before showing its keys.
FOOTER_HOLD_S = 1.0
# A row of the list: its table's id, then the words of its four columns.
RowWords = tuple[str, str, str, str, str]


def seat_line(index: int, seat: Any, state: str) -> Text:
    """One seat of a table, literally: "2 Bruno  computer, hard"."""
    line = Text(f"{index + 1} ", style="bold")
    if seat.open:
        line.append(_("open for a friend"), style="italic")
        return line
    line.append(seat.name or "?")
    if seat.kind == "computer":
        line.append("  " + _("computer, {level}").format(
            level=level_name(seat.level or "medium")), style="dim")
    elif state == "playing" and not seat.connected:
        line.append(_("  gone"), style="bold")
    if seat.yours:
        line.append(_("  (you)"), style="bold")
    return line


def game_preset(info: TableListing) -> str:
    """A table's game and its preset by their titles, the same for every game and short
    as the table's header has them ("Polignac · Classique", "Écarté · Italiana")."""
    known = info.game in game_names()
    title = game_title(info.game) if known else info.game
    face = face_of(info.game) if known else None
    if face is None or (face.preset_title(info.preset) is None and info.preset != CUSTOM):
        return f"{title} · {info.preset}"     # not a preset of the game's: as the service said
    return f"{title} · {short_preset(face, info.preset)}"


def players_words(info: TableListing) -> str:
    """ "4: 2 people, 1 open" (computers are the rest)."""
    people = sum(1 for s in info.seats if s.kind == "human" and not s.open)
    left = len(info.open_seats)
    words = ngettext("{players}: {count} person", "{players}: {count} people", people).format(
        players=info.players, count=people)
    return words + (", " + ngettext("{count} open", "{count} open", left).format(count=left)
                    if left else "")


def state_words(info: TableListing) -> str:
    if info.state == "playing":
        return _("in play, deal {number}").format(number=info.deal)
    if info.state == "finished":
        return _("finished")
    return _("waiting")


# The keys 1 to 8 (each its own sentence: a number's words differ by language).
SIT_AT = (N_("Sit at seat 1"), N_("Sit at seat 2"), N_("Sit at seat 3"), N_("Sit at seat 4"),
          N_("Sit at seat 5"), N_("Sit at seat 6"), N_("Sit at seat 7"), N_("Sit at seat 8"))



# Names a language may elide before ("Table d'Anna", not "Table de Anna").
_VOWELS = frozenset("AEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜŸ")


def table_of(name: str) -> str:
    """The table made for ``name`` when they give it none: "Anna's table", in French
    "Table d'Anna" but "Table de Bruno" (the name's first letter chooses the words)."""
    if name[:1].upper() in _VOWELS:
        return pgettext("a name beginning with a vowel", "{name}'s table").format(name=name)
    return _("{name}'s table").format(name=name)


class LobbyScreen(Screen[None]):
    """The tables of one table service."""

    DEFAULT_CSS = """
    LobbyScreen #lobby {
        padding: 0 1;
    }
    LobbyScreen #lobby-title {
        text-style: bold;
        color: $accent;
        height: 1;
    }
    LobbyScreen #tables {
        height: 1fr;
        min-height: 4;
    }
    LobbyScreen #table-detail {
        height: auto;
        max-height: 6;
        padding: 0 1;
    }
    LobbyScreen #lobby-status {
        height: auto;
        max-height: 3;
        padding: 0 1;
        background: $boost;
    }
    LobbyScreen TalkPanel {
        display: none;
        height: 10;
    }
    LobbyScreen.-talk-wide TalkPanel {
        display: block;
    }
    LobbyScreen #lobby-status.-error {
        color: $error;
        text-style: bold;
    }
    """
    HELP_HIDDEN = frozenset({"refresh_live"})    # r, the same key as Refresh
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "sit", N_("Sit"), priority=True,
                tooltip=N_("sit at the first open seat of the table")),
        Binding("enter", "take_back", N_("Take your seat back"), priority=True,
                tooltip=N_("back to your seat at this table, at the same trick")),
        Binding("n", "create", N_("Create"), tooltip=N_("create a table: seats can be open for "
                                                    "friends")),
        Binding("w", "watch", N_("Watch"), tooltip=N_("watch the table (you see no hand)")),
        Binding("s", "start", N_("Start"), tooltip=N_("start the table you created: open seats "
                                               "left go to computers")),
        Binding("l", "leave", N_("Leave"), tooltip=N_("leave the waiting table you sit at "
                                               "(yours closes when nobody else sits there)")),
        # The list follows the service by itself: r is in the Footer only when the
        # connection is lost (the status says so too); connected, it still reads the list.
        Binding("b", "book", N_("Book"), tooltip=N_("the club's book: each game's standings, "
                                                    "the players' pages, the ledger")),
        Binding("r", "refresh", N_("Refresh"), tooltip=N_("the list again (or connect again)")),
        Binding("r", "refresh_live", N_("Refresh"), show=False),
        # (not in the Footer: full at 80 columns; the help and the talk panel name it)
        Binding("apostrophe", "talk", N_("Talk"), key_display="'", show=False,
                tooltip=N_("say a line to everyone in the lobby (Enter says it, Esc closes; "
                           "on an empty line 1 to 5 say a quick phrase)")),
        Binding("quotation_mark", "talk_panel", N_("All the talk"), key_display='"',
                show=False, tooltip=N_("the last 50 lines said in the lobby, and a key to "
                                       "mute each person")),
        Binding("q", "app.quit", N_("Quit"), tooltip=N_("quit (your seats stay yours)")),
        Binding("f1", "app.help", N_("Help"), show=False),
        *(Binding(str(n), f"sit_at({n - 1})", words, show=False)
          for n, words in enumerate(SIT_AT, start=1)),
    ]

    def __init__(self, target: JoinTarget) -> None:
        super().__init__()
        self.target = target
        self.code_told = False      # the code's notice, said once a seat is yours
        self.link: LobbyClient | None = None
        self.tables: list[TableListing] = []
        self.problem: str | None = None        # the connection's, shown until it is back
        self.refused: str | None = None        # the last request's refusal, until the next
        self.refused_at: str | None = None     # (or until another row is chosen)
        self.note: str | None = None           # the table you watched closed, until the next
        self.wanted: str | None = None         # the table to select once listed
        self.listed = False
        # the list's table and the words of its rows, as last written (``show``)
        self.rows_shown: tuple[DataTable[Any], list[RowWords]] | None = None
        self.words_shown: dict[str, tuple[Static, str | Text]] = {}    # by the Static's id
        self.offered_keys: tuple[bool | None, ...] = ()   # check_action's last answers
        self.talk = TalkRoom()                 # what is said in the lobby (and who is muted)
        # its talk line, kept (``check_action`` asks it for every key, often: a query of
        # the screen's widgets each time was a fifth of a door's first frame)
        self.talk_bar = TalkBar(self.talk, self.say)

    def compose(self) -> ComposeResult:
        yield header(self.app)
        with Vertical(id="lobby"):
            yield Static("", id="lobby-title", markup=False)
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            yield Static("", id="table-detail", markup=False)
            # the talk panel is made once the screen is wide enough to show it (on_resize)
            yield Static(_("Connecting…"), id="lobby-status", markup=False)
            yield self.talk_bar
        # The footer waits for the first answer of the service (its keys depend on it: a
        # seat to take back, other games), at most FOOTER_HOLD_S.
        footer = Footer()
        footer.hold()
        yield footer

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        table.add_column(_("Table"), key="name", width=NAME_WIDTH)
        table.add_column(_("Preset"), key="preset")
        table.add_column(_("Players"), key="players")
        table.add_column(_("State"), key="state")
        table.focus()
        name = Text(self.target.name, style="bold")
        if self.target.code:
            title = assemble(_("Tables of the service · you are {name} · your code {code}"),
                             name=name, code=Text(self.target.code, style="bold"))
        else:
            title = assemble(_("Tables of the service · you are {name}"), name=name)
        self.query_one("#lobby-title", Static).update(title)
        self.set_timer(FOOTER_HOLD_S, self.query_one(Footer).release)
        self.run_worker(self.connect(), group="lobby", exclusive=True, exit_on_error=False)

    def on_unmount(self) -> None:
        if self.link is not None:
            self.link.on_tables = self.link.on_lost = self.link.on_closed = None
            self.link.close()

    def on_screen_resume(self) -> None:
        if self.link is not None and self.link.lost is None:
            self.run_worker(self.reload(), group="lobby", exit_on_error=False)
        self.show()

    # -- the connection --------------------------------------------------------------------
    async def connect(self) -> None:
        self.problem = None
        try:
            link = await LobbyClient.connect(self.target.socket, self.target.identity,
                                             self.target.name)
        except ServiceError as error:
            self.problem = service_words(error.message)
            self.show()
            return
        link.on_tables = self.tables_changed
        link.on_lost = self.connection_lost
        link.on_closed = self.table_closed
        link.lobby_talk = self.talk
        self.link = link
        await self.reload()

    async def reload(self) -> None:
        link = self.link
        if link is None:
            return
        try:
            self.tables = await link.tables()
        except ServiceError as error:
            self.problem = service_words(error.message)
        self.show()
        self.open_table_when_ready()

    def tables_changed(self, tables: list[TableListing]) -> None:
        self.tables = tables
        if self.drawable():
            self.show()

    def connection_lost(self, reason: str) -> None:
        reason = service_words(reason)
        self.problem = _("Connection lost: {reason}. Press r to connect again.").format(
            reason=reason)
        if self.drawable():
            self.show()
            if reason != "closed":
                self.app.notify(_("Connection to the table service lost: {reason}.").format(
                                    reason=reason),
                                title=_("Table service"), severity="error", markup=False,
                                timeout=10)

    def table_closed(self, name: str) -> None:
        """The waiting table this terminal watched is closed (nobody sits at it any
        more): said in the status line until the next request, and in a notice."""
        self.note = _("The table you watched, {name}, is closed: nobody sits at it any "
                      "more.").format(name=name)
        if self.drawable():
            self.show()
            self.notify(self.note, title=_("Table service"), markup=False, timeout=10)

    # -- showing ---------------------------------------------------------------------------
    def drawable(self) -> bool:
        """Are its widgets there to draw on? A screen taken down stops its message loop,
        then removes its widgets, then unmounts (letting the connection go): the
        connection's news come on their own task, at any of these moments."""
        return self.is_attached and self.is_running

    def show(self) -> None:
        if not self.drawable():
            return
        table = self.query_one("#tables", DataTable)
        row = table.cursor_row
        rows = [(info.table, info.name or info.table, game_preset(info), players_words(info),
                 state_words(info)) for info in self.tables]
        # The list is pushed at each change of any table, most often of nothing it shows
        # (someone connected): the rows are written (and the table drawn) again only when
        # their words changed.
        if self.rows_shown != (table, rows):
            self.rows_shown = (table, rows)
            table.clear()
            for key, name, preset, players, state in rows:
                table.add_row(Text(name, overflow="ellipsis", no_wrap=True), Text(preset),
                              Text(players), Text(state), key=key)
        ids = [info.table for info in self.tables]
        if self.tables and not self.listed:   # first listed: a table where you hold a seat
            self.listed = True
            self.wanted = next((t.table for t in self.tables if t.my_seat is not None), None)
        if self.wanted in ids:
            row = ids.index(self.wanted)
            self.wanted = None
        if self.tables:
            table.move_cursor(row=min(max(row, 0), len(self.tables) - 1))
        self.show_detail()
        self.bindings_follow()
        if self.link is not None or self.problem is not None:   # the service answered
            self.query_one(Footer).release()

    def bindings_follow(self) -> None:
        """Redraw the footer's keys only when what they offer changed: a lobby's list is
        pushed to every lobby at each change of any table, and rebuilding the footer each
        time was a fifth of a lobby's work."""
        offered = tuple(self.check_action(action, ()) for action in CHANGING_ACTIONS)
        if offered != self.offered_keys:
            self.offered_keys = offered
            self.refresh_bindings()

    def selected(self) -> TableListing | None:
        if not self.tables:
            return None
        row = self.query_one("#tables", DataTable).cursor_row
        return self.tables[row] if 0 <= row < len(self.tables) else None

    def show_detail(self) -> None:
        info = self.selected()
        detail = self.query_one("#table-detail", Static)
        if info is None:
            self.write(detail, "")
        else:
            lines = [seat_line(i, s, info.state) for i, s in enumerate(info.seats)]
            half = (len(lines) + 1) // 2
            text = Text.assemble((info.name or info.table, "bold"),
                                 "  " + _("created by {name}").format(name=info.creator)
                                 if info.creator else "",
                                 "  · " + ngettext("{count} watching", "{count} watching",
                                                   info.watchers).format(count=info.watchers)
                                 if info.watchers else "")
            for left, right in zip(lines[:half], [*lines[half:], Text("")], strict=False):
                text.append("\n")
                text.append_text(left.copy())
                text.pad_right(max(0, 38 - len(left)))
                text.append_text(right)
            self.write(detail, text)
        status = self.query_one("#lobby-status", Static)
        if self.refused is not None and (info.table if info else None) != self.refused_at:
            self.refused = None                 # another row chosen: its advice again
        said = self.problem if self.problem is not None else self.refused
        status.set_class(said is not None, "-error")
        if said is None and self.note is not None:
            said = f"{self.note} {self.advice(info)}"
        self.write(status, said if said is not None else self.advice(info))

    def write(self, static: Static, words: str | Text) -> None:
        """``static`` shows ``words``; nothing to lay out and draw again when it does
        already (the list pushed again, its selected table unchanged)."""
        assert static.id is not None
        shown = self.words_shown.get(static.id)
        if shown is not None and shown[0] is static and type(shown[1]) is type(words) \
                and shown[1] == words:
            return
        self.words_shown[static.id] = (static, words)
        static.update(words)

    def advice(self, info: TableListing | None) -> str:
        """What can be done now, in words."""
        if self.link is None:
            return _("Connecting…")
        if info is None:
            return _("No table yet: press n to create one.")
        mine = info.my_seat
        at = self.link.at_table
        if info.state == "waiting" and mine is not None:
            if at is None or at.table != info.table:
                return _("Your seat {number} is kept for you: enter sits you there again."
                         ).format(number=mine + 1)
            if self.is_creator(info):
                return _("You sit at seat {number}. Press s to start once your friends sit: "
                         "open seats left go to computers.").format(number=mine + 1)
            return _("You sit at seat {number}. Waiting for {name} to start.").format(
                number=mine + 1, name=info.creator)
        if info.state == "playing" and mine is not None:
            return _("Your seat {number} waits for you: enter takes your seat back.").format(
                number=mine + 1)
        if info.state == "waiting" and info.open_seats:
            return _("Enter sits you at seat {number} (or press its number); w watches."
                     ).format(number=info.open_seats[0] + 1)
        if info.state == "finished":
            return _("This table is finished: w shows how it ended.")
        return _("w watches this table.")

    def is_creator(self, info: TableListing) -> bool:
        mine = info.my_seat
        return mine is not None and info.seats[mine].name == info.creator

    def yours_to_take_back(self, info: TableListing | None) -> bool:
        """A seat of ``info`` is bound to you, the table is not over, and this terminal is
        not sitting there."""
        if info is None or info.my_seat is None or self.link is None \
                or info.state == "finished":
            return False
        at = self.link.at_table
        return at is None or at.table != info.table or info.state == "playing"

    def sitting_here(self, info: TableListing | None) -> bool:
        """This terminal sits at ``info``, a table waiting for its start (not watching)."""
        at = self.link.at_table if self.link is not None else None
        return info is not None and info.state == "waiting" and at is not None \
            and at.table == info.table and bool(at.seats) and not at.closed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("talk", "talk_panel", "book"):
            return self.link is not None and self.link.lost is None
        if self.talking():            # Enter (a key of its own here) says the line
            return action not in ("sit", "take_back")
        info = self.selected() if self.drawable() else None
        if action in ("sit", "take_back"):
            if self.sitting_here(info):
                return False            # sitting there already: Enter has nothing to do
            return self.yours_to_take_back(info) == (action == "take_back")
        if action == "start":
            return info is not None and info.state == "waiting" and self.is_creator(info)
        if action in ("refresh", "refresh_live"):
            return self.connection_gone() == (action == "refresh")
        if action == "leave":
            return (self.link is not None and self.link.at_table is not None
                    and info is not None and self.link.at_table.table == info.table)
        return True

    def connection_gone(self) -> bool:
        """No connection, and not on the way to one: refused, lost or closed (while the
        first connection is being made, the keys are those of a connected lobby)."""
        if self.link is None:
            return self.problem is not None
        return self.link.lost is not None

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()
        self.bindings_follow()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.run_worker(self.action_sit(), group="lobby-action", exit_on_error=False)

    # -- talk ------------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= TALK_WIDE[0] and event.size.height >= TALK_WIDE[1]
        self.set_class(wide, "-talk-wide")
        if wide and not self.query(TalkPanel):
            self.query_one("#lobby", Vertical).mount(TalkPanel(self.talk),
                                                     before="#lobby-status")

    def talking(self) -> bool:
        return self.drawable() and self.talk_bar.is_attached and self.talk_bar.is_open

    def action_talk(self) -> None:
        self.talk_bar.open()
        self.refresh_bindings()

    def on_talk_bar_closed(self) -> None:
        self.refresh_bindings()

    def action_book(self) -> None:
        """The club's book: the standings of the game of the chosen table (or the first)."""
        if self.link is None or self.link.lost is not None:
            return
        from .club import ClubScreen
        info = self.selected()
        self.app.push_screen(ClubScreen(self.link, info.game if info else FIRST_GAME))

    def action_talk_panel(self) -> None:
        from .talk import TalkScreen
        self.app.push_screen(TalkScreen(self.talk, _("Talk in the lobby")))

    async def say(self, text: str) -> None:
        """Say ``text`` to the lobby (``ServiceError`` when refused or not connected)."""
        if self.link is None or self.link.lost is not None:
            raise ServiceError("lost", self.problem or "not connected to the table service")
        await self.link.say(text)

    # -- acting ----------------------------------------------------------------------------
    async def attempt(self, what: str, step: Any) -> Any:
        """Await ``step``; a refusal or a lost connection is said, never raised (a refusal
        stays in the status line until the next request)."""
        self.refused = self.note = None
        if self.link is None or self.link.lost is not None:
            self.notify(self.problem or _("Not connected to the table service."),
                        title=tr(what), severity="error", markup=False)
            return None
        try:
            return await step
        except ServiceError as error:
            self.refused = refusal_words(error.code, error.message, error.params)
            chosen = self.selected() if self.drawable() else None
            self.refused_at = chosen.table if chosen is not None else None
            self.notify(self.refused, title=tr(what), severity="error", markup=False,
                        timeout=8)
            self.show()
            return None

    async def action_take_back(self) -> None:
        await self.action_sit()

    async def action_sit(self) -> None:
        info = self.selected()
        if info is None:
            return
        seat = info.my_seat
        if seat is None and info.state == "waiting" and info.open_seats:
            seat = info.open_seats[0]
        if seat is None:
            self.notify(_("No open seat at this table: w watches it."), title=_("Sit"))
            return
        await self.action_sit_at(seat)

    async def action_sit_at(self, seat: int) -> None:
        info = self.selected()
        if info is None or self.link is None:
            return
        if not 0 <= seat < info.players:      # a number key past the table's seats
            self.notify(ngettext("This table has {count} seat.", "This table has {count} "
                                 "seats.", info.players).format(count=info.players),
                        title=_("Sit"))
            return
        at = self.link.at_table
        if at is not None and at.table == info.table and seat in at.seats and not at.closed:
            self.open_table_when_ready()
            return
        remote = await self.attempt(N_("Sit"), self.link.sit(info.table, seat))
        if remote is not None:
            self.tell_code()
            self.follow(remote)

    async def action_watch(self) -> None:
        info = self.selected()
        if info is None or self.link is None:
            return
        remote = await self.attempt(N_("Watch"), self.link.watch(info.table))
        if remote is not None:
            self.follow(remote)

    async def action_start(self) -> None:
        info = self.selected()
        if info is None or self.link is None:
            return
        await self.attempt(N_("Start"), self.link.start(info.table, FILL_LEVEL))

    def action_leave(self) -> None:
        self.note = None
        if self.link is not None:
            self.link.leave()
        self.show()

    async def action_refresh_live(self) -> None:
        await self.action_refresh()

    async def action_refresh(self) -> None:
        if self.link is None or self.link.lost is not None:
            self.link = None
            self.tables = []
            self.show()
            await self.connect()
        else:
            await self.reload()

    def action_create(self) -> None:
        if self.link is None or self.link.lost is not None:
            self.notify(self.problem or _("Not connected to the table service."),
                        title=_("New table"), severity="error", markup=False)
            return
        from .new_session import NewSessionScreen
        self.app.push_screen(NewSessionScreen(on_create=self.create, your_name=self.link.name,
                                              games=self.link.games))

    def create(self, chosen: Chosen) -> None:
        """From the New session form: create the table of the game chosen, with its
        settings (the service checks them through the game); its creator sits at it."""
        seats: list[dict[str, Any]] = []
        for name, choice in zip(chosen.names, chosen.choices, strict=True):
            if choice == "open":
                seats.append({"kind": "open"})
            elif choice == "human":
                seats.append({"kind": "you"})
            else:
                seats.append({"kind": "computer", "name": name, "level": choice})
        if self.link is None:
            return
        # The creator's language names it (the others see the name as it was given).
        table_name = chosen.name or table_of(self.link.name)[:DEFAULT_TABLE_NAME]
        pace = card_games_app(self.app).settings.pace
        self.run_worker(self._create(table_name, chosen.settings.to_dict(), seats, pace,
                                     chosen.game),
                        group="lobby-action", exit_on_error=False)

    async def _create(self, name: str, rules: dict[str, Any], seats: list[dict[str, Any]],
                      pace: str, game: str = FIRST_GAME) -> None:
        assert self.link is not None
        remote = await self.attempt(N_("New table"), self.link.create(name, rules, seats, pace,
                                                                  game))
        if remote is not None:
            self.tell_code()
            self.follow(remote)
            await self.reload()

    def tell_code(self) -> None:
        """Once a seat is yours (not before, nor for watching): the code that takes it back
        after a reload of the web page, said once."""
        if self.target.code and not self.code_told:
            self.code_told = True
            self.notify(_("Your code is {code}: with your name, it takes your seat back after "
                          "a reload.").format(code=self.target.code),
                        title=_("Keep your code"), markup=False, timeout=12)

    # -- to the table ----------------------------------------------------------------------
    def follow(self, remote: AnyRemote) -> None:
        """Open the table screen on the first update (at once for a table in play)."""
        self.wanted = remote.table
        remote.listen(self._first_update)
        self.show()

    def _first_update(self, update: object) -> None:   # an Update, or a game's
        self.open_table_when_ready()

    def open_table_when_ready(self) -> None:
        link = self.link
        if link is None or not self.drawable() or self.app.screen is not self:
            return
        remote = link.at_table
        if remote is None or remote.closed or remote.latest is None:
            return
        card_games_app(self.app).open_game_client(remote)
