"""A seat handed to a computer after its player left: ``serve`` marks it in the seats it
keeps, and the book counts the match as a loss for the one who left."""

from __future__ import annotations

import asyncio

from service.helpers import play_game_out, running_service
from service.test_game_tables import two_at

from polignac_tui.club.journal import SeatsFile
from polignac_tui.service.paths import service_folder

from .helpers import club_book


def test_the_one_who_left_a_seat_to_a_computer_ranks_last() -> None:
    async def scenario() -> str:
        async with running_service(hand_over_after=0.0) as service:
            table, anna, bruno = await two_at(service.socket_path, "ecarte", settings={
                "preset": "classique", "target": 3})
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
