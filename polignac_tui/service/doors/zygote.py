"""A warm parent for the players' app processes: the app imported once, a fork per terminal.

Starting the app costs most of its first second in imports (Textual, the screens). The SSH
door starts one *zygote* process at open; it imports the app and then waits. For each
player, the door sends it the argv, the environment and the player's pseudo-terminal
(the slave end, over a Unix socket pair: SCM_RIGHTS); the zygote forks, and the child
makes that terminal its own (new session, controlling terminal, stdin/stdout/stderr)
and runs the command line of ``polignac_tui`` with that argv, already imported. Any other
argv is simply exec'd. The zygote reports each child's pid, and its exit code when it
ends. It holds no thread and no event loop (a fork copies only the calling thread), and it
ends when the door closes its socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gc
import importlib
import json
import os
import random
import select
import signal
import socket
import sys
import termios
from collections.abc import Mapping, Sequence

from . import child_trace

# What the zygote imports before its first fork (what a player's app needs at once).
# Completed by comparing ``sys.modules`` in a child at its first frame (the lobby) with the
# zygote's: a child imports nothing more before it.
PRELOAD = (
    "polignac_tui.cli", "polignac_tui.commands.join", "polignac_tui.ui.app",
    "polignac_tui.ui.screens.lobby", "polignac_tui.ui.screens.table",
    "polignac_tui.ui.screens.web_sign_in", "polignac_tui.ui.screens.too_small",
    "polignac_tui.service.client", "polignac_tui.service.paths",
    "textual.drivers.linux_driver", "textual.drivers.headless_driver", "textual.pilot",
    "textual.layouts.factory", "textual.layouts.horizontal", "textual.layouts.stream",
    "rich._emoji_codes",
)
MAX_MESSAGE = 1 << 20
CHILD_GC_THRESHOLD = 7000
MODULE_ARGV = ("-m", "polignac_tui")


# -- the zygote process ------------------------------------------------------------------

def main(fd: int) -> int:
    """Run as ``python -m polignac_tui.service.doors.zygote FD`` (FD: its end of the pair)."""
    link = socket.socket(fileno=fd)
    prepared = warm()
    _send(link, {"ready": True, "prepared": prepared})
    while True:
        _reap(link)
        readable, _, _ = select.select([link], [], [], 0.2)
        if not readable:
            continue
        try:
            data, fds, _flags, _addr = socket.recv_fds(link, MAX_MESSAGE, 1)
        except OSError:
            return 0
        if not data:
            return 0        # the door is gone
        request = json.loads(data)
        if not fds:
            continue
        pid = os.fork()
        if pid == 0:
            _child(link, fds[0], request["argv"], request["env"])   # never returns
        os.close(fds[0])
        _send(link, {"pid": pid, "request": request["request"]})


def warm() -> dict[str, int]:
    """Import what a child needs before its first frame, run a lobby once (``ui.warm``:
    its stylesheet, parsed, is the child's app's), then freeze what the zygote holds
    (``gc.freeze``): the children's collections never walk (nor write to) these objects,
    so their pages stay shared after the fork and each child's collections stay short.
    Returns what was prepared: ``css_sources``, the CSS sources parsed; ``parsers``, the
    languages the command line's parser was built in (``cli.prepare_parsers``)."""
    for name in PRELOAD:
        importlib.import_module(name)
    # every game's own screens (its dialogs, through its FACE), by the registry
    from ...games import game_names
    from ...ui.gameface import face_of
    for game in game_names():
        face_of(game).screens  # noqa: B018 - imported for their side effect
    # Rich's table of cell widths, imported by name at the first width asked (a private
    # module of Rich: if it moves, the child imports it as before)
    with contextlib.suppress(ImportError, AttributeError):
        importlib.import_module("rich._unicode_data").load()
    from ... import cli
    from ...ui import warm as ui_warm
    # A lobby that cannot run here leaves each child to do it all, as before.
    with contextlib.suppress(Exception):
        ui_warm.prime()
    cli.prepare_parsers()       # the command line's parser, in each language
    gc.collect()
    gc.freeze()
    # A child's young objects collected ten times less often (Python's default: every 700
    # allocations): its first frame made some 25 collections, 4 % of its CPU; what they
    # found is the child's own (the zygote's objects are frozen), a few MB at most.
    gc.set_threshold(CHILD_GC_THRESHOLD, *gc.get_threshold()[1:])
    return {"css_sources": ui_warm.primed_css_sources(), "parsers": cli.prepared_parsers()}


def _reap(link: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _send(link, {"exit": pid, "code": os.waitstatus_to_exitcode(status)})


def _send(link: socket.socket, message: dict[str, object]) -> None:
    with contextlib.suppress(OSError):
        link.send(json.dumps(message).encode())


def _child(link: socket.socket, terminal: int, argv: list[str], env: dict[str, str]) -> None:
    code = 1
    try:
        child_trace.start(env)
        link.close()
        os.setsid()
        fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        if terminal > 2:
            os.close(terminal)
        os.environ.clear()
        os.environ.update(env)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
            signal.signal(sig, signal.SIG_DFL)
        if tuple(argv[1:3]) != MODULE_ARGV:
            os.execvpe(argv[0], argv, env)
        random.seed()           # not the zygote's state, shared by every child
        for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
            stream = open(fd, mode, encoding="utf-8", closefd=False)  # noqa: SIM115
            setattr(sys, name, stream)               # the terminal, in UTF-8 (Textual's
            setattr(sys, f"__{name}__", stream)      # driver writes to sys.__stderr__)
        sys.argv = ["polignac-tui", *argv[3:]]
        child_trace.mark("cli")
        from ...cli import main as cli_main
        code = cli_main(argv[3:])
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    except BaseException:  # the app's own handler already said what went wrong
        code = 1
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


# -- the door's side -----------------------------------------------------------------------

class ForkedProcess:
    """A player's process forked by the zygote: what ``PtyProcess`` needs of a process."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._ended: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def _exited(self, code: int) -> None:
        self.returncode = code
        if not self._ended.done():
            self._ended.set_result(code)

    async def wait(self) -> int:
        return await self._ended


class Zygote:
    """The door's handle on its zygote process."""

    def __init__(self, process: asyncio.subprocess.Process, link: socket.socket) -> None:
        self.process = process
        self.link = link
        self.children: dict[int, ForkedProcess] = {}
        self._asked: dict[int, asyncio.Future[ForkedProcess]] = {}
        self._requests = 0
        self._loop = asyncio.get_running_loop()
        self._ready: asyncio.Future[None] = self._loop.create_future()
        self.prepared: dict[str, int] = {}     # what it prepared before its first fork
        self.closed = False
        link.setblocking(False)
        self._loop.add_reader(link.fileno(), self._readable)

    @classmethod
    async def start(cls, env: Mapping[str, str], timeout: float = 60.0) -> Zygote:
        """Start the zygote with the players' environment and wait until it is warm.
        Raises ``OSError`` when it cannot start."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "polignac_tui.service.doors.zygote",
                str(theirs.fileno()), pass_fds=(theirs.fileno(),), env=dict(env),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL, start_new_session=True)
        finally:
            theirs.close()
        zygote = cls(process, ours)
        try:
            await asyncio.wait_for(asyncio.shield(zygote._ready), timeout)
        except (TimeoutError, OSError):
            await zygote.close()
            raise OSError("the warm app process did not start") from None
        return zygote

    def _readable(self) -> None:
        while True:
            try:
                data = self.link.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            message = json.loads(data)
            if message.get("ready") and not self._ready.done():
                prepared = message.get("prepared")
                if isinstance(prepared, dict):
                    self.prepared = {k: v for k, v in prepared.items() if isinstance(v, int)}
                self._ready.set_result(None)
            elif "pid" in message:
                # Known from now on: its exit may be the very next message.
                child = ForkedProcess(message["pid"])
                self.children[child.pid] = child
                asked = self._asked.pop(message["request"], None)
                if asked is not None and not asked.done():
                    asked.set_result(child)
            elif "exit" in message:
                ended = self.children.pop(message["exit"], None)
                if ended is not None:
                    ended._exited(message["code"])

    def _lost(self) -> None:
        """The zygote ended: no more forks; its children are reported gone (their
        terminals close with them)."""
        if self.closed:
            return
        self.closed = True
        self._loop.remove_reader(self.link.fileno())
        for asked in self._asked.values():
            if not asked.done():
                asked.set_exception(OSError("the warm app process is gone"))
        if not self._ready.done():
            self._ready.set_exception(OSError("the warm app process is gone"))
        for child in self.children.values():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            child._exited(-signal.SIGKILL)
        self.children.clear()

    async def spawn(self, argv: Sequence[str], env: Mapping[str, str],
                    terminal: int) -> ForkedProcess:
        """A child running ``argv`` on ``terminal`` (the slave end; the caller closes it)."""
        if self.closed:
            raise OSError("the warm app process is gone")
        self._requests += 1
        request = self._requests
        asked: asyncio.Future[ForkedProcess] = self._loop.create_future()
        self._asked[request] = asked
        message = json.dumps({"argv": list(argv), "env": dict(env), "request": request})
        socket.send_fds(self.link, [message.encode()], [terminal])
        return await asked

    async def close(self) -> None:
        """End the zygote (the door has ended the players' processes first)."""
        if not self.closed:
            self._lost()
        self.link.close()
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1])))
