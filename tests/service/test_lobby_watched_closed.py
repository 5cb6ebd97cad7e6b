"""The lobby of someone watching a waiting table when its creator leaves it (nobody else
sitting there): the table closes, and the watcher's lobby says so in its status line and
a notice, in the player's language, the table's name literal; they are no longer at it
(Leave not offered) and may sit at another table."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from polignac_tui.service.client import LobbyClient

from .lobbytools import SEATS_ONE_OPEN, classique, running_service
from .test_lobby import lobby_app, lobby_of, text_of, wait

SIZE = (80, 24)
SAID = {"en": "The table you watched, [b]Friday, is closed: nobody sits at it any more.",
        "fr": "La table que tu regardais, [b]Friday, est fermée : plus personne n'y "
              "est assis."}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_watcher_is_told_the_table_closed_and_is_back_in_the_lobby(
        tmp_path: Path, lang: str) -> None:
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        await anna.create("[b]Friday", classique(), SEATS_ONE_OPEN, "instant")
        app = lobby_app(socket, name="Bruno", identity="local:bruno")
        app.lang_for_this_run = lang
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).tables and lobby_of(app),
                               "the list")
            await pilot.press("w")
            await wait(pilot, lambda: lobby.tables and lobby.tables[0].watchers == 1,
                       "Bruno watching")
            assert lobby.link.at_table is not None and lobby.check_action("leave", ())
            anna.leave()
            await wait(pilot, lambda: not lobby.tables, "the table gone")
            status = " ".join(text_of(lobby.query_one("#lobby-status")).split())
            await wait(pilot, lambda: SAID[lang] in " ".join(
                text_of(lobby.query_one("#lobby-status")).split()), f"the line ({status})")
            assert [str(n.message) for n in app._notifications] == [SAID[lang]]
            assert lobby.link.at_table is None and app.screen is lobby
            # back in the lobby: another table, and he sits at it
            await anna.create("Saturday", classique(), SEATS_ONE_OPEN, "instant")
            await wait(pilot, lambda: len(lobby.tables) == 1, "the new table")
            await pilot.press("2")
            await wait(pilot, lambda: lobby.tables[0].my_seat == 1, "Bruno seated")
            assert SAID[lang] not in text_of(lobby.query_one("#lobby-status"))
        anna.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))
