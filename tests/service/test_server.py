"""The service over its socket: opening, the lobby, sitting, starting, playing, errors."""

from __future__ import annotations

import asyncio
import json
import stat
from typing import Any

import pytest
from polignac_file import load_session

from polignac_tui.service.connection import MAX_ERRORS
from polignac_tui.store import SessionStore

from .helpers import SEATS_2H, Wire, my_move, remove, running_service, short_socket_dir, table_of


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_the_socket_is_private_and_hello_is_answered() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            mode = service.socket_path.stat().st_mode
            assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600
            assert stat.S_IMODE(service.state.folder.stat().st_mode) == 0o700
            wire = await Wire.open(service.socket_path)
            await wire.send({"type": "tables", "id": 1})
            error = await wire.expect("error")
            assert error["code"] == "protocol" and error["id"] == 1
            welcome = await wire.hello("test:anna", "Anna")
            assert welcome["protocol"] == 3 and welcome["name"] == "Anna"
            await wire.send({"type": "tables", "id": 2})
            assert await wire.expect("tables") == {"type": "tables", "id": 2, "tables": []}
            wire.close()
    run(scenario())


def test_another_protocol_version_is_refused_and_disconnected() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            wire = await Wire.open(service.socket_path)
            await wire.send({"type": "hello", "protocol": 1, "identity": "x", "name": "X"})
            assert (await wire.expect("error"))["code"] == "protocol"
            assert (await wire.expect("bye"))["reason"]
            assert await wire.eof()
    run(scenario())


def test_a_table_is_created_seats_are_taken_and_the_creator_starts_it() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            await anna.send({"type": "create", "id": 1, "name": "Friday", "seats": [
                {"kind": "you"}, {"kind": "open"}, {"kind": "open"},
                {"kind": "computer", "name": "Claire", "level": "easy"}], "pace": "instant"})
            table = (await anna.expect("created"))["table"]
            assert (await anna.expect("seated"))["seat"] == 0
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:bruno", "Bruno")
            listed = bruno.messages[-1]["tables"][0]
            assert listed["table"] == table and listed["state"] == "waiting"
            assert listed["game"] == "polignac" and listed["creator"] == "Anna"
            assert [s["open"] for s in listed["seats"]] == [False, True, True, False]
            # names are unique at a table; a taken seat is refused; only the creator starts
            anna2 = await Wire.open(service.socket_path)
            await anna2.hello("test:other-anna", "anna")
            await anna2.send({"type": "sit", "id": 5, "table": table, "seat": 1})
            assert (await anna2.expect("error"))["code"] == "name_taken"
            await bruno.send({"type": "sit", "id": 2, "table": table, "seat": 0})
            assert (await bruno.expect("error"))["code"] == "seat_taken"
            await bruno.send({"type": "sit", "id": 3, "table": table, "seat": 1})
            assert (await bruno.expect("seated"))["seat"] == 1
            await bruno.send({"type": "start", "id": 4, "table": table})
            assert (await bruno.expect("error"))["code"] == "not_allowed"
            await anna.lobby_until(lambda tables: bool(tables)
                                   and tables[0]["seats"][1]["name"] == "Bruno")
            await anna.send({"type": "start", "id": 6, "table": table, "fill": "easy"})
            assert (await anna.expect("started"))["id"] == 6
            update = await anna.update()
            assert update["game"] == "polignac" and update["table"] == table
            assert update["views"][0]["seat"] == 0 and len(update["views"][0]["hand"]) == 8
            assert update["views"][0]["names"] == ["Anna", "Bruno", "Denis", "Claire"]
            seen = await bruno.update()
            assert seen["views"][0]["seat"] == 1
            filled = service.tables[table].game_table.session.match.session.players[2]
            assert filled.kind == "computer" and filled.level == "easy"
            await anna2.send({"type": "tables", "id": 9})
            info = (await anna2.until(lambda m: m.get("id") == 9))["tables"][0]
            assert info["state"] == "playing" and info["deal"] == 1
            for wire in (anna, bruno, anna2):
                wire.close()
    run(scenario())


def test_a_whole_deal_is_played_over_the_socket_and_saved_after_every_action() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]
            table, wires = await table_of(service.socket_path, seats,
                                          ["Anna", "Bruno", "Claire", "Denis"])
            store = SessionStore()
            served = service.tables[table]
            latest: dict[int, dict[str, Any]] = {}
            checked = 0

            async def follow(seat: int, wire: Wire) -> None:
                nonlocal checked
                while True:
                    update = await wire.update()
                    latest[seat] = update
                    view = update["views"][0]
                    if view["deal_number"] == 2 or view["finished"]:
                        return
                    # what the client holds is on disk already (the disk may be ahead:
                    # other clients play on while this one reads)
                    saved = load_session(store, table)
                    shown = (view["deal_number"], sum(len(t["cards"]) for t in view["tricks"])
                             + len(view["trick"]))
                    assert (len(saved.deals), len(saved.deals[-1].plays)) >= shown
                    checked += 1
                    move = my_move(update)
                    if move is not None:
                        await wire.send(move)

            await asyncio.gather(*(follow(s, w) for s, w in enumerate(wires)))
            assert served.game_table.session.match.session.deals[0].over
            assert checked > 32
            for wire in wires:
                wire.close()
    run(scenario())


def test_a_watcher_gets_views_with_no_hand() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            table, wires = await table_of(service.socket_path, SEATS_2H, ["Anna", "Bruno"])
            watcher = await Wire.open(service.socket_path)
            await watcher.hello("test:eve", "Eve")
            await watcher.send({"type": "watch", "id": 1, "table": table})
            await watcher.expect("watching")
            update = await watcher.update()
            assert update["watching"] is True
            assert update["views"][0]["hand"] == [] and update["views"][0]["legal"] == []
            await watcher.send({"type": "play", "seat": 0, "card": "JS"})
            refusal = await watcher.update()
            assert refusal["events"][0]["type"] == "refused"
            for wire in (*wires, watcher):
                wire.close()
    run(scenario())


SEATS_3H = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]


def test_commands_for_another_seat_or_out_of_turn_are_refused_to_that_client_alone() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            table, wires = await table_of(service.socket_path, SEATS_3H,
                                          ["Anna", "Bruno", "Claire"])
            anna = wires[0]
            first = await anna.update(lambda m: all(m["state"]["connected"]))
            view = first["views"][0]
            served = service.tables[table]
            plays = list(served.game_table.session.match.session.deals[-1].plays)
            await anna.send({"type": "play", "seat": 1, "card": view["hand"][0]})
            refusal = await anna.update(lambda m: bool(m["events"]))
            assert refusal["events"] == [{"type": "refused", "reason": "that seat is not yours",
                                          "rule": "not_your_seat"}]
            idle = next(s for s in range(3) if s != view["turn"])
            hand = (await wires[idle].now(lambda m: True))["views"][0]
            await wires[idle].send({"type": "play", "seat": idle, "card": hand["hand"][0]})
            again = await wires[idle].update(
                lambda m: any(e["type"] == "refused" for e in m["events"]))
            assert again["events"][0]["rule"] == "not_your_turn"
            assert list(served.game_table.session.match.session.deals[-1].plays) == plays
            for wire in wires:
                before = len(wire.messages)
                await wire.send({"type": "tables", "id": 77})
                await wire.until(lambda m: m.get("id") == 77)
                others = wire.messages[before:-1]
                assert not any(e["type"] == "refused" for m in others
                               for e in m.get("events", []))
            for wire in wires:
                wire.close()
    run(scenario())


def test_a_client_that_keeps_misbehaving_is_sent_away() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            wire = await Wire.open(service.socket_path)
            await wire.hello("test:x", "X")
            for _ in range(MAX_ERRORS):
                await wire.send_raw(b"{broken\n")
            errors = [m for m in wire.messages if m["type"] == "error"]
            bye = await wire.expect("bye")
            errors = [m for m in wire.messages if m["type"] == "error"]
            assert len(errors) == MAX_ERRORS and "20" in bye["reason"]
            assert await wire.eof()
            other = await Wire.open(service.socket_path)
            await other.hello("test:y", "Y")
            other.close()
    run(scenario())


def test_a_line_too_long_is_skipped_to_its_end() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            wire = await Wire.open(service.socket_path)
            await wire.hello("test:x", "X")
            await wire.send_raw(b'{"type": "tables", "x": "' + b"y" * 200_000 + b'"}\n')
            assert (await wire.expect("error"))["code"] == "too_long"
            await wire.send({"type": "tables", "id": 4})
            assert (await wire.expect("tables"))["id"] == 4
            wire.close()
    run(scenario())


def test_leaving_a_waiting_table_frees_a_friends_seat_and_a_hint_is_answered() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            await anna.send({"type": "create", "seats": SEATS_2H, "pace": "instant"})
            table = (await anna.expect("created"))["table"]
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:bruno", "Bruno")
            await bruno.send({"type": "sit", "table": table, "seat": 1})
            await bruno.expect("seated")
            await bruno.send({"type": "leave", "id": 3})
            assert (await bruno.expect("left"))["id"] == 3
            listed = (await bruno.expect("tables"))["tables"][0]
            assert listed["seats"][1]["open"] is True
            await anna.send({"type": "start", "table": table})
            await anna.expect("started")
            update = await anna.update(lambda m: m["views"][0]["turn"] == 0
                                       and m["state"]["waiting"] in ("card", "generale"))
            await anna.send({"type": "hint", "id": 11, "seat": 0})
            hint = await anna.expect("hint", timeout=30)
            assert hint["id"] == 11 and hint["hint"]["card"] in update["views"][0]["legal"]
            anna.close()
            bruno.close()
    run(scenario())


def test_messages_before_the_table_and_unknown_tables_are_errors() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            wire = await Wire.open(service.socket_path)
            await wire.hello("test:x", "X")
            await wire.send({"type": "play", "seat": 0, "card": "JS"})
            assert (await wire.expect("error"))["code"] == "not_seated"
            await wire.send({"type": "sit", "id": 2, "table": "nope", "seat": 0})
            error = await wire.expect("error")
            assert error["code"] == "no_table" and error["id"] == 2
            await wire.send({"type": "hello", "protocol": 3, "identity": "a", "name": "A"})
            assert (await wire.expect("error"))["code"] == "not_allowed"
            wire.close()
    run(scenario())


def test_every_line_is_json() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            _, wires = await table_of(service.socket_path, SEATS_2H, ["Anna", "Bruno"])
            await wires[0].update()
            for line in bytes(wires[0].raw).splitlines():
                assert isinstance(json.loads(line), dict)
            for wire in wires:
                wire.close()
    run(scenario())


def test_two_people_of_one_account_are_told_apart_by_their_names() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("local:1000", "Anna")
            await anna.send({"type": "create", "seats": SEATS_2H, "pace": "instant"})
            table = (await anna.expect("created"))["table"]
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("local:1000", "Bruno")
            assert [s["yours"] for s in bruno.messages[-1]["tables"][0]["seats"]] == [
                False, False, False]
            await bruno.send({"type": "sit", "table": table, "seat": 1})
            assert (await bruno.expect("seated"))["seat"] == 1
            await bruno.send({"type": "start", "id": 1, "table": table})
            assert (await bruno.expect("error"))["code"] == "not_allowed"
            # Anna at a second terminal takes her seat over: the first one is sent away
            again = await Wire.open(service.socket_path)
            await again.hello("local:1000", "anna")
            await again.send({"type": "sit", "table": table, "seat": 0})
            assert (await again.expect("seated"))["seat"] == 0
            assert (await anna.expect("bye"))["reason"]
            await again.send({"type": "start", "id": 2, "table": table})
            assert (await again.expect("started"))["id"] == 2
            for wire in (anna, bruno, again):
                wire.close()
    run(scenario())


def test_an_absent_seat_is_handed_to_a_computer_and_taken_back() -> None:
    async def scenario() -> None:
        async with running_service(hand_over_after=0.0) as service:
            table, (anna, bruno) = await table_of(service.socket_path, SEATS_2H,
                                                  ["Anna", "Bruno"])
            bruno.close()
            gone = await anna.update(lambda m: {"type": "seat_gone", "seat": 1} in m["events"])
            assert gone["state"]["gone_for"][1] is not None
            await anna.send({"type": "hand_over", "seat": 1})
            stand_in = await anna.update(lambda m: any(e["type"] == "stand_in"
                                                       for e in m["events"]))
            assert {"type": "stand_in", "seat": 1, "level": "hard"} in stand_in["events"]
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:Bruno", "Bruno")
            await bruno.send({"type": "sit", "table": table, "seat": 1})
            await bruno.expect("seated")
            back = await anna.update(lambda m: {"type": "stand_in", "seat": 1, "level": None}
                                     in m["events"])
            assert back["state"]["stand_ins"][1] is None
            anna.close()
            bruno.close()
    run(scenario())


def test_a_seat_is_handed_over_only_after_the_delay() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            _, (anna, bruno) = await table_of(service.socket_path, SEATS_2H, ["Anna", "Bruno"])
            bruno.close()
            await anna.update(lambda m: {"type": "seat_gone", "seat": 1} in m["events"])
            await anna.send({"type": "hand_over", "seat": 1})
            refusal = await anna.update(lambda m: any(e["type"] == "refused"
                                                      for e in m["events"]))
            assert "wait" in refusal["events"][0]["reason"]
            assert refusal["state"]["hand_over_after"] == 120.0
            anna.close()
    run(scenario())


def test_a_bug_in_a_handler_is_an_error_to_that_client_not_a_dead_service(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from polignac_tui.service.requests import HANDLERS

    def broken(*args: object) -> None:
        raise KeyError("oops")

    async def scenario() -> None:
        async with running_service() as service:
            monkeypatch.setitem(HANDLERS, "tables", broken)
            wire = await Wire.open(service.socket_path)
            await wire.hello("test:x", "X")
            await wire.send({"type": "tables", "id": 3})
            error = await wire.expect("error")
            assert error["id"] == 3 and "oops" in error["message"]
            await wire.send({"type": "watch", "id": 4, "table": "none"})
            assert (await wire.expect("error"))["code"] == "no_table"
            wire.close()
    run(scenario())


def test_the_default_socket_folder_is_made_private(monkeypatch: pytest.MonkeyPatch) -> None:
    from polignac_tui.service.paths import default_socket
    runtime = short_socket_dir()
    (runtime / "polignac-tui").mkdir(mode=0o755)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))

    async def scenario() -> None:
        async with running_service(runtime / "polignac-tui", socket_name="service.sock") as service:
            assert service.socket_path == default_socket()
            assert stat.S_IMODE(service.socket_path.parent.stat().st_mode) == 0o700
            assert stat.S_IMODE(service.socket_path.stat().st_mode) == 0o600
    try:
        run(scenario())
    finally:
        remove(runtime)


def test_many_clients_arriving_at_once_are_all_welcomed() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            async def one(index: int) -> Wire:
                wire = await Wire.open(service.socket_path)
                await wire.hello(f"test:{index}", f"P{index}")
                return wire
            wires = await asyncio.gather(*(one(i) for i in range(300)))
            assert all(w.messages[0]["type"] == "welcome" for w in wires)
            for wire in wires:
                wire.close()
    run(scenario())


def test_a_lobby_client_that_does_not_read_is_not_buried_in_lists(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from polignac_tui.service import broadcast
    from polignac_tui.service.broadcast import LOBBY_BACKLOG
    monkeypatch.setattr(broadcast, "LOBBY_DELAY", 0.0)        # a list after every change

    async def scenario() -> None:
        # one maker makes all 150 tables: the limit of waiting tables a player has is lifted
        async with running_service(max_waiting_per_player=150) as service:
            idle = await Wire.open(service.socket_path)
            await idle.hello("test:idle", "Idle")          # then it stops reading
            maker = await Wire.open(service.socket_path)
            await maker.hello("test:maker", "Maker")
            name = "n" * 40
            for index in range(150):
                await maker.send({"type": "create", "id": index, "name": name,
                                  "seats": SEATS_2H})
                await maker.expect("created")      # (the next create leaves it, open)
            server_side = next(c for c in service.clients if c.identity == "test:idle")
            assert server_side.backlog() <= LOBBY_BACKLOG + 100 * 1024   # one list more
            assert not server_side.closed
            # it reads at last: the newest list comes, with every table
            await idle.lobby_until(lambda tables: len(tables) == 150, timeout=30)
            idle.close()
            maker.close()
    run(scenario())
