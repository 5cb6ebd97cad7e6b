"""A full disk at the table (issue 15, point 7): until a save succeeds again the player
sees that the game is not saved, whatever else the status line says; leaving (q, esc,
ctrl+q) says so first; no key's tooltip claims the session is saved."""

from __future__ import annotations

from polignac_file import load_session
from tabletools import (
    engine,
    open_table,
    play_selected,
    settle,
    strong_session,
    table_screen,
    text_of,
)

from polignac_tui.store.folder import SessionStore
from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.table import TableScreen

UNSAVED = "Could not save"
FULL = "[Errno 28] No space left on device"


def full_disk(monkeypatch) -> dict[str, bool]:
    """``SessionStore.save`` raises what a full disk raises while ``disk["full"]``."""
    disk = {"full": False}
    real = SessionStore.save_game

    def save(self, session, *args, **kwargs):
        if disk["full"]:
            raise OSError(28, "No space left on device")
        return real(self, session, *args, **kwargs)

    monkeypatch.setattr(SessionStore, "save_game", save)
    return disk


def status(app) -> str:
    return text_of(table_screen(app).query_one("#status"))


async def test_could_not_save_stays_until_a_save_succeeds(make_app, store,
                                                          monkeypatch) -> None:
    disk = full_disk(monkeypatch)
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        disk["full"] = True
        await play_selected(pilot)  # a card: its save fails
        await settle(pilot)
        assert status(app).startswith(f"{UNSAVED} (the game goes on): {FULL}")
        assert screen.query_one("#status").has_class("-error")
        # Other messages come and go: the failed save stays said first.
        screen.say("Hint: play low.")
        await pilot.pause()
        assert status(app).startswith(UNSAVED) and "Hint: play low." in status(app)
        await play_selected(pilot)  # the next card: its save fails as well
        await settle(pilot)
        assert status(app).startswith(UNSAVED)
        disk["full"] = False
        await play_selected(pilot)  # saved again
        await settle(pilot)
        assert UNSAVED not in status(app)
        assert not screen.query_one("#status").has_class("-error")
        assert load_session(store, table.session.id).deals[0].plays == engine(table).deals[0].plays


async def test_leaving_unsaved_says_so_then_leaves(make_app, store, monkeypatch) -> None:
    disk = full_disk(monkeypatch)
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk["full"] = True
        await play_selected(pilot)
        await settle(pilot)
        for key in ("q", "escape"):
            await pilot.press(key)  # the first press says what would be lost
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert "NOT saved" in status(app) and status(app).startswith(UNSAVED)
            await play_selected(pilot)  # a move in between: asked again next time
            await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and "NOT saved" in status(app)
        await pilot.press("q")
        await pilot.press("q")  # asked, then told again: leaves
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and table.closed


async def test_ctrl_q_twice_quits_a_table_that_could_not_save(make_app, store,
                                                              monkeypatch) -> None:
    disk = full_disk(monkeypatch)
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk["full"] = True
        await play_selected(pilot)
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_saved_tables_leave_at_once(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_selected(pilot)
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


def test_no_tooltip_claims_the_session_is_saved() -> None:
    from polignac_tui.ui.app import CardGamesApp
    for cls in (CardGamesApp, HomeScreen, TableScreen):
        for binding in cls.BINDINGS:
            tooltip = getattr(binding, "tooltip", "") or ""
            assert "already saved" not in tooltip, (cls.__name__, binding)
