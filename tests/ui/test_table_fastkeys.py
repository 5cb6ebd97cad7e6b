"""Keys faster than screens switch (F34): a key reaching a screen whose widgets are not
there (not composed yet, or already being removed) does nothing instead of crashing."""

from __future__ import annotations

from tabletools import open_table, settle, strong_session, table_screen
from textual.css.query import NoMatches

from polignac_tui.games.polignac.tui.generale import GeneraleScreen
from polignac_tui.ui.chrome import HeaderTitle, SafeHeader, while_shown
from polignac_tui.ui.screens.panels import Overlay
from polignac_tui.ui.screens.table import TableScreen


def test_while_shown_swallows_only_a_missing_widget() -> None:
    calls: list[str] = []

    @while_shown
    def missing(name: str) -> str:
        calls.append(name)
        raise NoMatches(f"No nodes match {name!r}")

    @while_shown
    def broken() -> None:
        raise ValueError("a real bug")

    assert missing("#hint") is None and calls == ["#hint"]
    try:
        broken()
    except ValueError:
        pass
    else:
        raise AssertionError("a real error must not be hidden")


def test_generale_keys_before_its_widgets_exist() -> None:
    screen = GeneraleScreen("Ana", [], leads=True, hint=lambda: None)
    screen.action_hint()     # once: NoMatches '#generale-hint' (fuzz, 'h' pressed early)
    screen.on_mount()


async def test_table_keys_while_its_widgets_are_removed(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await screen.query_one("#middle").remove()     # as while the screen is removed
        await screen.query_one("#status").remove()
        for action in (screen.action_play, screen.action_scores, screen.action_escape,
                       lambda: screen.action_move(1), screen.action_undo):
            action()
        await pilot.press("s", "escape", "s")
        await pilot.pause()
        assert app.return_value is None and isinstance(app.screen, TableScreen)


async def test_the_header_of_a_screen_being_removed_does_not_crash(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        header = app.screen.query_one(SafeHeader)
        await header.query_one(HeaderTitle).remove()
        app.title = "Polignac again"                   # the deferred title query: nothing
        await pilot.pause()
        assert app.return_value is None


async def test_an_overlay_closed_twice_leaves_the_table_open(make_app, store) -> None:
    """``t t`` faster than the screens switch: the second close reached the overlay
    already dismissed and Textual popped the table behind it (ScreenStackError)."""
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        overlay = app.screen
        assert isinstance(overlay, Overlay)
        overlay.dismiss(None)
        overlay.dismiss(None)                          # no longer on top: nothing happens
        overlay.action_close()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.return_value is None
