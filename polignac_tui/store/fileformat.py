"""Polignac's session file (format 1) as the engine's ``Session`` reads and writes it:
a shim over the house's reader and writer (``store.gamefile``) and Polignac's part of
the file (``games/polignac/fileformat.py``), kept for the code that still plays
Polignac on an engine ``Session`` (the old table and service path). New code saves and
loads a ``GameSession`` (``SessionStore.save_game``/``load_game``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..games import RuleError
from ..games.polignac import GAME, PolignacMatch
from ..games.polignac.engine import Session
from ..games.polignac.fileformat import read_session
from ..games.polignac.fileformat import summary as _summary
from ..games.session import COMPUTER, HUMAN, MAX_SESSION_NAME, GameSession, Seat
from . import gamefile
from .errors import SessionFileError
from .gamefile import FORMAT, MAX_BYTES, MAX_MESSAGE, TYPE_NAMES, _fail
from .textfile import FileRefused, parse_toml


def game_session(session: Session) -> GameSession:
    """``session`` as a ``GameSession`` over a ``PolignacMatch`` (the same objects)."""
    seats = tuple(Seat(p.kind == HUMAN, p.level if p.kind == COMPUTER else None)
                  for p in session.players)
    return GameSession(PolignacMatch.of(GAME, session), seats, id=session.id,
                       name=session.name, created=session.created, updated=session.updated,
                       undo_on=session.undo_on, served=session.served)


def to_document(session: Session) -> dict[str, Any]:
    """The session's log as a TOML-ready document (derived state is never written)."""
    return gamefile.to_document(game_session(session))


def dumps(session: Session) -> str:
    """The session file's text (format 1)."""
    return gamefile.dumps(game_session(session))


def from_document(doc: Any) -> Session:
    """Validate a parsed document and replay it into a ``Session``."""
    try:
        return read_session(doc)
    except RuleError as error:
        raise _fail(error.message) from None


def loads(text: str) -> Session:
    """Parse and validate the text of a session file."""
    try:
        doc = parse_toml(text)
    except FileRefused as error:
        raise _fail(str(error)) from None
    return from_document(doc)


def load(path: Path | str) -> Session:
    """Read and validate a session file (a regular file of at most ``MAX_BYTES``)."""
    return from_document(gamefile.read_document(path, MAX_BYTES))


def summary(session: Session) -> dict[str, Any]:
    """The ``show --json`` document."""
    return _summary(session)


__all__ = ["FORMAT", "MAX_BYTES", "MAX_MESSAGE", "MAX_SESSION_NAME", "TYPE_NAMES",
           "SessionFileError", "dumps", "from_document", "game_session", "load", "loads",
           "summary", "to_document"]
