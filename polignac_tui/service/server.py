"""The table service: one asyncio process holding every open table of a server.

``Service`` owns the tables (``tables.ServedTable``: waiting for its seats, or in play with
a ``GameRunner`` over a ``BackgroundSavedTable``, its updates written per seat by ``gamewire``,
whatever the game), the shared pool of computer players, and ``state.json`` (who sits
where, across restarts). Each client connection is one ``connection.Client``, released in a
``finally`` whatever happens to its socket; each of its requests is answered by the
function ``requests.HANDLERS`` names for its kind (the lobby's in ``lobby_requests``, the
table's in ``table_requests``); what the lobby is told goes out through
``broadcast.LobbyNews``. Protocol: docs/protocol.md (``protocol.py`` encodes and validates
every message). ``life.serve`` runs a service with its doors until it is stopped.

Sessions go through the same store and locks as local play: a table in play holds
its session's lock (``GameTable.create`` / ``GameTable.open``) as long as the service runs it;
a waiting table only sets its id aside (``SessionStore.reserve``: the lock file is
there, no file is held open) and takes the lock when it starts.

Strangers cannot bring it down by creating tables: a player (an identity) has at most
``max_waiting_per_player`` waiting tables, the service at most ``max_tables`` waiting
or in play (finished tables are kept only while someone still looks at them), and a
waiting table nobody is at, untouched for ``waiting_timeout`` seconds, is closed. When
files, disk space or memory run short the service refuses new tables (``busy``), goes
on serving the tables in play, and says so in one line a minute at most
(``resources.ResourceGuard``).

The host sees the room (``status.py``): one line in the log every ``status_every`` seconds
while anyone is connected, and a ``status`` request answered to the host alone (the
socket's user, before any ``hello``: never a player).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..club.served import ClubKeeper
from ..i18n import _, ngettext
from ..store import SessionFileError, SessionLock, SessionLocked, SessionStore, StoreError
from ..store.lock import acquire
from ..table.gamerunner import GameRunner
from ..table.pace import SHARED
from . import protocol
from .broadcast import LobbyNews
from .connection import Client
from .paths import check_socket_path, default_socket, service_folder
from .protocol import ProtocolError
from .requests import BEFORE_HELLO, HANDLERS
from .resources import ResourceGuard
from .saver import BackgroundSavedTable
from .state import ServiceState, StateError, TableRecord
from .status import ActionTimes, Status
from .tables import ServedTable
from .thinker import GamePoolThinker, ThinkerPool

BACKLOG = 1024                     # connections waiting to be accepted (many join at once)
MAX_WAITING_PER_PLAYER = 3         # waiting tables one identity has created
MAX_TABLES = 200                   # tables waiting or in play
WAITING_TIMEOUT = 30 * 60.0        # seconds: a waiting table nobody is at is then closed
SWEEP_EVERY = 60.0                 # seconds between two looks for such tables
STATUS_EVERY = 60.0               # seconds between two status lines while anyone is connected
SAVE_TIMEOUT = 10.0                # seconds: every table's last writes, at most, when stopping
SOCKET_TIMEOUT = 2.0               # seconds: the socket's connections closed, when stopping

Log = Callable[[str], None]


def _stderr(message: str) -> None:
    """One line of the host's log on stderr. A log nobody reads any more (``serve | tee
    log`` whose tee the same ctrl-c ended) loses the line, never the service's stop."""
    with contextlib.suppress(OSError):   # BrokenPipeError: nowhere left to say it
        print(f"polignac-tui serve: {message}", file=sys.stderr, flush=True)


class ServiceError(Exception):
    """The service cannot start; ``str()`` is one line."""


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
        self._gone = asyncio.Event()            # set while no client is connected
        self._gone.set()
        self.lobby_news = LobbyNews(self)
        #: the club's book, fed at each match's end (``match_ended``)
        self.club = ClubKeeper(self.state.folder, self.store.root, lambda line: self.log(line))
        # the guard says and times through the service (whose log a test may replace)
        self.guard = ResourceGuard(lambda line: self.log(line), lambda: self.clock())
        self._state_pending = False
        self._restored = False
        self._closed = False
        self._sweeper: asyncio.TimerHandle | None = None
        self._status_timer: asyncio.TimerHandle | None = None

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
                    self.run_game(served, BackgroundSavedTable.open(
                        self.store, record.table, seed=record.seed, served=True))
            except (StoreError, SessionFileError, ValueError, OSError,   # ValueError: the
                    MemoryError) as error:                # rules of any game (RuleError)
                if not self.guard.trouble(error):       # out of files: said once, not per table
                    self.log(_("table {table} cannot be opened: {error}").format(
                        table=record.table, error=error))
                self._kept.append(record)
                continue
            if served.state == "finished":
                self.club.match_ended(served, again=True)
                self.close_table(served)
                continue
            self.tables[served.id] = served
        self._restored = True
        self.club.start()
        self.save_state()
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
    def closed(self) -> bool:
        """Closed: its clients were sent away, its tables let go."""
        return self._closed

    @property
    def closing(self) -> bool:
        """Asked to stop, or stopped."""
        return self._stopped.is_set() or self._closed

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's exception handler (``serve`` sets it). Out of files at
        accept(), asyncio says so once per connection waiting, a storm of tracebacks
        (CPython gh-151615): here it is one line a minute like the rest."""
        error = context.get("exception")
        if isinstance(error, BaseException) and self.guard.trouble(error):
            return
        # each of them left a retry of accept() for a second later: once the socket is
        # closed (the service stopping), those retries fail, and that is no news
        callback = getattr(context.get("handle"), "_callback", None)
        if self.closing and getattr(callback, "__name__", "") == "_start_serving":
            return
        loop.default_exception_handler(context)

    async def wait_stopped(self) -> None:
        await self._stopped.wait()

    def say_goodbye(self, reason: str) -> int:
        """Take no more connections and say ``reason`` (``bye``) to every client, each left
        to hang up once it read it (``all_gone``); how many of them were players."""
        if self._server is not None:
            self._server.close()
        players = sum(1 for c in self.clients if c.identity is not None)
        for client in list(self.clients):
            client.goodbye(reason)
        return players

    async def all_gone(self, timeout: float) -> int:
        """Wait until every client hung up, ``timeout`` seconds at most; how many had not."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._gone.wait(), timeout)
        return len(self.clients)

    async def save_tables(self, timeout: float = SAVE_TIMEOUT) -> int:
        """Every table's writes done (``timeout`` seconds at most for all) and the state
        file written; how many tables it remembers (waiting or in play)."""
        writes = [t.game_table.flush() for t in self.tables.values() if t.game_table]
        if writes:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(*writes, return_exceptions=True),
                                       timeout)
        if self._restored:                      # never overwrite a state not read
            self._state_pending = True
            self._write_state()
        return sum(1 for t in self.tables.values() if t.state != "finished") + len(self._kept)

    async def close(self) -> None:
        """Close the door, send every client away, release every table (all is saved)."""
        if self._closed:
            return
        self._closed = True
        if self._server is not None:
            self._server.close()
        for client in list(self.clients):
            client.drop(protocol.STOPPING)
            client.release()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), SOCKET_TIMEOUT)
        self.lobby_news.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._status_timer is not None:
            self._status_timer.cancel()
        await self.save_tables()
        for served in list(self.tables.values()):
            self.close_table(served)
        await self.club.close()
        if self.pool is not None:
            self.pool.close()
        with contextlib.suppress(OSError):
            if self._server is not None:
                self.socket_path.unlink()
        if self._lock is not None:
            self._lock.release()
        self._stopped.set()

    def close_table(self, served: ServedTable) -> None:
        if served.game_runner is not None:
            served.game_runner.close()
        if served.game_table is not None:
            served.game_table.close()
        if served.reservation is not None:
            served.reservation.release()

    # -- tables ----------------------------------------------------------------------------------
    def run_game(self, served: ServedTable, table: BackgroundSavedTable) -> None:
        """``table`` in play at ``served``, with its runner and the computer players of its
        game in the shared pool. A finished trick stays for the table's pause (longer for
        a trick worth a look), never until every player pressed a key: at a table of
        several terminals one idle player would hold up the others (``SHARED``)."""
        assert self.pool is not None
        table.background = True
        table.on_error = self.guard.noted
        table.on_finished = lambda: self.match_ended(served)
        table.on_saved = lambda: self._saved(served)
        served.game_table = table
        served.game_runner = GameRunner(table, GamePoolThinker(self.pool, served.seed,
                                                               served.game),
                                        pace=served.pace, after_trick=SHARED,
                                        hand_over_after=served.hand_over_after)
        served.state = "finished" if table.session.finished else "playing"
        served.reservation = None

    def match_ended(self, served: ServedTable) -> None:
        """``served``'s match is over: the club's book is told (its seats written now)."""
        self.club.match_ended(served)

    def _saved(self, served: ServedTable) -> None:
        """Every save of ``served`` asked so far is on disk: a finished table may now
        leave the state (``_write_state`` kept it while its last save was written)."""
        if served.state == "finished":
            self.save_state()

    @staticmethod
    def _remembered(served: ServedTable) -> bool:
        """Is ``served`` in the state? Every table not finished, and a finished one whose
        end is not yet on disk (its last save asked or being written): a kill -9 then
        finds it again at the restart (its session file read as it is on disk), never a
        table forgotten while its file still says the match goes on."""
        table = served.game_table
        return served.state != "finished" or (table is not None and not table.saved_finished)

    def save_state(self) -> None:
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
        records = [t.record() for t in self.tables.values() if self._remembered(t)]
        try:
            self.state.save(records + self._kept)
        except (OSError, MemoryError) as error:
            if self.guard.trouble(error):
                return
            reason = error.strerror if isinstance(error, OSError) else None
            self.log(_("cannot save {path}: {error}").format(path=self.state.path,
                                                             error=reason or error))

    def _sweep_tick(self) -> None:
        self._sweeper = None
        if self._closed:
            return
        self.sweep()
        self._sweeper = asyncio.get_running_loop().call_later(SWEEP_EVERY, self._sweep_tick)

    def close_waiting(self, served: ServedTable) -> None:
        """Close the waiting table ``served``: gone from every lobby at once, its id set
        free, and forgotten by the state file (a restart does not bring it back). Whoever
        still watches it is told (``closed``) and is back in the lobby."""
        assert served.state == "waiting"
        if self.tables.get(served.id) is not served:
            return
        del self.tables[served.id]
        for member in sorted(served.members, key=lambda m: m.name):
            member.leave_table()
            member.send({"type": "closed", "table": served.id, "name": served.name})
        self.close_table(served)
        self.lobby_news.gone(served.id)
        self.save_state()

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

    def sweep(self) -> list[str]:
        """Close the waiting tables nobody sits at (watchers do not keep one) that no
        request touched for ``waiting_timeout`` seconds (by the service's clock); their
        ids."""
        now = self.clock()
        stale = [t for t in self.tables.values() if t.state == "waiting" and not t.seated
                 and now - t.touched >= self.waiting_timeout]
        for served in stale:
            self.close_waiting(served)
        if stale:
            self.log(ngettext("closed {count} waiting table nobody came to",
                              "closed {count} waiting tables nobody came to",
                              len(stale)).format(count=len(stale)))
        return [t.id for t in stale]

    # -- clients ---------------------------------------------------------------------------------
    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self.handle_client(reader, writer)

    async def handle_client(self, reader: asyncio.StreamReader,
                            writer: asyncio.StreamWriter) -> None:
        """Serve one client (any door: the Unix socket, or a stream pair from another)."""
        client = Client(self, reader, writer)
        self.clients.add(client)
        self._gone.clear()
        try:
            await client.run()
        except (ConnectionError, OSError):
            pass
        finally:
            self.clients.discard(client)
            client.release()
            if not self.clients:
                self._gone.set()

    def handle(self, client: Client, message: dict[str, Any]) -> None:
        kind = message["type"]
        id_ = message.get("id")
        if client.identity is None and kind not in BEFORE_HELLO:
            client.fail("protocol", "say hello first", id_)
            return
        HANDLERS[kind](self, client, message, id_)

    def reply(self, client: Client, message: dict[str, Any], id_: int | None) -> None:
        if id_ is not None:
            message = {"type": message["type"], "id": id_,
                       **{k: v for k, v in message.items() if k != "type"}}
        client.send(message)

    def served(self, table_id: str) -> ServedTable:
        """The table ``table_id``, or ``no_table``."""
        served = self.tables.get(table_id)
        if served is None:
            raise ProtocolError("no_table", f"there is no table {table_id!r}")
        return served


async def _answers(path: Path) -> bool:
    """Does a service listen on ``path``?"""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_unix_connection(str(path)), 1.0)
    except (OSError, TimeoutError):
        return False
    writer.close()
    return True

