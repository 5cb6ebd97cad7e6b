"""The lobby screen (``polignac-tui join``) against a real table service: create a table
with a seat open for a friend, the friend sits, the creator starts, both at the same
table screen as local play; names shown literally; a snapshot at 80×24."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from polignac_tui.commands.join import JoinTarget
from polignac_tui.config import Settings
from polignac_tui.games.events import CardPlayed
from polignac_tui.service.client import LobbyClient

from .lobbytools import (
    SEATS_ONE_OPEN,
    Recorder,
    classique,
    drive,
    my_turn,
    running_service,
    until,
)

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No NO_COLOR nor TEXTUAL_* settings of the caller; no animations; UTC."""
    import os
    for key in list(os.environ):
        if (key.startswith("TEXTUAL_") and key != "TEXTUAL_SNAPSHOT_TEMPDIR") or \
                key == "NO_COLOR":
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.setenv("TZ", "UTC")


def lobby_app(socket: Path, name: str = "Anna", identity: str = "local:anna") -> Any:
    from polignac_tui.store.folder import SessionStore
    from polignac_tui.ui.app import CardGamesApp
    settings = Settings(name=name, pace="instant")
    return CardGamesApp(settings, SessionStore(socket.parent / "client-store"), start="lobby",
                       join=JoinTarget(socket, identity, name))


def lobby_of(app: Any) -> Any:
    from polignac_tui.ui.screens.lobby import LobbyScreen
    for screen in reversed(app.screen_stack):
        if isinstance(screen, LobbyScreen):
            return screen
    raise AssertionError("no lobby open")


async def wait(pilot: Any, condition: Any, what: str, limit: float = 20.0) -> Any:
    import time
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        await pilot.pause(0.01)
    raise AssertionError(f"timed out waiting for {what} (screen {type(pilot.app.screen)})")


def text_of(widget: Any) -> str:
    import io

    from rich.console import Console
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(widget.render())
    return console.export_text()


def test_no_service_says_so_in_the_lobby(tmp_path: Path) -> None:
    async def main() -> None:
        app = lobby_app(tmp_path / "none.sock")
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).problem and lobby_of(app),
                               "the problem")
            assert "no table service at" in text_of(lobby.query_one("#lobby-status"))
            # Not connected: r (connect again) is in the Footer; connected it is not.
            shown = {b.action for _, b, enabled, _ in lobby.active_bindings.values()
                     if b.show and enabled}
            assert "refresh" in shown and "refresh_live" not in shown
            assert "book" not in shown      # no club's book without a service
            await pilot.press("b")
            await pilot.press("n")          # nothing to create a table on: said, not raised
            await pilot.pause()
            assert app.screen is lobby
    asyncio.run(main())


def test_create_with_an_open_seat_a_friend_sits_the_creator_starts(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        from textual.widgets import Select

        from polignac_tui.ui.screens.new_session import NewSessionScreen
        from polignac_tui.ui.screens.table import TableScreen
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            # connected, then the (empty) list: the status says so once the list came
            lobby = await wait(pilot, lambda: lobby_of(app).link and "No table yet" in text_of(
                lobby_of(app).query_one("#lobby-status")) and lobby_of(app), "the empty list")
            await pilot.press("n")
            form = await wait(pilot, lambda: isinstance(app.screen, NewSessionScreen)
                              and app.screen, "the New session screen")
            kinds = [label for label, _ in form.field("seat-kind-1", Select)._options]
            assert "open for a friend" in kinds
            form.field("seat-kind-1", Select).value = "open"
            form.query_one("#session-name").value = "Friday"
            await pilot.pause()
            await pilot.press("ctrl+s")
            info = await wait(pilot, lambda: [t for t in lobby.tables if t.name == "Friday"],
                              "the new table")
            (friday,) = info
            assert friday.state == "waiting" and friday.my_seat == 0
            assert friday.open_seats == [1]
            assert app.screen is lobby
            assert "Press s to start" in text_of(lobby.query_one("#lobby-status"))

            # Bruno, at another terminal (a scripted client), sits at the open seat.
            bruno = await LobbyClient.connect(socket, "local:bruno", "Bruno")
            at_bruno = await bruno.sit(friday.table, 1)
            seen_bruno = Recorder(at_bruno)
            await wait(pilot, lambda: lobby.tables and lobby.tables[0].seats[1].name == "Bruno",
                       "Bruno in the lobby's list")
            assert "2 Bruno" in text_of(lobby.query_one("#table-detail"))

            await pilot.press("s")
            table = await wait(pilot, lambda: isinstance(app.screen, TableScreen)
                               and app.screen, "the table screen")
            client = table.client
            assert client.seats == (0,)
            shown = {b.description for _, b, enabled, _ in table.active_bindings.values()
                     if b.show and enabled}
            assert "Lobby" in shown and "Home" not in shown      # q goes back to the lobby
            # Play on (Bruno scripted) until Anna's turn, then she plays with the keys.
            await drive([at_bruno], lambda: my_turn(client), "Anna's turn", limit=30)
            await pilot.pause()
            before = len(client.view().hand)
            await pilot.press("enter")
            await pilot.pause()
            if len(client.view().hand) == before and table.awaits_me():
                await pilot.press("enter")      # a first Enter on a new lead only chooses
            await wait(pilot, lambda: [e for e in seen_bruno.events()
                                       if isinstance(e, CardPlayed) and e.seat == 0],
                       "Bruno to see Anna's card")
            assert len(client.view().hand) == before - 1
            bruno.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_take_your_seat_back_from_the_lobby(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        from polignac_tui.ui.screens.table import TableScreen
        # Anna's identity already holds a seat at a table in play (her terminal closed).
        first = await LobbyClient.connect(socket, "local:anna", "Anna")
        at = await first.create("Tuesday", classique(), [
            {"kind": "you"}, {"kind": "computer", "name": "Claire", "level": "easy"},
            {"kind": "computer", "name": "Denis", "level": "easy"}], "instant")
        await first.start(at.table, "easy")
        Recorder(at)
        await until(lambda: at.latest is not None, "the first view")
        first.close()

        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).tables and lobby_of(app),
                               "the list")
            assert lobby.tables[0].my_seat == 0
            assert "takes your seat back" in text_of(lobby.query_one("#lobby-status"))
            assert app.active_bindings["enter"].binding.description == "Take your seat back"
            await pilot.press("enter")
            table = await wait(pilot, lambda: isinstance(app.screen, TableScreen)
                               and app.screen, "her table")
            assert table.client.seats == (0,)
            assert table.client.view().names[0] == "Anna"
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_lobby_snapshot(snap_compare, tmp_path: Path) -> None:
    """Two tables: one waiting with a seat open (names with markup shown literally),
    one in play; the first selected."""
    with running_service(tmp_path) as service:
        clients: list[LobbyClient] = []

        async def run_before(pilot: Any) -> None:
            lobby = await wait(pilot, lambda: lobby_of(pilot.app).link and lobby_of(pilot.app),
                               "the connection")
            bruno = await LobbyClient.connect(service.socket, "local:bruno", "[b]Bruno[/b]")
            clients.append(bruno)
            await bruno.create("Friday [red]night", classique(), [
                {"kind": "you"}, {"kind": "open"},
                {"kind": "computer", "name": "Claire", "level": "medium"},
                {"kind": "computer", "name": "Denis", "level": "hard"}], "instant")
            zoe = await LobbyClient.connect(service.socket, "local:zoe", "Zoé")
            clients.append(zoe)
            at_zoe = await zoe.create("Sunday", classique(), SEATS_ONE_OPEN, "instant")
            await zoe.start(at_zoe.table, "easy")
            await wait(pilot, lambda: len(lobby.tables) == 2
                       and lobby.tables[1].state == "playing", "both tables")
            await pilot.pause()

        # The scripted clients stay connected for the picture (they end with its loop).
        assert snap_compare(lobby_app(service.socket), terminal_size=SIZE,
                            run_before=run_before)
        assert len(clients) == 2


def test_a_service_that_stops_and_comes_back(tmp_path: Path) -> None:
    async def main(service: Any) -> None:
        app = lobby_app(service.socket)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).link and lobby_of(app),
                               "the connection")
            service.stop()
            await wait(pilot, lambda: lobby.problem, "the lost connection")
            status = text_of(lobby.query_one("#lobby-status"))
            assert "Connection lost" in status and "Press r" in status
            await pilot.press("r")                 # still nobody there: said so
            await wait(pilot, lambda: lobby.problem and "no table service" in lobby.problem,
                       "no service")
            service.start()
            await pilot.press("r")
            await wait(pilot, lambda: lobby.problem is None and lobby.link is not None
                       and lobby.link.lost is None, "connected again")
            await wait(pilot, lambda: "No table yet" in text_of(
                lobby.query_one("#lobby-status")), "the empty list again")
    with running_service(tmp_path) as service:
        asyncio.run(main(service))


def test_a_friend_sits_from_the_lobby_and_the_table_opens_when_started(tmp_path: Path) -> None:
    async def main(socket: Path) -> None:
        from polignac_tui.ui.screens.table import TableScreen
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        at_anna = await anna.create("Friday", classique(), SEATS_ONE_OPEN, "instant")
        seen_anna = Recorder(at_anna)
        app = lobby_app(socket, name="Bruno", identity="local:bruno")
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).tables and lobby_of(app),
                               "the list")
            await pilot.press("2")                  # seat 2, by its number
            await wait(pilot, lambda: lobby.tables[0].my_seat == 1, "Bruno seated")
            assert "Waiting for Anna to start" in text_of(lobby.query_one("#lobby-status"))
            assert app.screen is lobby
            await anna.start(at_anna.table, "easy")
            table = await wait(pilot, lambda: isinstance(app.screen, TableScreen)
                               and app.screen, "the table screen")
            assert table.client.seats == (1,)
            # Anna (scripted) plays on; Bruno's screen sees her card.
            def anna_card_seen() -> bool:
                played = [e.card for e in seen_anna.events()
                          if isinstance(e, CardPlayed) and e.seat == 0]
                view = table.client.view()
                shown = {c for s, c in view.trick if s == 0}
                shown |= {t.by_seat(len(view.names))[0] for t in view.tricks}
                return bool(played) and played[0] in shown

            await drive([at_anna, table.client], anna_card_seen, "Anna's card at Bruno's",
                        limit=30)
            # Leaving the table comes back to the lobby; the seat stays his.
            await pilot.press("q")
            await wait(pilot, lambda: app.screen is lobby, "back in the lobby")
            await wait(pilot, lambda: lobby.tables and lobby.tables[0].my_seat == 1
                       and lobby.yours_to_take_back(lobby.tables[0]), "his seat kept")
        anna.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_a_number_past_the_seats_says_how_many_there_are(tmp_path: Path) -> None:
    """8 at a table of four: the lobby says the table has 4 seats (never the service's
    refusal naming the table's id), and nobody sits."""
    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        await anna.create("Friday", classique(), SEATS_ONE_OPEN, "instant")
        app = lobby_app(socket, name="Bruno", identity="local:bruno")
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).tables and lobby_of(app),
                               "the list")
            await pilot.press("8")
            said = await wait(pilot, lambda: [str(n.message) for n in app._notifications],
                              "a notice")
            assert said == ["This table has 4 seats."]
            assert lobby.tables[0].my_seat is None
            await pilot.press("2")                  # the open seat is still his to take
            await wait(pilot, lambda: lobby.tables[0].my_seat == 1, "Bruno seated")
        anna.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


async def first_deal_replayed(pilot: Any, table: Any) -> Any:
    """At a game's table (``table``, its screen): s, the first deal chosen in the scores,
    Enter; the replay screen that opens."""
    from polignac_tui.ui.screens.replay import ReplayScreen
    from polignac_tui.ui.widgets.scoresheet import ScoreSheet
    await pilot.press("s")
    sheet = table.query_one(ScoreSheet)
    await wait(pilot, lambda: sheet.full and sheet.chosen == 1, "deal 1 chosen")
    await pilot.press("enter")
    return await wait(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen)
                      and pilot.app.screen, "the replay")


def test_a_finished_deal_replays_from_the_score_table_at_a_served_table(tmp_path: Path) -> None:
    """s then Enter on a finished deal at a served table: the replay opens with the deals
    the service sent (never the deal in play)."""
    async def main(socket: Path) -> None:
        from polignac_tui.games.polignac.tui.scores import ScoreTable
        from polignac_tui.ui.screens.panels import DealOverBox
        from polignac_tui.ui.screens.table import TableScreen
        from polignac_tui.ui.widgets.scoresheet import ScoreSheet
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        at_anna = await anna.create("Friday", classique(), SEATS_ONE_OPEN, "instant")
        Recorder(at_anna)
        app = lobby_app(socket, name="Bruno", identity="local:bruno")
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).tables and lobby_of(app),
                               "the list")
            await pilot.press("2")
            await wait(pilot, lambda: lobby.tables[0].my_seat == 1, "Bruno seated")
            await anna.start(at_anna.table, "easy")
            table = await wait(pilot, lambda: isinstance(app.screen, TableScreen)
                               and app.screen, "the table screen")
            await drive([at_anna, table.client],
                        lambda: table.client.latest.state.waiting == "ready", "deal 1 over",
                        limit=60)
            summary = await wait(pilot, lambda: isinstance(app.screen, DealOverBox)
                                 and app.screen, "deal 1's summary")
            await pilot.press("enter")                      # Bruno is ready
            await wait(pilot, lambda: app.screen is table, "the table on top")
            await drive([at_anna], lambda: table.client.view().deal_number == 2,
                        "the second deal")
            assert summary is not app.screen
            replay = await first_deal_replayed(pilot, table)
            assert isinstance(table.query_one(ScoreSheet), ScoreTable)   # its column
            assert replay.number == 1 and len(replay.session.match.log) == 1
            assert replay.deals == [1]      # the deal sent is over
            await pilot.press("escape")
            await wait(pilot, lambda: app.screen is table, "back at the table")
        anna.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


@pytest.mark.parametrize(("lang", "last"), [("en", "Quit"), ("fr", "Quitter"), ("it", "Esci")])
def test_the_creators_lobby_keeps_its_last_key_on_screen_in_every_language(
        tmp_path: Path, lang: str, last: str) -> None:
    """Seated at the waiting table it created, the creator's lobby offers every key (new,
    watch, start, leave, the club's book, quit; refresh only when the connection is lost;
    not sit, sitting there already): at 80 columns the last one stays whole, and no two
    keys say the same word."""
    async def main(socket: Path) -> None:
        from textual.widgets import Select

        from polignac_tui.ui.chrome import Footer
        from polignac_tui.ui.screens.new_session import NewSessionScreen
        app = lobby_app(socket)
        app.settings = Settings(name="Anna", pace="instant", language=lang)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).link and lobby_of(app),
                               "the connection")
            await pilot.press("n")
            form = await wait(pilot, lambda: isinstance(app.screen, NewSessionScreen)
                              and app.screen, "the New session screen")
            form.field("seat-kind-1", Select).value = "open"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await wait(pilot, lambda: lobby.tables and app.screen is lobby, "the new table")
            await pilot.pause()
            footer = lobby.query_one(Footer)
            shown = [k.description for k in footer.children if getattr(k, "description", None)]
            assert len(shown) == 7, shown       # and the palette
            offered = {b.action for _, b, enabled, _ in lobby.active_bindings.values()
                       if b.show and enabled}
            assert "sit" not in offered and "take_back" not in offered, offered
            keys = [k for k in footer.children if getattr(k, "description", None) == last]
            (palette,) = [k for k in footer.children if getattr(k, "description", None)
                          in ("palette", "comandi")]
            assert keys and keys[-1].region.right <= palette.region.x, shown
            assert len(set(shown)) == len(shown), shown      # no two keys say the same
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))


def test_no_seat_to_take_back_at_a_finished_table() -> None:
    """Found in play: the lobby offered "Take your seat back" at a finished table, and
    Enter then did nothing. A seat of yours at a table in play is offered; not when over."""
    from types import SimpleNamespace

    from polignac_tui.service.client import SeatListing, TableListing
    from polignac_tui.ui.screens.lobby import LobbyScreen

    mine = SeatListing("Anna", "human", None, False, False, True)
    other = SeatListing("Bruno", "computer", "easy", False, True, False)

    def info(state: str) -> TableListing:
        return TableListing("t-1", "polignac", "Friday", "classique", 2, (mine, other), state, 3,
                         "Anna", 0)

    lobby = SimpleNamespace(link=SimpleNamespace(at_table=None))
    assert LobbyScreen.yours_to_take_back(lobby, info("playing"))   # type: ignore[arg-type]
    assert not LobbyScreen.yours_to_take_back(lobby, info("finished"))  # type: ignore[arg-type]


def test_no_sit_offered_at_the_waiting_table_you_sit_at() -> None:
    """Found in play: once her table was created, the lobby's footer still offered "Sit"
    at it, and Enter then did nothing. Sitting there, neither Sit nor Take back is
    offered; watching it, or sitting elsewhere, Sit is."""
    from types import SimpleNamespace

    from polignac_tui.service.client import SeatListing, TableListing
    from polignac_tui.ui.screens.lobby import LobbyScreen

    mine = SeatListing("Anna", "human", None, False, True, True)
    free = SeatListing("", "human", None, True, False, False)
    info = TableListing("t-1", "polignac", "Friday", "classique", 2, (mine, free), "waiting",
                        0, "Anna", 0)

    def sitting(table: str, seats: tuple[int, ...]) -> bool:
        at = SimpleNamespace(table=table, seats=seats, closed=False)
        lobby = SimpleNamespace(link=SimpleNamespace(at_table=at))
        return LobbyScreen.sitting_here(lobby, info)  # type: ignore[arg-type]
    assert sitting("t-1", (0,))
    assert not sitting("t-1", ())          # watching it: the open seat is offered
    assert not sitting("t-2", (0,))        # sitting at another table


def test_b_opens_the_club_s_book_and_h_leaves_the_standings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: the lobby's b opens the host's book (its matches played before the
    service started); the player's own line is marked; h leaves the standings, and
    another player's client then no longer sees them."""
    import os

    from clubtools import PEOPLE, filled_book

    from polignac_tui.ui.screens.club import ClubScreen, LedgerScreen
    filled_book(Path(os.environ["XDG_DATA_HOME"]) / "polignac-tui", monkeypatch)

    async def main(socket: Path) -> tuple[list[str], list[str]]:
        app = lobby_app(socket, "Anna", PEOPLE["Anna"])
        async with app.run_test(size=SIZE) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).link and lobby_of(app),
                               "the lobby")
            shown = {b.action for _, b, enabled, _ in lobby.active_bindings.values()
                     if b.show and enabled}
            assert "book" in shown                   # b is in the Footer
            await pilot.press("b")
            book = await wait(pilot, lambda: isinstance(app.screen, ClubScreen)
                              and app.screen.shown and app.screen, "the standings")
            lines = [s.name + (" (you)" if s.you else "") for s in book.shown.standings]
            await pilot.press("l")
            ledger = await wait(pilot, lambda: isinstance(app.screen, LedgerScreen)
                                and app.screen.debts and app.screen, "the ledger")
            assert any(d.debtor == "Céleste" and d.creditor == "Anna" for d in ledger.debts)
            await pilot.press("escape")
            await pilot.press("h")
            await wait(pilot, lambda: book.hidden is True, "Anna hidden")
            bruno = await LobbyClient.connect(socket, PEOPLE["Bruno"], "Bruno")
            try:
                seen = await bruno.club("polignac", "all")
            finally:
                bruno.close()
            await pilot.press("escape")
            assert app.screen is lobby
        return lines, [s.name for s in seen.standings]
    with running_service(tmp_path) as service:
        lines, bruno_sees = asyncio.run(main(service.socket))
    assert "Anna (you)" in lines and "Bruno" in lines and "Dédé" in lines
    assert "Anna" not in bruno_sees and "Bruno" in bruno_sees



def test_news_heard_while_the_lobby_is_taken_down_draws_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby's connection hears of the tables (or of its loss) on its own task: news
    come between the removal of the screen's widgets and its unmount (which lets the
    connection go) once printed "Task exception was never retrieved … NoMatches '#tables'"
    at a test's end. Delivered there on purpose, it now draws nothing and raises nothing."""
    from polignac_tui.ui.screens.lobby import LobbyScreen
    unmount = LobbyScreen.on_unmount
    heard: list[str] = []
    errors: list[BaseException] = []

    def late_news(self: LobbyScreen) -> None:
        link = self.link
        assert link is not None and link.on_tables is not None and link.on_lost is not None
        heard.append("gone" if not self.query("#tables") else "still there")
        for news in (lambda: link.on_tables(link.tables_seen),     # type: ignore[misc]
                     lambda: link.on_lost("the connection broke")):  # type: ignore[misc]
            try:
                news()
            except Exception as error:      # the old show() at work: recorded, not raised
                errors.append(error)
        unmount(self)
    monkeypatch.setattr(LobbyScreen, "on_unmount", late_news)

    async def main(socket: Path) -> None:
        app = lobby_app(socket)
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot, lambda: lobby_of(app).link and lobby_of(app).offered_keys,
                       "the lobby connected")
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))
    assert heard == ["gone"]            # the news came once the widgets were removed
    assert errors == [], errors
