"""``polignac-tui serve --ssh --web`` as a host runs it: the service and both doors in one
process, OpenSSH clients in tmux reaching the lobby, a seat taken back by the same key after
the link dropped, and SIGTERM closing the doors and ending every player's process."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from polignac_tui.cli import main
from polignac_tui.service.client import LobbyClient

from .helpers import gone
from .realclients import Tmux, app_env, ensure_tools, keygen, ssh_command

WHY_NOT = ensure_tools("ssh", "ssh-keygen", "tmux", package={
    "ssh": "openssh-client", "ssh-keygen": "openssh-client", "tmux": "tmux"})
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Output:
    """What a process has written so far, read without blocking (bounded waits)."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        self.process, self.fd, self.text = process, process.stdout.fileno(), ""

    def until(self, marker: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while marker not in self.text:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {marker!r} from serve; it said:\n{self.text}")
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    raise AssertionError(f"serve ended before {marker!r}:\n{self.text}")
                self.text += chunk.decode(errors="replace")
        return self.text


def create_table(sock: Path, name: str) -> None:
    """The host (a local client) makes a table with one seat open for a friend."""
    async def run() -> None:
        link = await LobbyClient.connect(sock, "local:host", "Host")
        await link.create(name, {"preset": "classique"},
                          [{"kind": "you"}, {"kind": "open"}, {"kind": "computer"},
                           {"kind": "computer"}])
        link.close()
    asyncio.run(run())


def test_one_command_runs_the_service_and_both_doors(tmp_path: Path) -> None:
    sock = tmp_path / "service.sock"
    ssh_port, web_port = free_port(), free_port()
    env = app_env(tmp_path)
    serve = subprocess.Popen(
        [sys.executable, "-m", "polignac_tui", "serve", "--socket", str(sock),
         "--ssh", f"127.0.0.1:{ssh_port}", "--web", f"127.0.0.1:{web_port}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=env, start_new_session=True)
    out = Output(serve)
    tmux = Tmux(tmp_path / "tmux.sock")
    try:
        said = out.until("stop with ctrl-c")
        assert f"ssh -p {ssh_port} NAME@127.0.0.1" in said
        assert "host key fingerprint (made just now): SHA256:" in said
        assert f"web door: http://127.0.0.1:{web_port}/" in said
        with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/", timeout=20) as page:
            assert page.status == 200 and f"ws://127.0.0.1:{web_port}/ws" in page.read().decode()

        create_table(sock, "Friday")
        anna, known = keygen(tmp_path / "anna"), tmp_path / "known_hosts"
        ssh = ssh_command(ssh_port, anna, "anna", known)
        tmux.open("anna", ssh)
        tmux.wait_for("anna", lambda s: "you are anna" in s and "Friday" in s, timeout=60)
        tmux.tmux("send-keys", "-t", "doors:anna", "Enter")       # sit at the open seat
        tmux.wait_for("anna", lambda s: "anna  (you)" in s or "2 anna" in s, timeout=30)

        # The link drops (ssh killed): the app process ends; the same key gets the seat back.
        os.kill(tmux.pane_pid("anna"), signal.SIGKILL)
        tmux.wait_for("anna", lambda s: "Pane is dead" in s or "you are anna" not in s)
        tmux.open("again", ssh)
        screen = tmux.wait_for("again", lambda s: "you are anna" in s and "Friday" in s,
                               timeout=60)
        screen = tmux.wait_for("again", lambda s: "Take your seat back" in s, timeout=30)
        assert "anna  (you)" in screen

        serve.send_signal(signal.SIGTERM)
        out.until("stopped; every table is saved", timeout=60)
        assert serve.wait(timeout=30) == 0
        tmux.wait_for("again", lambda s: "Pane is dead" in s, timeout=30)   # ssh ended
    finally:
        tmux.close()
        if serve.poll() is None:
            os.killpg(serve.pid, signal.SIGKILL)
            serve.wait(timeout=30)
    assert gone(serve.pid)


@pytest.mark.parametrize(("argv", "says"), [
    (["--ssh", "abc"], "--ssh 'abc': the port must be a number from 1 to 65535"),
    (["--web", "1:2:3"], "--web '1:2:3': write an IPv6 address in brackets"),
    (["--authorized-keys", "keys"], "--authorized-keys is for a door"),
    (["--ssh", "2222", "--web", "2222"], "--ssh and --web both ask for port 2222"),
    (["--ssh", "2222", "--max-per-key", "0"], "per_key must be at least 1"),
])
def test_a_wrong_door_option_is_one_line(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path, argv: list[str], says: str) -> None:
    assert main(["serve", "--socket", str(tmp_path / "s.sock"), *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "s.sock").exists()
