"""The full score table at the table: a finished deal chosen with ↑↓ opens in the replay
(Enter or p), the session's chart with g; the deal in play is never offered."""

from __future__ import annotations

import random

from polignac_file import save_session
from tabletools import engine, settle, table_screen

from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.games.polignac.players.review import finished_session
from polignac_tui.games.polignac.tui.scores import ScoreTable
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.screens.charts import SessionChartScreen
from polignac_tui.ui.screens.replay import ReplayScreen
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.widgets.scoresheet import drawn

NAMES = ("Ana", "Bruno", "Claire", "Denis", "Eva")


def played(store, deals: int = 3, seed: int = 5) -> GameTable:
    """Ana and four computers, ``deals`` deals over and the next one dealt, saved."""
    rng = random.Random(seed)
    players = [Player(NAMES[0])] + [Player(n, "computer", "medium") for n in NAMES[1:]]
    session = Session.new(preset("classique", 5).replace(limit=1000), players, rng,
                          id="20261122-2000-ana", name="Friday")
    while len(session.deals) <= deals:
        random_step(session, rng)
    assert not session.deals[-1].over
    store.root.mkdir(parents=True, exist_ok=True)
    save_session(store, session)
    return GameTable.open(store, session.id, seed=seed)


def test_finished_session_leaves_the_deal_in_play_out(store) -> None:
    table = played(store)
    session = engine(table)
    copy = table.session.match.finished_deals().own_session()    # what a replay is given
    table.close()
    assert copy is not None and len(copy.deals) == len(session.deals) - 1
    assert all(d.over for d in copy.deals)
    assert [d.dealt for d in copy.deals] == [d.dealt for d in session.deals[:-1]]
    assert copy.totals == session.totals
    assert len(finished_session(copy).deals) == len(copy.deals)


async def test_score_table_replays_the_chosen_finished_deal(make_app, store) -> None:
    table = played(store)
    in_play = len(engine(table).deals)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        scores = screen.query_one(ScoreTable)
        await pilot.press("p")   # the score table closed: no replay
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("s")
        assert scores.full and scores.chosen == in_play - 1   # the last finished deal
        await pilot.press("down")   # never past it onto the deal in play
        assert scores.chosen == in_play - 1
        await pilot.press("up", "up")
        assert scores.chosen == in_play - 3
        await pilot.press("up")
        assert scores.chosen == 1
        await pilot.press("down")
        await pilot.press("p")
        for _ in range(200):
            if isinstance(app.screen, ReplayScreen):
                break
            await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.number == 2
        assert len(replay.session.match.log) == in_play - 1   # the deal in play is not there
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and scores.full
        await pilot.press("enter")   # Enter too, on the full score table
        for _ in range(200):
            if isinstance(app.screen, ReplayScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.number == 2
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        chart = app.screen
        assert isinstance(chart, SessionChartScreen)
        assert len(chart.deals) == in_play - 1 and chart.names == list(NAMES)


async def test_a_table_without_past_deals_says_so(make_app, store) -> None:
    table = played(store)

    async def nothing() -> None:
        return None

    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        screen.client.finished_session = nothing   # as a table that cannot give them
        await pilot.press("s", "p")
        for _ in range(50):
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "cannot show its past deals" in str(screen.query_one("#status").render())


async def test_many_deals_at_80x24_the_deal_chosen_stays_in_sight(make_app, store) -> None:
    """Twelve finished deals do not fit the room at 80×24: the sheet scrolls so that the
    deal chosen is in sight, the last one when it opens, the first after ↑ to it."""
    table = played(store, deals=12)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scores = table_screen(app).query_one(ScoreTable)
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        assert scores.chosen == 12 and scores.max_scroll_y > 0

        def in_sight() -> bool:
            row = drawn(scores.sheet(scores.frame, scores.look, scores.chosen))[2]
            seen = scores.scrollable_content_region.height
            return row is not None and scores.scroll_y <= row < scores.scroll_y + seen
        assert scores.scroll_y > 0 and in_sight()    # scrolled down to the last deal
        for _ in range(11):
            await pilot.press("up")
        await pilot.pause()
        await pilot.pause()
        assert scores.chosen == 1 and scores.scroll_y < scores.max_scroll_y and in_sight()
