"""Saved sessions, Statistics and Continue with sessions of Écarté and Piquet beside
Polignac's: each session's game, the Game filter (f), the games' statistics, resuming
through the app's ``open_game_session``; 80×24 in English, French and Italian."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from store.gamehelpers import make_game
from tabletools import listed
from textual.widgets import DataTable, Static

from polignac_tui.config import Settings
from polignac_tui.games.ecarte.stats import ecarte_stats
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.ui.app import CardGamesApp
from polignac_tui.ui.screens.charts import StatsScreen
from polignac_tui.ui.screens.saved import SavedScreen


def rows(screen, id: str = "#sessions") -> list[list[str]]:
    table = screen.query_one(id, DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def heads(screen, id: str) -> list[str]:
    return [str(c.label) for c in screen.query_one(id, DataTable).columns.values()]


def save_games(store) -> None:
    store.save_game(make_game("ecarte", "ecarte-done", seed=3, actions=None))
    store.save_game(make_game("ecarte", "ecarte-playing", seed=4, actions=3))
    store.save_game(make_game("piquet", "piquet-done", seed=3, actions=None, name="Vendredi"))


async def open_saved(app, pilot) -> SavedScreen:
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, SavedScreen)
    await listed(pilot)
    return app.screen


async def open_stats(app, pilot) -> StatsScreen:
    await pilot.press("t")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    for _ in range(200):
        if not screen.reading:
            break
        await pilot.pause(0.02)
    assert not screen.reading
    return screen


async def test_saved_sessions_show_each_game_and_filter_by_game(make_app, saved, store) -> None:
    polignac = saved()
    save_games(store)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        assert heads(screen, "#sessions")[0] == "Game"
        games = {r[1]: r[0] for r in rows(screen)}
        assert games == {polignac: "Polignac", "ecarte-done": "Écarté",
                         "ecarte-playing": "Écarté", "Vendredi": "Piquet"}
        assert screen.check_action("game", ()) is True
        seen = []
        for _ in range(4):
            await pilot.press("f")
            seen.append((screen.chosen_game, sorted(r[0] for r in rows(screen)),
                         str(screen.query_one("#saved .screen-title", Static).render())))
        assert seen[0] == ("polignac", ["Polignac"], "Saved sessions: Polignac")
        assert seen[1] == ("ecarte", ["Écarté", "Écarté"], "Saved sessions: Écarté")
        assert seen[2] == ("piquet", ["Piquet"], "Saved sessions: Piquet")
        assert seen[3][0] is None and len(seen[3][1]) == 4
        detail = str(screen.query_one("#saved-detail", Static).render())
        assert screen.selected() is not None
        if screen.selected().game != "polignac":   # type: ignore[union-attr]
            assert " · " in detail


async def test_with_polignac_alone_there_is_no_game_filter(make_app, saved) -> None:
    saved()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        assert heads(screen, "#sessions") == ["Session", "Saved", "State"]
        assert screen.check_action("game", ()) is False
        await pilot.press("escape")
        stats = await open_stats(app, pilot)
        assert heads(stats, "#stats-table") == ["Player", "Sessions", "Won", "Cognac",
                                                "Pts/deal", "Chelems", "Générales"]
        assert stats.check_action("game", ()) is False
        assert "Game" not in str(stats.query_one("#stats-period", Static).render())


async def test_resuming_a_game_session_calls_the_app_hook(make_app, store, monkeypatch) -> None:
    save_games(store)
    opened: list[str] = []
    monkeypatch.setattr(CardGamesApp, "open_game_session",
                        lambda self, session_id: opened.append(session_id))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        await pilot.press("f", "f")                  # Écarté alone
        index = next(i for i, e in enumerate(screen.entries) if e.id == "ecarte-playing")
        screen.query_one("#sessions", DataTable).move_cursor(row=index)
        await pilot.press("enter")
        await pilot.pause()
        assert opened == ["ecarte-playing"]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")                       # Home's Continue: the one in play
        await pilot.pause()
        assert opened == ["ecarte-playing", "ecarte-playing"]


async def test_the_hook_opens_a_game_at_its_table(make_app, store) -> None:
    """The hook (the games' table screen has landed): Continue or Saved sessions open an
    Écarté session at its table, at the point where it was left."""
    from polignac_tui.ui.screens.table import TableScreen
    save_games(store)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        expected = store.load_game("ecarte-playing").match.view(0)
        assert app.resume("ecarte-playing") is True
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, TableScreen) and app.screen.client.latest:
                break
        screen = app.screen
        assert isinstance(screen, TableScreen)
        view = screen.client.view(0)
        assert view.hand == expected.hand and view.choice == expected.choice


async def test_statistics_per_game_with_the_game_filter(make_app, store) -> None:
    save_games(store)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        assert screen.check_action("game", ()) is True
        assert heads(screen, "#stats-table") == ["Player", "Sessions", "Won", "Polignac",
                                                 "Écarté", "Piquet"]
        overview = {r[0]: r for r in rows(screen, "#stats-table")}
        assert overview["Anna"][1] == "2" and overview["Anna"][3:] == ["0", "1", "1"]
        period = str(screen.query_one("#stats-period", Static).render())
        assert "Game: all (f)" in period
        await pilot.press("f", "f")                  # Polignac, then Écarté
        assert heads(screen, "#stats-table") == ["Player", "Games", "Won", "Voles", "Kings",
                                                 "3/2/1"]
        expected = {s.name: s for s in ecarte_stats(store.summaries())}
        for row in rows(screen, "#stats-table"):
            s = expected[row[0]]
            assert row[1:] == [str(s.sessions), str(s.won), str(s.voles), str(s.kings),
                               f"{s.treble}/{s.double}/{s.single}"]
        await pilot.press("f")
        assert heads(screen, "#stats-table")[1:4] == ["Parties", "Won", "Value"]
        assert "Game: Piquet (f)" in str(screen.query_one("#stats-period", Static).render())
        await pilot.press("f")
        assert heads(screen, "#stats-table")[3] == "Polignac"


async def test_every_game_s_overview_draws_no_empty_chart(make_app, store) -> None:
    """All games: the chart is Polignac's points per deal; for a player with no session of
    Polignac it is not drawn empty, a line says why (issue 35, point 6)."""
    from polignac_tui.ui.widgets.charts import AverageChart
    save_games(store)                                # Écarté and Piquet only
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        assert screen.kind is None
        note = screen.query_one("#stats-chart-note", Static)
        chart = screen.query_one(AverageChart)
        name = rows(screen, "#stats-table")[0][0]
        assert note.display and not chart.display
        assert str(note.render()) == (f"No chart: {name} has no finished session of Polignac "
                                      "among these, and the chart draws Polignac's points "
                                      "per deal.")
        await pilot.press("f", "f")                  # Écarté: a chart of Écarté's points
        await pilot.pause()
        assert screen.kind == "ecarte" and chart.display and not note.display


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
async def test_every_game_s_lists_fit_80_by_24(store, lang: str) -> None:
    save_games(store)
    settings = Settings(name="Ana", pace="instant", language=lang)
    app = CardGamesApp(settings, store, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        for _ in range(4):                           # every game, Polignac, Écarté, Piquet
            table = screen.query_one("#stats-table", DataTable)
            await pilot.pause()
            assert table.virtual_size.width <= table.scrollable_content_region.width, (
                lang, screen.game_filter)
            await pilot.press("f")
        await pilot.press("escape")
        saved = await open_saved(app, pilot)
        table = saved.query_one("#sessions", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width, lang


def test_home_s_continue_line_names_the_game(store) -> None:
    from polignac_tui.ui.screens.home import continue_line
    save_games(store)
    summary = store.latest_unfinished(10)
    assert summary is not None and summary.id == "ecarte-playing"
    line = continue_line(summary, 78)
    assert line.startswith("Continue: Écarté · Anna vs Bruno (deal 1, to 5, ")
    assert line.endswith(" to play)")


def finished_polignac(updated: datetime) -> Session:
    rng = random.Random(2)
    players = [Player("Anna"), Player("Bruno", "computer", "medium"),
               Player("Claire", "computer", "medium")]
    session = Session.new(preset("italiana", 3).replace(limit=10), players, rng,
                          id="20261101-2000-anna", created=updated, updated=updated)
    for _ in range(10_000):
        if session.finished:
            return session
        random_step(session, rng)
    raise AssertionError("the session did not end")


def fixed_games(store) -> None:
    """The games' sessions of ``save_games`` and a Polignac one, saved at fixed times (the
    snapshots show when each was saved)."""
    import os
    from datetime import timedelta

    from polignac_file import dumps

    from polignac_tui.store.gamefile import dumps as dumps_game
    from polignac_tui.ui.screenshots import FIXED
    sessions = [make_game("ecarte", "ecarte-done", seed=3, actions=None),
                make_game("ecarte", "ecarte-playing", seed=4, actions=3),
                make_game("piquet", "piquet-done", seed=3, actions=None, name="Vendredi")]
    store.root.mkdir(parents=True, exist_ok=True)
    for n, session in enumerate(sessions):
        session.updated = FIXED + timedelta(hours=n)
        path = store.path(session.id)
        path.write_text(dumps_game(session), encoding="utf-8")
        os.utime(path, (session.updated.timestamp(),) * 2)
    polignac = finished_polignac(FIXED - timedelta(hours=1))
    path = store.path(polignac.id)
    path.write_text(dumps(polignac), encoding="utf-8")
    os.utime(path, (FIXED.timestamp() - 3600,) * 2)


def test_saved_sessions_of_every_game_snapshot(snap_compare, make_app, store) -> None:
    fixed_games(store)
    assert snap_compare(make_app(), terminal_size=(80, 24), press=["s"])


def test_statistics_of_ecarte_snapshot(snap_compare, make_app, store) -> None:
    fixed_games(store)
    assert snap_compare(make_app(), terminal_size=(80, 24), press=["t", "f", "f"])
