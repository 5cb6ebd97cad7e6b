"""A seat handed to a computer after its player left: ``serve`` marks it in the seats it
keeps, and the book counts the match as a loss for the one who left."""

from __future__ import annotations

import asyncio
from typing import Any

from service.helpers import Wire, play_game_out, running_service

from polignac_tui.club.journal import SeatsFile
from polignac_tui.service.paths import service_folder

from .helpers import club_book

TWO_PEOPLE = [{"kind": "you"}, {"kind": "open"}]


async def two_at(path: Any) -> tuple[str, Wire, Wire]:
    anna = await Wire.open(path)
    await anna.hello("test:anna", "Anna")
    await anna.send({"type": "create", "id": 1, "game": "ecarte", "seats": TWO_PEOPLE,
                     "pace": "instant", "settings": {"preset": "classique", "target": 3}})
    table = (await anna.expect("created"))["table"]
    await anna.expect("seated")
    bruno = await Wire.open(path)
    await bruno.hello("test:bruno", "Bruno")
    await bruno.send({"type": "sit", "id": 2, "table": table, "seat": 1})
    await bruno.expect("seated")
    await anna.send({"type": "start", "id": 3, "table": table})
    await anna.expect("started")
    return table, anna, bruno


def test_the_one_who_left_a_seat_to_a_computer_ranks_last() -> None:
    async def scenario() -> str:
        async with running_service(hand_over_after=0.0) as service:
            table, anna, bruno = await two_at(service.socket_path)
            await anna.now(lambda m: all(m["state"]["connected"]))
            bruno.close()
            await anna.update(lambda m: {"type": "seat_gone", "seat": 1} in m["events"])
            await anna.send({"type": "hand_over", "seat": 1})
            await play_game_out(anna)
            anna.close()
        return table

    table = asyncio.run(asyncio.wait_for(scenario(), 120))
    line = SeatsFile(service_folder()).read()[table]
    assert [(s.identity, s.left) for s in line] == [("test:anna", False), ("test:bruno", True)]
    (match,) = club_book().matches()
    assert [(s.name, s.left, s.rank) for s in match.seats] == [("Anna", False, 1),
                                                               ("Bruno", True, 2)]
