"""The table service: one asyncio process holding every open table of a server.

``Service`` owns the tables (``ServedTable``: waiting for its seats, or in play with a
``GameRunner`` over a ``ServedGameTable``, its updates written per seat by ``gamewire``,
whatever the game), the shared pool of computer players, and
``state.json`` (who sits where, across restarts). Each client connection is one
``Client`` object, released in a ``finally`` whatever happens to its socket. Protocol:
docs/protocol.md (``protocol.py`` encodes and validates every message).

Sessions go through the same store and locks as local play: a table in play holds
its session's lock (``GameTable.create`` / ``GameTable.open``) as long as the service runs it;
a waiting table only sets its id aside (``SessionStore.reserve``: the lock file is
there, no file is held open) and takes the lock when it starts.

Strangers cannot bring it down by creating tables: a player (an identity) has at most
``max_waiting_per_player`` waiting tables, the service at most ``max_tables`` waiting
or in play (finished tables are kept only while someone still looks at them), and a
waiting table nobody is at, untouched for ``waiting_timeout`` seconds, is closed. When
files, disk space or memory run short the service refuses new tables (``busy``), goes
on serving the tables in play, and says so in one line a minute at most.

The host sees the room (``status.py``): one line in the log every ``status_every`` seconds
while anyone is connected, and a ``status`` request answered to the host alone (the
socket's user, before any ``hello``: never a player).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import json
import os
import signal
import stat
import sys
import time
import traceback
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .. import __version__
from ..games import get_game
from ..games.actions import parse_action
from ..games.base import DealLog as DealLogEntry
from ..games.base import Game
from ..games.base import RuleError as GameRuleError
from ..games.base import replay as replay_match
from ..games.session import GameSession
from ..games.session import Seat as GameSeat
from ..i18n import _, ngettext
from ..store import (
    SessionFileError,
    SessionLock,
    SessionLocked,
    SessionStore,
    StoreError,
)
from ..store.gamefile import dumps as dumps_game
from ..store.lock import Reservation, acquire
from ..table.gameevents import Act, GameCommand, GameUpdate, HandOver, Ready, Refused, Seen, Undo
from ..table.gamerunner import GameConnection, GameRunner
from ..table.pace import SHARED
from . import gamewire, protocol
from .paths import check_socket_path, default_socket, service_folder
from .protocol import ProtocolError
from .saver import ServedGameTable
from .state import SeatRecord, ServiceState, StateError, TableRecord
from .status import ActionTimes, Status, peer_uid
from .thinker import GamePoolThinker, ThinkerPool, has_players

MAX_ERRORS = 20                    # erroneous messages before a client is sent away
BACKLOG = 1024                     # connections waiting to be accepted (many join at once)
MAX_BUFFERED = 4 * 2**20           # bytes waiting for a slow client before it is sent away
LOBBY_DELAY = 0.1                  # seconds: lobby updates are gathered this long
LOBBY_BACKLOG = 64 * 1024          # bytes unread by a client before it skips a lobby list
MAX_WAITING_PER_PLAYER = 3         # waiting tables one identity has created
MAX_TABLES = 200                   # tables waiting or in play
WAITING_TIMEOUT = 30 * 60.0        # seconds: a waiting table nobody is at is then closed
SWEEP_EVERY = 60.0                 # seconds between two looks for such tables
BUSY_FOR = 10.0                    # seconds new tables are refused after a resource ran out
SAY_TROUBLE_EVERY = 60.0           # seconds: at most one line of log about it
FD_HEADROOM = 32                   # file descriptors kept free for the tables in play
STATUS_EVERY = 60.0               # seconds between two status lines while anyone is connected
COMPUTER_NAMES = ("Claire", "Denis", "Emma", "Félix", "Gaëlle", "Hugo", "Inès", "Jules",
                  "Lina", "Marc")

Log = Callable[[str], None]
Link = GameConnection      # a client's place at a runner


def short_of(error: BaseException | None) -> str | None:
    """``files``, ``space`` or ``memory`` when ``error`` (or the error it came from) is a
    resource that ran out; None for any other error."""
    for _depth in range(8):
        if error is None:
            return None
        if isinstance(error, MemoryError):
            return "memory"
        if isinstance(error, OSError):
            if error.errno in (errno.EMFILE, errno.ENFILE):
                return "files"
            if error.errno in (errno.ENOSPC, errno.EDQUOT):
                return "space"
            if error.errno in (errno.ENOMEM, errno.ENOBUFS):
                return "memory"
        error = error.__cause__ or error.__context__
    return None


def files_left() -> int | None:
    """File descriptors this process may still open (None where it cannot be known);
    0 when even looking needs one that is not there."""
    try:
        import resource
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return None
    if soft == resource.RLIM_INFINITY:
        return None
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return soft - len(os.listdir(folder))
        except FileNotFoundError:
            continue
        except OSError as error:
            return 0 if short_of(error) == "files" else None
    return None


def _stderr(message: str) -> None:
    print(f"polignac-tui serve: {message}", file=sys.stderr, flush=True)


class ServiceError(Exception):
    """The service cannot start; ``str()`` is one line."""


@dataclass
class Seat:
    kind: str                  # "human" | "computer" | "open" (waiting for a friend)
    name: str = ""
    level: str | None = None
    identity: str | None = None

    def owned_by(self, identity: str | None, name: str) -> bool:
        """Is this seat that person's? A person is an identity and a name: two people
        sharing one account (``local:<uid>``) are told apart by their names."""
        return (identity is not None and self.identity == identity
                and self.name.casefold() == name.casefold())


class ServedTable:
    """One table of the service: waiting for its seats, then in play."""

    def __init__(self, record: TableRecord) -> None:
        self.id = record.table
        self.game = record.game                 # polignac, ecarte, piquet
        self.name = record.name
        self.state = record.state           # waiting | playing | finished
        self.creator = record.creator
        self.creator_name = record.creator_name
        self.pace = record.pace
        self.seed = record.seed
        self.hand_over_after = record.hand_over_after
        self.rules_data = dict(record.rules)
        self.seats = [Seat(s.kind, s.name, s.level, s.identity) for s in record.seats]
        self.reservation: Reservation | None = None     # the id set aside while waiting
        self.touched = 0.0                              # the service's clock, last request
        self.game_table: ServedGameTable | None = None    # the table in play
        self.game_runner: GameRunner | None = None
        self.members: set[Client] = set()               # seated here, or watching
        self._seen: tuple[object, ...] = ()
        self.deals_file: tuple[object, str] | None = None  # finished deals' log, its file

    def record(self) -> TableRecord:
        return TableRecord(
            table=self.id, name=self.name,
            state="waiting" if self.state == "waiting" else "playing",
            creator=self.creator, creator_name=self.creator_name, pace=self.pace,
            seed=self.seed, hand_over_after=self.hand_over_after,
            seats=[SeatRecord(s.kind, s.name, s.level, s.identity) for s in self.seats],
            rules=self.rules_data if self.state == "waiting" else {}, game=self.game)

    def seat_of(self, identity: str | None, name: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.owned_by(identity, name):
                return index
        return None

    def created_by(self, client: Client) -> bool:
        return client.identity == self.creator and \
            client.name.casefold() == self.creator_name.casefold()

    def name_taken(self, name: str, but: int | None = None) -> bool:
        folded = name.strip().casefold()
        return any(i != but and s.name.strip().casefold() == folded
                   for i, s in enumerate(self.seats) if s.kind != "open")

    def deal(self) -> int:
        if self.game_table is not None:
            return len(self.game_table.session.match.log)
        return 0

    @property
    def in_play(self) -> bool:
        """A runner runs this table (it started)."""
        return self.game_runner is not None

    def held_by(self, seat: int) -> bool:
        return self.game_runner is not None and self.game_runner.held_by(seat)

    @property
    def finished(self) -> bool:
        return self.game_table is not None and self.game_table.session.finished

    def connect(self, client: Client, seats: tuple[int, ...]) -> Link:
        """``client``'s connection to the runner of this table in play."""
        assert self.game_runner is not None
        return self.game_runner.connect(client.on_game_update, seats)

    def gate(self, send: Callable[[], None]) -> None:
        """``send`` once the table's last action is on disk."""
        if self.game_table is not None:
            self.game_table.gate(send)
        else:
            send()

    def info(self, identity: str | None, name: str = "") -> dict[str, Any]:
        seats = []
        for index, seat in enumerate(self.seats):
            if seat.kind == "computer":
                connected = True
            elif self.in_play:
                connected = self.held_by(index)
            else:
                connected = any(m.seat == index for m in self.members)
            seats.append({"name": seat.name, "kind": "computer" if seat.kind == "computer"
                          else "human", "level": seat.level, "open": seat.kind == "open",
                          "connected": connected,
                          "yours": seat.owned_by(identity, name)})
        if self.game_table is not None:
            rules = self.game_table.session.match.settings.preset
        else:
            rules = str(self.rules_data.get("preset", "classique"))
        return {"table": self.id, "game": self.game, "name": self.name, "preset": rules,
                "players": len(self.seats), "seats": seats, "state": self.state,
                "deal": self.deal(), "creator": self.creator_name,
                "watchers": sum(1 for m in self.members if m.seat is None)}

    def observe(self) -> bool:
        """True when what the lobby shows of this table changed since last asked."""
        now: tuple[object, ...] = (self.state, self.deal(),
                                   tuple(self.held_by(s) for s in range(len(self.seats)))
                                   if self.in_play else ())
        changed = now != self._seen
        self._seen = now
        return changed


class Client:
    """One connection: its identity, where it sits, and what it is sent."""

    def __init__(self, service: Service, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.service = service
        self.reader = reader
        self.writer = writer
        self.identity: str | None = None
        self.name = ""
        self.errors = 0
        # the lobby: ids of tables changed since this client's last list or changes, and
        # whether it missed some (at a table in play, or too slow): then a whole list
        self.lobby_pending: set[str] = set()
        self.lobby_stale = False
        self.table: ServedTable | None = None
        self.seat: int | None = None
        self.connection: Link | None = None
        self.closed = False
        self._sending = False       # a command of ours is being carried out
        self._action_at: float | None = None   # when the action being carried out was read
        self.hinting: set[tuple[str, int]] = set()   # (table, seat): a hint being computed
        self.said_at: deque[float] = deque(maxlen=protocol.SAY_LINES)  # its last lines' times
        self._tasks: set[asyncio.Task[None]] = set()

    # -- sending -----------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        self.send_bytes(protocol.encode(message))

    def send_bytes(self, data: bytes) -> None:
        if self.closed or self.writer.is_closing():
            return
        self.writer.write(data)
        if self.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.drop("you are not reading what the service sends")

    def backlog(self) -> int:
        """Bytes sent to this client that it has not read yet."""
        return 0 if self.closed else self.writer.transport.get_write_buffer_size()

    def drop(self, reason: str) -> None:
        """Say ``bye`` and close the connection (the reading loop then ends)."""
        if self.closed:
            return
        with contextlib.suppress(Exception):
            if not self.writer.is_closing():
                self.writer.write(protocol.encode({"type": "bye", "reason": reason}))
        self.closed = True
        self.writer.close()

    def fail(self, code: str, message: str, id: int | None = None,
             params: protocol.Params = ()) -> None:
        """An error to this client alone; 20 of them and it is sent away."""
        self.send(protocol.error(code, message, id, params))
        # the service's trouble, or talk a moment too quick: not counted against the client
        if code not in ("busy", "say_too_fast"):
            self.count_error()

    def count_error(self) -> None:
        self.errors += 1
        if self.errors >= MAX_ERRORS:
            self.drop(f"{MAX_ERRORS} refused messages: goodbye")

    def on_game_update(self, update: GameUpdate) -> None:
        """The runner's listener: this client's update, as one line, with only the events
        its seat may be told (``gamewire``, whatever the runner passed on)."""
        table = self.table
        if table is None:
            return
        data = protocol.encode(gamewire.update_to_json(table.id, update, self.seat))
        self._send_update(table, data, update.events)

    def _send_update(self, table: ServedTable, data: bytes, events: tuple[object, ...]) -> None:
        refused = self._sending and any(isinstance(e, Refused) for e in events)
        action_at = self._action_at if self._sending and not refused else None
        self._action_at = None          # one action, timed once

        def send() -> None:       # once the action it shows is on disk
            self.send_bytes(data)
            if refused:
                self.count_error()
            elif action_at is not None:
                self.service.actions.add((time.perf_counter() - action_at) * 1000,
                                         self.service.clock())
        table.gate(send)
        self.service.table_changed(table)

    # -- reading -------------------------------------------------------------------------------
    async def run(self) -> None:
        async for line in _lines(self.reader):
            if self.closed:
                break
            if line is None:
                self.fail("too_long", f"a line is at most {protocol.MAX_LINE} bytes: "
                          "it was skipped")
                continue
            if not line.strip():
                continue
            try:
                message = protocol.decode_client(line)
            except ProtocolError as problem:
                self.fail(problem.code, problem.message, problem.id)
                continue
            try:
                self.service.handle(self, message)
            except ProtocolError as problem:
                self.fail(problem.code, problem.message, message.get("id"), problem.params)
            except Exception as error:      # a bug: said, never a dead service
                if self.service.trouble(error):     # out of files, memory: said once
                    what = short_of(error)
                    self.fail("busy", f"the service is short of {what} just now: no new "
                              "table for a while (the tables in play go on)",
                              message.get("id"), (("what", str(what)),))
                    continue
                self.service.log(f"{message['type']} failed: {error!r}\n"
                                 + traceback.format_exc())
                self.fail("not_allowed", f"the service could not do that ({error})",
                          message.get("id"))

    def leave_table(self) -> None:
        """Stop following the table (seats stay bound; a runner marks them gone)."""
        table, connection = self.table, self.connection
        self.table = None
        self.seat = None
        self.connection = None
        if connection is not None:
            connection.close()
        if table is not None:
            table.members.discard(self)
            self.service.table_changed(table, force=True)

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def release(self) -> None:
        """Everything this client held is let go (its seats stay bound to it)."""
        self.leave_table()
        for task in list(self._tasks):
            task.cancel()
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()


async def _lines(reader: asyncio.StreamReader) -> Any:
    """Complete lines (without ``\\n``); None for a line over the limit (skipped to its
    end without being held in memory)."""
    buffer = bytearray()
    skipping = False
    while True:
        try:
            chunk = await reader.read(65_536)
        except (ConnectionError, OSError):
            return
        if not chunk:
            return
        buffer += chunk
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                if len(buffer) >= protocol.MAX_LINE:
                    if not skipping:
                        skipping = True
                        yield None
                    buffer.clear()
                break
            line = bytes(buffer[:end])
            del buffer[:end + 1]
            if skipping:
                skipping = False
                continue
            if end + 1 > protocol.MAX_LINE:
                yield None
                continue
            yield line


class Service:
    """Every table of the server, and the clients at them."""

    def __init__(self, socket_path: Path, *, store: SessionStore | None = None,
                 folder: Path | None = None, workers: int | None = None,
                 hand_over_after: float = 120.0, log: Log = _stderr,
                 max_waiting_per_player: int = MAX_WAITING_PER_PLAYER,
                 max_tables: int = MAX_TABLES, waiting_timeout: float = WAITING_TIMEOUT,
                 clock: Callable[[], float] = time.monotonic,
                 status_every: float = STATUS_EVERY) -> None:
        self.socket_path = socket_path
        self.store = store or SessionStore()
        self.state = ServiceState(folder or service_folder())
        self.workers = workers
        self.hand_over_after = hand_over_after
        self.log = log
        self.max_waiting_per_player = max_waiting_per_player
        self.max_tables = max_tables
        self.waiting_timeout = waiting_timeout
        self.clock = clock
        self.status_every = status_every          # seconds; 0: no status line
        self.actions = ActionTimes()
        #: connections open through each door (``serve`` sets it once they are open)
        self.door_connections: Callable[[], Mapping[str, int]] = dict
        self.tables: dict[str, ServedTable] = {}
        self.clients: set[Client] = set()
        self.pool: ThinkerPool | None = None
        self._kept: list[TableRecord] = []    # remembered tables that could not be opened
        self._server: asyncio.AbstractServer | None = None
        self._lock: SessionLock | None = None
        self._stopped = asyncio.Event()
        self._lobby_timer: asyncio.TimerHandle | None = None
        self._lobby_dirty: set[str] = set()     # tables changed (or gone) since last sent
        self._state_pending = False
        self._restored = False
        self._closed = False
        self._sweeper: asyncio.TimerHandle | None = None
        self._status_timer: asyncio.TimerHandle | None = None
        self._busy_until = float("-inf")     # new tables refused until then (the clock)
        self._busy_what = ""                 # what ran out: files, space, memory
        self._said_at: float | None = None   # when the last line about it was logged
        self._unsaid = 0                     # resource failures since that line

    # -- starting and stopping -------------------------------------------------------------------
    async def start(self) -> None:
        """Take the service's lock, bring back its tables, listen on the socket."""
        problem = check_socket_path(self.socket_path)
        if problem:
            raise ServiceError(problem)
        self.state.prepare()
        try:
            self._lock = acquire("service", self.state.folder / "service.lock")
        except SessionLocked as error:
            raise ServiceError(f"another polignac-tui serve uses {self.state.folder} "
                               f"(pid {error.pid})") from None
        except StoreError as error:
            raise ServiceError(str(error)) from None
        try:
            await self._listen()
            self.pool = ThinkerPool(self.workers)
            self.pool.warm()
            self._restore()
            self._sweeper = asyncio.get_running_loop().call_later(SWEEP_EVERY, self._sweep_tick)
            if self.status_every > 0:
                self._status_timer = asyncio.get_running_loop().call_later(
                    self.status_every, self._status_tick)
        except BaseException:
            await self.close()
            raise

    async def _listen(self) -> None:
        path = self.socket_path
        folder = path.parent
        if not folder.exists():
            folder.mkdir(parents=True, mode=0o700)
        elif path == default_socket():
            os.chmod(folder, 0o700)             # our own folder: private
        if path.exists() or path.is_symlink():
            if not stat.S_ISSOCK(path.lstat().st_mode):
                raise ServiceError(f"{path} exists and is not a socket: choose another "
                                   "path with --socket")
            if await _answers(path):
                raise ServiceError(f"a service already listens on {path}")
            path.unlink()
        old = os.umask(0o177)     # the socket is born 0600
        try:
            self._server = await asyncio.start_unix_server(self._accept, path=str(path),
                                                           backlog=BACKLOG)
        except OSError as error:
            raise ServiceError(f"cannot listen on {path}: {error.strerror or error}") from None
        finally:
            os.umask(old)
        os.chmod(path, 0o600)

    def _restore(self) -> None:
        try:
            records = self.state.load()
        except StateError as error:
            self.log(str(error))
            records = []
        for record in records:
            served = ServedTable(record)
            served.touched = self.clock()
            try:
                if record.state == "waiting":
                    served.reservation = self.store.reserve(record.table, take_over=True)
                    if self.store.exists(record.table):
                        served.reservation.release()
                        raise StoreError(f"session {record.table} exists already")
                else:
                    self._run_game(served, ServedGameTable.open(
                        self.store, record.table, seed=record.seed, served=True))
            except (StoreError, SessionFileError, ValueError, OSError,   # ValueError: the
                    MemoryError) as error:                # rules of any game (RuleError)
                if not self.trouble(error):       # out of files: said once, not per table
                    self.log(_("table {table} cannot be opened: {error}").format(
                        table=record.table, error=error))
                self._kept.append(record)
                continue
            if served.state == "finished":
                self._close_table(served)
                continue
            self.tables[served.id] = served
        self._restored = True
        self._save_state()
        count = len(self.tables)
        self.log(ngettext("listening on {path} ({count} table)",
                          "listening on {path} ({count} tables)", count).format(
                              path=self.socket_path, count=count))
        where = "" if self.socket_path == default_socket() else f" --socket {self.socket_path}"
        self.log(_("players on this machine: {command}").format(
            command=f"polignac-tui join{where} --name NAME"))

    def stop(self) -> None:
        """Ask the service to stop (a signal handler calls this)."""
        self._stopped.set()

    @property
    def closing(self) -> bool:
        """Asked to stop, or stopped."""
        return self._stopped.is_set() or self._closed

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's exception handler (``serve`` sets it). Out of files at
        accept(), asyncio says so once per connection waiting, a storm of tracebacks
        (CPython gh-151615): here it is one line a minute like the rest."""
        error = context.get("exception")
        if isinstance(error, BaseException) and self.trouble(error):
            return
        # each of them left a retry of accept() for a second later: once the socket is
        # closed (the service stopping), those retries fail, and that is no news
        callback = getattr(context.get("handle"), "_callback", None)
        if self.closing and getattr(callback, "__name__", "") == "_start_serving":
            return
        loop.default_exception_handler(context)

    async def wait_stopped(self) -> None:
        await self._stopped.wait()

    async def close(self) -> None:
        """Close the door, send every client away, release every table (all is saved)."""
        if self._closed:
            return
        self._closed = True
        if self._server is not None:
            self._server.close()
        for client in list(self.clients):
            client.drop("the service is stopping")
            client.release()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._status_timer is not None:
            self._status_timer.cancel()
        for served in list(self.tables.values()):
            saving = served.game_table
            if saving is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(saving.flush(), 10.0)
        if self._restored:                      # never overwrite a state not read
            self._state_pending = True
            self._write_state()
        for served in list(self.tables.values()):
            self._close_table(served)
        if self.pool is not None:
            self.pool.close()
        with contextlib.suppress(OSError):
            if self._server is not None:
                self.socket_path.unlink()
        if self._lock is not None:
            self._lock.release()
        self._stopped.set()

    def _close_table(self, served: ServedTable) -> None:
        if served.game_runner is not None:
            served.game_runner.close()
        if served.game_table is not None:
            served.game_table.close()
        if served.reservation is not None:
            served.reservation.release()

    # -- tables ----------------------------------------------------------------------------------
    def _run_game(self, served: ServedTable, table: ServedGameTable) -> None:
        """``table`` in play at ``served``, with its runner and the computer players of its
        game in the shared pool. A finished trick stays for the table's pause (longer for
        a trick worth a look), never until every player pressed a key: at a table of
        several terminals one idle player would hold up the others (``SHARED``)."""
        assert self.pool is not None
        table.background = True
        table.on_error = self._said
        served.game_table = table
        served.game_runner = GameRunner(table, GamePoolThinker(self.pool, served.seed,
                                                               served.game),
                                        pace=served.pace, after_trick=SHARED,
                                        hand_over_after=served.hand_over_after)
        served.state = "finished" if table.session.finished else "playing"
        served.reservation = None

    def _save_state(self) -> None:
        """Remember the tables: written once at the end of this turn of the event loop
        (several changes in one turn make one write)."""
        if self._state_pending:
            return
        self._state_pending = True
        try:
            asyncio.get_running_loop().call_soon(self._write_state)
        except RuntimeError:
            self._write_state()

    def _write_state(self) -> None:
        if not self._state_pending:
            return
        self._state_pending = False
        records = [t.record() for t in self.tables.values() if t.state != "finished"]
        try:
            self.state.save(records + self._kept)
        except (OSError, MemoryError) as error:
            if self.trouble(error):
                return
            reason = error.strerror if isinstance(error, OSError) else None
            self.log(_("cannot save {path}: {error}").format(path=self.state.path,
                                                             error=reason or error))

    # -- limits ----------------------------------------------------------------------------------
    def trouble(self, error: BaseException) -> bool:
        """Note ``error`` if a resource ran out (True): new tables are refused for a while,
        and the log has one line about it a minute at most."""
        what = short_of(error)
        if what is None:
            return False
        now = self.clock()
        self._busy_until = now + BUSY_FOR
        self._busy_what = what
        if self._said_at is not None and now - self._said_at < SAY_TROUBLE_EVERY:
            self._unsaid += 1
            return True
        reason = error.strerror if isinstance(error, OSError) and error.strerror else \
            (str(error) or type(error).__name__)
        more = ngettext(" ({count} more time since the last line)",
                        " ({count} more times since the last line)", self._unsaid).format(
                            count=self._unsaid) if self._unsaid else ""
        self.log(_("{reason}: new tables are refused for now, the tables in play go on{more}"
                   ).format(reason=reason, more=more))
        self._said_at = now
        self._unsaid = 0
        return True

    def _said(self, error: BaseException) -> None:
        self.trouble(error)

    def short(self) -> str | None:
        """What runs short now (``files``, ``space``, ``memory``), or None."""
        if self.clock() < self._busy_until:
            return self._busy_what
        left = files_left()
        if left is not None and left < FD_HEADROOM:      # kept for the tables in play
            self.trouble(OSError(errno.EMFILE, f"{max(left, 0)} file descriptors left"))
            return "files"
        return None

    def refuse_if_busy(self) -> None:
        """``busy`` while a resource runs short."""
        what = self.short()
        if what is not None:
            raise ProtocolError("busy", f"the service is short of {what} just now: no new "
                                "table for a while (the tables in play go on)",
                                params=(("what", what),))

    def check_room(self, client: Client) -> None:
        """Refuse a new table over the limits: ``too_many`` / ``busy``."""
        waiting = sum(1 for t in self.tables.values()
                      if t.state == "waiting" and t.creator == client.identity)
        if waiting >= self.max_waiting_per_player:
            minutes = max(1, round(self.waiting_timeout / 60))
            raise ProtocolError(
                "too_many", f"you already have {waiting} tables waiting: start one of "
                f"them first (a waiting table nobody is at closes after {minutes} minutes)",
                params=(("what", "waiting"), ("count", waiting), ("minutes", minutes)))
        open_tables = sum(1 for t in self.tables.values() if t.state != "finished")
        if open_tables >= self.max_tables:
            raise ProtocolError(
                "too_many", f"the service has {open_tables} tables already: no new table "
                "until one ends", params=(("what", "tables"), ("count", open_tables)))
        self.refuse_if_busy()

    def _sweep_tick(self) -> None:
        self._sweeper = None
        if self._closed:
            return
        self.sweep()
        self._sweeper = asyncio.get_running_loop().call_later(SWEEP_EVERY, self._sweep_tick)

    # -- what the host sees ----------------------------------------------------------------------
    def status(self) -> Status:
        """The room now: tables waiting and in play, human seats taken at them, connections
        per door (a door's own count; ``socket``: the players who came straight to the
        socket, not through an open door), the busiest minute of the last hour."""
        open_tables = [t for t in self.tables.values() if t.state in ("waiting", "playing")]
        doors = dict(self.door_connections())
        through = tuple(f"{door}:" for door in doors)       # identities a door gives
        players = [c.identity for c in self.clients if c.identity is not None]
        doors["socket"] = sum(1 for i in players if not i.startswith(through))
        return Status(waiting=sum(1 for t in open_tables if t.state == "waiting"),
                      playing=sum(1 for t in open_tables if t.state == "playing"),
                      seated=sum(1 for t in open_tables for s in t.seats if s.kind == "human"),
                      connections=doors, busiest=self.actions.busiest(self.clock()))

    def log_status(self) -> bool:
        """The status line in the log if anyone is connected (through a door, or to the
        socket as a player); whether it was."""
        status = self.status()
        if not any(status.connections.values()):
            return False
        self.log(status.line())
        return True

    def _status_tick(self) -> None:
        self._status_timer = None
        if self._closed:
            return
        self.log_status()
        self._status_timer = asyncio.get_running_loop().call_later(self.status_every,
                                                                   self._status_tick)

    def _on_status(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        """The host's question (``serve --status``): a player never gets the answer."""
        if client.identity is not None:
            raise ProtocolError("not_allowed", "the status is for the host, not for a player")
        uid = peer_uid(client.writer.get_extra_info("socket"))
        if uid is None or uid != os.geteuid():
            raise ProtocolError("not_allowed", "the status is for the service's own user")
        self._reply(client, self.status().to_json(), id_)

    def sweep(self) -> list[str]:
        """Close the waiting tables nobody is at that no request touched for
        ``waiting_timeout`` seconds (by the service's clock); their ids."""
        now = self.clock()
        stale = [t for t in self.tables.values() if t.state == "waiting" and not t.members
                 and now - t.touched >= self.waiting_timeout]
        for served in stale:
            del self.tables[served.id]
            self._close_table(served)
            self._lobby_dirty.add(served.id)
        if stale:
            self._save_state()
            self._lobby_changed()
            self.log(ngettext("closed {count} waiting table nobody came to",
                              "closed {count} waiting tables nobody came to",
                              len(stale)).format(count=len(stale)))
        return [t.id for t in stale]

    def table_changed(self, served: ServedTable, force: bool = False) -> None:
        """Something the lobby shows of ``served`` may have changed (``force``: a request
        about it, which also counts as touching it)."""
        if force:
            served.touched = self.clock()
        if served.observe() or force:
            if served.state == "playing" and served.finished:
                served.state = "finished"
                self._save_state()
            self._lobby_dirty.add(served.id)
            self._lobby_changed()

    def _lobby_changed(self) -> None:
        if self._lobby_timer is None and not self._closed:
            self._lobby_timer = asyncio.get_running_loop().call_later(LOBBY_DELAY,
                                                                      self._send_lobby)

    def _send_lobby(self) -> None:
        """Tell the lobby what changed: each client not at a table in play is sent the
        tables changed since it was last told (``tables_changed``: their entries, and the
        ids of those gone), or the whole list when it missed some."""
        self._lobby_timer = None
        dirty, self._lobby_dirty = self._lobby_dirty, set()
        lobby: list[Client] = []
        for client in self.clients:
            if client.identity is None:
                continue
            if client.connection is not None:       # at a table in play: a list on leaving
                client.lobby_stale = True
                client.lobby_pending.clear()
                continue
            if client.lobby_stale:                  # a whole list comes: no changes kept
                client.lobby_pending.clear()
            else:
                client.lobby_pending |= dirty
            if client.lobby_pending or client.lobby_stale:
                lobby.append(client)
        # a client still reading what it was sent gets the changes later, in one list: they
        # never pile up for a slow reader
        behind = [c for c in lobby if c.backlog() > LOBBY_BACKLOG]
        for client in behind:
            client.lobby_stale = True
            client.lobby_pending.clear()
        if behind:
            self._lobby_changed()
        shared: dict[str, str] = {}        # each table's entry encoded once

        def entry(served: ServedTable, client: Client) -> str:
            if served.seat_of(client.identity, client.name) is not None:
                return _json(served.info(client.identity, client.name))   # "yours" in it
            text = shared.get(served.id)
            if text is None:
                text = shared[served.id] = _json(served.info(None))
            return text
        for client in lobby:
            if client.backlog() > LOBBY_BACKLOG:
                continue
            if client.lobby_stale:
                self.send_list(client)
                continue
            ids = sorted(client.lobby_pending)
            client.lobby_pending.clear()
            changed = [entry(self.tables[i], client) for i in ids if i in self.tables]
            gone = [_json(i) for i in ids if i not in self.tables]
            client.send_bytes(b'{"type":"tables_changed","tables":[' + ",".join(changed).encode()
                              + b'],"gone":[' + ",".join(gone).encode() + b"]}\n")
        finished = [t for t in self.tables.values() if t.state == "finished" and not t.members]
        for served in finished:
            del self.tables[served.id]
            self._close_table(served)
            self._lobby_dirty.add(served.id)
        if finished:
            self._lobby_changed()

    def send_list(self, client: Client, id_: int | None = None) -> None:
        """The whole list of tables to ``client`` (what it missed is in it)."""
        client.lobby_pending.clear()
        client.lobby_stale = False
        self._reply(client, {"type": "tables", "tables": self.infos(client)}, id_)

    def infos(self, client: Client) -> list[dict[str, Any]]:
        return [t.info(client.identity, client.name) for t in sorted(self.tables.values(),
                                                        key=lambda t: t.id)]

    # -- clients ---------------------------------------------------------------------------------
    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self.handle_client(reader, writer)

    async def handle_client(self, reader: asyncio.StreamReader,
                            writer: asyncio.StreamWriter) -> None:
        """Serve one client (any door: the Unix socket, or a stream pair from another)."""
        client = Client(self, reader, writer)
        self.clients.add(client)
        try:
            await client.run()
        except (ConnectionError, OSError):
            pass
        finally:
            self.clients.discard(client)
            client.release()

    def handle(self, client: Client, message: dict[str, Any]) -> None:
        kind = message["type"]
        id_ = message.get("id")
        if client.identity is None and kind not in ("hello", "status"):
            client.fail("protocol", "say hello first", id_)
            return
        handler = getattr(self, f"_on_{kind}")
        handler(client, message, id_)

    def _reply(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        if id_ is not None:
            message = {"type": message["type"], "id": id_,
                       **{k: v for k, v in message.items() if k != "type"}}
        client.send(message)

    def _on_hello(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        if client.identity is not None:
            raise ProtocolError("not_allowed", "hello was already said")
        if message["protocol"] != protocol.PROTOCOL:
            # One line an older (or newer) client shows as it is: what to do about it.
            said = protocol.version_refusal(message["protocol"], __version__)
            client.send(protocol.error("protocol", said, id_,
                                       (("protocol", protocol.PROTOCOL),)))
            client.drop(said)
            return
        client.identity = message["identity"]
        client.name = message["name"]
        self._reply(client, {"type": "welcome", "protocol": protocol.PROTOCOL,
                             "server": f"polignac-tui {__version__}",
                             "name": client.name, "games": list(protocol.GAMES)}, id_)
        self.send_list(client)

    def _on_tables(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        self.send_list(client, id_)

    def _served(self, table_id: str) -> ServedTable:
        served = self.tables.get(table_id)
        if served is None:
            raise ProtocolError("no_table", f"there is no table {table_id!r}")
        return served

    def _on_create(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        assert client.identity is not None
        self.check_room(client)
        name = message.get("name", "").strip()
        seats_in = message["seats"]
        game_name = message.get("game", protocol.GAME)
        game = get_game(game_name)       # the seats' count is checked (decode_client)
        rules_data = _table_settings(game, message, len(seats_in))
        if any(s["kind"] == "computer" for s in seats_in) and not has_players(game_name):
            raise ProtocolError("not_allowed", f"this service has no computer players for "
                                f"{game.title} yet: every seat is a person's",
                                params=(("game", game_name),))
        seats: list[Seat] = []
        for spec in seats_in:
            if spec["kind"] == "you":
                seats.append(Seat("human", client.name, None, client.identity))
            elif spec["kind"] == "open":
                seats.append(Seat("open"))
            else:
                seats.append(Seat("computer", spec.get("name", ""),
                                  spec.get("level", "medium")))
        taken = {s.name.casefold() for s in seats if s.name}
        if len(taken) != sum(1 for s in seats if s.name):
            raise ProtocolError("name_taken", "every name at a table must be different")
        for seat in seats:
            if seat.kind == "computer" and not seat.name:
                seat.name = next(n for n in COMPUTER_NAMES if n.casefold() not in taken)
                taken.add(seat.name.casefold())
        try:
            table_id = self.store.new_id(name, client.name)
            reservation = self.store.reserve(table_id)
        except (StoreError, OSError, MemoryError) as error:
            if self.trouble(error):
                self.refuse_if_busy()
            raise ProtocolError("not_allowed", f"cannot create the table: {error}") from None
        record = TableRecord(table=table_id, name=name, state="waiting",
                             creator=client.identity, creator_name=client.name,
                             pace=message.get("pace", "normal"),
                             seed=int.from_bytes(os.urandom(8), "big") >> 1,
                             hand_over_after=self.hand_over_after, seats=[],
                             rules=rules_data, game=game_name)
        served = ServedTable(record)
        served.seats = seats
        served.reservation = reservation
        served.touched = self.clock()
        self.tables[table_id] = served
        self._save_state()
        self._reply(client, {"type": "created", "table": table_id}, id_)
        client.leave_table()
        self._seat(client, served, next(i for i, s in enumerate(seats)
                                        if s.owned_by(client.identity, client.name)), None)

    def _seat(self, client: Client, served: ServedTable, seat: int, id_: int | None) -> None:
        """``client`` sits at ``seat`` (already bound to it)."""
        client.table = served
        client.seat = seat
        served.members.add(client)
        self._reply(client, {"type": "seated", "table": served.id, "seat": seat,
                             "game": served.game}, id_)
        if served.in_play:
            client.connection = served.connect(client, (seat,))
        self.table_changed(served, force=True)

    def _on_sit(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        assert client.identity is not None
        served = self._served(message["table"])
        index = message["seat"]
        if index >= len(served.seats):
            raise ProtocolError("bad_field", f"table {served.id} has {len(served.seats)} seats")
        seat = served.seats[index]
        mine = served.seat_of(client.identity, client.name)
        if seat.owned_by(client.identity, client.name):
            pass                                  # coming back to one's seat
        elif mine is not None:
            raise ProtocolError("not_allowed", f"you already sit at seat {mine} of this table")
        elif seat.kind != "open" or served.state != "waiting":
            raise ProtocolError("seat_taken", f"seat {index} is not free")
        elif served.name_taken(client.name):
            raise ProtocolError("name_taken", f"someone at this table is called {client.name} "
                                "already: choose another name")
        else:
            seat.kind, seat.name, seat.identity = "human", client.name, client.identity
            self._save_state()
        # the same person at another terminal gives the seat up to this one
        for other in list(served.members):
            if other is not client and other.seat == index:
                other.leave_table()
                other.drop("you sat at this seat from another terminal")
        client.leave_table()
        self._seat(client, served, index, id_)

    def _on_watch(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        served = self._served(message["table"])
        client.leave_table()
        client.table = served
        served.members.add(client)
        self._reply(client, {"type": "watching", "table": served.id, "game": served.game}, id_)
        if served.in_play:
            client.connection = served.connect(client, ())
        self.table_changed(served, force=True)

    def _on_start(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        served = self._served(message["table"])
        if not served.created_by(client):
            raise ProtocolError("not_allowed", "only the table's creator starts it")
        if served.state != "waiting":
            raise ProtocolError("not_allowed", "the table has started already")
        served.touched = self.clock()
        self.refuse_if_busy()
        fill = message.get("fill", "medium")
        if not has_players(served.game) and any(s.kind == "open" for s in served.seats):
            raise ProtocolError("not_allowed", f"this service has no computer players for "
                                f"{get_game(served.game).title} yet: start once a friend "
                                "sits at every open seat", params=(("game", served.game),))
        taken = {s.name.casefold() for s in served.seats if s.kind != "open"}
        names: list[str] = []
        who: list[GameSeat] = []
        for seat in served.seats:
            if seat.kind == "open":
                seat.kind, seat.level = "computer", fill
                seat.name = next(n for n in COMPUTER_NAMES if n.casefold() not in taken)
                taken.add(seat.name.casefold())
            computer = seat.kind == "computer"
            if computer and seat.level not in protocol.LEVELS:
                raise ProtocolError("not_allowed", f"the table cannot start: player "
                                    f"{seat.name}: level {seat.level!r} is not one of "
                                    f"{', '.join(protocol.LEVELS)}")
            names.append(seat.name)
            who.append(GameSeat(not computer, seat.level if computer else None))
        lock: SessionLock | None = None
        try:
            assert served.reservation is not None
            game = get_game(served.game)
            settings = game.kept_settings(served.rules_data)
            lock = served.reservation.take()
            table = ServedGameTable.create(
                self.store, served.game, settings, names, who, served.name,
                served.seed, lock=lock, served=True)
        except (ValueError, StoreError, OSError, MemoryError) as error:   # ValueError: the
            if lock is not None:                                        # rules (RuleError)
                lock.release()
                with contextlib.suppress(StoreError):     # the id set aside again
                    served.reservation = self.store.reserve(served.id)
            if self.trouble(error):
                self.refuse_if_busy()
            raise ProtocolError("not_allowed", f"the table cannot start: {error}") from None
        self._run_game(served, table)
        self._save_state()
        self._reply(client, {"type": "started", "table": served.id}, id_)
        assert served.in_play
        for member in sorted(served.members, key=lambda m: -1 if m.seat is None else m.seat):
            seats = () if member.seat is None else (member.seat,)
            member.connection = served.connect(member, seats)
        self.table_changed(served, force=True)

    def _on_leave(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        served, seat = client.table, client.seat
        client.leave_table()
        if served is not None and served.state == "waiting" and seat is not None \
                and not served.created_by(client):
            served.seats[seat] = Seat("open")       # a friend who leaves frees the seat
            self._save_state()
            self.table_changed(served, force=True)
        self._reply(client, {"type": "left"}, id_)
        self.send_list(client)

    # -- at a table ------------------------------------------------------------------------------
    def _command(self, client: Client, command: GameCommand) -> None:
        """``command`` to the table ``client`` sits at."""
        connection = client.connection
        if connection is None:
            raise ProtocolError("not_seated", "you are not at a table in play")
        client._sending = True
        client._action_at = time.perf_counter() if isinstance(command, Act) else None
        try:
            connection.send(command)
        finally:
            client._sending = False
            client._action_at = None

    def _on_play(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        """A card: ``act`` with the card (a synonym, at a table of any game)."""
        self._act(client, message["seat"], message["card"], "play")

    def _on_declare(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        """``act`` with ``declare`` or ``pass`` (a synonym, where the game has them)."""
        self._act(client, message["seat"], "declare" if message["declare"] else "pass",
                  "declare")

    def _on_act(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        """Any action as its text: a card, a word (``declare``, ``pass``, ``propose``)."""
        self._act(client, message["seat"], message["action"], "act")

    def _act(self, client: Client, seat: int, text: str, kind: str) -> None:
        """``text`` as ``seat``'s action, refused at once when the table's game has no
        action of its kind (another game's words)."""
        served = client.table
        if served is not None and client.connection is not None:
            game = get_game(served.game)
            try:
                action = parse_action(text)
            except GameRuleError as error:
                raise ProtocolError("bad_field", f"act.action: {error.message}") from None
            if not game.speaks(action) or (kind == "declare" and served.game != protocol.GAME):
                if kind != "act":
                    raise ProtocolError("not_allowed", f"that is not a command at a table "
                                        f"of {game.title}: send act with the action")
                raise ProtocolError("bad_field", f"act.action: {text!r} is not an action at "
                                    f"a table of {game.title}")
        self._command(client, Act(seat, text))

    def _on_seen(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        self._command(client, Seen())

    def _on_ready(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        self._command(client, Ready())

    def _on_undo(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        self._command(client, Undo(message["seat"]))

    def _on_hand_over(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        served = client.table
        if served is not None and served.game_runner is not None \
                and not has_players(served.game):
            raise ProtocolError("not_allowed", f"this service has no computer players for "
                                f"{get_game(served.game).title} yet: nobody can stand in",
                                params=(("game", served.game),))
        self._command(client, HandOver(message["seat"]))

    def _on_hint(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        connection = client.connection
        if connection is None:
            raise ProtocolError("not_seated", "you are not at a table in play")
        seat = message["seat"]
        if seat not in connection.seats:
            raise ProtocolError("not_allowed", f"seat {seat} is not yours")
        asked = (client.table.id if client.table is not None else "", seat)
        if asked in client.hinting:
            # One hint in flight per seat: a key pressed twice, or a flood. Not counted
            # against the player (no error of theirs), and nothing more is computed.
            client.send(protocol.error("busy", "a hint is already on its way", id_))
            return
        client.hinting.add(asked)

        async def answer() -> None:
            hint: dict[str, Any] | None
            try:
                hint = gamewire.hint_to_json(await connection.hint(seat))
            finally:
                client.hinting.discard(asked)
            self._reply(client, {"type": "hint", "hint": hint}, id_)
        client.spawn(answer())

    def _on_deals(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        """The session file of the table's finished deals, for a replay: every hand of them,
        never a card of the deal in play. Seated players and watchers alike."""
        served = client.table
        if served is None or client.connection is None or not served.in_play:
            raise ProtocolError("not_seated", "you are not at a table in play")
        # The log is taken now, in the loop, from the deals that are over now: a later
        # command (an undo that reopens the last deal) cannot slip the deal in play in.
        assert served.game_table is not None
        game_session, log = _finished_game_log(served.game_table.session)
        write: Callable[[], str] = functools.partial(_finished_game_file, game_session, log)
        count = len(log)

        async def answer() -> None:
            cached = served.deals_file
            if cached is None or cached[0] != log:
                text = await asyncio.to_thread(write)
                cached = served.deals_file = (log, text)
            reply = {"type": "deals", "id": id_, "session": cached[1]} if id_ is not None \
                else {"type": "deals", "session": cached[1]}
            data = protocol.encode(reply)
            if len(data) > protocol.MAX_DEALS_REPLY:
                # Not the player's error: not counted against them.
                client.send(protocol.error(
                    "too_large", f"the {count} finished deals are too long to send "
                    f"(over {protocol.MAX_DEALS_REPLY // 1024} KiB)", id_))
                return
            client.send_bytes(data)
        client.spawn(answer())

    # -- talk ------------------------------------------------------------------------------------
    def _on_say(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        """A line of talk to everyone in the speaker's room: the table in play they sit at
        or watch, else the lobby. Never stored; 5 lines in 10 s per client at most."""
        text = message["text"]
        problem = protocol.say_problem(text)
        if problem is not None:
            raise problem
        now = self.clock()
        said_at = client.said_at
        if len(said_at) == said_at.maxlen and now - said_at[0] < protocol.SAY_SECONDS:
            lines, seconds = protocol.SAY_LINES, round(protocol.SAY_SECONDS)
            raise ProtocolError("say_too_fast", f"at most {lines} lines in {seconds} seconds: "
                                "wait a moment", params=(("count", lines),
                                                         ("seconds", seconds)))
        said_at.append(now)
        served = client.table if client.connection is not None else None
        if served is not None:
            room = [m for m in served.members if m.connection is not None]
        else:
            room = [c for c in self.clients if c.identity is not None and c.connection is None]
        line = protocol.said(client.name, client.seat if served is not None else None, text,
                             served.id if served is not None else None)
        data = protocol.encode(line)
        for other in room:
            # a line is of the moment: one who has not read what they were sent skips it
            if other is not client and other.backlog() <= LOBBY_BACKLOG:
                other.send_bytes(data)
        self._reply(client, line, id_)      # the speaker's own line, as the others have it


def _table_settings(game: Game, message: dict[str, Any], players: int) -> dict[str, Any]:
    """A new table of ``game``'s settings as its creator sent them (in the field the game
    reads them from, else ``settings``), checked by the game (``Game.table_settings``):
    what the waiting table keeps and starts with (``Game.kept_settings``)."""
    field = game.table_field
    try:
        return game.table_settings(message.get(field, message.get("settings", {})), players)
    except GameRuleError as error:
        raise ProtocolError("bad_field", f"{field}: {error.message}") from None


def _finished_game_log(session: GameSession) -> tuple[GameSession, tuple[DealLogEntry, ...]]:
    """What a replay of the deals of a game over now needs, copied in the loop: the session
    (its match is replaced in the thread) and the log of the deals that are over."""
    copy = session.match.finished_deals()
    return GameSession(copy, session.seats, id=session.id, name=session.name,
                       created=session.created, updated=session.updated,
                       undo_on=session.undo_on), tuple(copy.log)


def _finished_game_file(session: GameSession, log: tuple[DealLogEntry, ...]) -> str:
    """The session file of ``session`` holding only the deals of ``log`` (every hand)."""
    match = session.match
    if tuple(match.log) == log:       # a copy of the deals over already
        return dumps_game(session)
    finished = replay_match(match.game, match.settings, match.names, log)
    copy = GameSession(finished, session.seats, id=session.id, name=session.name,
                       created=session.created, updated=session.updated,
                       undo_on=session.undo_on)
    return dumps_game(copy)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


async def _answers(path: Path) -> bool:
    """Does a service listen on ``path``?"""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_unix_connection(str(path)), 1.0)
    except (OSError, TimeoutError):
        return False
    writer.close()
    return True


class Door(Protocol):
    """A way in for players (``service.doors``): closed before the service stops."""

    async def close(self) -> None: ...


@runtime_checkable
class CountedDoor(Protocol):
    """A door that says how many connections it has open (for the status line)."""

    kind: str

    @property
    def open_connections(self) -> int: ...


OpenDoors = Callable[["Service"], Awaitable[list[Door]]]


async def serve(socket_path: Path, *, workers: int | None = None, log: Log = _stderr,
                ready: Callable[[Service], None] | None = None,
                open_doors: OpenDoors | None = None,
                max_waiting_per_player: int = MAX_WAITING_PER_PLAYER,
                max_tables: int = MAX_TABLES, status_every: float = STATUS_EVERY) -> int:
    """Run a service until SIGINT or SIGTERM, then close it cleanly: the doors first (every
    player's process ends), then every table (saved). ``status_every``: seconds between
    two status lines in the log while anyone is connected (0: none)."""
    service = Service(socket_path, workers=workers, log=log,
                      max_waiting_per_player=max_waiting_per_player, max_tables=max_tables,
                      status_every=status_every)
    await service.start()
    loop = asyncio.get_running_loop()

    loop.set_exception_handler(service.loop_error)
    doors: list[Door] = []
    try:
        if open_doors is not None:
            doors = await open_doors(service)
            counted = [d for d in doors if isinstance(d, CountedDoor)]
            service.door_connections = lambda: {d.kind: d.open_connections for d in counted}
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, service.stop)
        if ready is not None:
            ready(service)
        try:
            await service.wait_stopped()
        finally:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)
    finally:
        for door in reversed(doors):
            await door.close()
        await service.close()
        log(_("stopped; every table is saved"))
    return 0
