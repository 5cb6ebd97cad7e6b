"""New session as the lobby's "new table": the same form for every game the service hosts,
seats open for a friend (offered only there), exactly one seat yours; Start hands the game,
its settings and the seats to the lobby, and the service creates the table with the
preset and the settings chosen."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

from textual.widgets import Input, Select

from polignac_tui.config import Settings
from polignac_tui.games import get_game
from polignac_tui.ui.app import CardGamesApp
from polignac_tui.ui.screens.new_session import Chosen, NewSessionScreen

from .lobbytools import running_service
from .test_lobby import SIZE, lobby_app, lobby_of, wait


def kinds(form: Any, seat: int) -> list[Any]:
    return [value for _, value in form.field(f"seat-kind-{seat}", Select)._options]


def test_open_seats_only_for_a_table_of_the_service() -> None:
    async def main() -> None:
        created: list[Chosen] = []
        app = CardGamesApp(Settings(name="Anna", pace="instant"))
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(NewSessionScreen())
            await pilot.pause()
            assert "open" not in kinds(app.screen, 1)
            app.pop_screen()
            await app.push_screen(NewSessionScreen(on_create=created.append,
                                                   your_name="Mathilde"))
            await pilot.pause()
            form = app.screen
            assert "open" in kinds(form, 1)
            assert form.field("seat-name-0", Input).value == "Mathilde"
            assert form.field("seat-name-0", Input).disabled        # yours: your name
            form.field("seat-kind-1", Select).value = "open"
            form.field("seat-kind-2", Select).value = "open"
            await pilot.pause()
            assert form.field("seat-name-1", Input).disabled
            # Two seats yours: refused, with the reason.
            form.field("seat-kind-3", Select).value = "human"
            await pilot.pause()
            assert not form.validate()
            assert "Exactly one seat is yours" in str(form.query_one("#problems").render())
            form.field("seat-kind-3", Select).value = "hard"
            form.query_one("#session-name", Input).value = "Friday"
            await pilot.pause()
            assert form.validate()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert not isinstance(app.screen, NewSessionScreen)
        (chosen,) = created
        assert chosen.game == "polignac" and chosen.choices == ("human", "open", "open", "hard")
        assert chosen.name == "Friday" and chosen.names[0] == "Mathilde"
        assert chosen.names[1:3] == ("", "") and chosen.settings.preset == "classique"
    asyncio.run(main())


def waiting_rules(table: str) -> dict[str, Any]:
    """The settings the service keeps for a waiting ``table`` (its ``state.json``)."""
    (state,) = Path(os.environ["XDG_DATA_HOME"]).rglob("state.json")
    tables = json.loads(state.read_text(encoding="utf-8"))["tables"]
    (record,) = [t for t in tables if t["table"] == table]
    return dict(record["rules"])


def create_from_the_form(tmp_path: Path, choose: Any) -> tuple[Any, dict[str, Any]]:
    """A real service; in its lobby n, ``choose(form, pilot)``, ctrl+s: the table the
    lobby then lists, and the settings the service keeps for it."""
    made: list[tuple[Any, dict[str, Any]]] = []

    async def main(socket: Path) -> None:
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).link and lobby_of(app),
                               "the lobby")
            await pilot.press("n")
            form = await wait(pilot, lambda: isinstance(app.screen, NewSessionScreen)
                              and app.screen, "the new table form")
            assert app.focused is form.query_one("#game")    # the first choice: which game
            await choose(form, pilot)
            await pilot.press("ctrl+s")
            (table,) = await wait(pilot, lambda: lobby.tables, "the new table")
            made.append((table, waiting_rules(table.table)))
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))
    (table_and_rules,) = made
    return table_and_rules


def test_the_lobby_creates_a_table_of_the_preset_and_settings_chosen(tmp_path: Path) -> None:
    """Écarté with its Italian preset and a target of 7: the service keeps exactly those."""
    async def choose(form: Any, pilot: Any) -> None:
        form.query_one("#game", Select).value = "ecarte"
        await pilot.pause()
        assert [v for _, v in form.field("preset", Select)._options] == [
            "classique", "italiana", "custom"]
        form.field("preset", Select).value = "italiana"
        await pilot.pause()
        assert form.field("set-forcing", Select).value is False   # the preset's
        form.field("set-target", Input).value = "7"
        form.field("seat-kind-1", Select).value = "open"
        await pilot.pause()
    table, rules = create_from_the_form(tmp_path, choose)
    assert table.game == "ecarte" and table.preset == "custom"   # changed: custom
    assert [s.open for s in table.seats] == [False, True]
    assert rules == get_game("ecarte").settings("italiana", {"target": 7}).to_dict()


def test_the_lobby_creates_a_polignac_table_of_a_preset_for_its_players(
        tmp_path: Path) -> None:
    """Polignac's English preset at five players: its number of deals follows the players
    (twice the table), the preset's name kept, as a session started here would have."""
    async def choose(form: Any, pilot: Any) -> None:
        form.field("preset", Select).value = "english"
        await pilot.pause()
        form.field("players", Select).value = 5
        await pilot.pause()
        assert form.field("set-limit", Input).value == "10"
    table, rules = create_from_the_form(tmp_path, choose)
    assert table.game == "polignac" and table.preset == "english"
    assert [s.kind for s in table.seats] == ["human", *["computer"] * 4]
    assert rules == get_game("polignac").settings("english", players=5).to_dict()
