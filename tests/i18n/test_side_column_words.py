"""The side column's score lines fit its 22 cells in every language (found in play: the
French "Points après la donne 1" and the Italian "0 smazzate giocate su 1" wrapped)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from polignac_tui.games.base import DealPoints
from polignac_tui.games.polignac import game_session
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.tui.scores import compact
from polignac_tui.i18n import speaking, translator_for


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("deals", [1, 12])
def test_the_side_column_fits_22_cells(lang: str, deals: int) -> None:
    rules = preset("classique", 4).replace(end="deals", limit=20)
    session = Session.new(rules, [Player(n) for n in ("Ana", "Bruno", "Claire", "Denis")],
                          random.Random(3))
    view = game_session(session).match.view(0)
    played = tuple(DealPoints(i % 4, (1, 1, 0, 0)) for i in range(deals))
    between = replace(view, deals=played, totals=(deals, deals, 0, 0), phase="over")
    with speaking(translator_for(lang)):
        lines = compact(between).plain.splitlines()
    assert len(lines) >= 6
    assert all(len(line) <= 22 for line in lines), lines
