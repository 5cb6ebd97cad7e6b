"""``polignac-tui serve --web`` against a browser that does not play fair (a plain websocket
client): a flood of keys, a huge size, frames no page sends, too many connections a minute,
and the service killed with a player in: the door keeps each app small and ends them all."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from pathlib import Path

import aiohttp
import pytest

from polignac_tui.cli import main
from polignac_tui.service.doors import DoorLimits
from polignac_tui.service.doors import web as web_door
from polignac_tui.service.doors.limits import MAX_SIZE, InputBudget
from polignac_tui.service.doors.web_frames import BadFrame, query_size, read_frame

from .realclients import app_env

MAX_RSS_MB = 200
READY = b"Your name at the tables"      # the web sign-in screen: the app is drawn


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Serve:
    """A real ``serve --web`` on 127.0.0.1, its output (stdout and stderr) in a file."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.socket = folder / "s.sock"
        self.port = free_port()
        self.log = folder / "serve.log"
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "polignac_tui", "serve", "--socket", str(self.socket),
                 "--web", f"127.0.0.1:{self.port}", *extra],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                env=app_env(folder), start_new_session=True)
        self.url = f"http://127.0.0.1:{self.port}/ws"

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    async def until_open(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while "stop with ctrl-c" not in self.output():
            assert self.process.poll() is None, f"serve ended:\n{self.output()}"
            assert time.monotonic() < deadline, f"serve never opened:\n{self.output()}"
            await asyncio.sleep(0.1)

    def apps(self) -> list[int]:
        """The pids of the web door's app processes (found by their command line)."""
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"join" in argv and str(self.socket).encode() in argv and b"--web" in argv and \
                    not _zombie(int(entry)):
                found.append(int(entry))
        return found

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)
        for pid in self.apps():  # what the service left behind (it must not)
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


@contextmanager
def serving(*extra: str) -> Iterator[Serve]:
    folder = Path(tempfile.mkdtemp(prefix="ptw-", dir="/tmp"))     # a short socket path
    serve = Serve(folder, *extra)
    try:
        yield serve
    finally:
        serve.stop()
        shutil.rmtree(folder, ignore_errors=True)


class Tab:
    """One websocket to the door, as a page opens it, and what it was sent."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.received = bytearray()
        self.texts: list[str] = []
        self.closed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.received += message.data
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(message.data)
        finally:
            self.closed.set()

    async def until(self, marker: bytes, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while marker not in self.received:
            assert not self.closed.is_set(), f"the tab closed before {marker!r}"
            assert time.monotonic() < deadline, f"never sent {marker!r}"
            await asyncio.sleep(0.05)

    async def until_closed(self, timeout: float = 20) -> bool:
        with suppress(TimeoutError):
            await asyncio.wait_for(self.closed.wait(), timeout)
        return self.closed.is_set()


@asynccontextmanager
async def tab(serve: Serve, query: str = "width=80&height=24") -> AsyncIterator[Tab]:
    async with aiohttp.ClientSession() as session, \
            session.ws_connect(f"{serve.url}?{query}", max_msg_size=0) as ws:
        opened = Tab(ws)
        try:
            yield opened
        finally:
            opened._reader.cancel()
            with suppress(asyncio.CancelledError):
                await opened._reader


async def app_of(serve: Serve, before: set[int], timeout: float = 30) -> int:
    """The pid of the app process started since ``before``."""
    deadline = time.monotonic() + timeout
    while not (new := set(serve.apps()) - before):
        assert time.monotonic() < deadline, "no app process started"
        await asyncio.sleep(0.05)
    return new.pop()


async def until_gone(pids: list[int], timeout: float) -> list[int]:
    """The pids of ``pids`` still running after ``timeout`` seconds (as soon as none is)."""
    deadline = time.monotonic() + timeout
    while (left := [p for p in pids if not _zombie(p)]) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return left


def run(scenario: object, timeout: float) -> None:
    asyncio.run(asyncio.wait_for(scenario, timeout))  # type: ignore[arg-type]


# -- real serve ----------------------------------------------------------------------------

def test_a_flood_of_keys_leaves_the_app_small() -> None:
    """5 MiB of keys as fast as a socket takes them: the app stays under 200 MB (the
    excess is dropped, and the log says so once)."""
    async def scenario(serve: Serve) -> None:
        await serve.until_open()
        async with tab(serve) as player:
            await player.until(READY)
            pid = (await app_of(serve, set()))
            frame = json.dumps(["stdin", "b" * 20000])
            peak = rss_mb(pid)
            for _ in range(5 * 1024 * 1024 // 20000):       # 5 MiB in about 5 s
                await player.ws.send_str(frame)
                peak = max(peak, rss_mb(pid))
                assert peak < MAX_RSS_MB, f"the app grew to {peak:.0f} MB"
                await asyncio.sleep(0.02)
            deadline = time.monotonic() + 15     # what was let through is handled
            while time.monotonic() < deadline:
                peak = max(peak, rss_mb(pid))
                assert peak < MAX_RSS_MB, f"the app grew to {peak:.0f} MB"
                await asyncio.sleep(0.1)
            assert not _zombie(pid) and not player.closed.is_set()   # still playing
        said = serve.output()
        assert said.count("sends more than 4096 bytes a second: the excess is dropped") == 1
    with serving() as serve:
        run(scenario(serve), 120)


def test_a_huge_size_is_made_1000_by_1000() -> None:
    async def scenario(serve: Serve) -> None:
        await serve.until_open()
        async with tab(serve) as player:
            await player.until(READY)
            pid = await app_of(serve, set())
            start = len(player.received)
            await player.ws.send_str(json.dumps(["resize", {"width": 10000,
                                                            "height": 10000}]))
            # until the app draws at its new size, then is quiet again (or sent too much)
            deadline = time.monotonic() + 30
            while len(player.received) == start:
                assert time.monotonic() < deadline, "the app drew nothing after the resize"
                await asyncio.sleep(0.05)
            quiet_since, seen = time.monotonic(), start
            while time.monotonic() - quiet_since < 2.0 and time.monotonic() < deadline:
                if len(player.received) != seen:
                    quiet_since, seen = time.monotonic(), len(player.received)
                assert seen - start < 20_000_000, "the app sent more than 20 MB"
                assert rss_mb(pid) < MAX_RSS_MB
                await asyncio.sleep(0.05)
            drawn = bytes(player.received[start:])
            rows = [int(r) for r, _c in re.findall(rb"\x1b\[(\d+);(\d+)H", drawn)]
            columns = [int(c) for _r, c in re.findall(rb"\x1b\[(\d+);(\d+)H", drawn)]
            assert rows and columns, "the app drew nothing at its new size"
            assert 24 < max(rows) <= MAX_SIZE and 80 < max(columns) <= MAX_SIZE
    with serving() as serve:
        run(scenario(serve), 120)


BAD_FRAMES = [
    '["resize", {"width": "wide", "height": 24}]',
    '["resize", {"width": -5, "height": 24}]',
    '["resize", {"width": 1e12, "height": 24}]',
    '["resize", {"width": NaN, "height": 24}]',
    'not json at all',
    '["stdin", 42]',
]
TOO_BIG = json.dumps(["stdin", "b" * 70000])


def test_a_frame_no_page_sends_closes_only_that_tab_with_one_line() -> None:
    async def scenario(serve: Serve) -> None:
        await serve.until_open()
        async with tab(serve) as good:
            await good.until(READY)
            kept = await app_of(serve, set())
            frames: list[str | bytes] = [*BAD_FRAMES, TOO_BIG, b"binary"]
            for frame in frames:
                before = set(serve.apps())
                async with tab(serve) as bad:
                    await bad.until(READY)
                    pid = await app_of(serve, before)
                    if isinstance(frame, bytes):
                        await bad.ws.send_bytes(frame)
                    else:
                        await bad.ws.send_str(frame)
                    assert await bad.until_closed(), f"{frame[:40]!r}: the tab stayed open"
                    assert await until_gone([pid], 15) == [], f"{frame[:40]!r}: its app stayed"
            assert not _zombie(kept) and not good.closed.is_set()
            await good.ws.send_str('["ping", "1234"]')         # the good tab still answers
            deadline = time.monotonic() + 10
            while '["pong", "1234"]' not in good.texts:
                assert time.monotonic() < deadline, "no pong"
                await asyncio.sleep(0.05)
        said = serve.output()
        assert "Traceback" not in said and "locals" not in said, said
        lines = [line for line in said.splitlines() if "closed the tab of 127.0.0.1" in line]
        assert len(lines) == len(BAD_FRAMES) + 2, said
    with serving("--max-per-minute", "30") as serve:
        run(scenario(serve), 240)


def test_the_connections_a_minute_from_one_address_are_bounded() -> None:
    async def scenario(serve: Serve) -> None:
        await serve.until_open()
        async with tab(serve) as one, tab(serve) as two:
            for opened in (one, two):
                await opened.until(READY)
            assert len(serve.apps()) == 2
            async with tab(serve) as third:
                assert await third.until_closed(15), "the third connection was let in"
                assert third.ws.close_code == aiohttp.WSCloseCode.TRY_AGAIN_LATER
                assert READY not in third.received
            assert len(serve.apps()) == 2
    with serving("--max-per-minute", "2") as serve:
        run(scenario(serve), 120)


def test_killing_the_service_ends_its_web_players() -> None:
    async def scenario(serve: Serve) -> None:
        await serve.until_open()
        async with tab(serve) as player:
            await player.until(READY)
            pid = await app_of(serve, set())
            serve.process.send_signal(signal.SIGKILL)
            serve.process.wait(timeout=10)
            assert await until_gone([pid], 10) == [], "the app outlived the service"
        assert serve.apps() == []
    with serving() as serve:
        run(scenario(serve), 120)


def test_the_app_reads_a_flood_no_faster_than_it_handles_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the door's budget (made huge here), 5 MiB of keys: the app's driver waits for
    the app to handle each batch, so the app stays under 200 MB (the browser waits)."""
    monkeypatch.setattr(web_door, "INPUT_RATE", 1 << 40)
    monkeypatch.setattr(web_door, "INPUT_BURST", 1 << 40)

    async def scenario() -> None:
        door = await web_door.open_web_door("", 0, argv=[sys.executable, "-m", "polignac_tui"],
                                            env=app_env(tmp_path), grace_s=1.0)
        try:
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(f"{door.url}ws?width=80&height=24") as ws:
                player = Tab(ws)
                await player.until(b"New session")          # Home
                pid = door.processes[0].pid
                frame = json.dumps(["stdin", "b" * 20000])
                deadline = time.monotonic() + 20
                for _ in range(5 * 1024 * 1024 // 20000):
                    if time.monotonic() > deadline:
                        break
                    with suppress(TimeoutError):          # the door pushes back: fine
                        await asyncio.wait_for(ws.send_str(frame), 5)
                    assert rss_mb(pid) < MAX_RSS_MB, f"the app grew to {rss_mb(pid):.0f} MB"
                    await asyncio.sleep(0.01)
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    assert rss_mb(pid) < MAX_RSS_MB, f"the app grew to {rss_mb(pid):.0f} MB"
                    await asyncio.sleep(0.1)
                assert door.processes and door.processes[0].pid == pid   # still playing
                player._reader.cancel()
        finally:
            await door.close()
    run(scenario(), 120)


def test_a_tab_without_a_key_for_the_idle_time_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await web_door.open_web_door(
            "", 0, argv=[sys.executable, "-m", "polignac_tui"], env=app_env(tmp_path),
            limits=DoorLimits(idle_timeout_s=2.0), grace_s=1.0)
        try:
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(f"{door.url}ws?width=80&height=24") as ws:
                player = Tab(ws)
                await player.until(b"New session")          # Home
                pid = door.processes[0].pid
                typed_until = time.monotonic() + 3           # keys keep it open meanwhile
                while time.monotonic() < typed_until:
                    await ws.send_str('["stdin", "x"]')
                    await ws.send_str('["ping", "1"]')
                    await asyncio.sleep(0.2)
                    assert not player.closed.is_set(), "closed while keys came"
                quiet = time.monotonic()                     # then pings only
                while not player.closed.is_set():
                    assert time.monotonic() - quiet < 15, "the idle tab stayed open"
                    with suppress(ConnectionError):
                        await ws.send_str('["ping", "1"]')
                    await asyncio.sleep(0.2)
                assert time.monotonic() - quiet >= 1.5
                assert ws.close_code == aiohttp.WSCloseCode.GOING_AWAY
                assert await until_gone([pid], 15) == []
        finally:
            await door.close()
    run(scenario(), 90)


CRASH = """
import sys, time
print("__GANGLION__", flush=True)
time.sleep(0.5)
sys.stderr.write("Traceback (most recent call last):\\n"
                 "\\u2502 secret = 'the locals of the app' \\u2502\\n"
                 "\\x1b[1mValueError: invalid size 'wide'\\x1b[0m\\n")
sys.exit(1)
"""


def test_an_app_s_error_output_is_one_line_of_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    """textual-serve copied an app's traceback, locals and all, to serve's output."""
    async def scenario(argv: list[str], until: bytes | None) -> None:
        door = await web_door.open_web_door("", 0, argv=argv, env=app_env(tmp_path),
                                            grace_s=1.0)
        try:
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(f"{door.url}ws?width=80&height=24") as ws:
                player = Tab(ws)
                if until is not None:
                    await player.until(until)
                    await ws.close()
                assert await player.until_closed(30)
                deadline = time.monotonic() + 15
                while door.processes:
                    assert time.monotonic() < deadline, "the app stayed"
                    await asyncio.sleep(0.05)
        finally:
            await door.close()
    with caplog.at_level("WARNING", logger="polignac_tui.doors.web"):
        run(scenario([sys.executable, "-c", CRASH], None), 60)
        said = [r.getMessage() for r in caplog.records if "error line" in r.getMessage()]
        assert said == ["web door: the app of 127.0.0.1 ended; its last error line: "
                        "\"ValueError: invalid size 'wide'\""]
        out = capsys.readouterr()
        assert "secret" not in out.out + out.err and "Traceback" not in out.out + out.err
        caplog.clear()
        run(scenario([sys.executable, "-m", "polignac_tui"], b"New session"), 60)
        assert [r for r in caplog.records if "error line" in r.getMessage()] == []


def test_serve_help_says_the_limits_hold_for_both_doors(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "new connections from one address in a minute, through either door" in said


# -- the parts -----------------------------------------------------------------------------

@pytest.mark.parametrize(("frame", "read"), [
    ('["stdin", "ab\\u001b[A"]', ("stdin", "ab\x1b[A")),
    ('["resize", {"width": 10000, "height": 0}]', ("resize", (MAX_SIZE, 1))),
    ('["resize", {"width": 132, "height": 43}]', ("resize", (132, 43))),
    ('["ping", "1732550000000"]', ("ping", "1732550000000")),
    ('["focus"]', ("focus", None)),
    ('["blur"]', ("blur", None)),
])
def test_the_frames_a_page_sends_are_read(frame: str, read: tuple[str, object]) -> None:
    assert read_frame(frame) == read


@pytest.mark.parametrize("frame", [
    *BAD_FRAMES, '["resize", {"width": true, "height": 24}]', '["resize", [80, 24]]',
    '["resize", {"width": 80}]', '{"stdin": "a"}', '[]', '[1, "a"]', '["stdin"]',
    '["stdin", "a", "b"]', '["stdin", "\\ud800"]', '["ping", "' + "9" * 65 + '"]',
    '["focus", 1]', '["open_url", "http://example.org"]',
    pytest.param('[' * 100000 + ']' * 100000, id="nested-deep"),
    '["resize", {"width": Infinity, "height": 24}]',
])
def test_a_frame_no_page_sends_is_refused(frame: str) -> None:
    with pytest.raises(BadFrame) as refused:
        read_frame(frame)
    assert len(str(refused.value)) < 80


def test_the_size_in_the_address_is_checked() -> None:
    assert query_size({}) == (80, 24)
    assert query_size({"width": "5000", "height": "0"}) == (MAX_SIZE, 1)
    for width in ("-1", "1e3", "", "wide", "９", "1" * 13):
        with pytest.raises(BadFrame):
            query_size({"width": width})


def test_an_input_budget_lets_a_rate_through_and_drops_the_rest() -> None:
    now = [0.0]
    budget = InputBudget(rate=100, burst=300, clock=lambda: now[0])
    assert budget.take(300) and not budget.take(1)
    now[0] = 1.0
    assert budget.take(100) and not budget.take(1)
    now[0] = 100.0                       # idle: no more than the burst is saved up
    assert budget.take(300) and not budget.take(1)


def test_sizes_asked_at_once_give_the_app_the_last_one() -> None:
    from polignac_tui.service.doors.web import RESIZE_EVERY_S, _Sizes
    given: list[tuple[tuple[int, int], float]] = []

    class App:
        async def set_terminal_size(self, width: int, height: int) -> None:
            given.append(((width, height), time.monotonic()))

    async def scenario() -> None:
        sizes = _Sizes(App())  # type: ignore[arg-type]
        for width in range(100, 131):           # a window dragged larger
            sizes.ask((width, 40))
        deadline = time.monotonic() + 10
        while not given:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        sizes.ask((90, 30))
        sizes.ask((91, 31))
        while len(given) < 2:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        sizes.cancel()
    run(scenario(), 20)
    assert [size for size, _at in given] == [(130, 40), (91, 31)]
    assert given[1][1] - given[0][1] >= RESIZE_EVERY_S * 0.9
