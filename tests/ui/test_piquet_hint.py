"""Piquet's hint (h) answers at every decision (issue 35): the exchange, the talon looked
at or left, the declarations, the play; in French and Italian too, where the prompt is
long and the hint, asked for, keeps its place on the status line over it."""

from __future__ import annotations

import pytest
from gametools import game_screen, game_table, play_until, settle, status

from polignac_tui.games.base import CardChoice, CardsChoice, WordChoice

HINT = {"en": "Hint:", "fr": "Conseil :", "it": "Consiglio:"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize(("seed", "phase", "kind"), [
    (3, "discard_younger", CardsChoice),
    (3, "look", WordChoice),
    (3, "declare_younger", WordChoice),
    (3, "play", CardChoice),
    (4, "discard_elder", CardsChoice),
    (4, "declare_elder", WordChoice),
])
async def test_a_hint_at_every_decision(make_app, store, lang, seed, phase, kind) -> None:
    table = game_table(store, "piquet", seed=seed, level="medium")
    app = make_app(game_table=table, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await play_until(pilot, lambda v: v.game_part.get("phase") == phase)
        assert isinstance(view.choice, kind)
        screen = game_screen(app)
        await pilot.press("h")
        await settle(pilot, until=lambda: HINT[lang] in status(app))
        shown = status(app)
        assert shown.startswith(HINT[lang]), shown
        assert screen.view().game_part.get("phase") == phase     # nothing was done
        assert "—" in shown                                        # its reason, worded
