"""New session as the lobby's "new table": seats open for a friend (offered only there),
exactly one seat yours, and Start hands the table to the lobby instead of playing here."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import Input, Select

from polignac_tui.config import Settings
from polignac_tui.ui.app import PolignacApp
from polignac_tui.ui.screens.new_session import NewSessionScreen


def kinds(form: Any, seat: int) -> list[Any]:
    return [value for _, value in form.query_one(f"#seat-kind-{seat}", Select)._options]


def test_open_seats_only_for_a_table_of_the_service() -> None:
    async def main() -> None:
        created: list[tuple] = []
        app = PolignacApp(Settings(name="Anna", pace="instant"))
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(NewSessionScreen())
            await pilot.pause()
            assert "open" not in kinds(app.screen, 1)
            app.pop_screen()
            await app.push_screen(NewSessionScreen(
                on_create=lambda *args: created.append(args), your_name="Mathilde"))
            await pilot.pause()
            form = app.screen
            assert "open" in kinds(form, 1)
            assert form.query_one("#seat-name-0", Input).value == "Mathilde"
            form.query_one("#seat-kind-1", Select).value = "open"
            form.query_one("#seat-kind-2", Select).value = "open"
            await pilot.pause()
            assert form.query_one("#seat-name-1", Input).disabled
            # Two seats yours: refused, with the reason.
            form.query_one("#seat-kind-3", Select).value = "human"
            await pilot.pause()
            assert not form.validate()
            assert "Exactly one seat is yours" in str(form.query_one("#problems").render())
            form.query_one("#seat-kind-3", Select).value = "hard"
            form.query_one("#session-name", Input).value = "Friday"
            await pilot.pause()
            assert form.validate()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert not isinstance(app.screen, NewSessionScreen)
        ((rules, players, choices, name),) = created
        assert choices == ["human", "open", "open", "hard"]
        assert name == "Friday" and players[0].name == "Mathilde"
        assert players[3].level == "hard" and rules.preset == "classique"
    asyncio.run(main())
