"""A client sent away by the service says the service's reason, even when it was writing
when the service sent it away (once "Connection lost: … Broken pipe" after a paste of 10 KB
into the talk line, where the service had said why it closed): the service says ``bye``
and stops sending, but reads on (and lets go) what the client still writes until it hangs
up, a bounded time, so that the client's writes never break the connection before it read
why."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from polignac_tui.service import connection
from polignac_tui.service.client import LobbyClient
from polignac_tui.service.connection import MAX_ERRORS

from .helpers import Wire, running_service

BAD_LINE = {"type": "say", "text": "x" * 10_000}      # a paste: over a line of talk's limit
SENT_AWAY = f"{MAX_ERRORS} refused messages: goodbye"


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_a_client_writing_when_sent_away_says_the_services_reason() -> None:
    async def scenario() -> str | None:
        async with running_service() as service:
            link = await LobbyClient.connect(service.socket_path, "local:anna", "Anna")
            ended = asyncio.Event()
            link.on_lost = lambda reason: ended.set()
            # The client does not read for a moment (busy drawing its screen): the service's
            # refusals and its goodbye wait for it, while it goes on writing.
            link.writer.transport.pause_reading()   # type: ignore[attr-defined]
            for _ in range(MAX_ERRORS + 5):
                link.send(BAD_LINE)
            ours = next(iter(service.clients))
            while not ours.closed:                  # the service sent it away (its state)
                await link.writer.drain()
                await asyncio.sleep(0)              # a turn of the loop, not a wait
            # the service's end of the connection: closing (then gone), or only its
            # sending side shut while it reads on
            if ours.writer.is_closing():
                await ours.writer.wait_closed()
            mine = link.writer.transport
            while mine.get_write_buffer_size() and not mine.is_closing():
                await asyncio.sleep(0)              # what it wrote so far has gone out
            link.send(BAD_LINE)                     # one more line of the paste
            await asyncio.sleep(0)
            link.writer.transport.resume_reading()  # type: ignore[attr-defined]
            await asyncio.wait_for(ended.wait(), 10)
            return link.lost
    assert run(scenario()) == f"the table service said goodbye: {SENT_AWAY}"


def test_a_client_sent_away_may_write_on_and_reads_why_then_the_end() -> None:
    async def scenario() -> Wire:
        async with running_service() as service:
            wire = await Wire.open(service.socket_path)
            await wire.hello("test:anna", "Anna")
            for _ in range(MAX_ERRORS + 30):        # drained each time: no broken pipe
                await wire.send(BAD_LINE)
            assert await wire.eof()
            return wire
    wire = run(scenario())
    assert wire.messages[-1] == {"type": "bye", "reason": SENT_AWAY}


def test_a_client_sent_away_that_never_hangs_up_is_cut_after_the_grace(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "HANG_UP_GRACE", 0.2)

    async def scenario() -> None:
        async with running_service() as service:
            wire = await Wire.open(service.socket_path)
            await wire.hello("test:anna", "Anna")
            for _ in range(MAX_ERRORS):
                await wire.send(BAD_LINE)
            await wire.until(lambda m: m["type"] == "bye")
            while service.clients:                  # it keeps its end open: cut
                await asyncio.sleep(0.05)
            assert await wire.eof()
    run(scenario())
