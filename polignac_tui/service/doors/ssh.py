"""The SSH door: each player's terminal session runs its own app process on a pty.

Public keys only (the key is who you are), one interactive terminal per connection, nothing
else: no exec, no subsystems (sftp), no port forwarding either way, no agent or X11.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import asyncssh

from ...i18n import N_, choose_language, speaking, tr, translator_for
from .hostkey import fingerprint, load_or_create_host_key
from .launch import (
    IDENTITY_ENV,
    MAX_NAME,
    SSHLogin,
    bounded_name,
    keyed_name,
    name_was_cut,
    passed_through,
    player_env,
)
from .limits import DoorGate, DoorLimits
from .pty_process import DEFAULT_GRACE_S, PtyProcess
from .zygote import Zygote

log = logging.getLogger("polignac_tui.doors.ssh")

NEEDS_TERMINAL = N_("polignac-tui needs a terminal: {command}")
NAME_CUT = N_("polignac-tui: your name is shortened to {name} (at most {most} characters)")
HOST_STOPPED = N_("the host stopped the table service: every table is saved and comes back "
                  "when it starts again")


def needs_terminal(port: int, client_env: Mapping[str, str]) -> str:
    """The one line said to a session that asked for no terminal, in the language the
    client's ``LANG``/``LC_*`` ask for (English when they ask for none of ours)."""
    return _in_language(client_env, NEEDS_TERMINAL).format(
        command=f"ssh -t -p {port} NAME@HOST") + "\r\n"


def name_cut(name: str, client_env: Mapping[str, str]) -> str:
    """The line said before the app starts when the user name was cut to ``name``."""
    return _in_language(client_env, NAME_CUT).format(name=name, most=MAX_NAME) + "\r\n"


def _in_language(client_env: Mapping[str, str], message: str) -> str:
    """``message`` in the language the client's ``LANG``/``LC_*`` ask for (English when they
    ask for none of ours)."""
    language = choose_language(None, None, passed_through(client_env, None))
    with speaking(translator_for(language)):
        return tr(message)
# Put a client's terminal back the way it was when the app could not do it itself (it was
# ended): main screen, cursor shown, no mouse, focus or paste reporting, keyboard mode popped,
# lines wrapped again at the edge (the app turns that off: a long line would be overwritten
# in its last column).
RESET_TERMINAL = (b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l"
                  b"\x1b[?1015l\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[?7h\x1b[0m\r\n")
_KEY_TYPE = re.compile(r"^(ssh-|ecdsa-|sk-)[a-z0-9@.-]+$")
LOGIN_TIMEOUT_S = 30.0
"""A connection that has not authenticated this long after it came is closed (asyncssh)."""
SESSION_TIMEOUT_S = 30.0
"""An authenticated connection that has not started its terminal session this long after is
closed (``ssh -N`` would otherwise hold a place at the door for ever)."""
KEEPALIVE_S = 30.0
CLOSE_TIMEOUT_S = 5.0
"""Seconds a closing session's last words and exit status have to reach the client, and
then its connection to close, before it is cut."""


class SSHDoor:
    """An open SSH door. ``port`` is the port it listens on (useful after asking for 0)."""

    def __init__(self, *, argv_for: Callable[[SSHLogin], list[str]], env: Mapping[str, str],
                 authorized: Mapping[str, str] | None, limits: DoorLimits, grace_s: float,
                 session_timeout_s: float = SESSION_TIMEOUT_S) -> None:
        self.argv_for = argv_for
        self.env = dict(env)
        self.authorized = authorized      # fingerprint → the comment of its line
        self.limits = limits
        self.gate = DoorGate(limits)
        self.grace_s = grace_s
        self.session_timeout_s = session_timeout_s
        self.host = ""
        self.port = 0
        self.fingerprint = ""
        self.host_key_created = False
        self.connections: set[_Connection] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._closing = False
        self.zygote: Zygote | None = None     # the warm app process players are forked from

    kind = "ssh"

    @property
    def open_connections(self) -> int:
        """Connections let in and open now (logged in or not)."""
        return self.gate.open

    @property
    def processes(self) -> list[PtyProcess]:
        """The app processes running now (one per player session)."""
        return [c.session.process for c in self.connections
                if c.session is not None and c.session.process is not None
                and c.session.process.running]

    async def close(self) -> None:
        """Stop listening, end every app process (SIGHUP, then SIGKILL after the grace) and
        close every connection: each player's terminal is told that the host stopped and
        their tables are saved, and their ssh ends with status 0 (an orderly end)."""
        self._closing = True
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        await asyncio.gather(*(c.shut(HOST_STOPPED, status=0)
                               for c in list(self.connections)), return_exceptions=True)
        if self.zygote is not None:
            await self.zygote.close()


async def open_ssh_door(host: str, port: int, *, argv_for: Callable[[SSHLogin], list[str]],
                        data_dir: Path, authorized_keys: Path | None = None,
                        limits: DoorLimits | None = None, env: Mapping[str, str] | None = None,
                        grace_s: float = DEFAULT_GRACE_S, prefork: bool = True,
                        login_timeout_s: float = LOGIN_TIMEOUT_S,
                        session_timeout_s: float = SESSION_TIMEOUT_S) -> SSHDoor:
    """Listen for players on ``host:port`` (``host`` "" means 127.0.0.1; port 0 picks one).

    The host key is read from (or made in) ``data_dir``; ``door.fingerprint`` is the
    fingerprint to print. ``argv_for(login)`` is the app each player runs; ``env`` its
    environment (default: ``player_env(os.environ)``; TERM, LANG, LC_* and
    POLIGNAC_TUI_IDENTITY are added per player). A connection is closed when it has not
    authenticated ``login_timeout_s`` after it came, or has not started its terminal session
    ``session_timeout_s`` after it authenticated.
    Raises ``HostKeyError``, ``AuthorizedKeysError`` or ``OSError`` (port taken) with a
    message naming what failed.
    """
    key, created = load_or_create_host_key(data_dir)
    authorized = read_authorized_key_comments(authorized_keys) \
        if authorized_keys is not None else None
    door = SSHDoor(argv_for=argv_for, env=env if env is not None else player_env(os.environ),
                   authorized=authorized, limits=limits or DoorLimits(), grace_s=grace_s,
                   session_timeout_s=session_timeout_s)
    door.fingerprint = fingerprint(key)
    door.host_key_created = created
    door.host = host or "127.0.0.1"
    door._acceptor = await asyncssh.create_server(
        lambda: _Connection(door), door.host, port, server_host_keys=[key],
        encoding=None, line_editor=False, allow_pty=True, x11_forwarding=False,
        agent_forwarding=False, allow_scp=False, sftp_factory=None,
        login_timeout=login_timeout_s, keepalive_interval=KEEPALIVE_S, keepalive_count_max=3,
        server_version="polignac-tui")
    door.port = door._acceptor.get_port()
    if prefork:
        try:
            door.zygote = await Zygote.start(door.env)
        except OSError as error:  # players' processes then start afresh, only slower
            log.warning("no warm app process (%s): each player's app starts afresh", error)
    return door


class AuthorizedKeysError(Exception):
    """The ``--authorized-keys`` file cannot be used (the message names it and why)."""


def read_authorized_keys(path: Path) -> set[str]:
    """The SHA256 fingerprints of the public keys in an OpenSSH ``authorized_keys`` file.
    Options before a key are not honoured (every key gets the same door); an empty file
    lets nobody in, which is refused as a mistake."""
    return set(read_authorized_key_comments(path))


def read_authorized_key_comments(path: Path) -> dict[str, str]:
    """``read_authorized_keys`` with each key's comment (what follows the key on its line,
    "" if nothing): the name of a player who gives no user name."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise AuthorizedKeysError(f"no authorized keys file {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise AuthorizedKeysError(f"cannot read the authorized keys file {path}: {error}") \
            from None
    prints: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        start = next((i for i, w in enumerate(words) if _KEY_TYPE.match(w)), None)
        try:
            if start is None:
                raise ValueError("no key type (ssh-ed25519, ssh-rsa, ecdsa-…) on the line")
            key = asyncssh.import_public_key(" ".join(words[start:start + 2]))
        except (ValueError, asyncssh.KeyImportError) as error:
            raise AuthorizedKeysError(f"{path}, line {number}: not a public key ({error})") \
                from None
        prints[fingerprint(key)] = " ".join(words[start + 2:])
    if not prints:
        raise AuthorizedKeysError(f"the authorized keys file {path} has no public key: "
                                  f"nobody could come in")
    return prints


class _Connection(asyncssh.SSHServer):
    """One SSH connection (asyncssh makes one per client)."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.counted = False
        self.identity: str | None = None
        self.key_claimed = False
        self.key_refusal: str | None = None   # why this key may not have one more session
        self.session: _Session | None = None
        self._pending_identity: str | None = None
        self._session_timer: asyncio.TimerHandle | None = None

    # -- the connection's life -----------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.door.connections.add(self)
        refusal = "the server is stopping" if self.door._closing else \
            self.door.gate.arrive(self.address)
        if refusal is None:
            self.counted = True
        else:
            log.info("refused %s: %s", self.address, refusal)
            asyncio.get_running_loop().call_soon(self._refuse, refusal)

    def _refuse(self, reason: str) -> None:
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.connections.discard(self)
        self.drop_session_deadline()
        if self.counted:
            self.counted = False
            self.door.gate.leave()
        if self.key_claimed and self.identity is not None:
            self.key_claimed = False
            self.door.gate.release_key(self.identity)
        if self.session is not None:
            self.session.link_lost()

    async def shut(self, reason: str, status: int = 1) -> None:
        """End this connection's session (``reason`` said, ``status`` its exit status) and
        close the connection (5 seconds at most)."""
        if self.session is not None:
            await self.session.end(reason, status)
            chan = self.session.chan
            if chan is not None:      # what was said, and the exit status, reach the client
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(chan.wait_closed(), CLOSE_TIMEOUT_S)
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), CLOSE_TIMEOUT_S)

    # -- authentication: public keys only ------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def gss_host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        identity = fingerprint(key)
        if self.door.authorized is not None and identity not in self.door.authorized:
            return False
        self._pending_identity = identity  # the last key accepted is the one that signs
        return True

    def validate_ca_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return False

    def auth_completed(self) -> None:
        """The key is proved: it counts against its limit from now on, and the terminal
        session must start within the door's session timeout."""
        self.identity = self._pending_identity
        if self.identity is None:
            return
        self.key_refusal = self.door.gate.claim_key(self.identity)
        self.key_claimed = self.key_refusal is None
        self._session_timer = asyncio.get_running_loop().call_later(
            self.door.session_timeout_s, self._no_session)

    def drop_session_deadline(self) -> None:
        """The terminal session started (or the connection went): no more deadline."""
        if self._session_timer is not None:
            self._session_timer.cancel()
            self._session_timer = None

    def _no_session(self) -> None:
        self._session_timer = None
        reason = f"no terminal session within {self.door.session_timeout_s:g} seconds"
        log.info("closed %s: %s", self.address, reason)
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason)

    # -- everything but one terminal session is refused ----------------------------------

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "polignac-tui allows no port forwarding")

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "polignac-tui allows no socket forwarding")

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False

    def session_requested(self) -> _Session | bool:
        if self.session is not None or self.identity is None or self.door._closing:
            return False  # one session per connection
        self.session = _Session(self)
        return self.session


class _Session(asyncssh.SSHServerSession[bytes]):
    def __init__(self, owner: _Connection) -> None:
        self.owner = owner
        self.door = owner.door
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.pty = False
        self.term: str | None = None
        self.size = (80, 24)
        self.process: PtyProcess | None = None
        self.last_input = time.monotonic()
        self._idle_handle: asyncio.TimerHandle | None = None
        self._ended = False
        self._ending: asyncio.Task[int] | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.pty = True
        self.term = term_type
        self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("refused an exec request from %s", self.owner.address)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused subsystem %r from %s", subsystem, self.owner.address)
        return False

    def session_started(self) -> None:
        self.owner.drop_session_deadline()
        asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        assert self.chan is not None
        if not self.pty:
            self._say(needs_terminal(self.door.port, self.chan.get_environment()).encode())
            self.chan.exit(1)
            return
        identity = self.owner.identity
        assert identity is not None
        if self.owner.key_refusal is not None:   # counted when the key was proved
            self._say(f"polignac-tui: {self.owner.key_refusal}\r\n".encode())
            self.chan.exit(1)
            return
        user = self.chan.get_extra_info("username") or ""
        name = bounded_name(user)
        if not name:
            comments = self.door.authorized or {}
            name = keyed_name(identity, comments.get(identity))
        elif name_was_cut(user):
            self._say(name_cut(name, self.chan.get_environment()).encode())
        login = SSHLogin(name=name, identity=f"ssh:{identity}", address=self.owner.address)
        env = dict(self.door.env)
        env.update(passed_through(self.chan.get_environment(), self.term))
        env[IDENTITY_ENV] = login.identity
        try:
            self.process = await PtyProcess.spawn(
                self.door.argv_for(login), env, *self.size,
                on_output=self._output, on_exit=self._process_ended, zygote=self.door.zygote)
        except Exception as error:  # a bad argv must not take the door down
            log.error("cannot start the app for %s: %s", self.owner.address, error)
            self._say(b"polignac-tui: the server could not start the game; sorry\r\n")
            self.chan.exit(1)
            return
        if self._ended:  # the link went while the process was starting
            await self.process.terminate(self.door.grace_s)
            return
        self._arm_idle()

    def _say(self, data: bytes) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.write(data)

    # -- data both ways ------------------------------------------------------------------

    def _output(self, data: bytes) -> None:
        self._say(data)

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = time.monotonic()
        if self.process is not None:
            self.process.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width, height)
        if self.process is not None:
            self.process.resize(width, height)

    def pause_writing(self) -> None:
        if self.process is not None:
            self.process.pause_output()

    def resume_writing(self) -> None:
        if self.process is not None:
            self.process.resume_output()

    def eof_received(self) -> bool:
        return True  # keep the channel half-open; the app ends the session

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass  # a client does not signal the app

    # -- ends ----------------------------------------------------------------------------

    def _process_ended(self, code: int) -> None:
        """The app ended (the player quit, or it crashed): the connection closes."""
        self._cancel_idle()
        if self._ended or self.chan is None:
            return
        self._ended = True
        with contextlib.suppress(Exception):
            self.chan.exit(code if code >= 0 else 1)

    def link_lost(self) -> None:
        """The client went: end its app process."""
        self._cancel_idle()
        self._ended = True
        if self.process is not None and self.process.running and self._ending is None:
            self._ending = asyncio.get_running_loop().create_task(
                self.process.terminate(self.door.grace_s))

    def connection_lost(self, exc: Exception | None) -> None:
        """The session's channel is closed (one session per connection): so is the
        connection, and the app process ends if it had not."""
        self.link_lost()
        if self.owner.conn is not None:
            self.owner.conn.close()

    async def end(self, reason: str, status: int = 1) -> None:
        """End the app and tell the player why (in their language when ``reason`` is one of
        ours), their terminal put back to normal; the session's exit status is ``status``."""
        self._cancel_idle()
        if self.process is not None and self.process.running:
            self._ended = True  # its exit is ours, not the app's
            await self.process.terminate(self.door.grace_s)
        elif self._ending is not None:
            await self._ending
            return
        elif self._ended or self.chan is None:
            return              # the app ended by itself: its status was given
        else:
            self._ended = True  # not started yet: it will not start
        assert self.chan is not None
        words = _in_language(self.chan.get_environment(), reason)
        self._ended = False
        self._say(RESET_TERMINAL + f"polignac-tui: {words}\r\n".encode())
        self._ended = True
        with contextlib.suppress(Exception):
            self.chan.exit(status)

    # -- idle ----------------------------------------------------------------------------

    def _arm_idle(self) -> None:
        timeout = self.door.limits.idle_timeout_s
        if timeout <= 0 or self._ended:
            return
        due = self.last_input + timeout - time.monotonic()
        self._idle_handle = asyncio.get_running_loop().call_later(max(due, 0.01),
                                                                  self._check_idle)

    def _check_idle(self) -> None:
        self._idle_handle = None
        timeout = self.door.limits.idle_timeout_s
        if time.monotonic() - self.last_input >= timeout:
            minutes = timeout / 60
            reason = (f"closed after {minutes:g} minutes without a key"
                      if minutes >= 1 else f"closed after {timeout:g} seconds without a key")
            asyncio.get_running_loop().create_task(self.owner.shut(reason))
        else:
            self._arm_idle()

    def _cancel_idle(self) -> None:
        if self._idle_handle is not None:
            self._idle_handle.cancel()
            self._idle_handle = None
