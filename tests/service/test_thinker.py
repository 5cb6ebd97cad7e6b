"""Computer players in worker processes: rebuilt per move from (level, seed, view), so
the same move gives the same answer; a search at one table leaves another's moves free."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from typing import Any

from polignac_tui.games.base import View
from polignac_tui.games.polignac import GAME, PolignacMatch
from polignac_tui.games.polignac.engine import Play, Player, Rules, Session
from polignac_tui.games.polignac.players import make_player
from polignac_tui.games.polignac.players.seam import move_key
from polignac_tui.games.polignac.players.seen import seat_view
from polignac_tui.service.thinker import GamePoolThinker, ThinkerPool
from polignac_tui.table.gametable import _seed_for

POLIGNAC = "polignac"


def a_session(seed: int = 1) -> Session:
    players = [Player("Anna"), Player("Bruno", "computer", "expert"),
               Player("Claire", "computer", "easy"), Player("Denis", "computer", "hard")]
    return Session.new(Rules(), players, random.Random(seed), id="t")


def seen(session: Session) -> View:
    """The seam's view of the seat to play (what a table's thinker is given)."""
    return PolignacMatch.of(GAME, session).view(session.turn)


def test_a_move_is_the_players_choice_with_a_seed_of_the_table_seat_and_move() -> None:
    session = a_session()
    view = seen(session)
    assert view.seat is not None

    async def scenario() -> tuple[object, object, object]:
        pool = ThinkerPool(2)
        try:
            thinker = GamePoolThinker(pool, 42, POLIGNAC)
            first = await thinker.think(view.seat, "hard", view)
            again = await thinker.think(view.seat, "hard", view)
            advice = await thinker.hint(view)
            return first, again, advice
        finally:
            pool.close()

    first, again, advice = asyncio.run(asyncio.wait_for(scenario(), 60))
    expected = make_player("hard", _seed_for(42, f"seat/{view.seat}/hard/{move_key(view)}"))
    chosen = expected.choose(seat_view(view))
    assert isinstance(chosen, Play) and first == again == chosen.card
    assert first in session.view(view.seat).legal
    action, reason, _ = advice
    assert action in session.view(view.seat).legal and reason


def test_the_move_key_changes_with_every_card() -> None:
    session = a_session()
    keys = set()
    for _ in range(8):
        legal = session.view(session.turn).legal
        keys.add(move_key(seen(session)))
        session.apply(Play(session.turn, legal[0]))
    assert len(keys) == 8


def _held(release: Any) -> int:
    """A worker's job that ends only when the test releases it (a search that takes as long
    as the test wants, whatever the load of the machine)."""
    release.wait(60)
    return os.getpid()


def _meet(barrier: Any) -> int:
    """A worker's job that ends once every party of ``barrier`` is there: two of them run
    at once, on two workers."""
    barrier.wait(60)
    return os.getpid()


def test_a_long_search_at_one_table_does_not_hold_another_tables_move() -> None:
    session = a_session(3)
    view = seen(session)
    assert view.seat is not None

    async def scenario() -> tuple[bool, object]:
        pool = ThinkerPool(2)
        with multiprocessing.get_context("spawn").Manager() as manager:
            release = manager.Event()
            try:
                # One worker is held by another table's search until the test says so...
                slow = asyncio.wrap_future(pool._pool.submit(_held, release))
                quick_table = GamePoolThinker(pool, 2, POLIGNAC)
                # ...and this table's move is answered meanwhile, by the other worker.
                move = await asyncio.wait_for(quick_table.think(view.seat, "easy", view), 30)
                held = not slow.done()
                release.set()
                await slow
                return held, move
            finally:
                release.set()
                pool.close()

    held, move = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert held, "the search ended before it was released"
    assert move in session.view(view.seat).legal


def test_ctrl_c_at_the_services_terminal_leaves_the_workers_to_the_service() -> None:
    """Ctrl-c reaches every process of the terminal's group: a worker ignores it (no
    traceback of its own) and goes on thinking until the service closes the pool."""
    import os
    import signal

    session = a_session(4)
    view = seen(session)

    async def scenario() -> object:
        pool = ThinkerPool(2)
        try:
            # Both workers up (each has answered, so each has run its initializer): two
            # jobs that wait for each other run on two workers at once.
            with multiprocessing.get_context("spawn").Manager() as manager:
                barrier = manager.Barrier(2)
                answered = set(await asyncio.gather(
                    *(asyncio.wrap_future(pool._pool.submit(_meet, barrier)) for _ in range(2))))
            workers = list(pool._pool._processes.values())        # the real processes
            assert {w.pid for w in workers} == answered and len(answered) == 2
            for worker in workers:
                os.kill(worker.pid, signal.SIGINT)
            moves = await asyncio.gather(*(asyncio.wrap_future(pool.submit_game_choose(
                POLIGNAC, "easy", 1, view.to_json())) for _ in range(4)))
            assert all(worker.is_alive() for worker in workers)
            return moves[0]
        finally:
            pool.close()

    move = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert move in session.view(session.turn).legal


def test_hints_wait_for_each_other_never_for_a_computers_move() -> None:
    """The computers have workers of their own: a move asked behind a pile of hints is
    answered before the hints are, by a worker of a higher CPU priority."""
    import os

    session = a_session(5)
    view = seen(session)
    assert view.seat is not None

    async def scenario() -> tuple[int, int, int]:
        pool = ThinkerPool(1)
        try:
            sent = view.to_json()
            await asyncio.gather(
                asyncio.wrap_future(pool.submit_game_choose(POLIGNAC, "easy", 1, sent)),
                asyncio.wrap_future(pool.submit_game_hint(POLIGNAC, 1, sent)))   # both up
            thinker = GamePoolThinker(pool, 7, POLIGNAC)
            hints = [asyncio.wrap_future(pool.submit_game_hint(POLIGNAC, seed, sent))
                     for seed in range(12)]
            await thinker.think(view.seat, "easy", view)
            waiting = sum(not h.done() for h in hints)
            await asyncio.gather(*hints)
            nice = await asyncio.wrap_future(pool._pool.submit(os.nice, 0))
            hint_nice = await asyncio.wrap_future(pool._hints.submit(os.nice, 0))
            return waiting, nice, hint_nice
        finally:
            pool.close()

    waiting, nice, hint_nice = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert waiting > 0, "the computer's move waited for every hint asked before it"
    assert hint_nice > nice
