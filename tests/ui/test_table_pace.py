"""A computer thinks as soon as it is to play: the pace delay hides its thinking
instead of being added to it, and its card never shows before the delay is over."""

from __future__ import annotations

import time
from dataclasses import replace

from tabletools import engine, polignac_table

from polignac_tui.games.polignac.engine import Player, preset
from polignac_tui.table.gamerunner import GameRunner, ThreadGameThinker
from polignac_tui.ui.screens.table import PACE_DELAY


async def test_the_card_shows_a_pace_delay_after_the_thinking_began(store, settings,
                                                                   monkeypatch) -> None:
    from polignac_tui.ui.app import CardGamesApp

    seats = [Player("Ana")] + [Player(n, "computer", "easy") for n in ("Bruno", "Claire", "Denis")]
    table = polignac_table(store, preset("classique", 4), seats, name="Pace", seed=5)
    assert engine(table).turn != 0          # a computer leads the first trick
    app = CardGamesApp(replace(settings, pace="slow"), store, table=table, seed=11)
    began: list[float] = []                 # when the thinking began
    shown: list[float] = []                 # when its card was played on the table
    think, apply = ThreadGameThinker.think, table.apply

    async def timed_think(self, seat, level, view):
        began.append(time.monotonic())
        return await think(self, seat, level, view)

    def timed_apply(action, seat=None, **options):
        if seat is not None and seat != 0:
            shown.append(time.monotonic())
        return apply(action, seat, **options)

    scheduled: list[float] = []             # when the runner let the computer think
    start_thinking = GameRunner._start_thinking

    at_once: list[bool] = []                # the thinking was under way when it returned

    def timed_start(self, seat, level):
        scheduled.append(time.monotonic())
        start_thinking(self, seat, level)
        at_once.append(self._think_task is not None and not self._think_task.done())

    monkeypatch.setattr(ThreadGameThinker, "think", timed_think)
    monkeypatch.setattr(GameRunner, "_start_thinking", timed_start)
    table.apply = timed_apply
    delay = PACE_DELAY["slow"]
    async with app.run_test(size=(80, 24)) as pilot:
        deadline = time.monotonic() + 10 * delay
        while not shown and time.monotonic() < deadline:
            await pilot.pause(0.05)
    assert shown, "no computer card within ten pace delays"
    # the thinking starts at once (its task is under way when the runner lets the computer
    # think, no timer before it; a wall-clock bound here failed on a loaded machine) ...
    assert at_once[0] and began, "the thinking did not start when the computer was to play"
    assert began[0] < shown[0]
    # ... and the card waits for the rest of the delay
    assert shown[0] - scheduled[0] >= delay - 0.05
