"""Undo made honest (issue 27, point 11): chosen in New session, and refused with a clear
status line at a table where it is off."""

from __future__ import annotations

from polignac_file import engine_of
from tabletools import (
    engine,
    open_table,
    play_selected,
    settle,
    strong_session,
    table_screen,
    text_of,
)
from textual.widgets import Select

from polignac_tui.ui.screens.new_session import NewSessionScreen
from polignac_tui.ui.screens.table import TableScreen


def status(app) -> str:
    return text_of(table_screen(app).query_one("#status"))


async def test_undo_off_is_refused_in_words_and_takes_nothing_back(make_app, store) -> None:
    session = strong_session()
    session.undo_on = False
    table = open_table(store, session)          # saved and read back: the file says off
    assert table.session.undo_on is False
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_selected(pilot)
        await settle(pilot)
        plays = list(engine(table).deals[-1].plays)
        assert plays
        screen = table_screen(app)
        assert screen.check_action("undo", ()) is False     # not offered in the Footer
        await pilot.press("u")
        await pilot.pause()
        assert "Undo is off in this session" in status(app)
        assert engine(table).deals[-1].plays == plays and engine(table).deals[-1].undos == 0


async def test_new_session_starts_with_undo_on_and_may_turn_it_off(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewSessionScreen)
        undo = form.query_one("#set-undo", Select)
        assert undo.value is True                 # on by default (one human plays)
        undo.value = False
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) == 1
        session = engine_of(store.entries()[0])
        assert session is not None and session.undo_on is False
        tables[0].client.table.close()


async def test_statistics_show_a_win_with_undos_apart(make_app, store) -> None:
    from datetime import timedelta

    from tabletools import listed
    from test_charts import done, save, table_rows

    from polignac_tui.ui.screens.charts import StatsScreen
    from polignac_tui.ui.screenshots import FIXED
    clean = done("20261101-2000-ana", ("Ana", "Bruno", "Claire"), 1)
    undone = done("20261102-2000-ana", ("Ana", "Bruno", "Claire"), 1,
                  updated=FIXED + timedelta(days=1))
    undone.deals[0].undos = 1
    for session in (clean, undone):
        save(store, session)
    winner = clean.winners[0]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await listed(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        for _ in range(100):
            if not screen.reading:
                break
            await pilot.pause(0.02)
        rows = {r[0].split(" (")[0]: r for r in table_rows(screen)}
        assert rows[clean.players[winner].name][2] == "1+1"
        assert "clean wins+wins with undos" in text_of(screen.query_one("#stats-note"))
