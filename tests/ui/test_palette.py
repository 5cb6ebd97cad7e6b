"""The command palette: every action of the screen you are on by name, and no system
command that does nothing useful here (issue 11, point 11)."""

from __future__ import annotations

from tabletools import open_table, settle, strong_session, table_screen
from test_home import wait_for_palette_results

from polignac_tui.ui.commands import MainCommands


def titles(app) -> list[str]:
    return [title for title, _, _ in MainCommands(app.screen).commands()]


async def test_at_the_table_the_palette_names_every_table_action(make_app, store) -> None:
    app = make_app(table=open_table(store, strong_session()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        found = titles(app)
        for title in ("Hint", "Undo", "Last trick", "Tricks", "Scores", "Rules", "Home"):
            assert found.count(title) == 1, title   # the table's own, not a second one
        assert "New session" in found and "Quit" in found
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"scores")
        await wait_for_palette_results(app, pilot)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.has_class("-side-full"))
        assert app.screen is screen     # the table's score table, opened by name


async def test_the_palette_has_no_useless_system_command(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        system = [c.title for c in app.get_system_commands(app.screen)]
        assert "Theme" in system
        assert "Screenshot" not in system and "Quit" not in system
        assert "Keys" not in system     # English only: F1 is the help in the player's language
        assert titles(app).count("Quit") == 1


async def test_textual_focus_and_copy_keys_are_not_offered_as_actions(make_app, store) -> None:
    app = make_app(table=open_table(store, strong_session()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        found = titles(app)
        assert "Focus Next" not in found and "Copy selected text" not in found
        assert "Previous card" not in found     # arrows, not names
