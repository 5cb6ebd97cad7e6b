"""Saving off the event loop: an update leaves only once its action is on disk, the loop
serves everyone meanwhile, and a failed write is told to every client."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from polignac_file import load_session

from polignac_tui.service import saver
from polignac_tui.store import SessionStore

from .helpers import running_service, table_of

SEATS_3H = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]


def test_an_update_waits_for_its_write_while_the_loop_serves_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real = saver._write

    def slow_write(path: Path, data: bytes) -> None:
        release.wait(30)
        real(path, data)

    async def scenario() -> None:
        async with running_service() as service:
            table, wires = await table_of(service.socket_path, SEATS_3H,
                                          ["Anna", "Bruno", "Claire"])
            for wire in wires:
                await wire.now(lambda m: all(m["state"]["connected"]))
            session = service.tables[table].game_table
            monkeypatch.setattr(saver, "_write", slow_write)
            seat = session.session.match.turn
            card = session.session.match.session.view(seat).legal[0]
            await wires[seat].send({"type": "play", "seat": seat, "card": card})
            other = wires[(seat + 1) % 3]
            before = len(other.messages)
            await other.send({"type": "tables", "id": 8})
            await other.until(lambda m: m.get("id") == 8)     # the loop answers at once
            assert not any(m["type"] == "update" for m in other.messages[before:])
            assert session.writing
            release.set()
            played = await other.update(lambda m: any(e["type"] == "card_played"
                                                      for e in m["events"]))
            assert played["events"][0] == {"type": "card_played", "seat": seat, "card": card}
            assert load_session(SessionStore(), table).deals[-1].plays == [card]
            for wire in wires:
                wire.close()
    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_failed_write_is_told_until_a_write_succeeds(monkeypatch: pytest.MonkeyPatch) -> None:
    real = saver._write

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    async def play(service: Any, table: str, wires: list[Any]) -> dict[str, Any]:
        session = service.tables[table].game_table
        seat = session.session.match.turn
        card = session.session.match.session.view(seat).legal[0]
        await wires[seat].send({"type": "play", "seat": seat, "card": card})
        return await wires[0].update(lambda m: any(e["type"] == "card_played"
                                                   for e in m["events"]))

    async def scenario() -> None:
        async with running_service() as service:
            table, wires = await table_of(service.socket_path, SEATS_3H,
                                          ["Anna", "Bruno", "Claire"])
            await wires[0].now(lambda m: all(m["state"]["connected"]))
            monkeypatch.setattr(saver, "_write", full_disk)
            await play(service, table, wires)                 # this write fails...
            told = await play(service, table, wires)          # ...and the next save says so
            assert any(e["type"] == "save_failed" and "No space left" in e["problem"]
                       for e in told["events"])
            assert "No space left" in told["state"]["unsaved"]
            monkeypatch.setattr(saver, "_write", real)
            await play(service, table, wires)                 # this one is written
            again = await play(service, table, wires)
            assert {"type": "saved"} in again["events"]
            assert again["state"]["unsaved"] is None
            assert len(load_session(SessionStore(), table).deals[-1].plays) >= 3
            for wire in wires:
                wire.close()
    asyncio.run(asyncio.wait_for(scenario(), 60))
