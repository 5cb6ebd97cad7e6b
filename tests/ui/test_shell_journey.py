"""A new user's whole journey by keys: Home, new session, a full session, the cognac,
back Home, the finished session in the saved list, and resuming mid-trick."""

from __future__ import annotations

from polignac_file import engine_of
from tabletools import listed
from textual.widgets import DataTable, Input, Select

from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.saved import SavedScreen
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.screenshots import until


async def test_new_session_played_to_the_cognac(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.field("players", Select).value = 3
        await pilot.pause()
        form.field("set-end", Select).value = "deals"
        await pilot.pause()
        form.field("set-limit", Input).value = "2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, app, lambda: type(app.screen).__name__ == "MatchOverBox")
        session = engine_of(store.entries()[0])
        assert session is not None and session.finished and len(session.deals) == 2
        await pilot.press("enter")  # back home
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.unfinished_id() is None
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)
        await listed(pilot)
        state = str(app.screen.query_one("#sessions", DataTable).get_row_at(0)[2])
        names = [session.players[s].name for s in session.losers]
        assert state.endswith("the cognac") and all(n in state for n in names)


async def test_quit_mid_trick_and_continue_the_same_trick(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+s")

        def mid_trick() -> bool:
            screen = app.screen
            return (isinstance(screen, TableScreen) and screen.awaits_me()
                    and len(screen.view().trick) >= 1 and len(screen.view().tricks) >= 1)

        await until(pilot, app, mid_trick)
        before = app.screen.view()
        await pilot.press("q")  # home: the session is already saved
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()  # Home has read the newest files
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        after = table.view()
        assert (after.hand, after.trick, after.tricks) == (before.hand, before.trick,
                                                           before.tricks)
        assert after.turn == after.seat
