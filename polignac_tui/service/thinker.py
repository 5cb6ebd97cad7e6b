"""Computer players for the service, in a pool of processes.

One ``ThinkerPool`` per service (a few worker processes); one ``GamePoolThinker`` per table.
The computer players come first: their moves have workers of their own, and the hints
asked by players are computed by other workers, of a lower CPU priority (``nice``), so
hints asked in a flood wait for each other, never a computer of any table.
Nothing stateful crosses the process boundary: a move is computed in a worker by a
player rebuilt from its level, a seed derived from the table's seed, the seat and the
move (``_seed_for``: one way, so no seat can reach the seed of the deals), and the seat's
``View`` (as JSON). A search at one table runs in its own worker and never holds the event
loop, nor another table's thinking while a worker is free.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from ..games import FIRST_GAME, get_game
from ..games.arena import seeded_players_of
from ..games.base import View
from ..games.errors import RuleError
from ..table.gametable import Params, _seed_for, players_module

_T = TypeVar("_T")

HINT_NICE = 10      # how much less CPU priority a hint's worker has than a computer's


def _game_choose(game: str, level: str, seed: int, view: dict[str, Any]) -> str:
    """In a worker: ``game``'s computer of ``level`` chooses for the view (as JSON: plain
    values cross the process boundary)."""
    import random
    if get_game(game).seeded_players:
        return seeded_players_of(game).choose_seeded(View.from_json(view), level, seed)
    return players_module(game).choose(View.from_json(view), level, random.Random(seed))


def _game_hint(game: str, seed: int, view: dict[str, Any]) -> tuple[str, str, Params]:
    """In a hint's worker: ``game``'s expert advice for the view, the reason's code and
    its details."""
    import random
    if get_game(game).seeded_players:
        return seeded_players_of(game).advise_seeded(View.from_json(view), seed)
    action, why = players_module(game).advise(View.from_json(view), random.Random(seed))
    return action, why, ()


def has_players(game: str) -> bool:
    """Does this version hold ``game``'s computer players (the first game's always)?"""
    if game == FIRST_GAME:
        return True
    try:
        players_module(game)
    except (ImportError, RuleError):
        return False
    return True


def _warm() -> None:
    """In a worker: import the house's first game's players once, before the first move
    is asked (another game's load at its first move)."""
    players_module(FIRST_GAME)


def _watch_parent(parent: int) -> None:
    """In a worker: end when the service ends, however it ends (even SIGKILL). Ctrl-c at
    the service's terminal reaches its workers too (one process group): they leave it to
    the service, which stops them, rather than each printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch, name="polignac-parent-watch", daemon=True).start()


def _hint_worker(parent: int) -> None:
    """In a hint's worker: a lower priority than the computers' workers (the CPU goes to
    the computers first), and the same watch of the service."""
    _watch_parent(parent)
    with contextlib.suppress(OSError):
        os.nice(HINT_NICE)


class ThinkerPool:
    """The worker processes every table of the service shares: ``workers`` for the
    computer players' moves, ``hint_workers`` (half as many, at least one) for hints."""

    def __init__(self, workers: int | None = None, hint_workers: int | None = None) -> None:
        count = workers or max(2, os.cpu_count() or 2)
        hints = hint_workers or max(1, count // 2)
        # spawn: fresh workers, children of the service itself (no fork of a process with
        # an event loop and threads), each ending when the service ends
        context = multiprocessing.get_context("spawn")
        self._pool = ProcessPoolExecutor(max_workers=count, mp_context=context,
                                         initializer=_watch_parent, initargs=(os.getpid(),))
        self._hints = ProcessPoolExecutor(max_workers=hints, mp_context=context,
                                          initializer=_hint_worker, initargs=(os.getpid(),))
        self.workers = count
        self.hint_workers = hints
        self.closed = False

    def warm(self) -> None:
        """Start the workers now (not at the first computer's move, nor the first hint)."""
        for _ in range(self.workers):
            self._pool.submit(_warm)
        for _ in range(self.hint_workers):
            self._hints.submit(_warm)

    def submit_game_choose(self, game: str, level: str, seed: int,
                           view: dict[str, Any]) -> Future[str]:
        return self._pool.submit(_game_choose, game, level, seed, view)

    def submit_game_hint(self, game: str, seed: int,
                         view: dict[str, Any]) -> Future[tuple[str, str, Params]]:
        return self._hints.submit(_game_hint, game, seed, view)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._hints.shutdown(wait=False, cancel_futures=True)


def game_move_key(view: View) -> str:
    """Which move of a game ``view`` is asked for: one way from what the seat sees (the
    same view, the same seed; another move, another)."""
    text = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
    return f"deal/{view.deal_number}/{hashlib.sha256(text.encode()).hexdigest()[:32]}"


class _OnPool:
    """A table's thinker on the shared pool: the answers it waits for, dropped at close."""

    def __init__(self, pool: ThinkerPool, table_seed: int) -> None:
        self.pool = pool
        self.seed = table_seed
        self.closed = False
        self._running: set[Future[Any]] = set()

    async def _await(self, future: Future[_T]) -> _T:
        if self.closed:
            raise RuntimeError("the table is closed")
        self._running.add(future)
        try:
            return await asyncio.wrap_future(future)
        finally:
            self._running.discard(future)

    def close(self) -> None:
        """Stop: answers still coming are dropped (the shared pool stays up)."""
        self.closed = True
        for future in list(self._running):
            future.cancel()
        self._running.clear()


class GamePoolThinker(_OnPool):
    """A table's ``GameThinker`` (``table.gamerunner``) on the shared pool: the computer
    players of any game (``players_module(game).choose`` / ``advise``)."""

    def __init__(self, pool: ThinkerPool, table_seed: int, game: str) -> None:
        super().__init__(pool, table_seed)
        self.game = game

    def _key(self, view: View) -> str:
        if get_game(self.game).seeded_players:   # the key its tables have always used
            return seeded_players_of(self.game).move_key(view)
        return game_move_key(view)

    async def think(self, seat: int, level: str, view: View) -> str:
        seed = _seed_for(self.seed, f"seat/{seat}/{level}/{self._key(view)}")
        return await self._await(self.pool.submit_game_choose(self.game, level, seed,
                                                              view.to_json()))

    async def hint(self, view: View) -> tuple[str, str, Params]:
        seed = _seed_for(self.seed, f"hint/{view.seat}/{self._key(view)}")
        return await self._await(self.pool.submit_game_hint(self.game, seed, view.to_json()))
