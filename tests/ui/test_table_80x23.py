"""80×23 (an 80×24 terminal under tmux or screen with a status line, F25): the table and
its overlays fit, nothing essential is cut; one row less is refused."""

from __future__ import annotations

import itertools

from tabletools import engine, open_table, settle, table_screen, text_of, void_session
from textual.widgets import Footer, Static

from polignac_tui.games.polignac.tui.scores import ScoreTable
from polignac_tui.ui.app import MIN_HEIGHT, MIN_WIDTH
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.screens.too_small import TooSmallScreen
from polignac_tui.ui.widgets.hand import Hand
from polignac_tui.ui.widgets.trick import TrickArea

SIZE = (80, 23)


def check_layout(screen: TableScreen, status_lines: int) -> list[str]:
    """Header, trick area, status, hand and footer on screen, one under the other, and
    the trick area drawn on the rows it has (its last lines, yours, not cut off)."""
    parts = [screen.query_one("#info"), screen.query_one(TrickArea),
             screen.query_one("#status"), screen.query_one(Hand), screen.query_one(Footer)]
    for above, below in itertools.pairwise(parts):
        assert above.region.bottom <= below.region.y, (above, below)
    assert parts[0].region.y == 0 and parts[-1].region.bottom == SIZE[1]
    assert parts[2].region.height == status_lines
    assert parts[3].region.height == 5                  # the raised card and its marker
    area = parts[1]
    lines = area.render().plain.split("\n")
    assert len(lines) == area.region.height >= 14
    return lines


async def test_table_mid_trick_at_80x23(make_app, store) -> None:
    table = open_table(store, void_session())
    app = make_app(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and engine(table).view(0).my_turn
        assert len(engine(table).view(0).trick) == 3
        lines = check_layout(screen, status_lines=2)
        drawn = "\n".join(lines)
        for name in ("Bruno", "Claire", "Denis", "Ana"):
            assert name in drawn
        assert drawn.count("▐") == 3                  # the three cards of the trick
        assert "Bruno led ♥" in text_of(screen.query_one("#status"))
        assert screen.query_one(Hand).cards == engine(table).view(0).hand


async def test_a_two_line_refusal_at_80x23_keeps_your_line(make_app, store) -> None:
    table = open_table(store, void_session(must_discard_jack=True, jack_guard=True))
    app = make_app(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        key = str(engine(table).view(0).hand.index("KS") + 1)
        await pilot.press(key, key)
        await pilot.pause()
        screen = table_screen(app)
        assert "(must discard a jack)" in text_of(screen.query_one("#status"))
        lines = check_layout(screen, status_lines=2)
        own = next(i for i, line in enumerate(lines) if "Ana" in line)
        assert own < len(lines) - 1                   # room for "won N  jacks ..." below


async def test_eight_players_at_80x23(make_app, store, session_maker) -> None:
    names = ("Ana", "Bruno", "Claire", "Denis", "Emile", "Fanny", "Gaston", "Hélène")
    table = open_table(store, session_maker(seed=8, names=names))
    app = make_app(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        drawn = "\n".join(check_layout(screen, status_lines=2))
        scores = text_of(screen.query_one(ScoreTable).query_one(Static))
        for name in names:
            assert name in drawn and name in scores
        assert screen.query_one(ScoreTable).region.bottom <= screen.query_one("#status").region.y


async def test_80x23_is_enough_and_one_row_less_is_refused(make_app) -> None:
    assert (MIN_WIDTH, MIN_HEIGHT) == SIZE
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 22)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = text_of(app.screen.query_one("#too-small-message"))
        assert "at least 80×23" in text and "now 80×22" in text
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
