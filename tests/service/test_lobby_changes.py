"""The lobby is told what changed (``tables_changed``), not sent the whole list of tables
at every change of any of them."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .helpers import Wire, running_service

FRIENDS = [{"kind": "you"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 120))


def test_a_change_of_one_table_sends_that_table_alone() -> None:
    now = [0.0]

    async def scenario() -> None:
        async with running_service(clock=lambda: now[0]) as service:
            tables = []
            for player in range(10):                # 30 tables, 3 of each player
                wire = await Wire.open(service.socket_path)
                await wire.hello(f"test:p{player}", f"P{player}")
                for index in range(3):
                    await wire.send({"type": "create", "id": index, "seats": FRIENDS,
                                     "name": f"table {player}-{index}"})
                    tables.append((await wire.expect("created"))["table"])
                wire.close()
            # the creators are gone and the lobby has been told: nothing else is on its way
            deadline = time.monotonic() + 30
            while service.clients or service.lobby_news.timer is not None:
                assert time.monotonic() < deadline, "the creators never left"
                await asyncio.sleep(0.01)
            watcher = await Wire.open(service.socket_path)
            await watcher.hello("test:watcher", "Watcher")
            whole = len(watcher.raw.splitlines()[-1])
            assert len(watcher.messages[-1]["tables"]) == 30
            # Bruno sits at one table: the lobby hears of that table only
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:bruno", "Bruno")
            await bruno.send({"type": "sit", "id": 1, "table": tables[7], "seat": 1})
            await bruno.expect("seated")
            change = await watcher.until(
                lambda m: m["type"] == "tables_changed" and any(
                    t["seats"][1]["name"] == "Bruno" for t in m["tables"]))
            assert [t["table"] for t in change["tables"]] == [tables[7]]
            assert change["gone"] == []
            assert len(watcher.raw.splitlines()[-1]) * 10 < whole
            # Bruno's own entry says the seat is his
            mine = await bruno.lobby_until(lambda ts: any(
                t["table"] == tables[7] and t["seats"][1]["yours"] for t in ts))
            assert len(mine) == 30
            # tables closed: their ids, gone
            bruno.close()
            deadline = time.monotonic() + 30
            while service.tables[tables[7]].members:
                assert time.monotonic() < deadline, "Bruno never left"
                await asyncio.sleep(0.01)
            now[0] += 31 * 60
            closed = service.sweep()
            assert len(closed) == 30
            gone = await watcher.until(lambda m: m["type"] == "tables_changed"
                                       and bool(m["gone"]))
            assert sorted(gone["gone"]) == sorted(closed) and gone["tables"] == []
            # the list built from the changes is the service's list
            assert watcher.lobby() == []
            await watcher.send({"type": "tables", "id": 2})
            assert (await watcher.until(lambda m: m.get("id") == 2))["tables"] == []
            # only tables that changed were ever sent after the first list
            assert all(m["type"] != "tables" for m in watcher.messages[2:-1])
            watcher.close()
    run(scenario())
