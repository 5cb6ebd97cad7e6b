"""Tables of Écarté and Piquet from the app: the lobby creates one (n, the New session form
with the game chosen), lists its game, and opens it with ``open_game_client`` on a
``RemoteGameClient``; that client speaks the table contract (``GameClient``) over the
socket: updates, actions, a hint, a refusal, leaving."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from polignac_tui.service.client import LobbyClient, RemoteGameClient
from polignac_tui.table.gameevents import Act, GameUpdate, Ready, Refused, Seen

from .lobbytools import running_service, until
from .test_lobby import SIZE, first_deal_replayed, lobby_app, lobby_of, wait


def test_the_lobby_creates_a_table_of_ecarte_and_opens_it_as_a_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import Select

    from polignac_tui.ui.app import CardGamesApp
    from polignac_tui.ui.screens.new_session import NewSessionScreen
    opened: list[Any] = []
    monkeypatch.setattr(CardGamesApp, "open_game_client",
                        lambda self, client: opened.append(client))

    async def main(socket: Path) -> None:
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).link and lobby_of(app),
                               "the connection")
            assert set(lobby.link.games) == {"polignac", "ecarte", "piquet"}
            await pilot.press("n")
            form = await wait(pilot, lambda: isinstance(app.screen, NewSessionScreen)
                              and app.screen, "the new table form")
            games = [value for _, value in form.query_one("#game", Select)._options]
            assert games == ["polignac", "ecarte", "piquet"]
            await pilot.press("enter", "down", "enter")   # the game: Écarté
            await wait(pilot, lambda: form.game == "ecarte", "Écarté chosen")
            assert form.field("seat-kind-1", Select).value == "medium"   # against a computer
            await pilot.press("ctrl+s")
            (table,) = await wait(pilot, lambda: lobby.tables, "the new table")
            assert table.game == "ecarte" and table.preset == "classique"
            assert [s.kind for s in table.seats] == ["human", "computer"]
            row = lobby.query_one("#tables").get_row(table.table)
            assert str(row[1]) == "Écarté · Classique" and str(row[2]).startswith("2: 1 person")
            await pilot.press("s")
            client = await wait(pilot, lambda: opened and opened[0], "the game opened")
            assert isinstance(client, RemoteGameClient) and client.game == "ecarte"
            assert client.seats == (0,) and client.latest is not None
            assert client.view().game == "ecarte" and len(client.view().hand) == 5
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_a_remote_game_client_plays_hints_is_refused_and_leaves(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        remote = await anna.create("Duel", {"preset": "classique", "target": 3},
                                   [{"kind": "you"}, {"kind": "computer", "level": "easy"}],
                                   "instant", game="ecarte")
        assert isinstance(remote, RemoteGameClient)
        updates: list[GameUpdate] = []
        remote.listen(updates.append)
        await anna.start(remote.table)

        def my_turn() -> bool:
            last = remote.latest
            return (last is not None and last.state.waiting == "turn"
                    and last.views[0].turn == 0 and last.views[0].choice is not None)
        await until(my_turn, "Anna's turn")
        hint = await remote.hint(0)
        assert hint is not None and hint.seat == 0 and hint.action
        remote.send(Act(0, "discard"))          # words of another moment: refused
        await until(lambda: any(isinstance(e, Refused) for u in updates for e in u.events),
                    "the refusal")
        acted: set[int] = set()
        while remote.latest is not None and remote.latest.views[0].outcome is None:
            last = remote.latest
            view = last.views[0]
            if id(last) not in acted:
                acted.add(id(last))
                if last.state.waiting == "hold":
                    remote.send(Seen())
                elif last.state.waiting == "ready" and not last.state.ready[0]:
                    remote.send(Ready())
                elif last.state.waiting == "turn" and view.turn == 0 and view.choice:
                    remote.send(Act(0, _first(view.choice)))
            await until(lambda last=last: remote.latest is not last, "the next update",
                        limit=60)
        assert remote.latest.views[0].outcome is not None
        remote.close()
        await until(lambda: anna.at_table is None, "back in the lobby")
        anna.close()
    with running_service(tmp_path) as service:
        asyncio.run(asyncio.wait_for(main(service.socket), 120))


def _first(choice: Any) -> str:
    from polignac_tui.games.base import CardChoice, CardsChoice
    if isinstance(choice, CardChoice):
        return choice.cards[0]
    if isinstance(choice, CardsChoice):
        return " ".join([choice.verb, *choice.cards[:max(choice.least, 1)]])
    return choice.words[0] if choice.verb is None else " ".join([choice.verb, *choice.words])


async def sit_at_a_new_table(pilot: Any, game: str) -> Any:
    """From the lobby: a new table of ``game`` against a computer (as the form offers),
    sat at; its table screen."""
    from polignac_tui.ui.screens.table import TableScreen
    app = pilot.app
    lobby = await wait(pilot, lambda: lobby_of(app).link and lobby_of(app), "the connection")
    await pilot.press("n")
    await wait(pilot, lambda: app.screen is not lobby, "the new table form")
    downs = ("down",) * ("polignac", "ecarte", "piquet").index(game)
    await pilot.press("enter", *downs, "enter")          # the game
    await wait(pilot, lambda: getattr(app.screen, "game", "") == game, f"{game} chosen")
    await pilot.press("ctrl+s")
    await wait(pilot, lambda: lobby.tables, "the new table")
    await pilot.press("s")
    return await wait(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen,
                      "the game table screen")


def test_a_served_table_of_piquet_opens_on_the_game_table_screen(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            screen = await sit_at_a_new_table(pilot, "piquet")
            client = screen.client
            assert isinstance(client, RemoteGameClient) and client.game == "piquet"
            assert client.served and client.seats == (0,)
            assert len(client.view().hand) == 12
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_a_finished_deal_of_ecarte_replays_from_the_scores_at_a_served_table(
        tmp_path: Path) -> None:
    """Issue 34: as at Polignac's, s then Enter on a finished deal at a served table of
    Écarté opens the one replay with the deals the service sent (never the deal in play);
    Esc comes back to the table as it was."""
    async def main(socket: Path) -> None:
        from polignac_tui.ui.screens.panels import DealOverBox
        from polignac_tui.ui.widgets.scoresheet import ScoreSheet
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            screen = await sit_at_a_new_table(pilot, "ecarte")
            assert isinstance(screen.client, RemoteGameClient) and screen.client.served
            client = screen.client

            def anna_to_act() -> bool:
                state = client.latest.state
                if state.waiting == "hold":
                    client.send(Seen())         # a trick on show: seen, as by a key
                return isinstance(app.screen, DealOverBox) or screen.awaits_me()
            for _step in range(40):             # Anna plays the first legal action
                await wait(pilot, anna_to_act, "Anna's turn or the deal's end")
                if isinstance(app.screen, DealOverBox):
                    break
                asked = screen.view()
                screen._act(_first(asked.choice))
                await wait(pilot, lambda asked=asked: screen.view() != asked,
                           "the action taken")
            assert isinstance(app.screen, DealOverBox)
            await pilot.press("enter")                    # on to the next deal
            await wait(pilot, lambda: client.view().deal_number == 2 and anna_to_act(),
                       "Anna's turn in deal 2")
            before = screen.view()
            assert before.deal_number == 2 and screen.awaits_me()
            replay = await first_deal_replayed(pilot, screen)
            assert replay.number == 1 and replay.deals == [1]   # the deal sent is over
            assert len(replay.session.match.log) == 1 and replay.session.game == "ecarte"
            await pilot.press("escape")
            await wait(pilot, lambda: app.screen is screen, "back at the table")
            assert screen.view() == before and screen.query_one(ScoreSheet).full
    with running_service(tmp_path) as service:
        asyncio.run(asyncio.wait_for(main(service.socket), 120))
