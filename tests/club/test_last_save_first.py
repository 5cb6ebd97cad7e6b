"""A finished table leaves the service's state only once its last save is on disk: a
kill -9 between the two finds the table again at the restart (its file read as it is),
never a match forgotten while its file still says it goes on."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from service.helpers import running_service

from polignac_tui.service import saver

from .play import match

LIMIT = 60.0


async def until(what: str, test: Any) -> None:
    deadline = time.monotonic() + LIMIT
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {LIMIT:.0f} s for {what}")
        await asyncio.sleep(0.01)


def test_a_finished_table_stays_in_the_state_until_its_last_save_lands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    held = threading.Event()
    writing_end = threading.Event()
    real_write = saver._write
    served: list[dict[str, Any]] = []         # the service's tables, once it runs

    def write(path: Path, data: bytes) -> None:
        if any(t.game_table is not None and t.game_table.session.finished   # the end:
               for tables in served for t in list(tables.values())):       # held a while
            writing_end.set()
            assert held.wait(LIMIT)
        real_write(path, data)

    monkeypatch.setattr(saver, "_write", write)

    async def scenario() -> None:
        async with running_service() as service:
            state = service.state
            served.append(service.tables)
            played = asyncio.create_task(match(service.socket_path, "ecarte",
                                               [("test:anna", "Anna"), ("test:bruno", "Bruno")]))
            await until("the match's last save to start", writing_end.is_set)
            ids = list(service.tables)
            for table in service.tables.values():     # a lobby's request about it meanwhile
                service.lobby_news.table_changed(table, force=True)
            assert all(t.state == "finished" for t in service.tables.values())
            await until("the state written", lambda: not service._state_pending)
            assert [r.table for r in state.load()] == ids     # kept: its end is not on disk
            held.set()
            await played
            await until("the table at its end, on disk", lambda: all(
                t.state == "finished" and
                t.game_table is not None and t.game_table.saved_finished
                for t in service.tables.values()))
            await until("the state written again", lambda: not service._state_pending)
            assert [r.table for r in state.load()] == []       # now it may go

    asyncio.run(asyncio.wait_for(scenario(), LIMIT * 2))
