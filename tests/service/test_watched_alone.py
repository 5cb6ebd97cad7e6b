"""Watchers do not keep a waiting table: when its last seated person leaves it (the
creator, nobody else's seat) it closes at once as an empty one does, and the 30 minutes'
sweep closes one nobody sits at even while someone watches. Each watcher is told
(``closed``, with the table's name) and is back in the lobby; a table where a friend
still sits stays, its watchers untold."""

from __future__ import annotations

from typing import Any

from polignac_tui.service.server import Service

from .helpers import Wire, running_service
from .test_limits import FRIENDS, create, run


async def person(service: Service, name: str) -> Wire:
    wire = await Wire.open(service.socket_path)
    await wire.hello(f"test:{name.lower()}", name)
    return wire


async def watch(wire: Wire, table: str, id_: int) -> None:
    await wire.send({"type": "watch", "id": id_, "table": table})
    await wire.expect("watching")


def at_table(service: Service, name: str) -> Any:
    """The table the service holds ``name``'s connection at (None: the lobby)."""
    return next(c.table for c in service.clients if c.name == name)


def closed_told(wire: Wire) -> list[dict[str, Any]]:
    return [m for m in wire.messages if m["type"] == "closed"]


def test_the_creator_leaving_with_only_watchers_left_closes_the_table() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            anna = await person(service, "Anna")
            table = (await create(anna, 1))["table"]
            await anna.expect("seated")
            name = service.tables[table].name
            bruno, chloe, denis = [await person(service, n) for n in ("Bruno", "Chloe", "Denis")]
            await watch(bruno, table, 2)
            await watch(chloe, table, 2)
            await anna.send({"type": "leave", "id": 3})
            await anna.expect("left")
            assert table not in service.tables                     # at once, not in 30 min
            for watcher in (bruno, chloe):
                told = await watcher.expect("closed")
                assert told == {"type": "closed", "table": table, "name": name}
                await watcher.lobby_until(lambda tables: tables == [])
            await denis.lobby_until(lambda tables: tables == [])   # every lobby: gone
            assert closed_told(denis) == [] and closed_told(anna) == []
            assert at_table(service, "Bruno") is None and at_table(service, "Chloe") is None
            # back in the lobby: Bruno may create, watch and sit again
            again = (await create(anna, 4))["table"]
            await anna.expect("seated")
            await bruno.send({"type": "sit", "id": 5, "table": again, "seat": 1})
            assert (await bruno.expect("seated"))["table"] == again
            for wire in (anna, bruno, chloe, denis):
                wire.close()
    run(scenario())


def test_a_friend_still_seated_keeps_the_table_and_its_watchers() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            anna = await person(service, "Anna")
            table = (await create(anna, 1))["table"]
            await anna.expect("seated")
            bruno, chloe = await person(service, "Bruno"), await person(service, "Chloe")
            await bruno.send({"type": "sit", "id": 2, "table": table, "seat": 1})
            await bruno.expect("seated")
            await watch(chloe, table, 3)
            await anna.send({"type": "leave", "id": 4})
            await anna.expect("left")
            listed = await chloe.lobby_until(
                lambda tables: bool(tables) and tables[0]["watchers"] == 1
                and not tables[0]["seats"][0]["connected"])
            assert [t["table"] for t in listed] == [table] and table in service.tables
            assert closed_told(chloe) == [] and at_table(service, "Chloe") is not None
            for wire in (anna, bruno, chloe):
                wire.close()
    run(scenario())


def test_the_sweep_closes_a_table_only_watched_and_tells_its_watcher() -> None:
    now = [1000.0]

    async def scenario() -> None:
        async with running_service(clock=lambda: now[0]) as service:
            anna = await person(service, "Anna")
            table = (await create(anna, 1, FRIENDS))["table"]
            await anna.expect("seated")
            bruno = await person(service, "Bruno")
            await watch(bruno, table, 2)
            anna.close()                       # gone without leaving: her seat kept for her
            await bruno.lobby_until(lambda tables: not tables[0]["seats"][0]["connected"])
            now[0] += 29 * 60
            assert service.sweep() == [] and table in service.tables
            now[0] += 60
            assert service.sweep() == [table]        # Bruno watching: closed all the same
            told = await bruno.expect("closed")
            assert told["table"] == table
            await bruno.lobby_until(lambda tables: tables == [])
            assert at_table(service, "Bruno") is None
            bruno.close()
    run(scenario())
