"""The SSH door with OpenSSH's own ``ssh`` (in tmux at 80×24) and the real app."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from polignac_tui.service.doors import open_ssh_door
from polignac_tui.service.doors.ssh import SSHDoor

from .helpers import gone
from .realclients import LoopThread, Tmux, app_argv, app_env, ensure_tools, keygen, ssh_command

WHY_NOT = ensure_tools("ssh", "ssh-keygen", "tmux", package={
    "ssh": "openssh-client", "ssh-keygen": "openssh-client", "tmux": "tmux"})
if WHY_NOT:
    print(f"skipping the OpenSSH tests: {WHY_NOT}")
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")

HOME_TEXT = "New session"


@dataclass
class Setup:
    loop: LoopThread
    door: SSHDoor
    tmp: Path
    anna: Path
    bruno: Path
    known_hosts: Path
    tmux: Tmux

    def ssh(self, key: Path | None, *extra: str, user: str = "anna",
            command: tuple[str, ...] = ()) -> list[str]:
        return ssh_command(self.door.port, key, user, self.known_hosts, *extra,
                           command=command)


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    tmp = tmp_path_factory.mktemp("openssh")
    loop = LoopThread()
    door = loop.run(open_ssh_door("", 0, argv_for=app_argv, data_dir=tmp / "door",
                                  env=app_env(tmp), grace_s=1.0))
    tmux = Tmux(tmp / "tmux.sock")
    try:
        yield Setup(loop, door, tmp, keygen(tmp / "anna"), keygen(tmp / "bruno"),
                    tmp / "known_hosts", tmux)
    finally:
        tmux.close()
        loop.run(door.close())
        loop.stop()


def app_pids(setup: Setup) -> dict[str, int]:
    """identity → pid of the app processes running now."""
    def read() -> dict[str, int]:
        return {c.identity or "": c.session.process.pid for c in setup.door.connections
                if c.session is not None and c.session.process is not None
                and c.session.process.running}
    return setup.loop.call(read)


def wait(condition, timeout: float = 15) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def fingerprint_of(key: Path) -> str:
    out = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(key)],
                         capture_output=True, text=True, check=True, timeout=20).stdout
    return out.split()[1]


def test_two_players_see_the_app_a_resize_relays_it_and_killing_ssh_ends_it(
        setup: Setup) -> None:
    tmux = setup.tmux
    tmux.open("anna", setup.ssh(setup.anna, user="anna"))
    tmux.open("bruno", setup.ssh(setup.bruno, user="bruno"))
    for name in ("anna", "bruno"):
        tmux.wait_for(name, lambda s: HOME_TEXT in s and "Quit" in s)
    pids = app_pids(setup)
    assert set(pids) == {fingerprint_of(setup.anna), fingerprint_of(setup.bruno)}
    # the host key was accepted on first use and recorded under the door's fingerprint
    assert "ssh-ed25519" in setup.known_hosts.read_text()

    before = tmux.screen("anna")
    assert max(len(line) for line in before.splitlines()) <= 80
    tmux.tmux("resize-window", "-t", "doors:anna", "-x", "120", "-y", "40")
    after = tmux.wait_for("anna", lambda s: len(s.splitlines()) >= 39 and any(
        len(line.rstrip()) > 100 and "palette" in line for line in s.splitlines()))
    footer = [line for line in after.splitlines() if "palette" in line]
    assert footer and footer[-1].rstrip().endswith("palette")  # redrawn at the new width
    assert "palette" not in after.splitlines()[23]  # the footer moved down from row 24

    ssh_pid = tmux.pane_pid("bruno")
    bruno_app = pids[fingerprint_of(setup.bruno)]
    os.kill(ssh_pid, signal.SIGKILL)
    assert wait(lambda: gone(bruno_app)), "the app of a killed ssh is still running"
    assert not gone(pids[fingerprint_of(setup.anna)])  # the other player plays on

    tmux.tmux("send-keys", "-t", "doors:anna", "q")  # quitting the app closes the session
    tmux.wait_for("anna", lambda s: "Connection to 127.0.0.1 closed" in s)
    assert wait(lambda: gone(pids[fingerprint_of(setup.anna)]))


def test_exec_is_refused(setup: Setup) -> None:
    out = subprocess.run(setup.ssh(setup.anna, command=("ls",)), capture_output=True, text=True,
                         timeout=30, stdin=subprocess.DEVNULL)
    assert out.returncode != 0
    assert "exec request failed" in out.stderr
    assert out.stdout == ""


def test_a_local_port_forward_is_refused(setup: Setup) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        local = probe.getsockname()[1]
    forward = subprocess.Popen(
        setup.ssh(setup.anna, "-N", "-o", "ExitOnForwardFailure=yes",
                  "-L", f"127.0.0.1:{local}:127.0.0.1:{setup.door.port}"),
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                client = socket.create_connection(("127.0.0.1", local), timeout=5)
                break
            except ConnectionRefusedError:
                if time.monotonic() > deadline or forward.poll() is not None:
                    raise
                time.sleep(0.1)
        with client:
            client.settimeout(10)
            assert client.recv(100) == b""  # closed: nothing came through the tunnel
    finally:
        forward.kill()
        _, err = forward.communicate(timeout=20)
    assert "open failed" in err and "prohibited" in err


def test_a_remote_port_forward_is_refused(setup: Setup) -> None:
    out = subprocess.run(setup.ssh(setup.anna, "-N", "-o", "ExitOnForwardFailure=yes",
                                   "-R", "127.0.0.1:0:127.0.0.1:9"),
                         capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert out.returncode == 255
    assert "remote port forwarding failed" in out.stderr


def test_passwords_are_refused(setup: Setup) -> None:
    out = subprocess.run(setup.ssh(None, "-o", "PubkeyAuthentication=no",
                                   "-o", "PreferredAuthentications=password,keyboard-interactive",
                                   command=("true",)),
                         capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert out.returncode == 255
    assert "Permission denied (publickey)" in out.stderr


def test_a_key_not_in_authorized_keys_is_refused(setup: Setup) -> None:
    allowed = setup.tmp / "authorized_keys"
    allowed.write_text(Path(f"{setup.anna}.pub").read_text())
    door = setup.loop.run(open_ssh_door("", 0, argv_for=app_argv, data_dir=setup.tmp / "door",
                                        authorized_keys=allowed, env=app_env(setup.tmp)))
    try:
        refused = subprocess.run(
            ssh_command(door.port, setup.bruno, "bruno", setup.known_hosts, "-T"),
            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        assert refused.returncode == 255
        assert "Permission denied (publickey)" in refused.stderr
        admitted = subprocess.run(  # anna's key gets in (and, with no terminal, the line)
            ssh_command(door.port, setup.anna, "anna", setup.known_hosts, "-T"),
            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        assert "polignac-tui needs a terminal: ssh -t" in admitted.stdout
    finally:
        setup.loop.run(door.close())
