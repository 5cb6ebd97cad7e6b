"""Saving a table after every action without holding the event loop on the disk.

``BackgroundSavedTable`` is the service's ``GameTable`` (a table of any game): its ``save()``
(called by the runner after every action) writes the session's text — taken on the
event loop, so it is exactly the table after that action — in a worker thread, one
write at a time per table (a write asked while one runs waits, and only the newest
waiting text is kept: it holds every action of the older one). Meanwhile ``gate``
holds back what the clients of that table are sent: an update leaves only once the
write that includes its action is on disk. So a client never holds a view that is
not saved, and the loop serves the other tables while the disk works (writes of
different tables run in parallel).

A write that fails is reported by the next ``save()`` (it raises the error, and the
runner tells every client ``save_failed`` until a save succeeds again); the newer text
is still written.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ..games.session import GameSession
from ..store import SaveError, SessionStore
from ..store.atomic import write_atomic
from ..store.folder import utc_now
from ..store.gamefile import dumps as dumps_game
from ..table.gametable import GameTable

# Threads that write session files (shared by every table; one write per table at a time).
_WRITERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="polignac-save")


def _write(path: Path, data: bytes) -> None:
    try:
        write_atomic(path, data)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)   # the folder was removed
        write_atomic(path, data, durable=True)


class BackgroundSave:
    """The autosave of a served table (``BackgroundSavedTable``): in a worker thread, its
    clients gated on it. A subclass says how its session is written now (``_save_now``)
    and as text (``_dumps``)."""

    store: SessionStore
    session: GameSession

    def _init_saving(self) -> None:
        self.background = False                 # False: save() writes before it returns
        self.writing = False                    # a write of this table runs now
        self._waiting: bytes | None = None      # the newest text asked while one ran
        self._failed: SaveError | None = None
        self._idle: asyncio.Event | None = None
        self._held: list[Callable[[], None]] = []
        #: told of every write that failed (the service watches for a full disk)
        self.on_error: Callable[[BaseException], None] | None = None
        #: told at the save of the match's end, as its write starts (the club's book)
        self.on_finished: Callable[[], None] | None = None
        self._told = False                      # told of the end saved last
        #: told when every write asked so far is on disk (the service then forgets a
        #: finished table: never before its last save has landed)
        self.on_saved: Callable[[], None] | None = None
        self._asked_finished = False            # the newest save asked was of the end
        #: the match's end is on disk (the newest save asked, of a finished match, landed)
        self.saved_finished = False

    def gate(self, send: Callable[[], None]) -> None:
        """``send`` now, or once the write in progress (and any after it) is done."""
        if self.writing:
            self._held.append(send)
        else:
            send()

    def _save_now(self) -> None:
        raise NotImplementedError

    def _dumps(self) -> str:
        raise NotImplementedError

    def save(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or not self.background:   # the first save, or no event loop
            self._save_now()
            self.saved_finished = self.session.finished
            self._told_finished()
            return
        self._asked_finished = self.session.finished
        self.saved_finished = False
        previous = self.session.updated
        self.session.updated = utc_now()
        try:
            data = self._dumps().encode("utf-8")
        except BaseException:
            self.session.updated = previous
            raise
        if self.writing:
            self._waiting = data
        else:
            self._start(loop, data)
        self._told_finished()
        failed, self._failed = self._failed, None
        if failed is not None:
            raise failed

    def _told_finished(self) -> None:
        finished = self.session.finished
        if finished and not self._told and self.on_finished is not None:
            self.on_finished()
        self._told = finished             # an end undone and played again is told again

    def _start(self, loop: asyncio.AbstractEventLoop, data: bytes) -> None:
        self.writing = True
        if self._idle is None:
            self._idle = asyncio.Event()
        self._idle.clear()
        path = self.store.path(self.session.id)
        future = loop.run_in_executor(_WRITERS, _write, path, data)
        future.add_done_callback(lambda done: self._written(loop, path, done))

    def _written(self, loop: asyncio.AbstractEventLoop, path: Path,
                 done: asyncio.Future[None]) -> None:
        error = done.exception() if not done.cancelled() else None
        if error is not None:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            self._failed = SaveError(f"cannot save session {self.session.id} to {path}: "
                                     f"{reason}")
            if self.on_error is not None:
                self.on_error(error)
        if self._waiting is not None:
            data, self._waiting = self._waiting, None
            self._start(loop, data)
            return
        self.writing = False
        held, self._held = self._held, []
        for send in held:
            send()
        assert self._idle is not None
        self._idle.set()
        if error is None:
            self.saved_finished = self._asked_finished
            if self.on_saved is not None:
                self.on_saved()

    async def flush(self) -> None:
        """Wait for the writes in progress (before the lock is released)."""
        if self.writing and self._idle is not None:
            await self._idle.wait()


class BackgroundSavedTable(BackgroundSave, GameTable):
    """A ``GameTable`` (of any game) whose autosave runs in a worker thread."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        GameTable.__init__(self, *args, **kwargs)
        self._init_saving()

    def _save_now(self) -> None:
        self.keep()
        self.store.save_game(self.session)

    def _dumps(self) -> str:
        self.keep()
        return dumps_game(self.session)
