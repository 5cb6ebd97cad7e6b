"""What a door's first frame costs, kept low (issue 28, point 1): the lobby is the bottom
screen, its footer is not composed again for the same keys, and in a process primed as the
SSH door's zygote is (``ui.warm``) a lobby parses no CSS of its own."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest
import textual.css.stylesheet
from textual.widgets import DataTable, Static

from polignac_tui.service.client import LobbyClient
from polignac_tui.ui import warm
from polignac_tui.ui.chrome import Footer

from .lobbytools import SEATS_ONE_OPEN, classique, running_service
from .test_lobby import SIZE, lobby_app, lobby_of, wait


async def a_table(socket: Path) -> LobbyClient:
    """Bruno, connected, with a table waiting (kept open by the caller)."""
    bruno = await LobbyClient.connect(socket, "local:bruno", "Bruno")
    await bruno.create("Friday", classique(), SEATS_ONE_OPEN, "instant")
    return bruno


async def listed(pilot: Any) -> Any:
    return await wait(pilot, lambda: lobby_of(pilot.app).tables and lobby_of(pilot.app),
                      "the table listed")


def footer_words(footer: Footer) -> list[str]:
    """The words of the keys the footer shows (the command palette's aside)."""
    return [str(getattr(key, "description", "")) for key in footer.children
            if not key.has_class("-command-palette")]


def bindings_words(screen: Any) -> list[str]:
    """The words of the keys the screen offers in its footer."""
    return [binding.description for _, binding, _, _ in screen.active_bindings.values()
            if binding.show]


def test_the_lobby_is_the_bottom_screen(tmp_path: Path) -> None:
    """No empty screen under a joined player's lobby (composed, laid out and drawn for
    nothing before the lobby)."""
    async def main(socket: Path) -> None:
        bruno = await a_table(socket)
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await listed(pilot)
            assert app.screen_stack == [lobby]
            assert app.screen is lobby and lobby.query_one("#tables").has_focus
        bruno.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_the_footer_is_composed_again_only_when_its_keys_change(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        bruno = await a_table(socket)
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await listed(pilot)
            footer = lobby.query_one(Footer)
            lobby.refresh_bindings()        # the keys of now, whatever came before
            await wait(pilot, lambda: footer_words(footer) == bindings_words(lobby)
                       and "Sit" in footer_words(footer), "the footer up to date")
            await pilot.pause()
            keys = list(footer.children)
            for _ in range(3):          # the same keys: the same widgets
                lobby.refresh_bindings()
                await pilot.pause()
            assert list(footer.children) == keys
            # Other keys (the connection gone: r connects again): composed again.
            lobby.link.close()
            await wait(pilot, lambda: "Refresh" in footer_words(footer),
                       "the key to connect again")
            assert all(key not in keys for key in footer.children)
        bruno.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_changes_of_keys_in_a_row_compose_the_footer_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual asks the footer to compose again at each change of the screen's keys, each
    time after the next refresh: several changes before that refresh (a loaded app's first
    frame) compose it once, with the newest keys."""
    async def main(socket: Path) -> None:
        bruno = await a_table(socket)
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await listed(pilot)
            footer = lobby.query_one(Footer)
            await wait(pilot, lambda: footer_words(footer) == bindings_words(lobby),
                       "the footer up to date")
            composed: list[Footer] = []        # its keys mounted anew (a recompose)
            mount_all = Footer.mount_all

            def counted(self: Footer, *args: Any, **kwargs: Any) -> Any:
                composed.append(self)
                return mount_all(self, *args, **kwargs)
            monkeypatch.setattr(Footer, "mount_all", counted)
            lobby.link.close()          # other keys (r connects again)...
            assert lobby.connection_gone()
            for _ in range(3):          # ...told three more times before the next refresh
                footer.call_later(footer.bindings_changed, lobby)
            await wait(pilot, lambda: "Refresh" in footer_words(footer),
                       "the key to connect again")
            for _ in range(3):
                await pilot.pause()
            assert composed == [footer]
        bruno.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_a_list_pushed_again_with_the_same_words_leaves_the_table_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The list is pushed to every lobby at each change of any table (someone connected):
    the lobby's table is written again only when the words of its rows changed."""
    async def main(socket: Path) -> None:
        bruno = await a_table(socket)
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await listed(pilot)
            table = lobby.query_one("#tables", DataTable)
            cleared: list[DataTable[Any]] = []
            clear = DataTable.clear

            def counted(self: DataTable[Any], *args: Any, **kwargs: Any) -> Any:
                cleared.append(self)
                return clear(self, *args, **kwargs)
            monkeypatch.setattr(DataTable, "clear", counted)
            friday = lobby.tables[0]
            lobby.tables_changed([dataclasses.replace(friday, watchers=friday.watchers)])
            await pilot.pause()
            assert cleared == []
            assert str(table.get_row(friday.table)[0]) == "Friday"
            lobby.tables_changed([dataclasses.replace(friday, name="Saturday")])
            await pilot.pause()
            assert cleared == [table]
            assert str(table.get_row(friday.table)[0]) == "Saturday"
            assert "Saturday" in str(lobby.query_one("#table-detail", Static).render())
        bruno.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_a_primed_process_parses_no_css_for_a_players_lobby(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the SSH door's zygote: a lobby run once (``prime``); then a player's lobby,
    connected and listing a table, parses no CSS itself. Without it, each app parses
    every source of its CSS."""
    monkeypatch.setattr(warm, "_primed", [])
    parse = textual.css.stylesheet.parse
    parsed: list[str] = []

    def counted(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(css)
        return parse(scope, css, *args, **kwargs)
    monkeypatch.setattr(textual.css.stylesheet, "parse", counted)

    async def player(socket: Path) -> None:
        bruno = await a_table(socket)
        async with lobby_app(socket).run_test(size=SIZE) as pilot:
            await listed(pilot)
            await pilot.pause()
        bruno.close()

    with running_service(tmp_path) as service:
        asyncio.run(player(service.socket))
        assert len(parsed) >= 10            # on its own, an app parses all its CSS
        warm.prime()
        assert warm.primed_css_sources() >= 10
        parsed.clear()
        asyncio.run(player(service.socket))
        assert parsed == []
        assert warm.primed_css_sources() == 0       # taken by that app: one app only
        parsed.clear()
        asyncio.run(player(service.socket))
        assert len(parsed) >= 10


def test_while_connecting_the_keys_are_those_of_a_connected_lobby(tmp_path: Path) -> None:
    """The footer is not composed once more for the first connection: r (connect again)
    is offered only once the connection is refused or lost."""
    from polignac_tui.commands.join import JoinTarget
    from polignac_tui.ui.screens.lobby import LobbyScreen
    lobby = LobbyScreen(JoinTarget(tmp_path / "service.sock", "local:anna", "Anna"))
    assert lobby.link is None and lobby.problem is None            # connecting
    assert lobby.check_action("refresh", ()) is False
    assert lobby.check_action("refresh_live", ()) is True
    lobby.problem = "no table service"                             # refused
    assert lobby.check_action("refresh", ()) is True
    assert lobby.check_action("refresh_live", ()) is False


def test_a_themes_css_variables_are_computed_once_per_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual computes a theme's CSS variables (its colour system) at each call, twice at
    each app's start: the app computes them once per theme, and each theme gets its own
    (the SSH door's forked apps find those their zygote computed)."""
    from textual.app import App

    from polignac_tui.ui import app as app_module
    from polignac_tui.ui.app import CardGamesApp
    monkeypatch.setattr(app_module, "_css_variables", {}, raising=False)
    computed: list[str] = []
    compute = App.get_css_variables

    def counted(self: App[Any]) -> dict[str, str]:
        computed.append(self.theme)
        return compute(self)
    monkeypatch.setattr(App, "get_css_variables", counted)
    first, second = CardGamesApp(), CardGamesApp()
    assert first.get_css_variables() == second.get_css_variables() == compute(second)
    assert computed == [first.theme]
    second.theme = "nord" if first.theme != "nord" else "gruvbox"
    assert second.get_css_variables() == compute(second) != first.get_css_variables()
    assert computed == [first.theme, second.theme]


def test_the_lobbys_footer_waits_for_the_services_first_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The footer shows no keys while the lobby connects (its keys depend on the answer:
    a seat to take back, other games), then the lobby's keys: composed once, not once
    for the keys of a moment and again."""
    from polignac_tui.ui.screens import lobby as lobby_module
    monkeypatch.setattr(lobby_module, "FOOTER_HOLD_S", 60.0, raising=False)
    composed: list[Footer] = []         # its keys mounted anew (a compose)
    mount_all = Footer.mount_all

    def counted(self: Footer, *args: Any, **kwargs: Any) -> Any:
        composed.append(self)
        return mount_all(self, *args, **kwargs)
    monkeypatch.setattr(Footer, "mount_all", counted)
    answer = asyncio.Event()            # the service's answer, held back until set
    connect = LobbyClient.connect

    async def slow(cls: type, *args: Any, **kwargs: Any) -> LobbyClient:
        await answer.wait()
        return await connect(*args, **kwargs)

    async def main(socket: Path) -> None:
        bruno = await a_table(socket)
        monkeypatch.setattr(LobbyClient, "connect", classmethod(slow))
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = lobby_of(app)
            footer = lobby.query_one(Footer)
            for _ in range(5):
                await pilot.pause()
            assert lobby.link is None and footer_words(footer) == []    # connecting
            answer.set()
            await listed(pilot)
            await wait(pilot, lambda: footer_words(footer) == bindings_words(lobby)
                       and "Sit" in footer_words(footer), "the lobby's keys")
            for _ in range(3):
                await pilot.pause()
            assert composed == [footer]
        bruno.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))
