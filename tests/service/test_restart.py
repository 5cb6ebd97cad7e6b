"""Stopped cleanly and started again, the service brings every table back where it was;
while it runs, each table holds its session's lock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from polignac_tui.service.paths import service_folder
from polignac_tui.service.state import ServiceState, StateError
from polignac_tui.store import SessionLocked, SessionStore

from .helpers import Wire, running_service, short_socket_dir, table_of

SEATS_3H = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]
NAMES = ["Anna", "Bruno", "Claire"]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


async def play_cards(service: Any, table: str, wires: list[Wire], count: int
                     ) -> dict[str, Any]:
    """``count`` cards played by the humans to move (each its first legal card), every
    wire reading up to the update that shows it; the last update of the last player."""
    session = service.tables[table].game_table
    update: dict[str, Any] = {}
    for _ in range(count):
        seat = session.session.match.turn
        card = session.session.match.session.view(seat).legal[0]
        await wires[seat].send({"type": "play", "seat": seat, "card": card})
        for index, wire in enumerate(wires):
            played = {"type": "card_played", "seat": seat, "card": card}
            got = await wire.update(lambda m, p=played: p in m["events"])
            if index == seat:
                update = got
    return update


def test_tables_come_back_after_a_clean_stop_at_the_same_point() -> None:
    async def scenario() -> None:
        folder = short_socket_dir()
        store = SessionStore()
        async with running_service(folder) as service:
            table, wires = await table_of(service.socket_path, SEATS_3H, NAMES)
            for wire in wires:
                await wire.update(lambda m: all(m["state"]["connected"]))
            last = await play_cards(service, table, wires, 4)            # one trick and one card
            view = last["views"][0]
            assert len(view["trick"]) == 1
            with pytest.raises(SessionLocked):
                store.lock(table)                        # held while the service runs it
            # a waiting table is remembered too
            dora = await Wire.open(service.socket_path)
            await dora.hello("test:dora", "Dora")
            await dora.send({"type": "create", "name": "Later", "seats": SEATS_3H})
            waiting = (await dora.expect("created"))["table"]
            plays = list(service.tables[table].game_table.session.match.session.deals[-1].plays)
        for wire in (*wires, dora):
            assert await wire.eof()                      # sent away when it stopped
            assert wire.messages[-1] == {"type": "bye", "reason": "the service is stopping"}
        store.lock(table).release()                      # the lock was released
        async with running_service(folder) as service:
            assert set(service.tables) == {table, waiting}
            assert service.tables[waiting].state == "waiting"
            served = service.tables[table]
            assert served.state == "playing"
            assert list(served.game_table.session.match.session.deals[-1].plays) == plays
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:Bruno", "Bruno")
            info = next(t for t in bruno.messages[-1]["tables"] if t["table"] == table)
            assert [s["yours"] for s in info["seats"]] == [False, True, False]
            assert [s["connected"] for s in info["seats"]] == [False, False, False]
            await bruno.send({"type": "sit", "id": 1, "table": table, "seat": 1})
            await bruno.expect("seated")
            update = await bruno.update()
            again = update["views"][0]
            assert again["trick"] == view["trick"] and again["tricks"] == view["tricks"]
            assert update["state"]["connected"] == [False, True, False]
            with pytest.raises(SessionLocked):
                store.lock(waiting)                      # its id stays reserved
            bruno.close()
    run(scenario())


def test_a_stranger_cannot_take_a_bound_seat_after_a_restart() -> None:
    async def scenario() -> None:
        folder = short_socket_dir()
        async with running_service(folder) as service:
            table, _ = await table_of(service.socket_path, SEATS_3H, NAMES)
        async with running_service(folder) as service:
            eve = await Wire.open(service.socket_path)
            await eve.hello("test:eve", "Eve")
            await eve.send({"type": "sit", "id": 1, "table": table, "seat": 1})
            assert (await eve.expect("error"))["code"] == "seat_taken"
            eve.close()
    run(scenario())


def test_a_damaged_state_file_is_set_aside_not_lost() -> None:
    state = ServiceState(service_folder())
    state.prepare()
    state.path.write_text("{broken", encoding="utf-8")
    with pytest.raises(StateError, match="moved to"):
        state.load()
    assert state.path.with_name("state.json.damaged").read_text() == "{broken"
    assert state.load() == []


def test_a_second_service_on_the_same_data_is_refused() -> None:
    async def scenario() -> None:
        from polignac_tui.service.server import Service, ServiceError
        async with running_service() as service:
            other = Service(short_socket_dir() / "s.sock", workers=1, log=lambda m: None)
            with pytest.raises(ServiceError, match="another polignac-tui serve"):
                await other.start()
            second = Service(service.socket_path, workers=1, log=lambda m: None)
            with pytest.raises(ServiceError):
                await second.start()
    run(scenario())
