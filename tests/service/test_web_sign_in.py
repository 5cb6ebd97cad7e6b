"""The web door's lobby (``join --web``): a name and a code instead of a key. A new player
gets a fresh code; the same name and code, typed back after a reload, are the same person
to the service and take their seat back."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from polignac_tui.config import Settings
from polignac_tui.service.client import LobbyClient
from polignac_tui.ui.screens.web_sign_in import (
    CODE_ALPHABET,
    CODE_LENGTH,
    WebSignInScreen,
    read_code,
    shown_code,
)

from .lobbytools import SEATS_ONE_OPEN, classique, running_service, until


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    for key in list(os.environ):
        if key.startswith("TEXTUAL_") or key == "NO_COLOR":
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def web_app(socket: Path) -> Any:
    from polignac_tui.commands.join import JoinTarget
    from polignac_tui.store.folder import SessionStore
    from polignac_tui.ui.app import CardGamesApp
    return CardGamesApp(Settings(name="You"), SessionStore(socket.parent / "store"),
                       start="web", join=JoinTarget(socket, "", ""))


async def sign_in(pilot: Any, name: str, code: str = "") -> None:
    screen = pilot.app.screen
    assert isinstance(screen, WebSignInScreen)
    screen.query_one("#name").value = name
    screen.query_one("#code").value = code
    screen.query_one("#code").focus()
    await pilot.press("enter")                      # enter in the code field comes in
    await pilot.pause()


def test_codes_read_back_in_any_case_with_or_without_the_dash() -> None:
    assert read_code("k7p-4qx") == "K7P4QX" == read_code(" K7P 4QX ")
    assert shown_code("K7P4QX") == "K7P-4QX"
    for wrong in ("K7P4Q", "K7P4QXX", "O0I1L1", "K7P-4Q!"):
        assert read_code(wrong) is None


def test_a_bad_name_or_code_is_said_on_the_screen(tmp_path: Path) -> None:
    async def run() -> None:
        app = web_app(tmp_path / "none.sock")
        async with app.run_test(size=(80, 24)) as pilot:
            await sign_in(pilot, "you")
            problem = str(app.screen.query_one("#sign-in-problem").render())
            assert "will not know who 'you' is" in problem
            await sign_in(pilot, "[b]Anna[/b]", "not-a-code")
            problem = str(app.screen.query_one("#sign-in-problem").render())
            assert "'not-a-code' is not a code" in problem
            assert isinstance(app.screen, WebSignInScreen)
    asyncio.run(run())


def test_a_web_player_sits_reloads_and_takes_the_seat_back_with_the_code(
        tmp_path: Path) -> None:
    from polignac_tui.ui.screens.lobby import LobbyScreen
    with running_service(tmp_path) as service:
        async def first_visit() -> str:
            host = await LobbyClient.connect(service.socket, "local:host", "Host")
            await host.create("Friday", classique(), SEATS_ONE_OPEN)
            app = web_app(service.socket)
            async with app.run_test(size=(80, 24)) as pilot:
                await sign_in(pilot, "Anna")
                lobby = app.screen
                assert isinstance(lobby, LobbyScreen)
                identity = lobby.target.identity
                code = identity.removeprefix("web:")
                assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
                title = str(lobby.query_one("#lobby-title").render())
                assert shown_code(code) in title and "Anna" in title
                await until(lambda: lobby.link is not None and lobby.link.tables_seen,
                            "the tables")
                await pilot.press("enter")                       # sit at the open seat
                await until(lambda: any(s.yours for t in lobby.link.tables_seen
                                        for s in t.seats), "Anna seated")
            host.close()
            return shown_code(code)

        code = asyncio.run(first_visit())

        async def after_reload() -> None:
            app = web_app(service.socket)
            async with app.run_test(size=(80, 24)) as pilot:
                await sign_in(pilot, "Anna", code.lower())
                lobby = app.screen
                assert lobby.target.identity == "web:" + code.replace("-", "")
                await until(lambda: lobby.link is not None and lobby.link.tables_seen,
                            "the tables")
                info = lobby.link.tables_seen[0]
                assert info.my_seat is not None                  # still hers
            # Another visitor with the same name but a new code is someone else.
            app = web_app(service.socket)
            async with app.run_test(size=(80, 24)) as pilot:
                await sign_in(pilot, "Anna")
                lobby = app.screen
                await until(lambda: lobby.link is not None and lobby.link.tables_seen,
                            "the tables")
                assert lobby.link.tables_seen[0].my_seat is None
        asyncio.run(after_reload())
