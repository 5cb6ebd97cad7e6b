"""Saved sessions: the list, resume, delete with confirmation, damaged files with their reason."""

from __future__ import annotations

import threading

from tabletools import listed
from textual.widgets import DataTable, Static

from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.saved import ConfirmDelete, SavedScreen


async def open_saved(app, pilot) -> SavedScreen:
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, SavedScreen)
    await listed(pilot)
    return app.screen


def rows(screen: SavedScreen) -> list[list[str]]:
    table = screen.query_one("#sessions", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_list_shows_sessions_and_damaged_files(make_app, saved, store, session_maker,
                                                     finish) -> None:
    saved(session_maker(name="Friday"))
    saved(finish(session_maker(seed=3)), first_human="Bruno")
    (store.root / "broken.toml").write_text("format = 1\n[oops", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        table = rows(screen)
        assert len(table) == 3
        broken = next(r for r in table if r[0] == "broken")
        assert broken[2] == "unreadable (see below)"
        friday = next(r for r in table if r[0] == "Friday")
        assert friday[2].startswith("deal 1, ")
        done = next(r for r in table if r[0] not in ("broken", "Friday"))
        assert done[2].endswith("the cognac")


async def test_resume_opens_the_table(make_app, saved) -> None:
    from polignac_tui.ui.screens.table import TableScreen
    session_id = saved()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) == 1 and tables[0].client.table.session.id == session_id
        tables[0].client.table.close()


async def test_resume_refused_while_locked_elsewhere(make_app, saved, store) -> None:
    session_id = saved()
    app = make_app()
    with store.lock(session_id):
        async with app.run_test(size=(80, 24)) as pilot:
            await open_saved(app, pilot)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SavedScreen)
            assert any((n.title or "") == "Cannot resume" for n in app._notifications)


async def test_delete_asks_first_and_no_keeps_it(make_app, saved, store) -> None:
    session_id = saved()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved(app, pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDelete)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)
        assert store.exists(session_id)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not store.exists(session_id)
        await listed(pilot)
        assert rows(app.screen) == []
        assert "No saved sessions yet" in str(app.screen.query_one("#saved-detail",
                                                                   Static).render())


async def test_damaged_file_is_left_alone(make_app, store) -> None:
    store.root.mkdir(parents=True, exist_ok=True)
    path = store.root / "broken.toml"
    path.write_text("not toml at all [", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        detail = str(screen.query_one("#saved-detail", Static).render())
        assert "broken.toml cannot be read: " in detail
        await pilot.press("enter")  # cannot resume: says why, stays here
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)
        offered = {b.binding.action for b in app.screen.active_bindings.values()}
        assert "delete" not in offered and "replay" not in offered and "chart" not in offered
        assert "resume" in offered      # Enter says why it cannot be resumed
        await pilot.press("d")           # delete is not offered: no question, no file gone
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)
        await pilot.press("y")
        await pilot.pause()
        assert path.exists()  # damaged files are left untouched


async def test_click_selects_then_a_second_click_resumes(make_app, saved, session_maker) -> None:
    from polignac_tui.ui.screens.table import TableScreen
    saved(session_maker(name="One"))
    second = saved(session_maker(seed=2, name="Two"), first_human="Bruno")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        table = screen.query_one("#sessions", DataTable)
        index = next(i for i, e in enumerate(screen.entries) if e.id == second)
        other = 1 - index
        table.move_cursor(row=other)
        await pilot.pause()
        offset = (3, index + 1)  # below the header row
        await pilot.click("#sessions", offset=offset)
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen) and table.cursor_row == index
        await pilot.click("#sessions", offset=offset)
        await pilot.pause()
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) == 1 and tables[0].client.table.session.id == second
        tables[0].client.table.close()


def slow_listing(store, monkeypatch) -> threading.Event:
    """``store.summaries`` waits for the returned event (a folder of changed sessions)."""
    go = threading.Event()
    entries = store.summaries

    def slow():
        assert go.wait(10)
        return entries()
    monkeypatch.setattr(store, "summaries", slow)
    monkeypatch.setattr(store, "current_summaries", lambda: None)   # files to read first
    return go


async def test_screen_shows_at_once_and_the_list_when_read(make_app, saved, store,
                                                           monkeypatch) -> None:
    saved()
    go = slow_listing(store, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedScreen) and screen.reading
        assert "Reading saved sessions" in str(screen.query_one("#saved-detail",
                                                                Static).render())
        assert app.focused is screen.query_one("#sessions", DataTable)
        await pilot.press("enter", "d")   # nothing to resume or delete yet
        await pilot.pause()
        assert app.screen is screen and rows(screen) == []
        go.set()
        await listed(pilot)
        assert len(rows(screen)) == 1 and app.focused is screen.query_one("#sessions")


async def test_reading_says_so_in_ascii(make_app, store, monkeypatch, settings) -> None:
    settings.ascii = True
    go = slow_listing(store, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        detail = str(app.screen.query_one("#saved-detail", Static).render())
        assert detail == "Reading saved sessions..."
        go.set()
        await listed(pilot)


async def test_leaving_before_the_list_is_read(make_app, saved, store, monkeypatch) -> None:
    saved()
    go = slow_listing(store, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        go.set()                       # the reading ends after the screen is gone
        for _ in range(20):
            await pilot.pause(0.01)
        assert isinstance(app.screen, HomeScreen) and not screen.is_attached
        await open_saved(app, pilot)   # and the screen opens again as usual
        assert len(rows(app.screen)) == 1
    assert app.return_code in (0, None)


async def test_with_the_index_current_the_list_is_in_the_first_frame(make_app, saved, store,
                                                                     monkeypatch) -> None:
    saved()
    saved(first_human="Bruno")
    store.summaries()                   # every row current

    def no_reading():
        raise AssertionError("the files were read although the index was current")
    monkeypatch.setattr(store, "summaries", no_reading)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SavedScreen)
        assert not screen.reading and len(rows(screen)) == 2   # no pause: shown at once
        await pilot.pause()
        assert len(rows(screen)) == 2


async def test_home_and_end_go_to_the_first_and_last_session(make_app, saved, store,
                                                            session_maker) -> None:
    saved(session_maker(name="Friday"))
    saved(session_maker(seed=3, name="Saturday"))
    (store.root / "broken.toml").write_text("format = 1\n[oops", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        table = screen.query_one("#sessions", DataTable)
        await pilot.press("end")
        assert table.cursor_row == table.row_count - 1 == 2
        assert screen.selected() is screen.entries[-1]
        await pilot.press("home")
        assert table.cursor_row == 0


async def test_a_served_table_is_marked_and_says_where_to_play_it(make_app, saved,
                                                                  session_maker) -> None:
    """Issue 27, point 4: a session played at a served table is marked in the list and
    Enter says in words to join it, never opens it here."""
    served = session_maker(name="Served")
    served.served = True
    saved(served)
    saved(session_maker(name="Mine", seed=3))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(app, pilot)
        table = rows(screen)
        assert next(r for r in table if r[0] == "Served")[2].startswith("served table: deal 1")
        assert not next(r for r in table if r[0] == "Mine")[2].startswith("served")
        grid = screen.query_one("#sessions", DataTable)
        grid.move_cursor(row=[r[0] for r in table].index("Served"))
        await pilot.pause()
        detail = str(screen.query_one("#saved-detail", Static).render())
        assert "Played at a served table: join it with `polignac-tui join`." in detail
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        said = [str(n.message) for n in app._notifications]
        assert any("is played at a served table: join it with `polignac-tui join`" in m
                   for m in said)
