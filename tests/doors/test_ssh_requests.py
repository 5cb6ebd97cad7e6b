"""The SSH door with asyncssh clients: the terminal session, what passes through, what is
refused, the limits, and both ways a session ends. The app is the small probe_child.py."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import pytest

from polignac_tui.service.doors import DoorLimits
from polignac_tui.service.doors.hostkey import HOST_KEY_NAME

from .helpers import connect, probe_door, probe_info, read_until, wait_gone

KEY = asyncssh.generate_private_key("ssh-ed25519")
OTHER = asyncssh.generate_private_key("ssh-ed25519")


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_a_terminal_session_gets_its_own_process_on_a_pty(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path)
        try:
            async with connect(door, KEY, username="Anna   de  Polignac-Valois-et-Compagnie") \
                    as conn:
                process = await conn.create_process(
                    term_type="xterm-256color", term_size=(100, 30), encoding=None,
                    env={"LANG": "fr_FR.UTF-8", "LC_TIME": "fr_FR.UTF-8", "EVIL": "1",
                         "LD_PRELOAD": "/tmp/x.so"})
                info = await probe_info(process)
                assert (info["columns"], info["rows"]) == (100, 30)
                assert info["leader"] and info["ctty"] and info["foreground"]
                env = info["env"]
                assert isinstance(env, dict)
                assert env["TERM"] == "xterm-256color"
                assert env["LANG"] == "fr_FR.UTF-8" and env["LC_TIME"] == "fr_FR.UTF-8"
                assert "EVIL" not in env and "LD_PRELOAD" not in env
                assert env["SECRET_OF_SERVER"] == "kept"  # the door's env, not the client's
                assert env["POLIGNAC_TUI_IDENTITY"] == "ssh:" + KEY.get_fingerprint("sha256")
                assert info["argv"] == ["--name", "Anna de Polignac-Valois-"]
                process.change_terminal_size(120, 40)
                await read_until(process.stdout, b"SIZE 120 40")
                process.stdin.write(b"hello\r")
                await read_until(process.stdout, b"GOT hello")
                process.stdin.write(b"exit 3\r")
                result = await asyncio.wait_for(process.wait(), 10)
                assert result.exit_status == 3  # the app ended: the session ends with it
                await asyncio.wait_for(conn.wait_closed(), 10)  # and the connection too
                assert await wait_gone(int(info["pid"]))  # type: ignore[arg-type]
        finally:
            await door.close()
    run(scenario())


def test_a_session_without_a_terminal_gets_one_line_and_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path)
        try:
            async with connect(door, KEY) as conn:
                result = await conn.run(term_type=None, check=False, timeout=10)
                assert result.stdout == (f"polignac-tui needs a terminal: ssh -t -p {door.port}"
                                         f" NAME@HOST\r\n")
                assert result.exit_status == 1
                assert door.processes == []
            # In the language the client's LANG asks for (a new connection: the first
            # one ended with its session).
            async with connect(door, KEY) as conn:
                french = await conn.run(term_type=None, check=False, timeout=10,
                                        env={"LANG": "fr_FR.UTF-8"})
                assert french.stdout == ("polignac-tui a besoin d'un terminal : ssh -t -p "
                                         f"{door.port} NAME@HOST\r\n")
        finally:
            await door.close()
    run(scenario())


def test_exec_subsystems_forwarding_agent_and_x11_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path)
        try:
            async with connect(door, KEY) as conn:
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.create_process("ls", term_type="xterm")
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.create_process(subsystem="sftp")
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.start_sftp_client()
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.open_connection("127.0.0.1", 22)  # -L
                with pytest.raises(asyncssh.ChannelListenError):
                    await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)  # -R
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.open_unix_connection("/run/anything.sock")
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.create_process(term_type="xterm", x11_forwarding=True,
                                              x11_display="127.0.0.1:0")
            agent_sock = tmp_path / "agent.sock"
            async with connect(door, KEY, agent_forwarding=True,
                               agent_path=str(agent_sock)) as conn:
                process = await conn.create_process(term_type="xterm", encoding=None)
                info = await probe_info(process)
                env = info["env"]
                assert isinstance(env, dict) and "SSH_AUTH_SOCK" not in env
                (inside,) = door.connections
                assert inside.session is not None and inside.session.chan is not None
                assert inside.session.chan.get_agent_path() is None  # no agent listener made
        finally:
            await door.close()
    run(scenario())


def test_passwords_and_keyboard_interactive_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path)
        try:
            for auth in ("password", "keyboard-interactive"):
                with pytest.raises(asyncssh.PermissionDenied):
                    await asyncssh.connect("127.0.0.1", door.port, username="anna",
                                           password="cognac", client_keys=[], agent_path=None,
                                           known_hosts=None, preferred_auth=auth)
        finally:
            await door.close()
    run(scenario())


def test_authorized_keys_let_in_only_those_keys(tmp_path: Path) -> None:
    keys = tmp_path / "authorized_keys"
    keys.write_text("# friends\n" + KEY.export_public_key().decode())
    async def scenario() -> None:
        door = await probe_door(tmp_path, authorized_keys=keys)
        try:
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(door, OTHER):
                    pass
            async with connect(door, KEY) as conn:
                process = await conn.create_process(term_type="xterm", encoding=None)
                await probe_info(process)
        finally:
            await door.close()
    run(scenario())


def test_closing_the_connection_ends_the_process_even_one_that_ignores_sighup(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path, "--ignore-hup", grace_s=0.5)
        try:
            conn = await connect(door, KEY)
            process = await conn.create_process(term_type="xterm", encoding=None)
            pid = int((await probe_info(process))["pid"])  # type: ignore[arg-type]
            started = time.monotonic()
            conn.abort()
            assert await wait_gone(pid, timeout=10)
            assert time.monotonic() - started >= 0.4  # it took the SIGKILL after the grace
        finally:
            await door.close()
    run(scenario())


def test_limits_at_once_per_key_and_per_minute(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path, limits=DoorLimits(connections=3, per_key=2,
                                                            per_minute=50))
        try:
            first = await connect(door, KEY)
            second = await connect(door, KEY)
            a = await first.create_process(term_type="xterm", encoding=None)
            b = await second.create_process(term_type="xterm", encoding=None)
            await probe_info(a)
            await probe_info(b)
            third = await connect(door, KEY)
            with pytest.raises(asyncssh.DisconnectError, match="server is full"):
                await connect(door, OTHER)  # a fourth connection at once
            result = await third.run(term_type="xterm", check=False, timeout=10)
            # a third session with the same key: told why, and its connection closed
            assert "this key already has 2 connections open" in result.stdout
            await asyncio.wait_for(third.wait_closed(), 10)
            assert len(door.processes) == 2
            async with connect(door, OTHER):  # room again
                pass
            first.close()
            second.close()
        finally:
            await door.close()
        door = await probe_door(tmp_path, limits=DoorLimits(per_minute=2))
        try:
            for _ in range(2):
                async with connect(door, KEY):
                    pass
            with pytest.raises(asyncssh.DisconnectError, match="a minute"):
                await connect(door, KEY)
        finally:
            await door.close()
    run(scenario())


def test_an_idle_session_is_closed_and_its_terminal_put_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path, limits=DoorLimits(idle_timeout_s=1.0))
        try:
            async with connect(door, KEY) as typing, connect(door, OTHER) as quiet:
                busy = await typing.create_process(term_type="xterm", encoding=None)
                idle = await quiet.create_process(term_type="xterm", encoding=None)
                await probe_info(busy)
                await probe_info(idle)
                started = time.monotonic()
                while idle.exit_status is None and time.monotonic() - started < 10:
                    busy.stdin.write(b"still here\r")
                    await asyncio.sleep(0.2)
                result = await asyncio.wait_for(idle.wait(), 10)
                assert b"closed after 1 seconds without a key" in result.stdout
                assert b"\x1b[?1049l" in result.stdout  # main screen back
                assert busy.exit_status is None  # typing keeps a session open
                assert len(door.processes) == 1
        finally:
            await door.close()
    run(scenario())


def test_many_connections_at_once_and_close_ends_them_all(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path)
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(12)]
        conns = await asyncio.gather(*(connect(door, k, username=f"p{i}")
                                       for i, k in enumerate(keys)))
        processes = await asyncio.gather(*(c.create_process(term_type="xterm", encoding=None)
                                           for c in conns))
        infos = await asyncio.gather(*(probe_info(p) for p in processes))
        pids = {int(i["pid"]) for i in infos}  # type: ignore[arg-type]
        assert len(pids) == 12
        assert {i["env"]["POLIGNAC_TUI_IDENTITY"] for i in infos} == {  # type: ignore[index]
            "ssh:" + k.get_fingerprint("sha256") for k in keys}
        await door.close()
        assert all(await asyncio.gather(*(wait_gone(p, 5) for p in pids)))
        results = await asyncio.gather(*(asyncio.wait_for(p.wait(), 10) for p in processes))
        # an orderly end: each terminal told why, and that the tables are saved; status 0
        assert all(b"the host stopped the table service: every table is saved" in r.stdout
                   for r in results)
        assert [r.exit_status for r in results] == [0] * 12
    run(scenario())


def test_the_host_key_is_made_once_and_kept(tmp_path: Path) -> None:
    async def scenario() -> None:
        first = await probe_door(tmp_path)
        await first.close()
        key_file = tmp_path / "door" / HOST_KEY_NAME
        assert first.host_key_created and key_file.stat().st_mode & 0o777 == 0o600
        content = key_file.read_bytes()
        again = await probe_door(tmp_path)
        try:
            assert not again.host_key_created and again.fingerprint == first.fingerprint
            assert key_file.read_bytes() == content
            async with connect(again, KEY) as conn:  # clients see that fingerprint
                seen = conn.get_server_host_key()
                assert seen is not None
                assert seen.get_fingerprint("sha256") == first.fingerprint
        finally:
            await again.close()
    run(scenario())


async def _open_quiet(door, key):  # type: ignore[no-untyped-def]
    """An authenticated connection that opens no session (what ``ssh -N`` does)."""
    return await connect(door, key, username="quiet")


async def _until(condition, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never came to pass"
        await asyncio.sleep(0.05)


def test_connections_without_a_session_are_closed_after_the_session_timeout(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path, limits=DoorLimits(connections=2),
                                session_timeout_s=1.0)
        try:
            started = time.monotonic()
            quiet = [await _open_quiet(door, key) for key in (KEY, OTHER)]
            assert door.gate.open == 2      # the door is full while they sit there
            await asyncio.wait_for(asyncio.gather(*(c.wait_closed() for c in quiet)), 15)
            assert time.monotonic() - started >= 0.9
            await _until(lambda: door.gate.open == 0)
            # Both places are free again: two players get their sessions.
            async with connect(door, KEY) as one, connect(door, OTHER) as two:
                for conn in (one, two):
                    await probe_info(await conn.create_process(term_type="xterm",
                                                               encoding=None))
                assert len(door.processes) == 2
        finally:
            await door.close()
    run(scenario())


def test_a_connection_without_a_session_counts_against_its_key(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path, limits=DoorLimits(per_key=2))
        quiet = [await _open_quiet(door, KEY) for _ in range(2)]
        try:
            async with connect(door, KEY) as third:
                result = await third.run(term_type="xterm", check=False, timeout=10)
                assert "this key already has 2 connections open" in result.stdout
                assert result.exit_status == 1
            assert door.processes == []
            async with connect(door, OTHER) as other:   # another key is not held back
                await probe_info(await other.create_process(term_type="xterm",
                                                            encoding=None))
            for conn in quiet:
                conn.close()
                await asyncio.wait_for(conn.wait_closed(), 10)
            # Their places for the key are given back when they go.
            async with connect(door, KEY) as again:
                await probe_info(await again.create_process(term_type="xterm", encoding=None))
        finally:
            for conn in quiet:
                conn.abort()
            await door.close()
    run(scenario())


def test_a_connection_that_never_logs_in_is_closed_after_the_login_timeout(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path, limits=DoorLimits(connections=1),
                                login_timeout_s=1.0)
        try:
            started = time.monotonic()
            reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
            said = b""
            while chunk := await asyncio.wait_for(reader.read(4096), 15):   # until closed
                said += chunk
                assert len(said) < 65536
            assert said.startswith(b"SSH-2.0-polignac-tui")
            assert time.monotonic() - started >= 0.9
            writer.close()
            await _until(lambda: door.gate.open == 0)
            async with connect(door, KEY) as conn:   # its place is free again
                await probe_info(await conn.create_process(term_type="xterm", encoding=None))
        finally:
            await door.close()
    run(scenario())


def test_a_user_name_over_24_characters_is_said_to_be_shortened(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await probe_door(tmp_path)
        try:
            async with connect(door, KEY, username="Anna de Polignac-Valois-et-Compagnie") \
                    as conn:
                process = await conn.create_process(term_type="xterm", encoding=None)
                first = await read_until(process.stdout, b"\r\n")
                assert first.startswith(b"polignac-tui: your name is shortened to "
                                        b"Anna de Polignac-Valois- (at most 24 characters)")
                info = await probe_info(process)
                assert info["argv"] == ["--name", "Anna de Polignac-Valois-"]
            async with connect(door, KEY, username="Anna de Polignac-Valois-et-Compagnie") \
                    as conn:   # in the language the client asks for
                process = await conn.create_process(term_type="xterm", encoding=None,
                                                    env={"LANG": "fr_FR.UTF-8"})
                first = await read_until(process.stdout, b"\r\n")
                assert first.startswith("polignac-tui : ton nom est raccourci en "
                                        "Anna de Polignac-Valois- (au plus 24 caractères)"
                                        .encode())
            async with connect(door, KEY, username="Anna de Polignac") as conn:  # not cut
                process = await conn.create_process(term_type="xterm", encoding=None)
                first = await read_until(process.stdout, b"\r\n")
                assert first.startswith(b"INFO ")
        finally:
            await door.close()
    run(scenario())


def test_an_empty_user_name_is_named_after_the_key(tmp_path: Path) -> None:
    keys = tmp_path / "authorized_keys"
    keys.write_text(KEY.export_public_key().decode().split()[0] + " "
                    + KEY.export_public_key().decode().split()[1] + " Zoé du Lac\n"
                    + OTHER.export_public_key().decode())
    async def scenario() -> None:
        for authorized, key, name in [
                (keys, KEY, "Zoé du Lac"),          # the comment of its authorized line
                (keys, OTHER, None),                # a line without a comment
                (None, KEY, None)]:                 # no file: the wire carries no comment
            door = await probe_door(tmp_path, authorized_keys=authorized)
            try:
                async with connect(door, key, username="") as conn:
                    info = await probe_info(await conn.create_process(term_type="xterm",
                                                                      encoding=None))
                    letters = [c for c in key.get_fingerprint("sha256")[7:] if c.isalnum()]
                    expected = name or "player-" + "".join(letters[:4])
                    assert info["argv"] == ["--name", expected]
            finally:
                await door.close()
    run(scenario())
