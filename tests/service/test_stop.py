"""The service stopping (``life.stop``): every client is said goodbye and given a moment to
hang up, the tables are saved, the log says what was done; one that never hangs up is cut
after the grace, never waited for."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from polignac_tui.service import life
from polignac_tui.service.protocol import STOPPING

from .helpers import SEATS_2H, Wire, running_service, table_of

BYE = {"type": "bye", "reason": STOPPING}


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_every_client_is_said_goodbye_and_the_log_says_what_was_done() -> None:
    said: list[str] = []

    async def scenario() -> None:
        async with running_service() as service:
            service.log = said.append
            _table, wires = await table_of(service.socket_path, SEATS_2H, ["Anna", "Bruno"])
            lobby = await Wire.open(service.socket_path)
            await lobby.hello("test:carla", "Carla")
            clients = [*wires, lobby]

            async def hang_up_on_bye(wire: Wire) -> None:
                await wire.until(lambda m: m["type"] == "bye")
                wire.close()                           # as the app does once it read it
            readers = [asyncio.ensure_future(hang_up_on_bye(w)) for w in clients]
            started = time.monotonic()
            await life.stop(service, [], said.append)
            took = time.monotonic() - started
            await asyncio.gather(*readers)
            assert all(w.messages[-1] == BYE for w in clients)
            assert not service.clients and service.closed
            assert took < life.GOODBYE_GRACE        # nobody was waited for to the end
    run(scenario())
    assert said[-1] == "stopped; every table is saved (1 table; 3 players told)", said
    assert not any("cut" in line for line in said), said


def test_a_client_that_never_hangs_up_is_cut_after_the_grace(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(life, "GOODBYE_GRACE", 0.3)
    said: list[str] = []

    async def scenario() -> Wire:
        async with running_service() as service:
            stuck = await Wire.open(service.socket_path)
            await stuck.hello("test:stuck", "Stuck")      # then reads nothing more
            started = time.monotonic()
            await life.stop(service, [], said.append)
            assert 0.3 <= time.monotonic() - started < 5
            assert not service.clients
            assert await stuck.eof()                       # cut: the connection is closed
            return stuck
    stuck = run(scenario())
    assert stuck.messages[-1] == BYE
    assert said == ["1 player had not hung up after 0.3 seconds: cut",
                    "stopped; every table is saved (0 tables; 1 player told)"], said
