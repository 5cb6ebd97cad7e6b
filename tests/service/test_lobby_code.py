"""A web player's code (with their name it takes their seat back after a reload) is said
once a seat is theirs: never to a player who only watches (issue 35, point 6)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from polignac_tui.commands.join import JoinTarget
from polignac_tui.config import Settings
from polignac_tui.service.client import LobbyClient

from .lobbytools import SEATS_ONE_OPEN, classique, running_service
from .test_lobby import SIZE, lobby_of, wait


def web_player(socket: Path) -> Any:
    from polignac_tui.store.folder import SessionStore
    from polignac_tui.ui.app import CardGamesApp
    return CardGamesApp(Settings(name="Chloé", pace="instant"),
                       SessionStore(socket.parent / "client-store"), start="lobby",
                       join=JoinTarget(socket, "local:chloe", "Chloé", code="4417"))


def told(app: Any) -> list[str]:
    return [n.message for n in app._notifications]


def test_a_watcher_is_not_told_of_a_seat_to_take_back(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        seats = [SEATS_ONE_OPEN[0], *SEATS_ONE_OPEN[2:]]            # no seat open
        remote = await anna.create("Friday", classique() | {"limit": 3}, seats, "instant")
        await anna.start(remote.table, "easy")
        app = web_player(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).tables and lobby_of(app),
                               "the list")
            assert "4417" in str(lobby.query_one("#lobby-title").render())   # shown there
            await pilot.press("w")
            await wait(pilot, lambda: app.screen is not lobby, "the table, watched")
            assert not any("seat back" in m for m in told(app)), told(app)
            await pilot.press("q")                       # back to the lobby
            await wait(pilot, lambda: app.screen is lobby and lobby.link.at_table is None,
                       "back in the lobby")
            await pilot.press("n")
            await wait(pilot, lambda: app.screen is not lobby, "the new table form")
            await pilot.press("ctrl+s")                  # a table of her own: her seat
            await wait(pilot, lambda: any("seat back" in m for m in told(app)),
                       "the code's notice")
            notices = [m for m in told(app) if "seat back" in m]
            assert notices == ["Your code is 4417: with your name, it takes your seat back "
                               "after a reload."]
        anna.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))
