"""The SSH door against strangers, with the real lobby: connections that never open a session
do not keep the door full, and a player without a user name still gets a name. The table
service runs as ``polignac-tui serve`` (no doors); the door runs in a thread with a short
session timeout; players are OpenSSH's ``ssh`` in tmux."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import pytest

from polignac_tui.service.doors import DoorLimits, join_argv, open_ssh_door
from polignac_tui.service.doors.ssh import SSHDoor

from .helpers import connect, holds_within
from .realclients import LoopThread, Tmux, app_env, ensure_tools, keygen, ssh_command

WHY_NOT = ensure_tools("ssh", "ssh-keygen", "tmux", package={
    "ssh": "openssh-client", "ssh-keygen": "openssh-client", "tmux": "tmux"})
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")

SESSION_TIMEOUT_S = 4.0


@dataclass
class Setup:
    loop: LoopThread
    tmp: Path
    socket: Path
    known_hosts: Path
    tmux: Tmux

    def door(self, **options: object) -> SSHDoor:
        """An SSH door to the service's lobby, as ``serve --ssh`` opens it."""
        return self.loop.run(open_ssh_door("", 0, argv_for=join_argv(self.socket),
                                           data_dir=self.tmp / "door", env=app_env(self.tmp),
                                           grace_s=1.0, **options))


def _listening(path: Path) -> bool:
    with socket.socket(socket.AF_UNIX) as probe:
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    tmp = tmp_path_factory.mktemp("strangers")
    sock = tmp / "service.sock"
    serve = subprocess.Popen([sys.executable, "-m", "polignac_tui", "serve", "--socket",
                              str(sock)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=app_env(tmp),
                             start_new_session=True)
    loop = LoopThread()
    tmux = Tmux(tmp / "tmux.sock")
    try:
        assert holds_within(lambda: _listening(sock), 60), "the service never listened"
        yield Setup(loop, tmp, sock, tmp / "known_hosts", tmux)
    finally:
        tmux.close()
        loop.stop()
        serve.send_signal(signal.SIGTERM)
        try:
            serve.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(serve.pid, signal.SIGKILL)
            serve.wait(timeout=30)


def fingerprint_of(key: Path) -> str:
    out = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(key)],
                         capture_output=True, text=True, check=True, timeout=20).stdout
    return out.split()[1]


def test_eight_connections_without_a_session_leave_and_a_ninth_player_reaches_the_lobby(
        setup: Setup) -> None:
    door = setup.door(limits=DoorLimits(connections=8),
                      session_timeout_s=SESSION_TIMEOUT_S)
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def fill() -> list[asyncssh.SSHClientConnection]:
        # What the finding did: eight connections, one key, no session (``ssh -N``).
        return [await connect(door, key, username="mallory") for _ in range(8)]

    async def refused() -> str:
        try:
            async with connect(door, key, username="mallory"):
                return "let in"
        except asyncssh.DisconnectError as error:
            return error.reason

    async def closed(conns: list[asyncssh.SSHClientConnection]) -> None:
        for conn in conns:
            await conn.wait_closed()

    try:
        quiet = setup.loop.run(fill())
        assert "the server is full (8 connections)" in setup.loop.run(refused())
        setup.loop.run(closed(quiet), timeout=SESSION_TIMEOUT_S + 30)   # the door closed them
        assert holds_within(lambda: setup.loop.call(lambda: door.gate.open) == 0, 10)

        # ``ssh -N`` is told why it was closed.
        anna = keygen(setup.tmp / "anna")
        started = time.monotonic()
        out = subprocess.run(ssh_command(door.port, anna, "anna", setup.known_hosts, "-N"),
                             capture_output=True, text=True, timeout=SESSION_TIMEOUT_S + 30,
                             stdin=subprocess.DEVNULL)
        assert "no terminal session within 4 seconds" in out.stderr
        assert time.monotonic() - started >= SESSION_TIMEOUT_S - 0.1

        setup.tmux.open("ninth", ssh_command(door.port, anna, "anna", setup.known_hosts, "-t"))
        setup.tmux.wait_for("ninth", lambda s: "you are anna" in s, timeout=60)
    finally:
        setup.loop.run(door.close())


def test_an_empty_user_name_plays_under_the_keys_comment_or_its_fingerprint(
        setup: Setup) -> None:
    zoe, yann = keygen(setup.tmp / "zoe"), keygen(setup.tmp / "yann")
    kind, blob, _ = Path(f"{zoe}.pub").read_text().split()
    allowed = setup.tmp / "authorized_keys"
    allowed.write_text(f"{kind} {blob} Zoe du Lac\n")
    named = setup.door(authorized_keys=allowed)
    anyone = setup.door()
    try:
        for window, door, key in (("zoe", named, zoe), ("yann", anyone, yann)):
            argv = ssh_command(door.port, key, "unused", setup.known_hosts, "-t")
            argv[-1:] = ["-l", "", "127.0.0.1"]     # ssh -l '' (OpenSSH refuses ''@host)
            setup.tmux.open(window, argv)
        setup.tmux.wait_for("zoe", lambda s: "you are Zoe du Lac" in s, timeout=60)
        letters = [c for c in fingerprint_of(yann).removeprefix("SHA256:") if c.isalnum()]
        name = "player-" + "".join(letters[:4])
        setup.tmux.wait_for("yann", lambda s: f"you are {name}" in s, timeout=60)
    finally:
        setup.loop.run(named.close())
        setup.loop.run(anyone.close())
