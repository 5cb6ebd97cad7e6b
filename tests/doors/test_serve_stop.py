"""Stopping a host as the README says (ctrl-c at ``polignac-tui serve``), with real OpenSSH
clients in tmux: one player at a table in play, one watching it, one in the lobby. Each is
told on their screen that the host stopped and that the tables are saved, each ssh ends with
status 0, ``serve`` says what it did and exits 0, and a restart brings the table back."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from polignac_tui.service.protocol import PROTOCOL

from .helpers import gone
from .realclients import Tmux, app_env, ensure_tools, keygen, ssh_command
from .test_serve_doors import Output, free_port

WHY_NOT = ensure_tools("ssh", "ssh-keygen", "tmux", package={
    "ssh": "openssh-client", "ssh-keygen": "openssh-client", "tmux": "tmux"})
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")

ENDED = "ssh ended with status"
TOLD = ("polignac-tui: the host stopped the table service: every table is saved and comes "
        "back when it starts again")


def start_serve(sock: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``serve`` in a process group of its own, as a shell runs a command in the
    foreground (ctrl-c reaches the whole group)."""
    return subprocess.Popen(
        [sys.executable, "-m", "polignac_tui", "serve", "--socket", str(sock),
         "--ssh", f"127.0.0.1:{port}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=env, start_new_session=True)


def joined(tmux: Tmux, name: str) -> str:
    """Window ``name``'s text with wrapped lines joined (a long line at 80 columns)."""
    return tmux.tmux("capture-pane", "-p", "-J", "-t", f"doors:{name}")


def reporting(argv: list[str]) -> list[str]:
    """``argv`` run by a shell that then says its exit status, its window left open (tmux
    may mark a window dead before it drew the last lines of its command)."""
    return ["sh", "-c", f'"$@"; echo "{ENDED} $?."; exec sleep 300', "sh", *argv]


def stop_and_wait(serve: subprocess.Popen[bytes]) -> None:
    if serve.poll() is None:
        os.killpg(serve.pid, signal.SIGKILL)
        serve.wait(timeout=30)


def test_ctrl_c_tells_every_player_ends_their_ssh_cleanly_and_the_table_comes_back(
        tmp_path: Path) -> None:
    sock = tmp_path / "service.sock"
    port = free_port()
    env = app_env(tmp_path)
    known = tmp_path / "known_hosts"
    keys = {name: keygen(tmp_path / name) for name in ("anna", "bruno", "carla")}
    ssh = {name: reporting(ssh_command(port, key, name, known)) for name, key in keys.items()}
    tmux = Tmux(tmp_path / "tmux.sock")
    serve = start_serve(sock, port, env)
    again: subprocess.Popen[bytes] | None = None
    try:
        Output(serve).until("stop with ctrl-c")
        # Anna creates a table of three (two computers) and starts it.
        tmux.open("anna", ssh["anna"])
        tmux.wait_for("anna", lambda s: "you are anna" in s, timeout=60)
        tmux.tmux("send-keys", "-t", "doors:anna", "n")
        tmux.wait_for_focus("anna", "Game")          # the form opens on the game
        tmux.tmux("send-keys", "-t", "doors:anna", "C-s")
        tmux.wait_for("anna", lambda s: "You sit at seat 1" in s, timeout=30)
        tmux.tmux("send-keys", "-t", "doors:anna", "s")
        tmux.wait_for("anna", lambda s: "Deal 1" in s and "Scores" in s, timeout=30)
        # Bruno watches it; Carla stays in the lobby.
        tmux.open("bruno", ssh["bruno"])
        tmux.wait_for("bruno", lambda s: "you are bruno" in s and "anna's table" in s,
                      timeout=60)
        tmux.tmux("send-keys", "-t", "doors:bruno", "w")
        tmux.wait_for("bruno", lambda s: "Deal 1" in s, timeout=30)
        tmux.open("carla", ssh["carla"])
        tmux.wait_for("carla", lambda s: "you are carla" in s and "anna's table" in s,
                      timeout=60)

        os.killpg(serve.pid, signal.SIGINT)              # ctrl-c at the host's terminal
        said = Output(serve).until("stopped; every table is saved", timeout=60)
        assert serve.wait(timeout=30) == 0, said
        assert "stopped; every table is saved (1 table; 3 players told)" in said, said
        assert "Traceback" not in said, said
        assert "stopping: the players are told, the tables saved" in said, said
        for name in ("anna", "bruno", "carla"):
            tmux.wait_for(name, lambda s: ENDED in s, timeout=30)
            screen = joined(tmux, name)
            assert TOLD in screen and f"{ENDED} 0." in screen, screen

        # Started again: the table is back, and Anna's seat is hers to take back.
        again = start_serve(sock, port, env)
        said = Output(again).until("stop with ctrl-c")
        assert "(1 table)" in said, said
        tmux.open("back", ssh["anna"])
        tmux.wait_for("back", lambda s: "Take your seat back" in s, timeout=60)
        tmux.tmux("send-keys", "-t", "doors:back", "Enter")
        tmux.wait_for("back", lambda s: "Deal 1" in s and "Scores" in s, timeout=30)
        # A client that never reads its goodbye holds the stop for its grace: ctrl-c twice,
        # impatient, is the same stop (said so), and the stuck client is cut.
        with socket.socket(socket.AF_UNIX) as stuck:
            stuck.settimeout(20)
            stuck.connect(str(sock))
            stuck.sendall(b'{"type":"hello","protocol":%d,"identity":"test:stuck",'
                          b'"name":"Stuck"}\n' % PROTOCOL)
            assert b"welcome" in stuck.recv(65536)
            os.killpg(again.pid, signal.SIGINT)
            output = Output(again)
            output.until("stopping: the players are told")
            os.killpg(again.pid, signal.SIGINT)
            said = output.until("stopped; every table is saved", timeout=60)
            assert again.wait(timeout=30) == 0, said
        assert "stopping already" in said, said
        assert "1 player had not hung up after 3 seconds: cut" in said, said
        assert "(1 table; 2 players told)" in said and "Traceback" not in said, said
        screen = tmux.wait_for("back", lambda s: ENDED in s, timeout=30)
        assert f"{ENDED} 0." in screen, screen
    finally:
        tmux.close()
        stop_and_wait(serve)
        if again is not None:
            stop_and_wait(again)
    assert gone(serve.pid)
