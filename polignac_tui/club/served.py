"""The club's book kept by ``serve``: when a served table's match ends, its seats (with the
identities bound to them) go to ``club-seats.jsonl`` at once, on disk before the service
forgets the table; the match enters the book once its session file holds the end (the
table's write gate), in one worker thread of the book's own, off the event loop. When the
service starts, every finished served session the book lacks (``serve`` killed between
the two) enters it. A book that cannot be written costs one line in the log, never a
table.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import _
from ..store import StoreError
from .book import ClubBook
from .journal import SeatLine, SeatsFile

if TYPE_CHECKING:
    from ..service.server import Log
    from ..service.tables import ServedTable


class ClubKeeper:
    """A service's club book: fed at each match's end."""

    def __init__(self, folder: Path, sessions: Path, log: Log) -> None:
        self.folder = folder
        self.sessions = sessions
        self.log = log
        self.seats = SeatsFile(folder)
        self._book: ClubBook | None = None
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="polignac-club")

    @property
    def book(self) -> ClubBook:
        """The book (opened, and rebuilt if need be, the first time: call it off the
        event loop)."""
        if self._book is None:
            self._book = ClubBook.open(self.folder, self.sessions, self.log)
        return self._book

    def _run(self, session: str | None) -> None:
        try:
            if session is None:
                self.book.catch_up()
            else:
                self.book.enter(session)
        except (sqlite3.Error, OSError, StoreError, ValueError) as error:
            self.log(_("the club's book could not be written: {error}").format(error=error))
        except Exception as error:          # in a worker nobody waits for: said, never lost
            self.log(_("the club's book could not be written: {error}").format(
                error=repr(error)))

    def start(self) -> None:
        """Bring the book up to date with the served sessions (in its worker)."""
        self._submit(None)

    def match_ended(self, served: ServedTable, again: bool = False) -> None:
        """``served``'s match is over: its seats on disk now, the match in the book once
        its session file holds the end. ``again``: a table found finished when the
        service starts, whose seats may have been written already (kept as they were).
        Whatever goes wrong here is one line in the log: the table plays on."""
        try:
            self._ended(served, again)
        except Exception as error:         # the book must never stop a table
            self.log(_("the club's book could not be written: {error}").format(
                error=repr(error)))

    def _ended(self, served: ServedTable, again: bool) -> None:
        if again and served.id in self.seats.read():
            served.gate(lambda: self._submit(served.id))
            return
        stand_ins = (served.game_runner.state().stand_ins if served.game_runner is not None
                     else (None,) * len(served.seats))
        lines = [SeatLine("computer" if s.kind == "computer" else "human", s.name, s.level,
                          s.identity, s.kind != "computer" and stand_ins[i] is not None)
                 for i, s in enumerate(served.seats)]
        try:
            self.seats.append(served.id, lines)
        except OSError as error:
            self.log(_("the club's book could not be written: {error}").format(
                error=error.strerror or error))
        served.gate(lambda: self._submit(served.id))

    def _submit(self, session: str | None) -> None:
        # the service closing: the match enters the book at its next start
        with contextlib.suppress(RuntimeError):
            self._worker.submit(self._run, session)

    async def close(self) -> None:
        """Wait for the book's writes under way."""
        await asyncio.get_running_loop().run_in_executor(
            None, lambda: self._worker.shutdown(wait=True))
