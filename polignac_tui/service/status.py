"""What a host sees of the room: one line, never sent to a player.

``Status`` is the room now (tables waiting and in play, players seated, connections per
door, the busiest minute's actions); ``line()`` words it. ``serve`` logs it once a minute
while anyone is connected, and ``serve --status`` asks it through the service's socket
(``ask_status``): the service answers only a connection of its own user (``peer_uid``)
that has not said ``hello`` (a player's app says it first, whoever runs it).
``ActionTimes`` keeps how long the service took over each action (a card or a declaration,
from reading it to sending its update, saved), minute by minute over the last hour.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import socket
import struct
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import _, ngettext
from . import protocol

DOORS = ("ssh", "web", "socket")
MINUTE = 60.0
KEEP_MINUTES = 60               # the busiest minute is looked for in the last hour
MAX_SAMPLES = 4096              # durations kept for one minute's p95 (beyond: a fair sample)
ASK_TIMEOUT = 5.0               # seconds ``serve --status`` waits for the answer


class _Minute:
    def __init__(self) -> None:
        self.count = 0
        self.samples: list[float] = []


class ActionTimes:
    """Durations of actions (ms), by minute of the service's clock; the last hour kept.
    Memory is bounded: ``MAX_SAMPLES`` durations a minute at most (a uniform sample of
    them beyond: reservoir sampling), ``KEEP_MINUTES`` minutes."""

    def __init__(self, seed: int = 0) -> None:
        self._minutes: dict[int, _Minute] = {}
        self._random = random.Random(seed)

    def add(self, ms: float, now: float) -> None:
        """An action that took ``ms`` milliseconds, ended at ``now`` (the service's clock,
        in seconds)."""
        minute = int(now // MINUTE)
        self._forget(minute)
        bucket = self._minutes.setdefault(minute, _Minute())
        bucket.count += 1
        if len(bucket.samples) < MAX_SAMPLES:
            bucket.samples.append(ms)
        else:
            slot = self._random.randrange(bucket.count)
            if slot < MAX_SAMPLES:
                bucket.samples[slot] = ms

    def busiest(self, now: float) -> tuple[int, float] | None:
        """The minute of the last hour with the most actions: (its actions, their 95th
        percentile in ms); None without any action."""
        self._forget(int(now // MINUTE))
        if not self._minutes:
            return None
        bucket = max(self._minutes.items(), key=lambda item: (item[1].count, item[0]))[1]
        return bucket.count, percentile(bucket.samples, 0.95)

    def _forget(self, minute: int) -> None:
        for old in [m for m in self._minutes if m <= minute - KEEP_MINUTES]:
            del self._minutes[old]


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` percentile of ``values`` (not empty)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


@dataclass(frozen=True)
class Status:
    """The room now, as the service sends it (``to_json``) and a host reads it (``line``)."""

    waiting: int
    playing: int
    seated: int
    connections: Mapping[str, int] = field(default_factory=dict)
    busiest: tuple[int, float] | None = None      # (actions, p95 ms) of the busiest minute

    def to_json(self) -> dict[str, Any]:
        return {"type": "status", "tables": {"waiting": self.waiting, "playing": self.playing},
                "seated": self.seated,
                "connections": {door: self.connections.get(door, 0) for door in DOORS},
                "busiest_minute": None if self.busiest is None else {
                    "actions": self.busiest[0], "p95_ms": round(self.busiest[1], 1)}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Status:
        """The service's ``status`` message; ``ValueError`` if it is not one."""
        try:
            tables, connections = data["tables"], data["connections"]
            busiest = data["busiest_minute"]
            status = cls(_count(tables["waiting"]), _count(tables["playing"]),
                         _count(data["seated"]),
                         {door: _count(connections[door]) for door in DOORS},
                         None if busiest is None else
                         (_count(busiest["actions"]), float(busiest["p95_ms"])))
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a status: {error}") from None
        return status

    def line(self) -> str:
        """One line for the host, e.g. ``status: tables waiting 1, in play 2; players seated
        7; connections: ssh 3, web 2, socket 1; busiest minute: 48 actions, p95 12.5 ms``."""
        busiest = _("busiest minute: no action in the last hour") if self.busiest is None \
            else ngettext("busiest minute: {count} action, p95 {p95} ms",
                          "busiest minute: {count} actions, p95 {p95} ms",
                          self.busiest[0]).format(count=self.busiest[0],
                                                  p95=f"{self.busiest[1]:.1f}")
        return _("status: tables waiting {waiting}, in play {playing}; players seated "
                 "{seated}; connections: ssh {ssh}, web {web}, socket {socket}; {busiest}"
                 ).format(waiting=self.waiting, playing=self.playing, seated=self.seated,
                          ssh=self.connections.get("ssh", 0),
                          web=self.connections.get("web", 0),
                          socket=self.connections.get("socket", 0), busiest=busiest)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise TypeError(f"{value!r} is not a count")
    return value


def peer_uid(sock: socket.socket | None) -> int | None:
    """The user id of the process at the other end of a Unix socket (Linux's
    ``SO_PEERCRED``); None where it cannot be known."""
    if sock is None or not hasattr(socket, "SO_PEERCRED"):
        return None
    try:
        data = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except OSError:
        return None
    _pid, uid, _gid = struct.unpack("3i", data)
    return int(uid)


class StatusError(Exception):
    """``serve --status`` could not get the line; ``str()`` says why, in one line."""


async def ask_status(path: Path, timeout: float = ASK_TIMEOUT) -> Status:
    """The status of the service listening on ``path`` (asked as its host: before any
    ``hello``). Raises ``StatusError``."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_unix_connection(str(path), limit=protocol.MAX_LINE), timeout)
    except (OSError, TimeoutError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else \
            "no answer"
        raise StatusError(_("no service answers on {path}: {reason}").format(
            path=path, reason=reason)) from None
    try:
        writer.write(protocol.encode({"type": "status", "id": 1}))
        line = await asyncio.wait_for(reader.readline(), timeout)
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("not an object")
        if data.get("type") == "error":
            raise StatusError(_("the service refused: {message}").format(
                message=str(data.get("message", ""))[:200]))
        return Status.from_json(data)
    except (OSError, TimeoutError, ValueError, asyncio.LimitOverrunError) as error:
        raise StatusError(_("the service on {path} gave no status ({error})").format(
            path=path, error=str(error)[:200] or type(error).__name__)) from None
    finally:
        writer.close()
