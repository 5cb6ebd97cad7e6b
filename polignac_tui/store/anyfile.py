"""A session file of any game of the house: read once, told apart by its ``game`` key
(none: Polignac, ``store.fileformat``; ``ecarte`` or ``piquet``: ``store.gamefile``), and
replayed by the reader of its own game, so that an Écarté or a Piquet file is never
refused as a Polignac file that went wrong."""

from __future__ import annotations

from pathlib import Path

from ..games.polignac.engine import Session
from ..games.session import GameSession
from . import fileformat, gamefile

POLIGNAC = gamefile.POLIGNAC
AnySession = Session | GameSession


def game_of_session(session: AnySession) -> str:
    """The game a session read from a file is of."""
    return session.game if isinstance(session, GameSession) else POLIGNAC


def load_any(path: Path | str) -> AnySession:
    """Read and replay the session file at ``path``, whatever its game.

    Raises:
        SessionFileError: one line saying why the file cannot be read (a ``game`` that is
            no game of the house among them).
    """
    doc = gamefile.read_document(path)
    if gamefile.game_of(doc) == POLIGNAC:
        return fileformat.from_document(doc)
    return gamefile.from_document(doc)


__all__ = ["POLIGNAC", "AnySession", "game_of_session", "load_any"]
