"""A scripted protocol client and a service run in the test's own event loop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket as socketlib
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from polignac_tui.service.server import Service

TIMEOUT = 10.0


def short_socket_dir() -> Path:
    """A fresh folder with a short path (a Unix socket path is at most ~104 bytes)."""
    return Path(tempfile.mkdtemp(prefix="pts-", dir="/tmp"))


class Wire:
    """One connection to the service: JSON lines out, every byte received recorded."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.raw = bytearray()          # every byte received, in order
        self.messages: list[dict[str, Any]] = []
        self.closed = False

    @classmethod
    async def open(cls, path: Path) -> Wire:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=2**20)
        return cls(reader, writer)

    async def hello(self, identity: str, name: str) -> dict[str, Any]:
        await self.send({"type": "hello", "protocol": 3, "identity": identity, "name": name})
        welcome = await self.expect("welcome")
        await self.expect("tables")
        return welcome

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_raw((json.dumps(message) + "\n").encode())

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        if not line:
            self.closed = True
            raise ConnectionError("the service closed the connection")
        self.raw += line
        message = polignac_shape(json.loads(line))
        self.messages.append(message)
        return message

    async def expect(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message of type ``kind`` (others received on the way are kept)."""
        return await self.until(lambda m: m["type"] == kind, timeout)

    async def until(self, test: Callable[[dict[str, Any]], bool],
                    timeout: float = TIMEOUT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the awaited message never came")
            message = await self.recv(left)
            if test(message):
                return message

    async def update(self, test: Callable[[dict[str, Any]], bool] = lambda m: True,
                     timeout: float = TIMEOUT) -> dict[str, Any]:
        return await self.until(lambda m: m["type"] == "update" and test(m), timeout)

    def lobby(self) -> list[dict[str, Any]]:
        """The lobby's tables as the messages so far make them: the last whole list
        (``tables``) with the changes after it (``tables_changed``), by id."""
        tables: dict[str, dict[str, Any]] = {}
        for message in self.messages:
            if message["type"] == "tables":
                tables = {t["table"]: t for t in message["tables"]}
            elif message["type"] == "tables_changed":
                tables.update({t["table"]: t for t in message["tables"]})
                for table in message["gone"]:
                    tables.pop(table, None)
        return [tables[table] for table in sorted(tables)]

    async def lobby_until(self, test: Callable[[list[dict[str, Any]]], bool],
                          timeout: float = TIMEOUT) -> list[dict[str, Any]]:
        """The lobby's tables once ``test`` holds for them."""
        if not test(self.lobby()):
            await self.until(lambda m: m["type"] in ("tables", "tables_changed")
                             and test(self.lobby()), timeout)
        return self.lobby()

    def errors_seen(self) -> int:
        """Refusals received on this connection (errors, and refused events)."""
        return sum(1 for m in self.messages if m["type"] == "error" or (
            m["type"] == "update" and any(e["type"] == "refused" for e in m["events"])))

    def last_update(self) -> dict[str, Any] | None:
        return next((m for m in reversed(self.messages) if m["type"] == "update"), None)

    async def now(self, test: Callable[[dict[str, Any]], bool],
                  timeout: float = TIMEOUT) -> dict[str, Any]:
        """The latest update if it passes ``test``, else the next update that does."""
        last = self.last_update()
        if last is not None and test(last):
            return last
        return await self.update(test, timeout)

    async def eof(self, timeout: float = TIMEOUT) -> bool:
        """Read until the service closes the connection; True if it did."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                await self.recv(deadline - time.monotonic())
            except ConnectionError:
                return True
            except TimeoutError:
                return False
        return False

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()


@contextlib.asynccontextmanager
async def running_service(folder: Path | None = None, **options: Any) -> AsyncIterator[Service]:
    """A service in this event loop on a fresh socket; closed on the way out."""
    folder = folder or short_socket_dir()
    name = options.pop("socket_name", "s.sock")
    service = Service(folder / name, workers=options.pop("workers", 1), log=lambda m: None,
                      **options)
    await service.start()
    try:
        yield service
    finally:
        await service.close()


SEATS_2H = [{"kind": "you"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}]


async def table_of(path: Path, seats: list[dict[str, Any]], names: list[str],
                   pace: str = "instant", **create: Any) -> tuple[str, list[Wire]]:
    """A started table: ``names[0]`` creates it, the others sit at the open seats in
    order; returns the table id and one wire per person (seat order of the humans)."""
    wires = []
    creator = await Wire.open(path)
    await creator.hello(f"test:{names[0]}", names[0])
    await creator.send({"type": "create", "id": 1, "seats": seats, "pace": pace, **create})
    table = (await creator.expect("created"))["table"]
    await creator.expect("seated")
    wires.append(creator)
    open_seats = [i for i, s in enumerate(seats) if s["kind"] == "open"]
    for name, seat in zip(names[1:], open_seats, strict=False):
        wire = await Wire.open(path)
        await wire.hello(f"test:{name}", name)
        await wire.send({"type": "sit", "id": 2, "table": table, "seat": seat})
        await wire.expect("seated")
        wires.append(wire)
    await creator.send({"type": "start", "id": 3, "table": table, "fill": "easy"})
    await creator.expect("started")
    return table, wires


# A Polignac table speaks the game wire (``gamewire``) like any table; the tests read its
# updates in Polignac's words (``polignac_shape``: each view's game part beside it).
GAME_EVENTS = {"CardPlayed": "card_played", "TrickTaken": "trick_taken",
               "DealStarted": "deal_dealt", "DealOver": "deal_over",
               "MatchOver": "session_over"}


def polignac_shape(message: dict[str, Any]) -> dict[str, Any]:
    """An update of a Polignac table with Polignac's words read beside the seam's: each
    view's ``game_part`` (phase, asked, legal, tricks...), ``finished``, ``results``; the
    state's ``waiting`` of a turn as ``card`` or ``generale``; each game event's name
    (``card_played``, ``declared``...). Any other message as it came."""
    if message.get("type") == "hint" and isinstance(message.get("hint"), dict):
        hint = message["hint"]     # the advice's action: a card, or declare / pass
        action = hint.get("action")
        hint.setdefault("card", None if action in ("declare", "pass") else action)
        hint.setdefault("declare", {"declare": True, "pass": False}.get(action))
    if message.get("type") != "update" or message.get("game") != "polignac":
        return message
    for view in message.get("views", []):
        part = view.get("game_part", {})
        for key, value in part.items():
            view.setdefault(key, value)
        view.setdefault("finished", view.get("outcome") is not None)
        view.setdefault("results", part.get("deals", []))
    views = message.get("views") or [{}]
    state = message.get("state", {})
    if state.get("waiting") == "turn":
        state["waiting"] = "generale" if views[0].get("phase") == "generale" else "card"
    number = views[0].get("deal_number")
    events = []
    for event in message.get("events", []):
        name = event.get("event") if event.get("type") == "game" else None
        if name == "Said":
            event = {"type": "declared", "seat": event["seat"],
                     "declare": event.get("action") == "declare"}
        elif name == "CardPlayed":
            event = {"type": "card_played", "seat": event["seat"], "card": event["card"]}
        elif name in ("DealStarted", "DealOver"):
            event = {"type": GAME_EVENTS[name], "number": event.get("number", number)}
        elif name == "MatchOver":
            event = {"type": "session_over"}
        elif name == "TrickTaken":
            event = {"type": "trick_taken", **event}
        events.append(event)
    message["events"] = events
    return message


def engine_of(served: Any) -> Any:
    """A served Polignac table as the engine sees it: ``session`` (its engine session,
    every hand) and ``view(seat)`` (the engine's view of a seat)."""
    from types import SimpleNamespace
    engine = served.game_table.session.match.session
    return SimpleNamespace(session=engine, view=engine.view)


def my_move(update: dict[str, Any]) -> dict[str, Any] | None:
    """The command a scripted player sends for ``update``, if any: the first legal card,
    a pass when asked, ``seen`` on a trick on show, ``ready`` after a deal."""
    view = update["views"][0]
    state = update["state"]
    if state["waiting"] == "hold":
        return {"type": "seen"}
    if state["waiting"] == "ready" and not state["ready"][view["seat"]]:
        return {"type": "ready"}
    if view["asked"]:
        return {"type": "declare", "seat": view["seat"], "declare": False}
    if view["turn"] == view["seat"] and view["legal"] and state["waiting"] == "card":
        return {"type": "play", "seat": view["seat"], "card": view["legal"][0]}
    return None


def serve_process(socket: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``python -m polignac_tui serve --socket SOCKET`` as a child process, listening."""
    process = subprocess.Popen([sys.executable, "-m", "polignac_tui", "serve", "--socket",
                                str(socket)], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while not answers(socket):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            _, err = process.communicate()
            raise RuntimeError(f"the service did not start: {err.decode()}")
        time.sleep(0.02)
    return process


def answers(path: Path) -> bool:
    """Does something accept connections on the Unix socket ``path``?"""
    probe = socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True


def xdg_env(base: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = str(base / "data")
    env["XDG_CONFIG_HOME"] = str(base / "config")
    env.pop("XDG_RUNTIME_DIR", None)
    return env


def remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def game_move(update: dict[str, Any]) -> dict[str, Any] | None:
    """The command a scripted player sends at a table of Écarté or Piquet, if any: ``seen``
    on a trick on show, ``ready`` after a deal, else (its turn) an ``act``: the first card,
    the fewest cards a discard allows (one at least, when it may), every kind declared,
    or the first word."""
    view = update["views"][0]
    state = update["state"]
    seat = view["seat"]
    if seat is None:
        return None
    if state["waiting"] == "hold":
        return {"type": "seen"}
    if state["waiting"] == "ready" and not state["ready"][seat]:
        return {"type": "ready"}
    choice = view["choice"]
    if state["waiting"] != "turn" or view["turn"] != seat or choice is None:
        return None
    if choice["kind"] == "card":
        action = choice["cards"][0]
    elif choice["kind"] == "cards":
        count = min(max(choice["least"], 1), choice["most"])
        action = " ".join([choice["verb"], *choice["cards"][:count]])
    elif choice["verb"] is not None:
        action = " ".join([choice["verb"], *choice["words"]])
    else:
        action = choice["words"][0]
    return {"type": "act", "seat": seat, "action": action}


async def play_game_out(wire: Wire, timeout: float = 60) -> dict[str, Any]:
    """Play a table of a game with ``game_move`` until the match is over; the last update."""
    deadline = time.monotonic() + timeout
    answered: set[str] = set()     # a view already answered (an update may repeat it)
    update = wire.last_update()    # one already read may be the one that waits for us
    while True:
        if update is None:
            update = await wire.update(timeout=max(0.1, deadline - time.monotonic()))
        if update["views"][0]["outcome"] is not None:
            return update
        move = game_move(update)
        seen = json.dumps([update["views"], update["state"]["waiting"],
                           update["state"]["ready"]], sort_keys=True)
        if move is not None and seen not in answered:
            answered.add(seen)
            await wire.send(move)
        update = None
