"""Faults with real processes: a client killed with SIGKILL mid-trick, the service
killed with SIGKILL mid-trick, the service stopped with SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from polignac_file import load_session

from polignac_tui.store import SessionStore

from .helpers import (
    Wire,
    engine_of,
    remove,
    running_service,
    serve_process,
    short_socket_dir,
    xdg_env,
)

SEATS_3H = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]
CHILD = Path(__file__).with_name("client_child.py")


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 120))


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux)."""
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(word) for word in text.split()]


def latest(wire: Wire) -> dict[str, Any]:
    return [m for m in wire.messages if m["type"] == "update"][-1]


async def play_one(wires: dict[int, Wire], store_turn: int, card: str) -> None:
    await wires[store_turn].send({"type": "play", "seat": store_turn, "card": card})
    for wire in wires.values():
        await wire.update(lambda m: {"type": "card_played", "seat": store_turn,
                                     "card": card} in m["events"])


def test_a_client_killed_mid_trick_leaves_its_seat_gone_and_comes_back_to_it() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:Anna", "Anna")
            await anna.send({"type": "create", "seats": SEATS_3H, "pace": "instant"})
            table = (await anna.expect("created"))["table"]
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:Bruno", "Bruno")
            await bruno.send({"type": "sit", "table": table, "seat": 1})
            await bruno.expect("seated")
            child = subprocess.Popen([sys.executable, str(CHILD), str(service.socket_path),
                                      "test:Claire", "Claire", table, "2"],
                                     stdout=subprocess.PIPE)
            await anna.lobby_until(lambda tables: bool(tables)
                                   and tables[0]["seats"][2]["name"] == "Claire")
            await anna.send({"type": "start", "table": table})
            await anna.expect("started")
            assert child.stdout is not None
            line = await asyncio.get_running_loop().run_in_executor(None, child.stdout.readline)
            assert line == b"seated\n"
            session = engine_of(service.tables[table])
            wires = {0: anna, 1: bruno}
            for wire in wires.values():
                await wire.update(lambda m: all(m["state"]["connected"]))
            # play until it is Claire's turn in the middle of a trick
            for _ in range(30):
                seat = session.session.turn
                if seat == 2 and session.session.deals[-1].current:
                    break
                if seat == 2:            # Claire leads: her process plays
                    for wire in wires.values():
                        await wire.update(lambda m: any(e["type"] == "card_played"
                                                        and e["seat"] == 2 for e in m["events"]))
                    continue
                await play_one(wires, seat, session.view(seat).legal[0])
            assert session.session.turn == 2 and session.session.deals[-1].current
            before = list(session.session.deals[-1].plays)
            child.send_signal(signal.SIGKILL)
            child.wait()
            gone = await anna.update(lambda m: {"type": "seat_gone", "seat": 2} in m["events"])
            assert gone["state"]["connected"] == [True, True, False]
            assert gone["state"]["gone_for"][2] is not None
            assert gone["state"]["waiting"] == "absent"
            # Claire comes back with the same identity: her seat, the same trick
            claire = await Wire.open(service.socket_path)
            await claire.hello("test:Claire", "Claire")
            info = claire.messages[-1]["tables"][0]
            assert info["seats"][2]["yours"] is True and info["seats"][2]["connected"] is False
            await claire.send({"type": "sit", "id": 4, "table": table, "seat": 2})
            await claire.expect("seated")
            back = await claire.update()
            assert back["views"][0]["turn"] == 2 and back["state"]["waiting"] == "card"
            assert len(back["views"][0]["trick"]) == len(before) % 3
            assert list(session.session.deals[-1].plays) == before
            await anna.update(lambda m: {"type": "seat_connected", "seat": 2} in m["events"])
            for wire in (anna, bruno, claire):
                wire.close()
    run(scenario())


def test_the_service_killed_mid_trick_comes_back_with_every_table() -> None:
    async def scenario(base: Path) -> None:
        env = xdg_env(base)
        path = base / "s.sock"
        service = serve_process(path, env)
        try:
            anna = await Wire.open(path)
            await anna.hello("test:Anna", "Anna")
            await anna.send({"type": "create", "seats": [{"kind": "you"}, {"kind": "open"}, {
                "kind": "computer", "level": "easy"}], "pace": "instant"})
            table = (await anna.expect("created"))["table"]
            bruno = await Wire.open(path)
            await bruno.hello("test:Bruno", "Bruno")
            await bruno.send({"type": "sit", "table": table, "seat": 1})
            await bruno.expect("seated")
            await anna.send({"type": "start", "table": table})
            await anna.expect("started")
            wires = {0: anna, 1: bruno}
            # play until the trick in play holds a card and it is a human's turn
            last: dict[int, dict[str, Any]] = {}
            for _ in range(60):
                for seat, wire in wires.items():
                    last[seat] = await wire.now(lambda m: m["views"][0]["turn"] in (0, 1)
                                                and m["state"]["waiting"] == "card")
                view = last[0]["views"][0]
                if view["trick"] and len(view["tricks"]) >= 1:
                    break
                turn = view["turn"]
                mine = last[turn]["views"][0]
                await wires[turn].send({"type": "play", "seat": turn, "card": mine["legal"][0]})
                for wire in wires.values():
                    await wire.update(lambda m, t=turn: any(
                        e["type"] == "card_played" and e["seat"] == t for e in m["events"]))
            shown = last[0]["views"][0]
            assert shown["trick"], "never reached the middle of a trick"
            workers = children(service.pid)
            assert workers, "the computers think in worker processes"
            service.send_signal(signal.SIGKILL)
            service.wait()
            for wire in wires.values():
                assert await wire.eof()
            # its workers end with it
            deadline = time.monotonic() + 10
            while any(Path(f"/proc/{pid}").exists() for pid in workers):
                assert time.monotonic() < deadline, "worker processes outlived the service"
                await asyncio.sleep(0.05)
            # started again: the table is back at the same point (at most the last action
            # lost), its seats waiting for their owners
            service = serve_process(path, env)
            anna = await Wire.open(path)
            await anna.hello("test:Anna", "Anna")
            info = anna.messages[-1]["tables"][0]
            assert info["table"] == table and info["state"] == "playing"
            assert [s["connected"] for s in info["seats"]] == [False, False, True]
            await anna.send({"type": "sit", "table": table, "seat": 0})
            await anna.expect("seated")
            back = (await anna.update())["views"][0]
            assert back["tricks"] == shown["tricks"]
            assert back["trick"] == shown["trick"] or back["trick"] == shown["trick"][:-1]
            assert back["hand"] == shown["hand"] or len(back["hand"]) == len(shown["hand"]) + 1
            anna.close()
            for wire in wires.values():
                wire.close()
        finally:
            service.kill()
            service.wait()

    base = short_socket_dir()
    try:
        run(scenario(base))
    finally:
        remove(base)


def test_sigterm_stops_the_service_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(base: Path) -> tuple[str, subprocess.Popen[bytes]]:
        path = base / "s.sock"
        service = serve_process(path, xdg_env(base))
        anna = await Wire.open(path)
        await anna.hello("test:Anna", "Anna")
        await anna.send({"type": "create", "seats": SEATS_3H})
        table = (await anna.expect("created"))["table"]
        await anna.send({"type": "start", "table": table})
        await anna.expect("started")
        await anna.update()
        service.send_signal(signal.SIGTERM)
        assert await anna.eof()
        assert anna.messages[-1] == {"type": "bye", "reason": "the service is stopping"}
        return table, service

    base = short_socket_dir()
    try:
        table, service = run(scenario(base))
        _, err = service.communicate(timeout=30)
        assert service.returncode == 0, err.decode()
        assert b"stopped; every table is saved" in err
        assert not (base / "s.sock").exists()
        monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
        store = SessionStore()
        store.lock(table).release()          # the lock was released
        assert len(load_session(store, table).deals) == 1
    finally:
        remove(base)
