"""Names typed by users are shown as they are: [brackets] are not markup (no crash)."""

from __future__ import annotations

from tabletools import listed
from textual.widgets import DataTable, Input, Static

NAME = "[/oops] [b]x"
PLAYERS = ("An[a", "Bruno", "Claire", "Denis")


async def test_bracketed_names_on_home_saved_and_delete(make_app, saved, session_maker) -> None:
    saved(session_maker(name=NAME, names=PLAYERS), first_human="Ana")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()  # Home has read the newest files
        await pilot.pause()
        assert NAME in str(app.screen.query_one("#continue-info", Static).render())
        await pilot.press("s")
        await listed(pilot)
        table = app.screen.query_one("#sessions", DataTable)
        assert str(table.get_row_at(0)[0]) == NAME
        detail = str(app.screen.query_one("#saved-detail", Static).render())
        assert NAME in detail and "An[a" in detail
        await pilot.press("d")
        await pilot.pause()
        assert NAME in str(app.screen.query_one("#confirm-question", Static).render())
        await pilot.press("y")
        await pilot.pause()
        assert any(NAME in str(n.message) for n in app._notifications)


async def test_bracketed_names_in_the_new_session_problems(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.field("seat-name-0", Input).value = "[/x]"
        app.screen.field("seat-name-1", Input).value = "[/X]"
        await pilot.pause()
        assert "'[/X]' is already taken" in str(app.screen.query_one("#problems",
                                                                      Static).render())
