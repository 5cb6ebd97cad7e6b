"""Tables cannot be created without end: at most 3 waiting per player and 200 in all, a
waiting table holds no open file and closes when nobody uses it for 30 minutes, and a
service short of files says ``busy`` (once in its log) while the tables in play go on."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import resource
import signal
import socket as socketlib
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from polignac_tui.cli import main
from polignac_tui.service import connection, resources, server
from polignac_tui.store import SessionStore, StoreError, lock

from .helpers import Wire, answers, my_move, remove, running_service, short_socket_dir, xdg_env

ALONE = [{"kind": "you"}, {"kind": "computer", "level": "easy"},
         {"kind": "computer", "level": "easy"}]
FRIENDS = [{"kind": "you"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}]


def run(coroutine: Any, timeout: float = 120) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def start_serve(socket: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``polignac-tui serve`` as a child process, listening."""
    process = subprocess.Popen([sys.executable, "-m", "polignac_tui", "serve", "--socket",
                                str(socket)], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not answers(socket):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            _, err = process.communicate()
            raise RuntimeError(f"the service did not start: {err.decode()}")
        time.sleep(0.02)
    return process


def stop_serve(process: subprocess.Popen[bytes]) -> str:
    """Stop it as ctrl-c would; what it wrote to stderr."""
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return err.decode()


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def create(wire: Wire, id_: int, seats: list[dict[str, Any]] = FRIENDS
                 ) -> dict[str, Any]:
    """The answer to a create: ``created`` or ``error``."""
    await wire.send({"type": "create", "id": id_, "seats": seats})
    return await wire.until(lambda m: m.get("id") == id_)


def test_a_flood_of_creates_is_capped_per_player_and_in_all() -> None:
    """Against the service object in this process (one busy process, not two: the tests
    beside it on two cores keep a core), its files counted in /proc/self/fd."""
    numbers: dict[str, int] = {}

    async def scenario() -> None:
        async with running_service() as service:
            socket = service.socket_path
            lobby = await Wire.open(socket)
            await lobby.hello("test:lobby", "Lobby")
            numbers["before"] = open_files(os.getpid())
            # one connection sends 1,050 creates at once: 3 tables, then refusals, then bye
            flood = await Wire.open(socket)
            await flood.hello("ssh:SHA256:flood", "Flood")
            line = b'{"type": "create", "seats": [{"kind": "you"}, {"kind": "open"}, ' \
                   b'{"kind": "open"}]}\n'
            flood.writer.write(line * 1050)
            await flood.writer.drain()
            assert await flood.eof(timeout=60)
            kinds = [m["type"] for m in flood.messages]
            assert kinds.count("created") == 3
            refusals = [m for m in flood.messages if m["type"] == "error"]
            assert len(refusals) == connection.MAX_ERRORS and all(
                m["code"] == "too_many" and ["what", "waiting"] in m["params"]
                for m in refusals)
            assert flood.messages[-1]["type"] == "bye"
            # the same player again, by another connection and another name: still refused
            again = await Wire.open(socket)
            await again.hello("ssh:SHA256:flood", "Other")
            refused = await create(again, 1)
            assert refused["code"] == "too_many" and ["count", 3] in refused["params"]
            again.close()
            # 66 more players, 3 tables each: 201 tables asked, 200 made
            made = 3
            for number in range(66):
                wire = await Wire.open(socket)
                await wire.hello(f"web:p{number}:code", f"P{number}")
                for index in range(3):
                    answer = await create(wire, index)
                    if made < server.MAX_TABLES:
                        assert answer["type"] == "created", answer
                        made += 1
                    else:
                        assert answer["code"] == "too_many"
                        assert ["what", "tables"] in answer["params"]
                wire.close()
            assert made == server.MAX_TABLES
            late = await Wire.open(socket)
            await late.hello("local:1000", "Late")
            refused = await create(late, 1)
            assert refused["code"] == "too_many" and ["count", 200] in refused["params"]
            late.close()
            # the lobby's list of 200 tables is bounded; the files held are too
            await lobby.send({"type": "tables", "id": 9})
            listing = await lobby.until(lambda m: m.get("id") == 9)
            assert len(listing["tables"]) == server.MAX_TABLES
            numbers["list_bytes"] = len(lobby.raw.splitlines()[-1])
            deadline = time.monotonic() + 30
            while len(service.clients) > 1:              # the others' connections closed
                assert time.monotonic() < deadline, len(service.clients)
                await asyncio.sleep(0.01)
            numbers["after"] = open_files(os.getpid())
            sessions = str(SessionStore().root)          # the tables' lock files there
            numbers["locks"] = sum(os.path.realpath(f"/proc/self/fd/{fd}").startswith(sessions)
                                   for fd in os.listdir("/proc/self/fd"))
            lobby.close()

    run(scenario(), timeout=240)
    print(numbers)
    # 200 waiting tables hold no file: as many as before (the lobby still connected)
    assert numbers["after"] - numbers["before"] < 5 and numbers["locks"] == 0, numbers
    assert numbers["list_bytes"] < 200 * 1024


def test_a_waiting_table_nobody_uses_closes_after_30_minutes() -> None:
    now = [1000.0]

    async def scenario() -> None:
        async with running_service(clock=lambda: now[0]) as service:
            store = SessionStore()
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            left = (await create(anna, 1))["table"]
            kept = (await create(anna, 2))["table"]       # Anna sits at this one
            await anna.expect("seated")
            assert service.tables[left].members == set()
            assert store.lock_path(left).exists()        # its id set aside, no file held
            now[0] += 29 * 60
            assert service.sweep() == []
            # a request about it (watching it) touches it: the 30 minutes start again
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:bruno", "Bruno")
            await bruno.send({"type": "watch", "id": 3, "table": left})
            await bruno.expect("watching")
            await bruno.send({"type": "leave", "id": 4})
            await bruno.expect("left")
            now[0] += 29 * 60
            assert service.sweep() == []
            now[0] += 60
            assert service.sweep() == [left]
            assert left not in service.tables and kept in service.tables
            assert not store.lock_path(left).exists()
            store.lock(left).release()                   # the id is free again
            # the lobby hears of it
            await bruno.lobby_until(lambda tables: [t["table"] for t in tables] == [kept])
            # Anna still sits at hers: never closed while someone is at it
            now[0] += 3 * 3600
            assert service.sweep() == []
            anna.close()
            bruno.close()
    run(scenario())


def test_the_creator_leaving_a_waiting_table_nobody_else_sits_at_closes_it() -> None:
    """Leaving (``l``) a waiting table of one's own that nobody else joined closes it: gone
    from every lobby at once, no longer one of the creator's three, forgotten at a restart.
    A table where a friend sits stays, the creator's seat still theirs."""
    async def scenario() -> None:
        folder = short_socket_dir()
        store = SessionStore()
        async with running_service(folder) as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:bruno", "Bruno")
            alone = (await create(anna, 1))["table"]
            await anna.expect("seated")
            await bruno.lobby_until(lambda tables: [t["table"] for t in tables] == [alone])
            await anna.send({"type": "leave", "id": 2})
            await anna.expect("left")
            assert [t["table"] for t in (await anna.expect("tables"))["tables"]] == []
            await bruno.lobby_until(lambda tables: tables == [])     # gone at once
            assert alone not in service.tables
            assert not store.lock_path(alone).exists()              # its id is free
            # it no longer counts: three more tables for Anna
            made = [await create(anna, 3 + index) for index in range(3)]
            assert [m["type"] for m in made] == ["created"] * 3, made
            shared = made[-1]["table"]                   # Anna sits at the last one
            await bruno.send({"type": "sit", "id": 9, "table": shared, "seat": 1})
            await bruno.expect("seated")
            await anna.send({"type": "leave", "id": 10})
            await anna.expect("left")
            listed = await anna.lobby_until(lambda tables: len(tables) == 3)
            kept = next(t for t in listed if t["table"] == shared)
            assert kept["state"] == "waiting" and kept["seats"][0]["yours"] is True
            assert kept["seats"][1]["name"] == "Bruno"
            anna.close()
            bruno.close()
        async with running_service(folder) as service:        # the state file agrees
            assert set(service.tables) == {m["table"] for m in made}
    run(scenario())


async def play_one_card(wire: Wire) -> None:
    """Play on (as ``my_move`` says) until this seat's card is played, and see it saved."""
    deadline = time.monotonic() + 60
    update = wire.last_update() or await wire.update()
    while time.monotonic() < deadline:
        move = my_move(update)
        if move is not None:
            await wire.send(move)
        if move is not None and move["type"] == "play":
            played = {"type": "card_played", "seat": move["seat"], "card": move["card"]}
            update = await wire.update(lambda m, p=played: p in m["events"])
            assert not any(e["type"] == "save_failed" for e in update["events"])
            return
        update = await wire.update()
    raise TimeoutError("no card played")


def test_a_service_short_of_files_says_busy_once_and_the_table_in_play_goes_on(
        tmp_path: Path) -> None:
    socket = short_socket_dir() / "s.sock"
    process = start_serve(socket, xdg_env(tmp_path))
    seen: dict[str, Any] = {}

    async def scenario() -> None:
        anna = await Wire.open(socket)
        await anna.hello("test:anna", "Anna")       # answered: the service has started
        # its files at rest (more workers, more pipes), and a limit some 10 tables above
        # the 32 it keeps for the tables in play
        limit = seen["limit"] = open_files(process.pid) + resources.FD_HEADROOM + 10
        _soft, hard = resource.prlimit(process.pid, resource.RLIMIT_NOFILE)
        resource.prlimit(process.pid, resource.RLIMIT_NOFILE, (limit, hard))
        table = (await create(anna, 1, ALONE))["table"]
        await anna.send({"type": "start", "id": 2, "table": table, "fill": "easy"})
        await anna.expect("started")
        await play_one_card(anna)
        # a flood of tables started one after the other, until the service is short
        flood = await Wire.open(socket)
        await flood.hello("test:flood", "Flood")
        busy = None
        for index in range(100):
            answer = await create(flood, 10 + 2 * index, ALONE)
            if answer["type"] == "error":
                busy = answer
                break
            await flood.send({"type": "start", "id": 11 + 2 * index,
                              "table": answer["table"]})
            answer = await flood.until(lambda m, i=11 + 2 * index: m.get("id") == i)
            if answer["type"] == "error":
                busy = answer
                break
        assert busy is not None and busy["code"] == "busy", busy
        assert busy["params"] == [["what", "files"]]
        seen["started"] = index
        # more asks: busy again, not counted as the client's errors, not logged again
        for extra in range(5):
            again = await create(flood, 1000 + extra, ALONE)
            assert again["code"] == "busy"
        assert not flood.closed
        # connections until no file is left: accept() fails, said no more than the rest
        await anna.now(lambda m: my_move(m) is not None)       # Anna's table waits on her
        await fill_up()
        for probe in crowd:
            probe.close()
        crowd.clear()
        # the table in play goes on, saved
        await play_one_card(anna)
        # full again, and stopped so: the retries of accept() left behind say nothing
        await fill_up()
        anna.close()
        flood.close()

    async def fill_up() -> None:
        """Connections until the service has no file left (accept() then fails)."""
        for _ in range(resources.FD_HEADROOM + 10):
            probe = socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_STREAM)
            probe.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                probe.connect(str(socket))
            crowd.append(probe)
        deadline = time.monotonic() + 30
        while open_files(process.pid) < seen["limit"]:
            assert time.monotonic() < deadline, open_files(process.pid)
            await asyncio.sleep(0.01)

    crowd: list[socketlib.socket] = []
    try:
        run(scenario(), timeout=240)
    finally:
        err = stop_serve(process)
        for probe in crowd:
            probe.close()
        remove(socket.parent)
    assert err.count("new tables are refused for now") == 1, err[-3000:]
    assert "Traceback" not in err and "out of system resource" not in err, err[-3000:]
    assert 3 <= seen["started"] < 100


def test_out_of_files_on_create_is_busy_and_said_once(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    said: list[str] = []

    async def scenario() -> None:
        async with running_service() as service:
            service.log = said.append
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = (await create(anna, 1, ALONE))["table"]
            await anna.send({"type": "start", "id": 2, "table": table, "fill": "easy"})
            await anna.expect("started")

            def no_file(id: str, path: Path, **_: Any) -> Any:   # as ``acquire`` fails
                try:
                    raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))
                except OSError as error:
                    raise StoreError(f"cannot lock session {id}: {error.strerror}") from None
            monkeypatch.setattr(lock, "acquire", no_file)
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:bruno", "Bruno")
            for index in range(30):                  # more than MAX_ERRORS: still served
                answer = await create(bruno, 10 + index)
                assert answer["code"] == "busy" and answer["params"] == [["what", "files"]]
            assert not bruno.closed
            assert sum("new tables are refused" in line for line in said) == 1
            await play_one_card(anna)
            anna.close()
            bruno.close()
    run(scenario())


@pytest.mark.parametrize("option", ["--max-waiting-per-player", "--max-tables"])
def test_a_limit_below_one_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       option: str) -> None:
    assert main(["serve", "--socket", str(tmp_path / "s.sock"), option, "0"]) == 2
    err = capsys.readouterr().err
    assert f"{option} must be at least 1" in err and err.count("\n") == 1
    assert not (tmp_path / "s.sock").exists()


def test_which_resource_ran_out_is_read_through_the_errors_it_caused() -> None:
    def wrapped(inner: BaseException) -> BaseException:
        try:
            try:
                raise inner
            except BaseException:
                raise StoreError("cannot lock session x") from None
        except StoreError as outer:
            return outer
    assert resources.short_of(wrapped(OSError(errno.EMFILE, "x"))) == "files"
    assert resources.short_of(OSError(errno.ENFILE, "x")) == "files"
    assert resources.short_of(wrapped(OSError(errno.ENOSPC, "x"))) == "space"
    assert resources.short_of(MemoryError()) == "memory"
    assert resources.short_of(wrapped(OSError(errno.EACCES, "x"))) is None
    assert resources.short_of(ValueError("x")) is None and resources.short_of(None) is None


def test_a_full_disk_under_a_table_in_play_makes_the_service_busy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from polignac_tui.service import saver
    said: list[str] = []

    async def scenario() -> None:
        async with running_service() as service:
            service.log = said.append
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = (await create(anna, 1, ALONE))["table"]
            await anna.send({"type": "start", "id": 2, "table": table, "fill": "easy"})
            await anna.expect("started")

            def full(path: Path, data: bytes) -> None:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            monkeypatch.setattr(saver, "_write", full)
            update = await anna.now(lambda m: my_move(m) is not None)
            await anna.send(my_move(update))
            await anna.update(lambda m: any(e["type"] == "save_failed" for e in m["events"])
                              or m["state"]["unsaved"])
            refused = await create(anna, 3, ALONE)
            assert refused["code"] == "busy" and refused["params"] == [["what", "space"]]
            assert sum("new tables are refused" in line for line in said) == 1
            anna.close()
    run(scenario())


def test_the_loops_errors_of_an_accept_storm_are_said_once() -> None:
    said: list[str] = []
    passed: list[dict[str, Any]] = []

    def _start_serving() -> None:           # named as asyncio's retry of accept()
        pass

    async def scenario() -> None:
        async with running_service() as service:
            service.log = said.append
            loop = asyncio.get_running_loop()
            loop.default_exception_handler = passed.append     # type: ignore[method-assign]
            emfile = OSError(errno.EMFILE, os.strerror(errno.EMFILE))
            for _ in range(1025):                # one per connection waiting
                service.loop_error(loop, {"message": "socket.accept() out of system "
                                          "resource", "exception": emfile})
            assert passed == [] and len(said) == 1
            retry = loop.call_later(3600, _start_serving)
            late = {"message": "Exception in callback", "handle": retry,
                    "exception": ValueError("Invalid file descriptor: -1")}
            service.loop_error(loop, late)       # the service still runs: said
            assert passed == [late]
            service.stop()
            service.loop_error(loop, late)       # stopping: no news
            other = {"message": "a bug", "exception": KeyError("x")}
            service.loop_error(loop, other)
            assert passed == [late, other]
            retry.cancel()
    run(scenario())
