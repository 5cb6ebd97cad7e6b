"""Talk over the socket, against a real service: a line reaches its room (the table in play,
or the lobby) and no other, with the speaker's name and seat; lines that are not 1 to 200
printable characters are refused ``say_bad``; a sixth line in 10 s is refused
``say_too_fast`` (not counted as an error); nothing said is ever stored."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from polignac_tui.service.connection import MAX_ERRORS

from .helpers import Wire, running_service, table_of

TWO_AND_A_COMPUTER = [{"kind": "you"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def said(wire: Wire) -> list[dict[str, Any]]:
    """The lines of talk this wire received so far, without their ids."""
    return [{k: v for k, v in m.items() if k != "id"} for m in wire.messages
            if m["type"] == "said"]


async def say(wire: Wire, text: Any, id_: int = 40) -> dict[str, Any]:
    """Say ``text``; the answer (the line back, or a refusal)."""
    await wire.send({"type": "say", "id": id_, "text": text})
    return await wire.until(lambda m: m.get("id") == id_)


async def lobby_wire(path: Path, name: str) -> Wire:
    wire = await Wire.open(path)
    await wire.hello(f"test:{name}", name)
    return wire


def test_a_line_reaches_its_table_or_its_lobby_and_no_other_room() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            path = service.socket_path
            table, (anna, bruno) = await table_of(path, TWO_AND_A_COMPUTER, ["Anna", "Bruno"])
            await anna.update()
            await bruno.update()
            carla = await lobby_wire(path, "Carla")
            await carla.send({"type": "watch", "id": 5, "table": table})
            await carla.expect("watching")
            dora, emil = await lobby_wire(path, "Dora"), await lobby_wire(path, "Emil")

            line = {"type": "said", "table": table, "name": "Anna", "seat": 0,
                    "text": "Bien joué !"}
            back = await say(anna, "Bien joué !", 7)
            assert back == {**line, "id": 7}                 # the speaker's own line back
            assert await bruno.expect("said") == line
            assert await carla.expect("said") == line
            watcher = await say(carla, "[bold]x[/]", 8)      # a watcher: no seat
            assert watcher["seat"] is None and watcher["text"] == "[bold]x[/]"
            assert (await anna.expect("said"))["name"] == "Carla"

            lobby = {"type": "said", "table": None, "name": "Dora", "seat": None,
                     "text": "anyone for a game?"}
            assert await say(dora, "anyone for a game?", 9) == {**lobby, "id": 9}
            assert await emil.expect("said") == lobby
            # Emil's own line comes after whatever he was sent before it: the table's
            # lines never reached the lobby, nor the lobby's the table.
            await say(emil, "me", 10)
            assert [s["text"] for s in said(emil)] == ["anyone for a game?", "me"]
            await dora.until(lambda m: m["type"] == "said" and m["name"] == "Emil")
            assert [s["text"] for s in said(dora)] == ["anyone for a game?", "me"]
            await say(bruno, "and now?", 11)
            assert [s["text"] for s in said(bruno)] == ["Bien joué !", "[bold]x[/]",
                                                       "and now?"]
            for wire in (anna, bruno, carla, dora, emil):
                wire.close()
    run(scenario())


def test_a_line_that_is_not_1_to_200_printable_characters_is_refused_say_bad() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            anna = await lobby_wire(service.socket_path, "Anna")
            bad = ["", " " * 3, "x" * 201, "red \x1b[31m", "two\nlines", "tab\there", 5,
                   None, ["a"]]
            for number, text in enumerate(bad):
                answer = await say(anna, text, 100 + number)
                assert answer["type"] == "error", text
                assert answer["code"] == "say_bad", text
                assert answer["params"] == [["most", 200]]
                assert "1 to 200 printable characters" in answer["message"]
            assert (await say(anna, "é" * 200, 200))["type"] == "said"
            assert not said(anna)[:-1]              # only the good line was said
            # A say_bad counts as an erroneous message, as any malformed one does.
            for number in range(MAX_ERRORS - len(bad)):
                await anna.send({"type": "say", "id": 300 + number, "text": ""})
            assert await anna.eof()
            assert anna.messages[-1]["type"] == "bye"
    run(scenario())


def test_a_sixth_line_in_ten_seconds_is_refused_say_too_fast_and_not_counted() -> None:
    now = [1000.0]

    async def scenario() -> None:
        async with running_service(clock=lambda: now[0]) as service:
            anna = await lobby_wire(service.socket_path, "Anna")
            bruno = await lobby_wire(service.socket_path, "Bruno")
            for number in range(5):
                now[0] += 1.0
                assert (await say(anna, f"line {number}", 10 + number))["type"] == "said"
            now[0] += 5.5                     # the first line was 9.5 s ago
            for number in range(MAX_ERRORS + 5):      # never sent away for it
                answer = await say(anna, "one more", 100 + number)
                assert answer["code"] == "say_too_fast"
                assert answer["params"] == [["count", 5], ["seconds", 10]]
            now[0] += 0.5                     # 10 s after the first: one more line
            assert (await say(anna, "at last", 20))["text"] == "at last"
            assert (await say(anna, "too soon", 21))["code"] == "say_too_fast"
            # Each client has its own count.
            assert (await say(bruno, "me too", 22))["type"] == "said"
            # Bruno heard Anna's six lines and no refused one (read before his own).
            assert [s["text"] for s in said(bruno)] == [
                "line 0", "line 1", "line 2", "line 3", "line 4", "at last", "me too"]
            anna.close()
            bruno.close()
    run(scenario())


def test_nothing_said_is_stored() -> None:
    secret = "the hidden words 7f3a"

    async def scenario() -> None:
        async with running_service() as service:
            table, (anna, bruno) = await table_of(service.socket_path, TWO_AND_A_COMPUTER,
                                                  ["Anna", "Bruno"])
            await say(anna, secret, 7)
            await bruno.until(lambda m: m["type"] == "said")
            await service.tables[table].game_table.flush()
            folders = [Path(os.environ["XDG_DATA_HOME"]), service.state.folder]
            anna.close()
            bruno.close()
        files = [f for folder in folders for f in folder.rglob("*") if f.is_file()]
        assert any(table in f.name for f in files)     # the session file is there
        for file in files:
            assert secret.encode() not in file.read_bytes(), file
    run(scenario())


# -- the screens of `polignac-tui join`, against a `polignac-tui serve` process ------------------


def test_the_lobby_and_the_table_screen_talk_through_the_service(tmp_path: Path) -> None:
    """Bruno (the app) talks in the lobby with Anna (scripted), then at their table; what
    Anna says shows literally in his status area; his sixth line in 10 s is refused by the
    service and said so in his bar."""
    from polignac_tui.service.client import LobbyClient
    from polignac_tui.ui.screens.table import TableScreen
    from polignac_tui.ui.widgets.talk import TalkBar

    from .lobbytools import SEATS_ONE_OPEN, classique, running_service, until
    from .test_lobby import lobby_app, lobby_of, text_of, wait

    async def main(socket: Path) -> None:
        anna = await LobbyClient.connect(socket, "local:anna", "Anna")
        app = lobby_app(socket, name="Bruno", identity="local:bruno")
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = await wait(pilot, lambda: lobby_of(app).link and lobby_of(app),
                               "the connection")
            bar = lobby.query_one(TalkBar)
            await wait(pilot, lambda: bar.room.listener == bar.heard, "the bar mounted")
            await anna.say("hello [b]lobby[/b]")
            await wait(pilot, lambda: bar.has_class("-note"), "Anna's line in the lobby")
            assert text_of(bar.query_one("#talk-note")).strip() == "Anna: hello [b]lobby[/b]"
            await pilot.press("apostrophe", *"hi", "enter")
            heard = await until(lambda: [s for s in anna.lobby_talk.lines
                                         if s.name == "Bruno"], "Bruno's line at Anna's")
            assert (heard[0].text, heard[0].seat) == ("hi", None)
            assert app.screen is lobby            # Enter said the line; it sat nowhere

            at_anna = await anna.create("Friday", classique(), SEATS_ONE_OPEN, "instant")
            await wait(pilot, lambda: lobby.tables, "the table")
            await pilot.press("2")                # Bruno sits at seat 2
            await wait(pilot, lambda: lobby.tables[0].my_seat == 1, "Bruno seated")
            await anna.start(at_anna.table, "easy")
            table = await wait(pilot, lambda: isinstance(app.screen, TableScreen)
                               and app.screen, "the table screen")
            await until(lambda: at_anna.latest is not None, "Anna at the table")
            shown = {b.action for _, b, enabled, _ in table.active_bindings.values()
                     if b.show and enabled}
            assert "talk" in shown           # two people: no Undo, room for Talk at 80
            at_bar = table.query_one(TalkBar)
            await wait(pilot, lambda: at_bar.room.listener == at_bar.heard, "the bar mounted")
            await at_anna.say("[red]Bonne chance[/red]")
            await wait(pilot, lambda: at_bar.has_class("-note"), "Anna's line at the table")
            assert text_of(at_bar.query_one("#talk-note")).strip() == \
                "Anna: [red]Bonne chance[/red]"
            await pilot.press("apostrophe", "4")          # a quick phrase, seat 2's
            heard = await until(lambda: list(at_anna.talk.lines)[1:], "Bruno's phrase")
            assert (heard[0].name, heard[0].seat, heard[0].text) == ("Bruno", 1, "Good luck")
            assert not [s for s in anna.lobby_talk.lines if s.text == "Good luck"]
            for _line in range(6):      # six lines at once: the last at least is refused
                await pilot.press("apostrophe", "5")
            await wait(pilot, lambda: at_bar.has_class("-error"), "the refusal")
            assert "At most 5 lines in 10 seconds" in text_of(at_bar.query_one("#talk-note"))
        anna.close()
    with running_service(tmp_path) as service:
        asyncio.run(main(service.socket))
