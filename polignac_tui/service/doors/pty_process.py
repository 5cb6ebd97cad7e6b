"""One app process on a new pseudo-terminal, driven from asyncio.

The child is its own session leader with the pty as its controlling terminal (so Textual's
terminal driver gets a real terminal, SIGWINCH on resizes and SIGHUP when the terminal goes).
Output is handed to ``on_output``; ``on_exit`` is called once, after the process ended and its
last output was handed on.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .zygote import ForkedProcess, Zygote

READ_SIZE = 65536
MAX_PENDING_INPUT = 1 << 20
DEFAULT_GRACE_S = 2.0


def _take_terminal() -> None:  # runs in the child, after setsid
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """A size a client asked for, made sane (0 means "unknown": 80×24)."""
    columns = columns if columns > 0 else 80
    rows = rows if rows > 0 else 24
    return min(columns, 1000), min(rows, 1000)


class PtyProcess:
    def __init__(self, process: asyncio.subprocess.Process | ForkedProcess, master: int,
                 on_output: Callable[[bytes], None], on_exit: Callable[[int], None]) -> None:
        self.process = process
        self._master = master
        self._on_output = on_output
        self._on_exit = on_exit
        self._loop = asyncio.get_running_loop()
        self._pending = bytearray()
        self._reading = False
        self._paused = False
        self._eof = False
        self._closed = False
        self._exited = asyncio.Event()
        os.set_blocking(master, False)
        self._resume_reading()
        self._watcher = self._loop.create_task(self._watch())

    @classmethod
    async def spawn(cls, argv: Sequence[str], env: Mapping[str, str], columns: int, rows: int,
                    on_output: Callable[[bytes], None], on_exit: Callable[[int], None],
                    zygote: Zygote | None = None) -> PtyProcess:
        """``argv`` on a new terminal; forked from ``zygote`` (the app already imported)
        when there is one, else started afresh."""
        master, slave = os.openpty()
        try:
            set_size(slave, *clamp_size(columns, rows))
            process: asyncio.subprocess.Process | ForkedProcess
            if zygote is not None and not zygote.closed:
                process = await zygote.spawn(argv, env, slave)
            else:
                process = await asyncio.create_subprocess_exec(
                    *argv, stdin=slave, stdout=slave, stderr=slave, env=dict(env),
                    start_new_session=True, preexec_fn=_take_terminal, close_fds=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        return cls(process, master, on_output, on_exit)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process.returncode is None

    # -- output (child → client) ---------------------------------------------------------

    def pause_output(self) -> None:
        """The client is not reading: stop reading the pty (the child then blocks on it)."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._resume_reading()

    def _resume_reading(self) -> None:
        if not self._reading and not self._eof and not self._closed and not self._paused:
            self._loop.add_reader(self._master, self._readable)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading:
            self._loop.remove_reader(self._master)
            self._reading = False

    def _readable(self) -> None:
        self._drain(once=True)

    def _drain(self, once: bool = False) -> None:
        """Hand on what the child wrote (``once``: at most ``READ_SIZE`` bytes, the rest at
        the next call): every read ready now gathered into one piece, so a frame the pty
        gives 4 kB a read leaves as one SSH packet, not two or three."""
        while not self._eof and not self._closed:
            data, ended = self._read_ready()
            if data:
                self._on_output(data)
            if ended:
                self._eof = True
                self._stop_reading()
                return
            if once or len(data) < READ_SIZE:   # nothing more ready (or the next call's)
                return

    def _read_ready(self) -> tuple[bytes, bool]:
        """Up to ``READ_SIZE`` bytes from the reads ready now, and whether the output
        ended (the child's side of the terminal closed)."""
        chunks: list[bytes] = []
        size = 0
        while size < READ_SIZE:
            try:
                data = os.read(self._master, READ_SIZE - size)
            except BlockingIOError:
                break
            except OSError as error:  # EIO: every copy of the terminal's other side is closed
                if error.errno != errno.EIO:
                    raise
                data = b""
            if not data:
                return b"".join(chunks), True
            chunks.append(data)
            size += len(data)
        return b"".join(chunks), False

    # -- input (client → child) ----------------------------------------------------------

    def write(self, data: bytes) -> None:
        if self._closed or not data:
            return
        if len(self._pending) + len(data) > MAX_PENDING_INPUT:
            return  # the app is not reading its keys; what overflows is dropped
        was_empty = not self._pending
        self._pending += data
        if was_empty:
            self._flush()

    def _flush(self) -> None:
        if self._closed:
            return
        try:
            written = os.write(self._master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            return
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self._master, self._writable)

    def _writable(self) -> None:
        self._loop.remove_writer(self._master)
        self._flush()

    # -- size, end -----------------------------------------------------------------------

    def resize(self, columns: int, rows: int) -> None:
        """New terminal size; the kernel then sends SIGWINCH to the terminal's foreground
        process group (the app: it is the session leader on this terminal)."""
        if not self._closed:
            set_size(self._master, *clamp_size(columns, rows))

    async def _watch(self) -> None:
        code = await self.process.wait()
        self._drain()  # what the child wrote last
        self._close_master()
        self._exited.set()
        self._on_exit(code)

    async def terminate(self, grace_s: float = DEFAULT_GRACE_S) -> int:
        """End the process: SIGHUP to its group, SIGKILL if it is still there after
        ``grace_s``. Returns its exit code."""
        if self.running:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGHUP)
            try:
                await asyncio.wait_for(self._exited.wait(), grace_s)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.pid, signal.SIGKILL)
        await self._exited.wait()
        # a grandchild may still hold the terminal: its group goes too
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        return self.process.returncode if self.process.returncode is not None else -1

    def _close_master(self) -> None:
        if self._closed:
            return
        self._stop_reading()
        self._loop.remove_writer(self._master)
        self._closed = True
        os.close(self._master)
