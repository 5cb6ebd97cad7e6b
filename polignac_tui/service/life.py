"""A service's life as ``polignac-tui serve`` runs it: started, its doors opened, and on
SIGINT or SIGTERM stopped cleanly."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..i18n import _, ngettext
from . import protocol
from .server import (
    MAX_TABLES,
    MAX_WAITING_PER_PLAYER,
    SAVE_TIMEOUT,
    SOCKET_TIMEOUT,
    STATUS_EVERY,
    Log,
    Service,
    _stderr,
)


class Door(Protocol):
    """A way in for players (``service.doors``): closed once its players were said goodbye,
    before the service lets its tables go."""

    async def close(self) -> None: ...


@runtime_checkable
class CountedDoor(Protocol):
    """A door that says how many connections it has open (for the status line)."""

    kind: str

    @property
    def open_connections(self) -> int: ...


OpenDoors = Callable[["Service"], Awaitable[list[Door]]]


GOODBYE_GRACE = 3.0
"""Seconds the players' apps have, once the service stops, to read its goodbye and hang up
(they show it); one that has not by then is cut."""
DOOR_TIMEOUT = 15.0
"""Seconds at most a door takes to close (each player's app ended, a stuck one killed)."""


async def serve(socket_path: Path, *, workers: int | None = None, log: Log = _stderr,
                ready: Callable[[Service], None] | None = None,
                open_doors: OpenDoors | None = None,
                max_waiting_per_player: int = MAX_WAITING_PER_PLAYER,
                max_tables: int = MAX_TABLES, status_every: float = STATUS_EVERY) -> int:
    """Run a service until SIGINT or SIGTERM, then stop it cleanly (``stop``): 0.
    ``status_every``: seconds between two status lines in the log while anyone is connected
    (0: none). The signals are ours from the start to the end: one while it starts stops it
    once it has started, one while it stops is told to wait (the stop is bounded)."""
    service = Service(socket_path, workers=workers, log=log,
                      max_waiting_per_player=max_waiting_per_player, max_tables=max_tables,
                      status_every=status_every)
    loop = asyncio.get_running_loop()
    signals = 0

    def signalled() -> None:
        nonlocal signals
        signals += 1
        if signals == 1:
            service.stop()          # first: whatever becomes of the log line
            log(_("stopping: the players are told, the tables saved"))
        elif signals == 2:
            log(_("stopping already: the players are told and the tables saved, within "
                  "{seconds} seconds at most").format(seconds=round(STOP_WITHIN)))
    # Ours until the loop closes (which gives them back): a signal while the loop ends is
    # one more "stopping already", never a KeyboardInterrupt.
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, signalled)
    await service.start()
    loop.set_exception_handler(service.loop_error)
    doors: list[Door] = []
    try:
        if open_doors is not None and not service.closing:
            doors = await open_doors(service)
            counted = [d for d in doors if isinstance(d, CountedDoor)]
            service.door_connections = lambda: {d.kind: d.open_connections for d in counted}
        if ready is not None:
            ready(service)
        await service.wait_stopped()
    finally:
        await stop(service, doors, log)
    return 0


STOP_WITHIN = GOODBYE_GRACE + 2 * SAVE_TIMEOUT + DOOR_TIMEOUT + SOCKET_TIMEOUT
"""Seconds a stop takes at most: the goodbye's grace, the tables' last writes (waited for
again as the service lets them go), the doors, the socket's close."""


async def stop(service: Service, doors: list[Door], log: Log) -> None:
    """Stop ``service`` and its ``doors`` in order, each step bounded: every client is said
    goodbye (its app shows why, and that the tables are saved) and given a moment to hang
    up; every table is saved; the doors close (each player's app ends, its terminal told);
    the service lets its tables go. The log says what was done."""
    players = service.say_goodbye(protocol.STOPPING)
    cut = await service.all_gone(GOODBYE_GRACE)
    tables = await service.save_tables()
    for door in reversed(doors):
        try:
            await asyncio.wait_for(door.close(), DOOR_TIMEOUT)
        except Exception as error:      # a door that cannot close must not keep us
            log(_("a door did not close cleanly: {error}").format(error=repr(error)))
    await service.close()
    if cut:
        log(ngettext("{count} player had not hung up after {seconds} seconds: cut",
                     "{count} players had not hung up after {seconds} seconds: cut",
                     cut).format(count=cut, seconds=f"{GOODBYE_GRACE:g}"))
    log(_("stopped; every table is saved ({tables}; {players})").format(
        tables=ngettext("{count} table", "{count} tables", tables).format(count=tables),
        players=ngettext("{count} player told", "{count} players told", players).format(
            count=players)))
