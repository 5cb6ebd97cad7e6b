"""What a host sees of the room: ``serve`` prints a status line at its interval while anyone
is connected, ``serve --status`` asks it through the socket; a player never gets it."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket as socketlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from polignac_tui.games.events import CardPlayed
from polignac_tui.service import status as status_module
from polignac_tui.service.client import LobbyClient
from polignac_tui.service.status import ActionTimes, Status, percentile

from .helpers import Wire, running_service
from .lobbytools import START_LIMIT, Recorder, classique, drive

LINE = re.compile(r"status: tables waiting (\d+), in play (\d+); players seated (\d+); "
                  r"connections: ssh (\d+), web (\d+), socket (\d+); "
                  r"busiest minute: (?:(\d+) actions?, p95 (\d+\.\d) ms|"
                  r"no action in the last hour)")
SEATS = [{"kind": "you"}, {"kind": "computer", "name": "Claire", "level": "easy"},
         {"kind": "computer", "name": "Denis", "level": "easy"}]


class Serve:
    """A real ``polignac-tui serve`` on a Unix socket with a status line every 0.6 s."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.socket = folder / "s.sock"
        self.log = folder / "serve.log"
        env = dict(os.environ, XDG_DATA_HOME=str(folder / "data"),
                   XDG_CONFIG_HOME=str(folder / "config"))
        self.env = env
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "polignac_tui", "serve", "--socket", str(self.socket),
                 "--status-every", "0.01", *extra],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def ask(self) -> subprocess.CompletedProcess[str]:
        """``polignac-tui serve --status`` on the same socket, as the same user."""
        return subprocess.run([sys.executable, "-m", "polignac_tui", "serve", "--status",
                               "--socket", str(self.socket)], capture_output=True,
                              text=True, env=self.env, timeout=60)

    async def until_listening(self, said: str = "listening on") -> None:
        deadline = time.monotonic() + START_LIMIT
        while said not in self.output():
            assert self.process.poll() is None, f"serve ended:\n{self.output()}"
            assert time.monotonic() < deadline, f"serve never listened:\n{self.output()}"
            await asyncio.sleep(0.05)

    async def line_where(self, test: Any, timeout: float = 30) -> re.Match[str]:
        """The first status line of the log that passes ``test``."""
        deadline = time.monotonic() + timeout
        while True:
            for found in LINE.finditer(self.output()):
                if test(found):
                    return found
            assert self.process.poll() is None, f"serve ended:\n{self.output()}"
            assert time.monotonic() < deadline, f"no such status line:\n{self.output()}"
            await asyncio.sleep(0.05)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@contextmanager
def serving(*extra: str) -> Iterator[Serve]:
    folder = Path(tempfile.mkdtemp(prefix="ptq-", dir="/tmp"))   # a short socket path
    serve = Serve(folder, *extra)
    try:
        yield serve
    finally:
        serve.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_serve_prints_the_status_while_a_player_plays_and_tells_the_host_when_asked() -> None:
    async def scenario(serve: Serve) -> None:
        await serve.until_listening()
        asked = await asyncio.to_thread(serve.ask)
        assert asked.returncode == 0, asked.stderr
        assert asked.stdout.strip() == (
            "status: tables waiting 0, in play 0; players seated 0; connections: ssh 0, "
            "web 0, socket 0; busiest minute: no action in the last hour")
        anna = await LobbyClient.connect(serve.socket, "local:anna", "Anna")
        watcher = await Wire.open(serve.socket)          # a player in the lobby
        await watcher.hello("local:bruno", "Bruno")
        at_anna = await anna.create("Friday", classique(), SEATS, "instant")
        await anna.start(at_anna.table, "easy")
        seen = Recorder(at_anna)

        def hers() -> int:
            return sum(1 for e in seen.events() if isinstance(e, CardPlayed) and e.seat == 0)
        await drive([at_anna], lambda: hers() >= 3, "three cards of Anna's")
        line = await serve.line_where(lambda m: m.group(7) and int(m.group(7)) >= 3)
        waiting, playing, seated, ssh, web, sockets = (int(g) for g in line.groups()[:6])
        assert (waiting, playing, seated, ssh, web, sockets) == (0, 1, 1, 0, 0, 2)
        assert 0 < float(line.group(8)) < 10_000
        asked = await asyncio.to_thread(serve.ask)
        assert asked.returncode == 0, asked.stderr
        again = LINE.fullmatch(asked.stdout.strip())
        assert again is not None, asked.stdout
        assert again.groups()[:6] == ("0", "1", "1", "0", "0", "2")   # the asker is no player
        assert int(again.group(7)) >= 3
        # the players were never sent it: the lobby's player reads nothing of it
        await watcher.send({"type": "tables", "id": 9})
        await watcher.until(lambda m: m.get("id") == 9)
        assert all(m["type"] in ("welcome", "tables", "tables_changed")
                   for m in watcher.messages), watcher.messages
        assert b"busiest" not in watcher.raw and b"status" not in watcher.raw
        anna.close()
        watcher.close()
    with serving() as serve:
        asyncio.run(asyncio.wait_for(scenario(serve), 120))


def test_a_browser_tab_counts_on_the_web_door() -> None:
    with socketlib.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def scenario(serve: Serve) -> None:
        await serve.until_listening("stop with ctrl-c")      # the door is open
        assert not LINE.search(serve.output())               # nobody yet: no line
        async with aiohttp.ClientSession() as http, \
                http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as tab:
            line = await serve.line_where(lambda m: m.group(5) == "1")
            assert line.groups()[:6] == ("0", "0", "0", "0", "1", "0")   # no player yet
            assert not tab.closed
    with serving("--web", f"127.0.0.1:{port}") as serve:
        asyncio.run(asyncio.wait_for(scenario(serve), 120))


def test_serve_status_without_a_service_is_one_line(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ptq-", dir="/tmp"))
    try:
        done = subprocess.run([sys.executable, "-m", "polignac_tui", "serve", "--status",
                               "--socket", str(folder / "none.sock")],
                              capture_output=True, text=True, timeout=60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert "no service answers on" in done.stderr and "Traceback" not in done.stderr


def test_the_line_is_logged_only_while_someone_is_connected() -> None:
    async def scenario() -> None:
        lines: list[str] = []
        async with running_service(status_every=3600.0) as service:
            service.log = lines.append
            assert not service.log_status()               # nobody: no line
            assert [x for x in lines if x.startswith("status:")] == []
            wire = await Wire.open(service.socket_path)
            await wire.hello("local:anna", "Anna")
            assert service.log_status()
            assert [x for x in lines if x.startswith("status:")] == [
                "status: tables waiting 0, in play 0; players seated 0; connections: ssh 0, "
                "web 0, socket 1; busiest minute: no action in the last hour"]
            service.door_connections = lambda: {"web": 2}     # a door's tabs count too
            wire.close()
            await _until(lambda: not any(c.identity for c in service.clients))
            assert service.log_status()
            assert lines[-1].startswith("status:") and "web 2, socket 0" in lines[-1]
    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_player_or_another_user_is_refused_the_status(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    async def scenario() -> None:
        async with running_service(status_every=0) as service:
            player = await Wire.open(service.socket_path)
            await player.hello("local:anna", "Anna")
            await player.send({"type": "status", "id": 4})
            refused = await player.until(lambda m: m.get("id") == 4)
            assert refused["type"] == "error" and refused["code"] == "not_allowed"
            host = await Wire.open(service.socket_path)
            await host.send({"type": "status", "id": 5})
            answer = await host.until(lambda m: m.get("id") == 5)
            assert answer["type"] == "status" and answer["connections"]["socket"] == 1
            monkeypatch.setattr("polignac_tui.service.lobby_requests.peer_uid", lambda s: 12345)
            stranger = await Wire.open(service.socket_path)
            await stranger.send({"type": "status", "id": 6})
            refused = await stranger.until(lambda m: m.get("id") == 6)
            assert refused["type"] == "error" and refused["code"] == "not_allowed"
            for wire in (player, host, stranger):
                wire.close()
    asyncio.run(asyncio.wait_for(scenario(), 60))


async def _until(condition: Any, limit: float = 10.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_the_busiest_minute_of_the_last_hour_and_its_p95() -> None:
    times = ActionTimes()
    assert times.busiest(0.0) is None
    for ms in range(1, 21):                  # minute 0: 20 actions, 1 to 20 ms
        times.add(float(ms), 10.0)
    for ms in (500.0, 600.0):               # minute 1: 2 slow actions
        times.add(ms, 70.0)
    assert times.busiest(80.0) == (20, 19.0)
    assert times.busiest(60.0 * 60.5) == (2, 600.0)    # minute 0 is an hour ago
    assert times.busiest(60.0 * 61.5) is None
    assert percentile([3.0, 1.0, 2.0], 0.95) == 3.0


def test_a_minute_keeps_a_bounded_sample() -> None:
    times = ActionTimes()
    for index in range(status_module.MAX_SAMPLES * 3):
        times.add(float(index % 100), 5.0)
    count, p95 = times.busiest(5.0) or (0, 0.0)
    assert count == status_module.MAX_SAMPLES * 3 and 85 <= p95 <= 99
    assert len(times._minutes[0].samples) == status_module.MAX_SAMPLES


def test_a_status_goes_to_json_and_back() -> None:
    status = Status(1, 2, 7, {"ssh": 3, "web": 2, "socket": 1}, (48, 12.54))
    back = Status.from_json(status.to_json())
    assert back.line() == ("status: tables waiting 1, in play 2; players seated 7; "
                           "connections: ssh 3, web 2, socket 1; busiest minute: 48 actions, "
                           "p95 12.5 ms")
    with pytest.raises(ValueError):
        Status.from_json({"type": "status", "tables": {"waiting": -1, "playing": 0}})


@pytest.mark.parametrize("every", ["0.001", "-1", "1441"])
def test_a_wrong_status_interval_is_one_line(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path, every: str) -> None:
    from polignac_tui.cli import main
    assert main(["serve", "--socket", str(tmp_path / "s.sock"), "--status-every", every]) == 2
    err = capsys.readouterr().err
    assert "--status-every must be 0 (never) or from 0.01 to 1440 minutes" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "s.sock").exists()
