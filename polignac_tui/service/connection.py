"""One client's connection to the service: its identity, where it sits, what it is sent,
and the loop reading its lines (each handed to the service's table of requests)."""

from __future__ import annotations

import asyncio
import contextlib
import time
import traceback
from collections import deque
from collections.abc import AsyncIterator, Coroutine
from typing import TYPE_CHECKING, Any

from ..table.gameevents import GameUpdate, Refused
from . import gamewire, protocol
from .protocol import ProtocolError
from .resources import busy, short_of
from .tables import Link, ServedTable

if TYPE_CHECKING:
    from .server import Service

MAX_ERRORS = 20                    # erroneous messages before a client is sent away
# A card or choice the game's rules refuse on the player's own turn (a suit not followed,
# a wrong number of cards to discard): a player's slip, not a broken client. Slips are not
# counted as errors; MAX_SLIPS of them in a row (no action accepted between) still send
# a client away, so a script cannot keep the service busy with them.
SLIPS = frozenset({"illegal_card", "follow_suit", "must_trump", "forcing", "discard_count",
                   "king_early", "king_late", "declared_twice"})
MAX_SLIPS = 200
MAX_BUFFERED = 4 * 2**20           # bytes waiting for a slow client before it is sent away
HANG_UP_GRACE = 5.0                # seconds a client sent away has to hang up before it is cut


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
        self.slips = 0             # refused slips since this client's last accepted action
        # the lobby: ids of tables changed since this client's last list or changes, and
        # whether it missed some (at a table in play, or too slow): then a whole list
        self.lobby_pending: set[str] = set()
        self.lobby_stale = False
        self.table: ServedTable | None = None
        self.seat: int | None = None
        self.connection: Link | None = None
        self.closed = False
        self.sending = False       # a command of ours is being carried out
        self.action_at: float | None = None   # when the action being carried out was read
        self.hinting: set[tuple[str, int]] = set()   # (table, seat): a hint being computed
        self.said_at: deque[float] = deque(maxlen=protocol.SAY_LINES)  # its last lines' times
        self._tasks: set[asyncio.Task[None]] = set()
        self._cut_later: asyncio.TimerHandle | None = None   # a client sent away, then cut

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
        """Send the client away: ``bye`` and nothing more. What it still writes is read and
        let go until it hangs up, ``HANG_UP_GRACE`` seconds at most (then it is cut): its
        writes never break the connection before it read why (a paste into the talk line
        once ended in "Broken pipe" where the service had said why)."""
        if self.closed:
            return
        self.goodbye(reason)
        try:
            self._cut_later = asyncio.get_running_loop().call_later(HANG_UP_GRACE, self.cut)
        except RuntimeError:        # no loop any more: nothing to wait for
            self.cut()

    def cut(self) -> None:
        """Close the connection now, whatever was not sent yet."""
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    def goodbye(self, reason: str) -> None:
        """Say ``bye`` and send nothing more, the connection left open for the client to
        hang up once it read it (the service stopping: ``Service.say_goodbye``)."""
        if self.closed:
            return
        with contextlib.suppress(Exception):
            if not self.writer.is_closing():
                self.writer.write(protocol.encode({"type": "bye", "reason": reason}))
                if self.writer.can_write_eof():
                    self.writer.write_eof()
        self.closed = True

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

    def count_slip(self) -> None:
        self.slips += 1
        if self.slips >= MAX_SLIPS:
            self.drop(f"{MAX_SLIPS} refused messages: goodbye")

    def on_game_update(self, update: GameUpdate) -> None:
        """The runner's listener: this client's update, as one line, with only the events
        its seat may be told (``gamewire``, whatever the runner passed on)."""
        table = self.table
        if table is None:
            return
        data = protocol.encode(gamewire.update_to_json(table.id, update, self.seat))
        self._send_update(table, data, update.events)

    def _send_update(self, table: ServedTable, data: bytes, events: tuple[object, ...]) -> None:
        refused = self.sending and any(isinstance(e, Refused) for e in events)
        action_at = self.action_at if self.sending and not refused else None
        self.action_at = None          # one action, timed once

        slip = refused and all(e.rule in SLIPS for e in events if isinstance(e, Refused))

        def send() -> None:       # once the action it shows is on disk
            self.send_bytes(data)
            if slip:
                self.count_slip()
            elif refused:
                self.count_error()
            elif action_at is not None:
                self.slips = 0
                self.service.actions.add((time.perf_counter() - action_at) * 1000,
                                         self.service.clock())
        table.gate(send)
        self.service.lobby_news.table_changed(table)

    # -- reading -------------------------------------------------------------------------------
    async def run(self) -> None:
        async for line in _lines(self.reader):
            if self.closed:
                continue            # sent away: read and let go until it hangs up
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
                if self.service.guard.trouble(error):     # out of files, memory: said once
                    refusal = busy(str(short_of(error)))
                    self.fail(refusal.code, refusal.message, message.get("id"),
                              refusal.params)
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
            self.service.lobby_news.table_changed(table, force=True)

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def release(self) -> None:
        """Everything this client held is let go (its seats stay bound to it)."""
        if self._cut_later is not None:
            self._cut_later.cancel()
        self.leave_table()
        for task in list(self._tasks):
            task.cancel()
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()


async def _lines(reader: asyncio.StreamReader) -> AsyncIterator[bytes | None]:
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

