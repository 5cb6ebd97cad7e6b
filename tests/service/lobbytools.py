"""Helpers for the client, lobby and join tests: a real table service on a temporary
Unix socket (``polignac-tui serve`` in a subprocess, stopped at the end), scripted
protocol clients, and bounded waits on a condition (never a bare sleep)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeAlias

from polignac_runner import asked, legal
from polignac_runner import my_turn as seat_to_act

from polignac_tui.games.base import View
from polignac_tui.games.polignac import PolignacMatch
from polignac_tui.games.polignac.engine import Session
from polignac_tui.service.client import LobbyClient, RemoteGameClient
from polignac_tui.table.gameclient import GameClient
from polignac_tui.table.gameevents import GameUpdate

# A seat at a served table: the house's client, its updates the house's ``GameUpdate``
RemoteClient: TypeAlias = RemoteGameClient

# Seconds a service has to start listening, and a condition to come true.
START_LIMIT = 30.0
WAIT_LIMIT = 20.0


class Service:
    """A ``polignac-tui serve`` process on ``socket``."""

    def __init__(self, socket_path: Path, log: Path) -> None:
        self.socket = socket_path
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "polignac_tui", "serve", "--socket", str(self.socket)],
                stdin=subprocess.DEVNULL, stdout=out, stderr=out, env=dict(os.environ))
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the service stopped: {self.log.read_text()}")
            if self.socket.exists() and self._answers():
                return
            time.sleep(0.05)  # polling a process that starts: bounded by START_LIMIT
        self.stop()
        raise AssertionError(f"the service did not listen in {START_LIMIT} s: "
                             f"{self.log.read_text()}")

    def _answers(self) -> bool:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(self.socket))
            return True
        except OSError:
            return False
        finally:
            probe.close()

    def stop(self) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)

    def kill(self) -> None:
        """SIGKILL: the service dies on the spot."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@contextlib.contextmanager
def running_service(tmp_path: Path) -> Iterator[Service]:
    """``polignac-tui serve`` on a fresh socket in a short folder (a Unix socket's path
    is limited to about 104 bytes), its log in ``tmp_path``; stopped on the way out."""
    folder = Path(tempfile.mkdtemp(prefix="ptl-", dir="/tmp"))
    service = Service(folder / "s.sock", tmp_path / "service.log")
    try:
        service.start()
        yield service
    finally:
        service.stop()
        shutil.rmtree(folder, ignore_errors=True)


async def until(condition: Callable[[], Any], what: str, limit: float = WAIT_LIMIT) -> Any:
    """Wait (on the loop) until ``condition()`` is true; fail after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


class Recorder:
    """Every ``GameUpdate`` a remote client receives."""

    def __init__(self, client: RemoteClient) -> None:
        self.client = client
        self.updates: list[GameUpdate] = []
        client.listen(self.updates.append)

    def events(self) -> list[Any]:
        return [e for u in self.updates for e in u.events]


SEATS_ONE_OPEN = [{"kind": "you"}, {"kind": "open"},
                  {"kind": "computer", "name": "Claire", "level": "easy"},
                  {"kind": "computer", "name": "Denis", "level": "easy"}]


def classique() -> dict[str, Any]:
    from polignac_tui.games.polignac.engine import preset
    return preset("classique", 4).to_dict()


async def friends_table(anna: LobbyClient, bruno: LobbyClient, name: str = "Friday",
                        pace: str = "instant") -> tuple[RemoteClient, RemoteClient, str]:
    """Anna creates a table with Bruno's seat open; Bruno sits; Anna starts it."""
    at_anna = await anna.create(name, classique(), SEATS_ONE_OPEN, pace)
    table = at_anna.table
    listed = {t.table: t for t in await bruno.tables()}
    assert listed[table].open_seats == [1], listed
    at_bruno = await bruno.sit(table, 1)
    await anna.start(table, "easy")
    return at_anna, at_bruno, table


def to_play(view: View) -> bool:
    """It is ``view``'s seat's card now, and it has one to play (a Polignac table's)."""
    return view.phase != "generale" and seat_to_act(view) and bool(legal(view))


def act(client: GameClient, acted: dict[int, Any]) -> Any:
    """Make ``client``'s seat (at a Polignac table) do what its latest update asks of it
    (pass on la générale, play its first legal card, see the trick, be ready), once per
    update."""
    from polignac_tui.table.gameevents import Act, Ready, Seen
    update = client.latest
    key = id(client)
    if update is None or acted.get(key) is update or not client.seats:
        return None
    acted[key] = update
    view, state = update.views[0], update.state
    command: Any = None
    if state.waiting == "turn" and view.phase == "generale" and asked(view):
        command = Act(view.seat or 0, "pass")
    elif state.waiting == "turn" and to_play(view):
        command = Act(view.seat or 0, legal(view)[0])
    elif state.waiting == "hold":
        command = Seen()
    elif state.waiting == "ready" and view.seat is not None and not state.ready[view.seat]:
        command = Ready()
    if command is not None:
        client.send(command)
    return command


async def drive(clients: list[GameClient], done: Callable[[], Any], what: str,
                limit: float = WAIT_LIMIT) -> Any:
    """Let every client act until ``done()``; fail after ``limit`` seconds."""
    acted: dict[int, Any] = {}
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = done()
        if value:
            return value
        for client in clients:
            act(client, acted)
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def my_turn(client: GameClient) -> bool:
    """It is the card of ``client``'s first seat (at a Polignac table), a legal one to play."""
    update = client.latest
    return update is not None and update.state.waiting == "turn" and to_play(update.views[0])


async def past_session(client: GameClient) -> Session | None:
    """The finished deals ``client`` is given (``finished_session``), as Polignac's engine
    session that holds them (None: none given)."""
    got = await client.finished_session()
    if got is None:
        return None
    assert isinstance(got.match, PolignacMatch), got.game
    return got.match.session
