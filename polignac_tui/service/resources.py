"""The service's guard over what the machine may run short of: open files, disk space,
memory. When one runs out the service refuses new tables (``busy``) for ``BUSY_FOR``
seconds, goes on serving the tables in play, and says so in one line a minute at most."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable

from ..i18n import _, ngettext
from .protocol import ProtocolError

BUSY_FOR = 10.0                    # seconds new tables are refused after a resource ran out
SAY_TROUBLE_EVERY = 60.0           # seconds: at most one line of log about it
FD_HEADROOM = 32                   # file descriptors kept free for the tables in play


def short_of(error: BaseException | None) -> str | None:
    """``files``, ``space`` or ``memory`` when ``error`` (or the error it came from) is a
    resource that ran out; None for any other error."""
    for _depth in range(8):
        if error is None:
            return None
        if isinstance(error, MemoryError):
            return "memory"
        if isinstance(error, OSError):
            if error.errno in (errno.EMFILE, errno.ENFILE):
                return "files"
            if error.errno in (errno.ENOSPC, errno.EDQUOT):
                return "space"
            if error.errno in (errno.ENOMEM, errno.ENOBUFS):
                return "memory"
        error = error.__cause__ or error.__context__
    return None


def files_left() -> int | None:
    """File descriptors this process may still open (None where it cannot be known);
    0 when even looking needs one that is not there."""
    try:
        import resource
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return None
    if soft == resource.RLIM_INFINITY:
        return None
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return soft - len(os.listdir(folder))
        except FileNotFoundError:
            continue
        except OSError as error:
            return 0 if short_of(error) == "files" else None
    return None


def busy(what: str) -> ProtocolError:
    """The refusal of a new table while ``what`` runs short."""
    return ProtocolError("busy", f"the service is short of {what} just now: no new "
                         "table for a while (the tables in play go on)",
                         params=(("what", what),))


class ResourceGuard:
    """What runs short now, and the log's one line a minute about it."""

    def __init__(self, log: Callable[[str], None], clock: Callable[[], float]) -> None:
        self.log = log
        self.clock = clock
        self._busy_until = float("-inf")     # new tables refused until then (the clock)
        self._busy_what = ""                 # what ran out: files, space, memory
        self._said_at: float | None = None   # when the last line about it was logged
        self._unsaid = 0                     # resource failures since that line

    def trouble(self, error: BaseException) -> bool:
        """Note ``error`` if a resource ran out (True): new tables are refused for a while,
        and the log has one line about it a minute at most."""
        what = short_of(error)
        if what is None:
            return False
        now = self.clock()
        self._busy_until = now + BUSY_FOR
        self._busy_what = what
        if self._said_at is not None and now - self._said_at < SAY_TROUBLE_EVERY:
            self._unsaid += 1
            return True
        reason = error.strerror if isinstance(error, OSError) and error.strerror else \
            (str(error) or type(error).__name__)
        more = ngettext(" ({count} more time since the last line)",
                        " ({count} more times since the last line)", self._unsaid).format(
                            count=self._unsaid) if self._unsaid else ""
        self.log(_("{reason}: new tables are refused for now, the tables in play go on{more}"
                   ).format(reason=reason, more=more))
        self._said_at = now
        self._unsaid = 0
        return True

    def noted(self, error: BaseException) -> None:
        """``trouble`` as a table's error listener (its answer is not needed)."""
        self.trouble(error)

    def short(self) -> str | None:
        """What runs short now (``files``, ``space``, ``memory``), or None."""
        if self.clock() < self._busy_until:
            return self._busy_what
        left = files_left()
        if left is not None and left < FD_HEADROOM:      # kept for the tables in play
            self.trouble(OSError(errno.EMFILE, f"{max(left, 0)} file descriptors left"))
            return "files"
        return None

    def refuse_if_busy(self) -> None:
        """``busy`` while a resource runs short."""
        what = self.short()
        if what is not None:
            raise busy(what)
