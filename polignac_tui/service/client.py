"""The client side of the table service: the lobby, and a seat at a remote table.

One Unix-socket connection per client (``docs/protocol.md``), on the app's event loop:

- ``LobbyClient.connect(path, identity, name)`` says hello, then lists the tables of
  the server (``tables()``, and the list the service pushes, whole or as the changes
  of some tables, whenever it changes),
  creates tables, starts them, and sits or watches: ``sit`` and ``watch`` return a
  ``RemoteGameClient`` on the same connection.
- ``RemoteGameClient`` is a ``GameClient`` (``table.gameclient``) like
  ``LocalGameClient``, at a table of any game: the table screen cannot tell them apart.
  Its updates are ``GameUpdate`` objects read back by ``gamewire``, its actions sent as
  ``act``; ``close`` leaves the table (the connection goes back to the lobby). A lost
  connection is an update like any other: the table paused, with a ``Refused`` event
  saying why, and ``lost`` set.

Nothing here raises into the UI for a service that misbehaves or goes away: requests
raise ``ServiceError`` (a code and a sentence), everything else is a state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from ..club.records import Debt, PlayerPage
from ..games import FIRST_GAME
from ..games.errors import RuleError as GameRuleError
from ..games.session import GameSession
from ..store import gamefile
from ..store.errors import SessionFileError
from ..table.gameclient import GameClient, GameListener, HintBusy, PastDealsUnavailable
from ..table.gameevents import (
    Act,
    GameCommand,
    GameHint,
    GameUpdate,
    HandOver,
    Ready,
    Refused,
    Seen,
    Undo,
)
from ..table.talk import TalkRoom, heard
from . import club_wire, gamewire, protocol
from .club_wire import ClubStandings, ClubWireError

T = TypeVar("T")
# Lines from the service may be long (a view with every deal's results): 1 MiB at most.
READ_LIMIT = 1 << 20
# Seconds to wait for the service to answer ``hello`` or a request.
ANSWER_TIMEOUT = 10.0
DEALS_TIMEOUT = 30.0     # the service replays the finished deals to write them
MAX_TABLES_SEEN = 2000   # tables of the lobby kept (a service keeps at most 200 in play)
# Why the connection ended when the host stopped the service (``bye`` with its reason).
HOST_STOPPED = ("the host stopped the table service: every table is saved and comes back "
                "when it starts again")

# -- what the lobby shows ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatListing:
    """One seat of a table, as the lobby shows it."""

    name: str
    kind: str                 # "human" or "computer"
    level: str | None
    open: bool                # waiting for a friend to sit
    connected: bool
    yours: bool               # bound to this client's identity


@dataclass(frozen=True, slots=True)
class TableListing:
    """One table of the server (the protocol's ``TableListing``)."""

    table: str
    game: str
    name: str
    preset: str
    players: int
    seats: tuple[SeatListing, ...]
    state: str                # "waiting", "playing" or "finished"
    deal: int
    creator: str
    watchers: int

    @property
    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.open]

    @property
    def my_seat(self) -> int | None:
        """The seat bound to this client's identity, if any."""
        return next((i for i, s in enumerate(self.seats) if s.yours), None)


def _text(value: object, default: str = "") -> str:
    return value if isinstance(value, str) else default


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def table_listing(data: object) -> TableListing | None:
    """A ``TableListing`` from its JSON object; None for one that is not a table."""
    if not isinstance(data, dict) or not isinstance(data.get("table"), str):
        return None
    seats = []
    for seat in data.get("seats") or ():
        if isinstance(seat, dict):
            level = seat.get("level")
            seats.append(SeatListing(_text(seat.get("name")), _text(seat.get("kind"), "human"),
                                  level if isinstance(level, str) else None,
                                  seat.get("open") is True, seat.get("connected") is True,
                                  seat.get("yours") is True))
    return TableListing(data["table"], _text(data.get("game"), FIRST_GAME),
                     _text(data.get("name")), _text(data.get("preset")),
                     _int(data.get("players"), len(seats)), tuple(seats),
                     _text(data.get("state"), "waiting"), _int(data.get("deal")),
                     _text(data.get("creator")), _int(data.get("watchers")))


def table_listings(data: object) -> list[TableListing]:
    if not isinstance(data, list):
        return []
    return [info for item in data if (info := table_listing(item)) is not None]


def tables_changed(tables: list[TableListing], message: dict[str, Any]) -> list[TableListing]:
    """``tables`` with a ``tables_changed`` message's changes: its entries added or
    replaced, the ids in its ``gone`` taken out; in the order of their ids, as a whole
    list comes; at most ``MAX_TABLES_SEEN``."""
    known = {info.table: info for info in tables}
    for info in table_listings(message.get("tables")):
        known[info.table] = info
    gone = message.get("gone")
    for table in gone if isinstance(gone, list) else ():
        if isinstance(table, str):
            known.pop(table, None)
    return [known[table] for table in sorted(known)][:MAX_TABLES_SEEN]


# -- errors --------------------------------------------------------------------------------


class ServiceError(Exception):
    """The service refused a request, or could not be reached: ``code`` and a sentence,
    and the refusal's details free of language (``params``) when it sent some."""

    def __init__(self, code: str, message: str,
                 params: tuple[tuple[str, str | int], ...] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


def no_service(path: Path | str) -> str:
    """The one line said when nothing listens at ``path``."""
    return f"no table service at {path}: start one with `polignac-tui serve`"


# -- the connection ----------------------------------------------------------------------


class LobbyClient:
    """One connection to the table service: the lobby, and at most one table at a time."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 path: Path | str, identity: str, name: str) -> None:
        self.reader = reader
        self.writer = writer
        self.path = Path(path)
        self.identity = identity
        self.name = name
        self.server = ""
        self.games: tuple[str, ...] = (protocol.GAME,)   # the games the service hosts
        self.tables_seen: list[TableListing] = []
        self.lost: str | None = None         # why the connection ended, once it has
        self.at_table: AnyRemote | None = None
        #: What is said in the lobby (a table's talk is its ``RemoteGameClient``'s); a screen
        #: may give its own room (before sitting anywhere).
        self.lobby_talk = TalkRoom()
        #: Called (on the loop) with the pushed list of tables, and when the connection
        #: is lost (with the reason).
        self.on_tables: Callable[[list[TableListing]], None] | None = None
        self.on_lost: Callable[[str], None] | None = None
        #: Called with the name of the waiting table this connection watched when the
        #: service closed it (nobody sits at it any more): back in the lobby.
        self.on_closed: Callable[[str], None] | None = None
        self._next_id = 1
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reading: asyncio.Task[None] | None = None

    @property
    def muted(self) -> set[str]:
        """People this client does not hear (names, ignoring case), in every room."""
        return self.lobby_talk.muted

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    async def connect(cls, path: Path | str, identity: str, name: str,
                      timeout: float = ANSWER_TIMEOUT) -> LobbyClient:
        """Connect and say hello. Raises ``ServiceError`` with a readable reason."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(path), limit=READ_LIMIT), timeout)
        except (OSError, TimeoutError):
            raise ServiceError("no_service", no_service(path)) from None
        client = cls(reader, writer, path, identity, name)
        client._write({"type": "hello", "protocol": protocol.PROTOCOL, "identity": identity,
                       "name": name})
        try:
            welcome = await asyncio.wait_for(client._read_message(), timeout)
        except (OSError, TimeoutError, ValueError) as error:
            client._shut()
            raise ServiceError("no_service", f"the table service at {path} did not answer: "
                               f"{_reason(error)}") from None
        if welcome is None or welcome.get("type") != "welcome":
            client._shut()
            problem = welcome.get("message") if welcome else "it closed the connection"
            raise ServiceError(_text((welcome or {}).get("code"), "protocol"),
                               f"the table service at {path} refused us: {problem}")
        client.server = _text(welcome.get("server"))
        client.name = _text(welcome.get("name"), name)
        games = welcome.get("games")
        if isinstance(games, list):
            client.games = tuple(g for g in games[:8] if g in protocol.GAMES) or client.games
        client._reading = asyncio.get_running_loop().create_task(client._read_loop())
        return client

    # -- the lobby -------------------------------------------------------------------------
    async def tables(self) -> list[TableListing]:
        answer = await self.request({"type": "tables"})
        self.tables_seen = table_listings(answer.get("tables"))
        return self.tables_seen

    async def create(self, name: str, rules: dict[str, Any], seats: list[dict[str, Any]],
                     pace: str = "normal", game: str = protocol.GAME) -> AnyRemote:
        """Create a table of ``game`` (``rules``: Polignac's, or another game's settings);
        its creator sits at its ``you`` seat (the table waits)."""
        message: dict[str, Any] = {"type": "create", "name": name, "seats": seats,
                                   "pace": pace}
        if game == protocol.GAME:
            message["rules"] = rules
        else:
            message.update(game=game, settings=rules)
        answer = await self.request(message)
        table = _text(answer.get("table"))
        you = next((i for i, s in enumerate(seats) if s.get("kind") == "you"), 0)
        return self._seat(table, (you,), watching=False, game=game)

    def game_of(self, table: str) -> str:
        """The game of ``table`` as the lobby listed it (Polignac for one not listed)."""
        return next((info.game for info in self.tables_seen if info.table == table),
                    protocol.GAME)

    async def sit(self, table: str, seat: int) -> AnyRemote:
        """Sit at an open seat of a waiting table, or take back your own seat."""
        remote = self._seat(table, (seat,), watching=False)
        try:
            await self.request({"type": "sit", "table": table, "seat": seat})
        except BaseException:
            self._unseat(remote)
            raise
        return remote

    async def watch(self, table: str) -> AnyRemote:
        remote = self._seat(table, (), watching=True)
        try:
            await self.request({"type": "watch", "table": table})
        except BaseException:
            self._unseat(remote)
            raise
        return remote

    async def start(self, table: str, fill: str = "medium") -> None:
        """Start a waiting table you created (open seats left go to computers of ``fill``)."""
        await self.request({"type": "start", "table": table, "fill": fill})

    def leave(self) -> None:
        """Leave the table this connection is at (back to the lobby)."""
        if self.at_table is not None:
            self.at_table.close()

    def close(self) -> None:
        """Hang up (the seats held stay bound to this identity)."""
        self._shut()
        self._lose("closed")

    async def say(self, text: str) -> None:
        """Say ``text`` to everyone in this connection's room (the table in play it is at,
        else the lobby); the line comes back as theirs does. Raises ``ServiceError``
        (``say_bad``, ``say_too_fast``, a lost connection)."""
        await self.request({"type": "say", "text": text})

    # -- the club's book ------------------------------------------------------------------
    async def club(self, game: str, period: str) -> ClubStandings:
        """A game's standings for ``period`` (``month``, ``all``) as the book shows them
        to this client, and whether it is hidden from them."""
        return _club_read(club_wire.standings_answer, await self.request(
            {"type": "club", "game": game, "period": period}))

    async def club_player(self, game: str, name: str) -> PlayerPage | None:
        """``name``'s page in ``game`` (None: unknown to the book, or hidden)."""
        return _club_read(club_wire.player_answer, await self.request(
            {"type": "club_player", "game": game, "name": name}))

    async def club_ledger(self) -> list[Debt]:
        """The debts still open, netted per pair."""
        return _club_read(club_wire.ledger_answer, await self.request({"type": "club_ledger"}))

    async def club_hidden(self, hidden: bool | None = None) -> bool:
        """Whether this player is hidden from the standings; with ``hidden``, leave (True)
        or rejoin (False) them first."""
        message: dict[str, Any] = {"type": "club_hidden"}
        if hidden is not None:
            message["hidden"] = hidden
        return _club_read(club_wire.hidden_answer, await self.request(message))

    # -- requests --------------------------------------------------------------------------
    async def request(self, message: dict[str, Any],
                      timeout: float = ANSWER_TIMEOUT) -> dict[str, Any]:
        """Send ``message`` with a fresh id and await the answer with that id.

        Raises ``ServiceError`` for an ``error`` answer, a lost connection or no answer."""
        if self.lost is not None:
            raise ServiceError("lost", f"not connected to the table service ({self.lost})")
        request_id = self._next_id
        self._next_id += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            self._write({**message, "id": request_id})
            answer = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise ServiceError("timeout", "the table service did not answer in time") from None
        finally:
            self._pending.pop(request_id, None)
        if answer.get("type") == "error":
            raise ServiceError(_text(answer.get("code"), "error"),
                               _text(answer.get("message"), "refused"),
                               protocol.params_from_json(answer.get("params")))
        return answer

    def send(self, message: dict[str, Any]) -> None:
        """Send a message that has no answer (a command at a table)."""
        if self.lost is None:
            self._write(message)

    # -- reading ---------------------------------------------------------------------------
    async def _read_message(self) -> dict[str, Any] | None:
        """The next message, or None at the end of the stream."""
        while True:
            line = await self.reader.readline()
            if not line:
                return None
            if not line.strip():
                continue
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("a message that is not a JSON object")
            return message

    async def _read_loop(self) -> None:
        reason = "the table service closed the connection"
        try:
            while True:
                message = await self._read_message()
                if message is None:
                    break
                if message.get("type") == "bye":
                    said = _text(message.get("reason"))
                    reason = HOST_STOPPED if said == protocol.STOPPING else \
                        f"the table service said goodbye: {said}"
                    break
                self._dispatch(message)
        except asyncio.CancelledError:
            reason = "closed"
        except (OSError, ValueError, asyncio.LimitOverrunError,
                asyncio.IncompleteReadError) as error:
            reason = f"the connection to the table service broke: {_reason(error)}"
        self._lose(reason)      # the screen told first, then the service sees us hang up
        self._shut()

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        request_id = message.get("id")
        if kind == "said":      # heard in its order, and the answer to one's own ``say``
            self._heard(message, mine=isinstance(request_id, int)
                        and request_id in self._pending)
        if isinstance(request_id, int) and request_id in self._pending:
            future = self._pending[request_id]
            if not future.done():
                future.set_result(message)
            return
        if kind == "tables":
            self.tables_seen = table_listings(message.get("tables"))[:MAX_TABLES_SEEN]
            if self.on_tables is not None:
                self.on_tables(self.tables_seen)
        elif kind == "tables_changed":
            self.tables_seen = tables_changed(self.tables_seen, message)
            if self.on_tables is not None:
                self.on_tables(self.tables_seen)
        elif kind == "update":
            remote = self.at_table
            if remote is not None and message.get("table") in (remote.table, None):
                self._game_update(remote, message)
        elif kind == "closed":
            self._closed(_text(message.get("table")), _text(message.get("name")))
        elif kind == "error" and self.at_table is not None:
            # A command at the table refused outright (no id: nobody awaits it).
            self.at_table.say_refused(_text(message.get("message"), "refused"),
                                      _text(message.get("code"), "error"))
        elif kind == "seated" and self.at_table is None and isinstance(
                message.get("table"), str):
            # Seated by the service without asking (the creator of a table).
            game = message.get("game")
            self._seat(message["table"], (_int(message.get("seat")),), watching=False,
                       game=game if game in protocol.GAMES else None)

    def _game_update(self, remote: RemoteGameClient, message: dict[str, Any]) -> None:
        if message.get("game") != remote.game:
            update: GameUpdate | None = None
            problem = f"an update of a table of {_text(message.get('game'), '?')[:40]!r}"
        else:
            try:
                update = gamewire.update_from_json(message)
            except (KeyError, TypeError, ValueError, IndexError) as error:
                update, problem = None, f"an update could not be read: {_reason(error)}"
        if update is None:
            refused = remote.refusal(problem, "protocol")
            if refused is not None:
                remote._receive(refused)
            return
        remote._receive(update)

    def _heard(self, message: dict[str, Any], mine: bool) -> None:
        """A line of talk, to its room: the lobby (``table`` null) or the table this
        connection is at; a line of another room is dropped."""
        said = heard(message.get("name"), message.get("seat"), message.get("text"), mine)
        if said is None:
            return
        table = message.get("table")
        if table is None:
            self.lobby_talk.hear(said)
        elif self.at_table is not None and self.at_table.table == table:
            self.at_table.talk.hear(said)

    # -- at a table ------------------------------------------------------------------------
    def _seat(self, table: str, seats: tuple[int, ...], watching: bool,
              game: str | None = None) -> AnyRemote:
        game = game or self.game_of(table)
        at = self.at_table
        if at is not None and (at.table != table or at_game(at) != game):
            at._detach()
        if self.at_table is None or self.at_table.table != table:
            self.at_table = RemoteGameClient(self, table, seats, watching, game)
        return self.at_table

    def _closed(self, table: str, name: str) -> None:
        """The service closed the waiting table ``table`` this connection was at (a
        watcher, once nobody sits there): no longer at it, and the lobby is told."""
        remote = self.at_table
        if remote is None or remote.table != table:
            return
        remote._detach()
        if self.on_closed is not None:
            self.on_closed(name[:protocol.MAX_TABLE_NAME] or table[:protocol.MAX_TABLE_NAME])

    def _unseat(self, remote: AnyRemote) -> None:
        if self.at_table is remote:
            self.at_table = None

    # -- the wire ------------------------------------------------------------------------
    def _write(self, message: dict[str, Any]) -> None:
        try:
            self.writer.write(protocol.encode(message))
        except (OSError, RuntimeError) as error:
            self._lose(f"the connection to the table service broke: {_reason(error)}")

    def _shut(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
        reading = self._reading
        if reading is not None and not reading.done():
            with contextlib.suppress(RuntimeError):   # no loop any more: nothing to stop
                if reading is not asyncio.current_task():
                    reading.cancel()

    def _lose(self, reason: str) -> None:
        if self.lost is not None:
            return
        self.lost = reason
        for future in self._pending.values():
            if not future.done():
                future.set_result({"type": "error", "code": "lost", "message": reason})
        if self.at_table is not None:
            self.at_table._lose(reason)
        if self.on_lost is not None:
            self.on_lost(reason)


class RemoteGameClient(GameClient):
    """A seat at (or a view of) a table of any game in the table service."""

    served = True

    def __init__(self, link: LobbyClient, table: str, seats: tuple[int, ...],
                 watching: bool, game: str) -> None:
        super().__init__(game)
        self.link = link
        self.table = table
        self.session_id = table
        self._seats = () if watching else seats
        self.watching = watching
        self.closed = False
        self._name = ""
        self._preset = ""
        #: What is said at this table.
        self.talk: TalkRoom = TalkRoom(link.muted)

    def _listed(self) -> None:
        """The table's name and preset, as the lobby last listed it (kept when it is
        not listed now)."""
        for info in self.link.tables_seen:
            if info.table == self.table:
                self._name, self._preset = info.name, info.preset

    @property
    def session_name(self) -> str:
        """The table's name, as the lobby last listed it."""
        self._listed()
        return self._name

    @property
    def preset(self) -> str:
        """The table's preset, as the lobby last listed it ("" unknown)."""
        self._listed()
        return self._preset

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    def listen(self, listener: GameListener) -> None:
        self._listener = listener
        if self.latest is not None:
            listener(self.latest)

    def send(self, command: GameCommand) -> None:
        if self.closed or self.lost is not None:
            return
        message = encode_game_command(command)
        if message is not None:
            self.link.send(message)

    async def hint(self, seat: int) -> GameHint | None:
        """The service's advice (None: none now); ``HintBusy`` while the service still
        works out this seat's last hint."""
        if self.closed or self.lost is not None or seat not in self._seats:
            return None
        try:
            answer = await self.link.request({"type": "hint", "seat": seat})
        except ServiceError as error:
            if error.code == "busy":
                raise HintBusy(error.message) from None
            return None
        return gamewire.hint_from_json(seat, answer.get("hint"))

    async def say(self, text: str) -> None:
        """Say ``text`` to the table (see ``LobbyClient.say``)."""
        if self.closed or self.lost is not None:
            raise ServiceError("lost", f"not connected to the table service "
                               f"({self.lost or 'closed'})")
        await self.link.say(text)

    async def finished_session(self) -> GameSession:
        """The table's finished deals (every hand of them, never one of the deal in play),
        asked of the service; read as untrusted as any file, off the UI's loop."""
        if self.closed or self.lost is not None:
            raise PastDealsUnavailable("lost", self.lost or "")
        try:
            answer = await self.link.request({"type": "deals"}, timeout=DEALS_TIMEOUT)
        except ServiceError as error:
            raise PastDealsUnavailable(error.code, error.message) from None
        text = answer.get("session")
        if not isinstance(text, str) or len(text) > protocol.MAX_DEALS_REPLY:
            raise PastDealsUnavailable("unreadable", "the answer is not a session file")
        try:
            session = await asyncio.to_thread(gamefile.loads, text)
        except (SessionFileError, GameRuleError, ValueError) as error:
            raise PastDealsUnavailable("unreadable", str(error)) from None
        if session.game != self.game:
            raise PastDealsUnavailable("unreadable", f"a session of {session.game[:40]!r}")
        return session

    def close(self) -> None:
        """Leave the table: the seat stays bound to this identity; back to the lobby."""
        if self.closed:
            return
        self.link.send({"type": "leave"})
        self._detach()

    # -- from the connection ---------------------------------------------------------------
    def _detach(self) -> None:
        self.closed = True
        self._listener = None
        self.link._unseat(self)

    def refusal(self, reason: str, rule: str, pause: bool = True) -> GameUpdate | None:
        """The latest update again with ``reason`` as a refusal (and, with ``pause``, the
        table paused: nothing more will come); None before any update."""
        if self.latest is None:
            return None
        state = self.latest.state
        if pause:
            state = replace(state, waiting="paused", thinking=None, held=None, can_undo=False)
        return replace(self.latest, state=state, events=(Refused(reason, rule),))

    def say_refused(self, reason: str, rule: str) -> None:
        """A command refused outright: the latest update again, with the refusal."""
        said = self.refusal(reason, rule, pause=False)
        if said is not None:
            self._receive(said)

    def _lose(self, reason: str) -> None:
        if self.lost is not None or self.closed:
            return
        self.lost = reason
        update = self.refusal(f"connection lost: {reason}", "connection_lost")
        if update is not None:
            self._receive(update)


AnyRemote = RemoteGameClient


def at_game(remote: AnyRemote) -> str:
    """The game of the table ``remote`` is at."""
    return remote.game


def encode_game_command(command: GameCommand) -> dict[str, Any] | None:
    """A command at a table of another game as its protocol message (a hint is a request:
    ``hint()``; ``Looking`` stays with the client: a served table does not wait for one
    player's looking)."""
    if isinstance(command, Act):
        return {"type": "act", "seat": command.seat, "action": command.action}
    if isinstance(command, Seen):
        return {"type": "seen"}
    if isinstance(command, Ready):
        return {"type": "ready"}
    if isinstance(command, Undo):
        return {"type": "undo", "seat": command.seat}
    if isinstance(command, HandOver):
        return {"type": "hand_over", "seat": command.seat}
    return None


def _club_read(read: Callable[[object], T], answer: dict[str, Any]) -> T:
    """An answer about the club's book, read by ``read``; ``ServiceError`` when it cannot
    be (``protocol``: what was wrong with it)."""
    try:
        return read(answer)
    except ClubWireError as error:
        raise ServiceError("protocol", f"the club's book could not be read: {error}") from None


def _reason(error: BaseException) -> str:
    return str(error) or type(error).__name__
