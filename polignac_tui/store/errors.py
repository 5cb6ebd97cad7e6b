"""Errors of the saved-sessions folder; ``str()`` of each is one line a user can read."""

from __future__ import annotations


class SessionFileError(ValueError):
    """A session file that cannot be accepted; ``str()`` is one readable line."""


class StoreError(Exception):
    """A saved-session operation that cannot be done; ``str()`` says what and why."""


class BadSessionId(StoreError, ValueError):
    """Text that is not a session id (ids use only a-z, 0-9 and -)."""


class UnknownSession(StoreError, SessionFileError):
    """No saved session has that id (also a ``SessionFileError``, as ``load`` promises)."""


class SessionLocked(StoreError):
    """The session is open in another polignac-tui (or already locked in this one)."""

    def __init__(self, id: str, pid: int | None) -> None:
        self.id = id
        self.pid = pid
        super().__init__(_locked_message(id, pid))


class PlayedServed(SessionLocked):
    """The session is played at a served table (``polignac-tui serve``): only the service
    opens it, a player joins it there."""

    def __init__(self, id: str, pid: int | None = None) -> None:
        self.id = id
        self.pid = pid      # the service's, while it holds the session
        StoreError.__init__(self, served_message(id))


def served_message(id: str) -> str:
    return f"session {id} is played at a served table: join it with `polignac-tui join`"


class SaveError(StoreError):
    """The session could not be written (the previous save, if any, is intact)."""


class ResumeError(StoreError):
    """No session to resume: unknown id, unreadable file, finished session, or none in play."""


def _locked_message(id: str, pid: int | None) -> str:
    import os

    if pid is not None and pid == os.getpid():
        return f"session {id} is already open in this polignac-tui"
    holder = f"pid {pid}" if pid is not None else "pid unknown"
    return (f"session {id} is already open in another polignac-tui ({holder}); "
            "close it there first")
