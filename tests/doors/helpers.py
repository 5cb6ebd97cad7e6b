"""Shared by the doors' tests: an SSH door running the probe (or the app) and clients."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh

from polignac_tui.service.doors import DoorLimits, SSHLogin, open_ssh_door
from polignac_tui.service.doors.ssh import SSHDoor

PROBE = Path(__file__).with_name("probe_child.py")


def probe_argv(*extra: str) -> Callable[[SSHLogin], list[str]]:
    return lambda login: [sys.executable, str(PROBE), *extra, "--name", login.name]


async def probe_door(tmp: Path, *extra: str, limits: DoorLimits | None = None,
                     authorized_keys: Path | None = None, grace_s: float = 1.0,
                     **timeouts: float) -> SSHDoor:
    return await open_ssh_door("", 0, argv_for=probe_argv(*extra), data_dir=tmp / "door",
                               authorized_keys=authorized_keys, limits=limits,
                               env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                                    "SECRET_OF_SERVER": "kept"}, grace_s=grace_s, **timeouts)


def connect(door: SSHDoor, key: asyncssh.SSHKey | None = None, username: str = "anna",
            **options: object) -> asyncssh.misc._ACMWrapper:  # type: ignore[name-defined]
    settings: dict[str, object] = dict(
        username=username, client_keys=[key] if key is not None else [], known_hosts=None,
        agent_path=None, password=None, preferred_auth="publickey")
    settings.update(options)
    return asyncssh.connect("127.0.0.1", door.port, **settings)


async def read_until(stream: asyncssh.SSHReader[bytes], marker: bytes,
                     timeout: float = 15.0) -> bytes:
    """What the stream gave up to and including the line holding ``marker``."""
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {marker!r} within {timeout:g} s; got {seen[-400:]!r}")
        chunk = await asyncio.wait_for(stream.read(65536), left)
        if not chunk:
            raise EOFError(f"stream ended before {marker!r}; got {seen[-400:]!r}")
        seen += chunk
    return seen


async def probe_info(process: asyncssh.SSHClientProcess[bytes]) -> dict[str, object]:
    seen = await read_until(process.stdout, b"\r\n", timeout=15)
    while b"INFO " not in seen or not seen.rstrip().endswith(b"}"):
        seen += await read_until(process.stdout, b"\r\n", timeout=15)
    line = seen[seen.index(b"INFO ") + 5:].split(b"\r\n")[0]
    return json.loads(line)


def gone(pid: int) -> bool:
    """The process is gone (or a zombie nobody has reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


async def wait_gone(pid: int, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not gone(pid):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def holds_within(condition: Callable[[], bool], timeout: float) -> bool:
    """Whether ``condition()`` becomes true within ``timeout`` seconds (polled)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
