"""Keys in any order never break the table of a game of the seam: a seeded stream of the
keys a player may press (cards, words, Enter, Space, arrows, hint, undo, overlays)."""

from __future__ import annotations

import random

import pytest
from gametools import game_table, settle

from polignac_tui.ui.screens.table import TableScreen

KEYS = ("1", "2", "3", "4", "5", "6", "0", "minus", "equals_sign", "enter", "space", "left",
        "right", "h", "u", "t", "r", "escape", "p", "l", "a", "e", "k", "question_mark",
        "s", "d", "n", "c", "o", "b")


@pytest.mark.parametrize(("game", "both_human"), [("ecarte", False), ("piquet", False),
                                                  ("piquet", True)])
async def test_random_keys_keep_the_table_whole(make_app, store, game, both_human) -> None:
    table = game_table(store, game, seed=7, both_human=both_human)
    app = make_app(game_table=table)
    rng = random.Random(11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _step in range(150):
            key = rng.choice(KEYS)
            if key == "escape" and isinstance(app.screen, TableScreen):
                continue                      # leaving is tried apart
            await pilot.press(key)
            if _step % 10 == 0:
                await pilot.pause()
        await pilot.pause()
        assert app.return_code is None and app.is_running
        assert any(isinstance(s, TableScreen) for s in app.screen_stack) or table.closed
        assert table.session.match.log        # the match is there, saved as it went
