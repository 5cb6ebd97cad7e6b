"""The lobby says a refusal of the service's limits in words, in its status line."""

from __future__ import annotations

import asyncio
from pathlib import Path

from polignac_tui.service.client import LobbyClient

from .lobbytools import running_service
from .test_lobby import SIZE, clean_environment, lobby_app, lobby_of, text_of, wait

__all__ = ["clean_environment"]       # its autouse fixture applies here too

ALONE = [{"kind": "you"}, {"kind": "computer", "level": "easy"},
         {"kind": "computer", "level": "easy"}]


def test_a_fourth_waiting_table_is_refused_in_words(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        from polignac_tui.ui.screens.new_session import NewSessionScreen
        # Anna at another terminal already has 3 tables waiting
        other = await LobbyClient.connect(socket, "local:anna", "Anna")
        for _ in range(3):
            await other.create("", {}, ALONE)
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: len(lobby_of(app).tables) == 3
                               and lobby_of(app), "the 3 tables")
            await pilot.press("n")
            await wait(pilot, lambda: isinstance(app.screen, NewSessionScreen),
                       "the New session screen")
            await pilot.press("ctrl+s")
            await wait(pilot, lambda: lobby.refused, "the refusal")
            assert app.screen is lobby and len(lobby.tables) == 3
            said = text_of(lobby.query_one("#lobby-status"))
            assert "You already have 3 tables waiting: start one of them first." in said
            assert "closes after 30 minutes" in said
            assert lobby.query_one("#lobby-status").has_class("-error")
            # another table chosen: its advice again
            await pilot.press("down")
            await wait(pilot, lambda: "You already have" not in text_of(
                lobby.query_one("#lobby-status")), "the advice")
            assert not lobby.query_one("#lobby-status").has_class("-error")
        other.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_the_limits_are_said_from_their_details_in_french() -> None:
    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.service.wording import refusal_words
    waiting = (("what", "waiting"), ("count", 3), ("minutes", 30))
    english = "you already have 3 tables waiting: start one of them first (…)"
    assert refusal_words("too_many", english, waiting) == (
        "You already have 3 tables waiting: start one of them first. A waiting table "
        "nobody is at closes after 30 minutes.")
    with speaking(translator_for("fr")):
        assert refusal_words("too_many", english, waiting).startswith(
            "Tu as déjà 3 tables en attente : lance l'une d'elles d'abord.")
        assert refusal_words("too_many", "…", (("what", "tables"), ("count", 200))) == (
            "Le service a déjà 200 tables : pas de nouvelle table avant qu'une se termine.")
        assert refusal_words("busy", "…", (("what", "files"),)).startswith(
            "Le service manque de fichiers ouverts")
        # details not known here (a newer service): its message, as service_words says it
        assert refusal_words("busy", "seat 2 is not free", (("what", "?"),)) == \
            "la place 2 n'est pas libre"
