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
import stat
from pathlib import Path
from types import TracebackType

from .errors import SessionLocked, StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on the platforms we run on
    # None marks a platform without flock (the checks below narrow ``fcntl`` again)
    fcntl = None  # type: ignore[assignment]  # mypy's idiom for an optional module

_NO_LOCKING = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS}
# Never through a symbolic link (a link named <id>.lock would have the pid written over
# the file it points to), never waiting on a FIFO, never inherited by a child process.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_OPEN = os.O_RDWR | os.O_CREAT | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
_BUSY = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES}
# A lock file let go by a live process that set its id aside (``reserve``): "<pid> reserved".
RESERVED = "reserved"


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

    def keep_file(self) -> None:
        """Let go of the lock but leave its file where it is, marked ``<pid> reserved``:
        the id stays taken (for ``new_id``, and for ``acquire`` while this process lives)
        while no file is held open (``Reservation``). ``OSError`` if the mark cannot be
        written (the lock is then released)."""
        if not self._held:
            return
        fd = self._fd
        if fd is not None:
            try:
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                _write_all(fd, f"{os.getpid()} {RESERVED}\n".encode())
            except BaseException:
                self.release()
                raise
        self._held = False
        self._fd = None
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> SessionLock:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"SessionLock({self.id!r}, pid={self.pid})"


class Reservation:
    """An id set aside without a file held open: its lock file is there, naming this
    process, so no new id takes it; the lock itself is taken by ``take`` (the service's
    waiting tables: a thousand of them hold no file descriptor)."""

    def __init__(self, id: str, path: Path) -> None:
        self.id = id
        self.path = path

    def take(self) -> SessionLock:
        """The lock of the id, held from now on (``StoreError`` / ``SessionLocked``)."""
        self._forget()          # our own mark (without flock, a live pid would refuse us)
        return acquire(self.id, self.path)

    def release(self) -> None:
        """The id is free again (the mark is removed if it is still ours)."""
        self._forget()

    def _forget(self) -> None:
        if holder(self.path) == os.getpid():
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def reserve(id: str, path: Path, take_over: bool = False) -> Reservation:
    """Set ``id`` aside: its lock is taken (nobody else holds it) and let go at once, its
    file left in place (``StoreError`` / ``SessionLocked`` as ``acquire``). ``take_over``:
    a mark of another process is ours to take (the service bringing back its own waiting
    tables: the pid of the one that set them aside may be anyone's now)."""
    try:
        acquire(id, path, take_over=take_over).keep_file()
    except OSError as error:
        raise StoreError(f"cannot set session {id} aside: {error.strerror or error} "
                         f"({path})") from None
    return Reservation(id, path)


def acquire(id: str, path: Path, take_over: bool = False) -> SessionLock:
    """Take the lock of session ``id`` now, or raise ``SessionLocked`` (also for an id
    set aside by a live process, unless ``take_over``)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            raise StoreError(f"cannot lock session {id}: {path} is a symbolic link; a lock "
                             "file is never written through one (remove the link)")
        if fcntl is not None:
            lock = _acquire_flock(id, path, take_over)
            if lock is not None:
                return lock
        return _acquire_pid(id, path)
    except OSError as error:
        raise StoreError(f"cannot lock session {id}: {error.strerror or error} "
                         f"({path})") from None


def _acquire_flock(id: str, path: Path, take_over: bool = False) -> SessionLock | None:
    """The ``flock`` way; None when the file system does not support it."""
    assert fcntl is not None
    while True:
        fd = _open_regular(path, _OPEN)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            pid = _pid_from(os.pread(fd, 32, 0))
            os.close(fd)
            if error.errno in _NO_LOCKING:
                return None
            if error.errno in _BUSY:
                raise SessionLocked(id, pid) from None
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
        raw = os.pread(fd, 32, 0)
        previous = _pid_from(raw)
        if previous is not None and RESERVED.encode() in raw and not take_over \
                and _alive(previous):
            os.close(fd)                    # set aside by a live service: not ours to take
            raise SessionLocked(id, previous)
        try:
            os.ftruncate(fd, 0)
            _write_all(fd, f"{os.getpid()}\n".encode())
        except BaseException:
            # a full disk: no lock, and no empty lock file left to make the next id "-2"
            with contextlib.suppress(OSError):
                os.unlink(path)  # still holding the lock: no one else can hold this file
            os.close(fd)
            raise
        stale = previous if previous is not None and previous != os.getpid() else None
        return SessionLock(id, path, fd, stale)


def _acquire_pid(id: str, path: Path) -> SessionLock:
    """Without ``flock``: create the file exclusively; a dead holder's file is taken over."""
    taken_over: int | None = None
    for _ in range(100):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644)
        except FileExistsError:
            pid = holder(path)
            if pid is not None and _alive(pid):
                raise SessionLocked(id, pid) from None
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
            taken_over = pid
            continue
        try:
            _write_all(fd, f"{os.getpid()}\n".encode())
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(path)  # ours, created above: not left empty
            raise
        os.close(fd)
        return SessionLock(id, path, None, taken_over)
    raise SessionLocked(id, holder(path))


def reserved(path: Path) -> bool:
    """True when the lock file at ``path`` is a live process's mark ``<pid> reserved``
    (only the table service sets ids aside, for its tables waiting for their players)."""
    raw = _read_head(path)
    pid = _pid_from(raw)
    return pid is not None and RESERVED.encode() in raw and _alive(pid)


def holder(path: Path) -> int | None:
    """The pid written in a lock file, if any (whether or not it still holds it)."""
    return _pid_from(_read_head(path))


def _read_head(path: Path) -> bytes:
    """The first bytes of the regular file at ``path`` (nothing if there is none)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return b""
    try:
        return os.read(fd, 32) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(fd)


def _open_regular(path: Path, flags: int) -> int:
    """``os.open`` of a regular file (``O_CREAT`` never truncates through a link)."""
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, f"{path.name} is a symbolic link; a lock file is "
                          "never written through one (remove the link)") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, f"{path.name} is not a regular file (remove it)")
    return fd


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _pid_from(raw: bytes) -> int | None:
    words = raw.decode("ascii", "replace").split()
    return int(words[0]) if words and words[0].isdigit() else None


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
