"""``polignac-tui serve --ssh --web`` as a host runs it: the service and both doors in one
process, OpenSSH clients in tmux reaching the lobby, a seat taken back by the same key after
the link dropped, and SIGTERM closing the doors and ending every player's process."""

from __future__ import annotations

import os
import re
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

from .helpers import gone, holds_within
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


def trick_of(screen: str) -> list[str]:
    """The cards on the table in a tmux capture (``▐A♦▌``), in screen order."""
    table_rows = screen.splitlines()[1:17]
    return re.findall(r"▐([^▌]+)▌", "\n".join(table_rows))


def press_play(tmux: Tmux, name: str) -> None:
    """Enter plays the selected card (a first Enter on a new lead only chooses it)."""
    tmux.tmux("send-keys", "-t", f"doors:{name}", "Enter")
    screen = tmux.wait_for(name, lambda s: "Your turn" not in s or "Enter plays it" in s,
                           timeout=20)
    if "Enter plays it" in screen:          # the one table says both: chosen, still your turn
        tmux.tmux("send-keys", "-t", f"doors:{name}", "Enter")
        tmux.wait_for(name, lambda s: "Enter plays it" not in s, timeout=20)


def play_when_asked(tmux: Tmux, names: list[str], cards: int) -> None:
    """Each player presses enter (the selected card is legal) when the screen says it is
    their turn, until ``cards`` cards were played by them."""
    played = 0
    deadline = time.monotonic() + 90
    while played < cards:
        assert time.monotonic() < deadline, "the players never got their turns"
        for name in names:
            if "Your turn" in tmux.screen(name):
                press_play(tmux, name)
                played += 1
        time.sleep(0.1)   # polling two terminals, bounded by the deadline


def test_two_ssh_players_share_a_table_and_one_comes_back_to_the_same_trick(
        tmp_path: Path) -> None:
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

        known = tmp_path / "known_hosts"
        anna = ssh_command(ssh_port, keygen(tmp_path / "anna"), "anna", known)
        bruno = ssh_command(ssh_port, keygen(tmp_path / "bruno"), "bruno", known)
        tmux.open("anna", anna)
        tmux.wait_for("anna", lambda s: "you are anna" in s, timeout=60)
        # Anna creates a table: seat 2 open for a friend, two computers.
        tmux.tmux("send-keys", "-t", "doors:anna", "n")
        tmux.wait_for_focus("anna", "Game")           # the form is there, its focus too
        tmux.tmux("send-keys", "-t", "doors:anna", "Tab")          # Polignac: to its preset
        tmux.wait_for_focus("anna", "Preset")
        tmux.tmux("send-keys", "-t", "doors:anna", *["Tab"] * 4)   # to seat 2's kind
        tmux.wait_for_focus("anna", "Seat 2")
        tmux.tmux("send-keys", "-t", "doors:anna", "Enter")
        tmux.wait_for("anna", lambda s: "open for a friend" in s)
        tmux.tmux("send-keys", "-t", "doors:anna", "Up", "Up", "Enter")
        tmux.wait_for("anna", lambda s: "open for a friend    " in s)
        tmux.tmux("send-keys", "-t", "doors:anna", "C-s")
        tmux.wait_for("anna", lambda s: "You sit at seat 1" in s, timeout=30)

        tmux.open("bruno", bruno)
        tmux.wait_for("bruno", lambda s: "you are bruno" in s and "anna's table" in s,
                      timeout=60)
        tmux.tmux("send-keys", "-t", "doors:bruno", "Enter")      # sits at the open seat
        tmux.wait_for("bruno", lambda s: "Waiting for anna to start" in s, timeout=30)
        tmux.tmux("send-keys", "-t", "doors:anna", "s")
        for name in ("anna", "bruno"):
            tmux.wait_for(name, lambda s: "Deal 1" in s and "Scores" in s, timeout=30)
        play_when_asked(tmux, ["anna", "bruno"], 2)        # a card each
        # Then Anna plays on until the table waits for Bruno's card.
        deadline = time.monotonic() + 90
        while "Your turn" not in (screen := tmux.screen("bruno")):
            assert time.monotonic() < deadline, "Bruno's turn never came"
            if "Your turn" in tmux.screen("anna"):
                press_play(tmux, "anna")
            time.sleep(0.1)   # polling two terminals, bounded by the deadline
        before = trick_of(screen)

        # Bruno's link drops: his seat waits; the same key takes it back, same trick.
        os.kill(tmux.pane_pid("bruno"), signal.SIGKILL)
        # the status may wrap after a long last-trick note: read its words, not its lines
        tmux.wait_for("anna", lambda s: "Waiting for bruno (gone for" in " ".join(s.split()),
                      timeout=30)
        tmux.open("again", bruno)
        tmux.wait_for("again", lambda s: "Take your seat back" in s, timeout=60)
        tmux.tmux("send-keys", "-t", "doors:again", "Enter")
        screen = tmux.wait_for("again", lambda s: "Your turn" in s or "is playing" in s,
                               timeout=30)
        after = trick_of(screen)
        assert after == before and "Your turn" in screen, screen        # the same trick

        serve.send_signal(signal.SIGTERM)
        out.until("stopped; every table is saved", timeout=60)
        assert serve.wait(timeout=30) == 0
        for name in ("anna", "again"):              # each ssh ended (whatever it printed)
            assert holds_within(lambda name=name: tmux.pane_dead(name), 30), tmux.screen(name)
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
