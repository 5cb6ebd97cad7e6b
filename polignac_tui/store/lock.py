"""One writer per session: ``<id>.lock`` beside the session file, held with ``flock``.

The lock file holds the pid of its holder, for the message a second
polignac-tui shows. The operating system drops an ``flock`` when its process
ends, however it ends, so a lock left by a process that no longer exists is
taken over without any guessing. Where ``flock`` is not available the pid alone
decides: a lock whose pid is not a running process is taken over.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path
from types import TracebackType

from .errors import SessionLocked, StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on the platforms we run on
    # None marks a platform without flock (the checks below narrow ``fcntl`` again)
    fcntl = None  # type: ignore[assignment]  # mypy's idiom for an optional module

_NO_LOCKING = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS}
_BUSY = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES}


class SessionLock:
    """A held session lock; a context manager, released by ``release()`` or on exit."""

    def __init__(self, id: str, path: Path, fd: int | None, taken_over: int | None) -> None:
        self.id = id
        self.path = path
        self.pid = os.getpid()
        self.taken_over = taken_over  # pid of a dead holder whose lock was taken over
        self._fd = fd
        self._held = True

    @property
    def held(self) -> bool:
        return self._held

    def release(self) -> None:
        """Give the lock up (idempotent); the lock file is removed."""
        if not self._held:
            return
        self._held = False
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            os.unlink(self.path)  # while still holding it: no one can hold a deleted file
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> SessionLock:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"SessionLock({self.id!r}, pid={self.pid})"


def acquire(id: str, path: Path) -> SessionLock:
    """Take the lock of session ``id`` now, or raise ``SessionLocked``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if fcntl is not None:
            lock = _acquire_flock(id, path)
            if lock is not None:
                return lock
        return _acquire_pid(id, path)
    except OSError as error:
        raise StoreError(f"cannot lock session {id}: {error.strerror or error} "
                         f"({path})") from None


def _acquire_flock(id: str, path: Path) -> SessionLock | None:
    """The ``flock`` way; None when the file system does not support it."""
    assert fcntl is not None
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            holder = _pid_from(os.pread(fd, 32, 0))
            os.close(fd)
            if error.errno in _NO_LOCKING:
                return None
            if error.errno in _BUSY:
                raise SessionLocked(id, holder) from None
            raise
        # The holder we waited on may have removed the file as it let go: then we hold a
        # lock on a deleted file, and must start again on the file that is there now.
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if not same:
            os.close(fd)
            continue
        previous = _pid_from(os.pread(fd, 32, 0))
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        stale = previous if previous is not None and previous != os.getpid() else None
        return SessionLock(id, path, fd, stale)


def _acquire_pid(id: str, path: Path) -> SessionLock:
    """Without ``flock``: create the file exclusively; a dead holder's file is taken over."""
    taken_over: int | None = None
    for _ in range(100):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            holder = _read_pid(path)
            if holder is not None and _alive(holder):
                raise SessionLocked(id, holder) from None
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
            taken_over = holder
            continue
        try:
            os.write(fd, f"{os.getpid()}\n".encode())
        finally:
            os.close(fd)
        return SessionLock(id, path, None, taken_over)
    raise SessionLocked(id, _read_pid(path))


def holder(path: Path) -> int | None:
    """The pid written in a lock file, if any (whether or not it still holds it)."""
    return _read_pid(path)


def _read_pid(path: Path) -> int | None:
    try:
        return _pid_from(path.read_bytes()[:32])
    except OSError:
        return None


def _pid_from(raw: bytes) -> int | None:
    text = raw.decode("ascii", "replace").strip()
    return int(text) if text.isdigit() else None


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True
