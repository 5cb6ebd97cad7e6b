"""A service's life as ``polignac-tui serve`` runs it: started, its doors opened, and on
SIGINT or SIGTERM stopped cleanly."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..i18n import _
from .server import MAX_TABLES, MAX_WAITING_PER_PLAYER, STATUS_EVERY, Log, Service, _stderr


class Door(Protocol):
    """A way in for players (``service.doors``): closed before the service stops."""

    async def close(self) -> None: ...


@runtime_checkable
class CountedDoor(Protocol):
    """A door that says how many connections it has open (for the status line)."""

    kind: str

    @property
    def open_connections(self) -> int: ...


OpenDoors = Callable[["Service"], Awaitable[list[Door]]]


async def serve(socket_path: Path, *, workers: int | None = None, log: Log = _stderr,
                ready: Callable[[Service], None] | None = None,
                open_doors: OpenDoors | None = None,
                max_waiting_per_player: int = MAX_WAITING_PER_PLAYER,
                max_tables: int = MAX_TABLES, status_every: float = STATUS_EVERY) -> int:
    """Run a service until SIGINT or SIGTERM, then close it cleanly: the doors first (every
    player's process ends), then every table (saved). ``status_every``: seconds between
    two status lines in the log while anyone is connected (0: none)."""
    service = Service(socket_path, workers=workers, log=log,
                      max_waiting_per_player=max_waiting_per_player, max_tables=max_tables,
                      status_every=status_every)
    await service.start()
    loop = asyncio.get_running_loop()

    loop.set_exception_handler(service.loop_error)
    doors: list[Door] = []
    try:
        if open_doors is not None:
            doors = await open_doors(service)
            counted = [d for d in doors if isinstance(d, CountedDoor)]
            service.door_connections = lambda: {d.kind: d.open_connections for d in counted}
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, service.stop)
        if ready is not None:
            ready(service)
        try:
            await service.wait_stopped()
        finally:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)
    finally:
        for door in reversed(doors):
            await door.close()
        await service.close()
        log(_("stopped; every table is saved"))
    return 0
