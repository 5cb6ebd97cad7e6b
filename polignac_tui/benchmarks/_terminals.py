"""The doors benchmark's players: asyncssh clients with a pseudo-terminal each, what they
see kept on a ``Screen``, and what a table screen says read off it."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Any

from ._vtscreen import Screen

COLUMNS, ROWS = 80, 24
HAND_ROWS = 6            # the hand (boxes), the numbers above it and the key bar below
_ON_TABLE = re.compile(r"▐([^▌▐]+)▌")
Predicate = Callable[[Screen], bool]
TAIL = 600


def trick_cards(screen: Screen) -> frozenset[str]:
    """The cards lying on the table (``▐A♦▌``), the hand at the bottom left out."""
    return frozenset(_ON_TABLE.findall("\n".join(screen.lines()[:-HAND_ROWS])))


def says(screen: Screen, *texts: str) -> bool:
    """Any of ``texts`` is on the screen."""
    shown = screen.text()
    return any(text in shown for text in texts)


class Terminal:
    """One player's SSH connection with a terminal of ``COLUMNS``×``ROWS``."""

    def __init__(self, name: str, key: Any) -> None:
        self.name, self.key = name, key
        self.screen = Screen(COLUMNS, ROWS)
        self.changed_at = 0.0               # when the last bytes arrived
        self.tail = b""                     # the last bytes received
        self.listeners: list[asyncio.Event] = []
        self._waiters: list[tuple[Predicate, asyncio.Future[float]]] = []
        self._conn: Any = None
        self._process: Any = None
        self._reader: asyncio.Task[None] | None = None
        self.ended = False

    async def open(self, port: int) -> None:
        import asyncssh
        self._conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.name, client_keys=[self.key], known_hosts=None,
            agent_path=None, preferred_auth="publickey")
        self._process = await self._conn.create_process(
            term_type="xterm-256color", term_size=(COLUMNS, ROWS), encoding=None)
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while chunk := await self._process.stdout.read(65536):
                self.changed_at = time.perf_counter()
                self.tail = (self.tail + chunk)[-TAIL:]
                self.screen.feed(chunk)
                self._check()
        finally:
            self.ended = True
            for _, future in self._waiters:
                if not future.done():
                    future.set_exception(EOFError(f"{self.name}: the session ended"))
            self._waiters.clear()
            self._notify()

    def _check(self) -> None:
        kept = []
        for predicate, future in self._waiters:
            if future.done():
                continue
            if predicate(self.screen):
                future.set_result(self.changed_at)
            else:
                kept.append((predicate, future))
        self._waiters = kept
        self._notify()

    def _notify(self) -> None:
        for event in self.listeners:
            event.set()

    def when(self, predicate: Predicate) -> asyncio.Future[float]:
        """The time (``perf_counter``) the bytes arrived that made ``predicate`` hold (at
        once if it holds now)."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        future.add_done_callback(_seen)
        if self.ended:
            future.set_exception(EOFError(f"{self.name}: the session ended"))
        elif predicate(self.screen):
            future.set_result(time.perf_counter())
        else:
            self._waiters.append((predicate, future))
        return future

    def press(self, keys: bytes) -> float:
        """Send ``keys``; the time they were sent."""
        sent = time.perf_counter()
        self._process.stdin.write(keys)
        return sent

    def report(self) -> str:
        """What this terminal shows and when it last received anything (for a failure)."""
        quiet = time.perf_counter() - self.changed_at
        return (f"{self.name}, nothing received for {quiet:.1f} s, last bytes "
                f"{self.tail[-200:]!r}; its screen:\n{self.screen.text()}")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._reader is not None:
            self._reader.cancel()


def _seen(future: asyncio.Future[float]) -> None:
    """A wait nobody awaits any more (its table stopped) ends quietly."""
    if not future.cancelled():
        future.exception()


async def within(future: asyncio.Future[float] | asyncio.Task[Any], seconds: float,
                 what: str) -> Any:
    """``future``'s result, or ``TimeoutError`` naming ``what`` after ``seconds``."""
    try:
        return await asyncio.wait_for(future, seconds)
    except TimeoutError:
        raise TimeoutError(f"{what}: not within {seconds:g} s") from None
