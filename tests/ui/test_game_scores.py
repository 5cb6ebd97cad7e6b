"""The score sheet of a game of the seam (``s`` at its table): a row per deal with each
player's points and the running totals, the deal in play marked, and the outcome."""

from __future__ import annotations

from gametools import game_screen, settle
from store.gamehelpers import make_game
from tabletools import text_of

from polignac_tui.ui.screens.panels import Overlay
from polignac_tui.ui.widgets.scoresheet import ScoreSheet


def sheet_text(app) -> str:  # type: ignore[no-untyped-def]
    """The score sheet's text open over the table, as a player reads it (the table's rows,
    line by line)."""
    sheet = game_screen(app).query_one(ScoreSheet)
    assert sheet.full and sheet.display
    return text_of(sheet.query_one("Static"))


async def test_the_end_of_a_partie_shows_its_sheet_every_deal_and_its_value(
        make_app, store) -> None:
    session = make_game("piquet", "20261125-2100-anna", seed=3, actions=None,
                        names=("Ana", "Bruno"))
    store.save_game(session)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_game_session(session.id)
        await settle(pilot)
        await pilot.press("escape")  # the end of the partie's box closed: s, its sheet
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        # the score sheet of the partie, its value, over the table
        assert game_screen(app).has_class("-side-full")
        text = sheet_text(app)
        match = session.match
        deals = match.view(0).game_part["deals"]
        assert len(deals) == 6 and all(d["points"] is not None for d in deals)
        rows = [line.split() for line in text.splitlines()]
        numbered = [row for row in rows if row and row[0].isdigit()]
        assert [row[0] for row in numbered] == ["1", "2", "3", "4", "5", "6"]
        for row, deal in zip(numbered, deals, strict=True):
            assert row[1] == session.names[deal["dealer"]]
        assert all(str(total) in text for total in match.totals)
        outcome = match.outcome
        assert outcome is not None and f"worth {outcome.value}" in " ".join(text.split())
        assert "rubiconed" in text or min(match.totals) >= 100


async def test_the_sheet_of_a_game_in_play_marks_the_deal_in_play(make_app, store) -> None:
    session = make_game("ecarte", "20261125-2101-anna", seed=4, actions=14,
                        names=("Ana", "Bruno"))
    store.save_game(session)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_game_session(session.id)
        await settle(pilot)
        assert game_screen(app) is not None
        await pilot.press("s")
        await pilot.pause()
        assert game_screen(app).has_class("-side-full")
        text = sheet_text(app)
        view = session.match.view(0)
        if view.game_part.get("phase") != "over":
            assert "in play" in text
        assert "The first to 5 points wins the game." in " ".join(text.split())
        assert all(str(total) in text for total in session.match.totals)
        await pilot.press("s")
        await pilot.pause()
        assert not game_screen(app).has_class("-side-full")
        assert not game_screen(app).query_one(ScoreSheet).display


async def test_the_chart_of_the_match_draws_the_score_after_each_deal(make_app, store) -> None:
    from polignac_tui.ui.screens.charts import SessionChartScreen

    session = make_game("ecarte", "20261125-2102-anna", seed=4, actions=40,
                        names=("Ana", "Bruno"))
    store.save_game(session)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_game_session(session.id)
        await settle(pilot)
        if isinstance(app.screen, Overlay):         # a deal's end on show: seen
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        chart = app.screen
        assert isinstance(chart, SessionChartScreen)
        finished = [d for d in session.match.view(0).game_part["deals"]
                    if d["points"] is not None]
        assert chart.deals == [d["points"] for d in finished] and chart.limit == 5
        assert chart.names == ["Ana", "Bruno"]
