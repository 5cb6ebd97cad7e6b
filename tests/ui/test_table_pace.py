"""A computer thinks as soon as it is to play: the pace delay hides its thinking
instead of being added to it, and its card never shows before the delay is over."""

from __future__ import annotations

import time
from dataclasses import replace

from tabletools import settle

from polignac_tui.engine import Play, Player, preset
from polignac_tui.table import Table
from polignac_tui.ui.screens.table import PACE_DELAY, TableScreen


async def test_the_card_shows_a_pace_delay_after_the_thinking_began(store, settings) -> None:
    from polignac_tui.ui.app import PolignacApp

    seats = [Player("Ana")] + [Player(n, "computer", "easy") for n in ("Bruno", "Claire", "Denis")]
    table = Table.create(store, preset("classique", 4), seats, name="Pace", seed=5)
    began: list[float] = []
    shown: list[float] = []
    think, apply = table.think, table.apply

    def timed_think():
        began.append(time.monotonic())
        return think()

    def timed_apply(action):
        if isinstance(action, Play) and action.seat != 0:
            shown.append(time.monotonic())
        return apply(action)

    table.think, table.apply = timed_think, timed_apply
    app = PolignacApp(replace(settings, pace="fast"), store, table=table, seed=11)
    delay = PACE_DELAY["fast"]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: len(shown) >= 3 or (
            isinstance(app.screen, TableScreen) and table.session.turn == 0
            and len(shown) >= 1))
    assert shown and len(began) >= len(shown)
    for start, end in zip(began, shown, strict=False):
        assert end - start >= delay * 0.9
