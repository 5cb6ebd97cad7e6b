"""Saved sessions: the file format and the folder they live in."""

from .errors import (
    BadSessionId,
    OtherGame,
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
    "BadSessionId", "Entry", "OtherGame", "PlayedServed", "ResumeError", "SaveError",
    "SessionFileError", "SessionLock", "SessionLocked", "SessionStore", "StoreError",
    "Summary", "UnknownSession", "default_root",
]
