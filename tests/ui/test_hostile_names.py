"""Names that look like markup are shown as they are, never run (issue 15, point 3)."""

from __future__ import annotations

from textual.widgets import DataTable, Static
from textual.widgets._toast import Toast

from polignac_tui.ui.screens.saved import SavedScreen

NAMES = ("[/]a", "[@click=app.quit]b[/]", "Claire", "[b]D[/b]")


async def test_markup_names_in_saved_sessions_and_the_toast(make_app, saved, session_maker,
                                                            finish) -> None:
    session_id = saved(finish(session_maker(names=NAMES, name="[red]x[/]")), first_human="a")
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedScreen)
        for _ in range(200):
            if not screen.reading:
                break
            await pilot.pause(0.01)
        table = screen.query_one("#sessions", DataTable)
        assert str(table.get_row_at(0)[0]) == "[red]x[/]"
        detail = str(screen.query_one("#saved-detail", Static).render())
        assert all(name in detail for name in NAMES)
        await pilot.press("enter")  # finished: a toast names who paid the cognac
        shown = ""
        for _ in range(200):
            shown = " ".join(str(t.render()) for s in app.screen_stack for t in s.query(Toast))
            if session_id in shown:
                break
            await pilot.pause(0.01)
        assert app.is_running and app.return_code is None
        assert session_id in shown
        losers = [n for n in NAMES if n in shown]
        assert losers, shown  # literally, brackets and all
        for toast in app.screen.query(Toast):  # a click on it runs no action
            await pilot.click(toast)
        await pilot.pause()
        assert app.is_running and app.return_code is None
