"""Saved sessions of every game: the file (the house's header, each game's part), the
folder they live in and its summary index."""

from .errors import (
    BadSessionId,
    PlayedServed,
    ResumeError,
    SaveError,
    SessionFileError,
    SessionLocked,
    StoreError,
    UnknownSession,
)
from .folder import Entry, SessionStore, default_root
from .index import Summary
from .lock import SessionLock

__all__ = [
    "BadSessionId", "Entry", "PlayedServed", "ResumeError", "SaveError",
    "SessionFileError", "SessionLock", "SessionLocked", "SessionStore", "StoreError",
    "Summary", "UnknownSession", "default_root",
]
