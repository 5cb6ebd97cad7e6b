"""Polignac's session file (format 1) as its engine ``Session`` reads and writes it, for
the tests: a test-side shim (``polignac_tui/store/fileformat.py`` until issue 24 took
Polignac behind the seam) over the house's reader and writer (``store.gamefile``) and
Polignac's part of the file (``games/polignac/fileformat.py``), so that the tests written
on an engine ``Session`` keep their assertions. The code of the house saves and loads a
``GameSession`` (``SessionStore.save_game``/``load_game``): ``save_session``,
``load_session`` and ``engine_of`` take an engine ``Session`` through that same route.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from polignac_tui.games import RuleError
from polignac_tui.games.polignac import game_session
from polignac_tui.games.polignac.engine import Session
from polignac_tui.games.polignac.fileformat import read_session
from polignac_tui.games.polignac.fileformat import summary as _summary
from polignac_tui.games.session import MAX_SESSION_NAME
from polignac_tui.store import gamefile
from polignac_tui.store.errors import SessionFileError
from polignac_tui.store.gamefile import FORMAT, MAX_BYTES, MAX_MESSAGE, TYPE_NAMES, _fail
from polignac_tui.store.textfile import FileRefused, parse_toml

if TYPE_CHECKING:
    from polignac_tui.store.folder import Entry, SessionStore
    from polignac_tui.store.index import Summary


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


def summarize(id: str, path: Path, updated: datetime, session: Session) -> Summary:
    """The summary of an engine ``session`` (``store.index.summarize`` of its
    ``GameSession``)."""
    from polignac_tui.store.index import summarize as summarize_game_session
    return summarize_game_session(id, path, updated, game_session(session))


def save_session(store: SessionStore, session: Session) -> None:
    """Save an engine ``session`` as the app does (``SessionStore.save_game`` of its
    ``GameSession``); its ``updated`` is then the save's, as the house's is."""
    whole = game_session(session)
    try:
        store.save_game(whole)
    finally:
        session.updated = whole.updated


def load_session(store: SessionStore, id: str) -> Session:
    """Read saved session ``id`` as the app does (``SessionStore.load_game``): the engine's
    session under its Polignac match."""
    session = store.load_game(id).match.own_session()
    assert isinstance(session, Session), f"{id} is not a session of Polignac"
    session.id = id
    return session


def engine_of(entry: Entry) -> Session | None:
    """The engine's session of a listed file (None: unreadable, or of another game)."""
    if entry.game_session is None:
        return None
    session = entry.game_session.match.own_session()
    return session if isinstance(session, Session) else None


__all__ = ["FORMAT", "MAX_BYTES", "MAX_MESSAGE", "MAX_SESSION_NAME", "TYPE_NAMES",
           "SessionFileError", "dumps", "engine_of", "from_document", "game_session", "load",
           "load_session", "loads", "save_session", "summarize", "summary", "to_document"]
