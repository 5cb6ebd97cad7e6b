"""A session file of any game of the house, read once and replayed by the reader of its
own game (``store.gamefile``): a file naming no ``game`` is of the house's first game."""

from __future__ import annotations

from ..games.session import GameSession
from .gamefile import load

AnySession = GameSession


def game_of_session(session: GameSession) -> str:
    """The game a session read from a file is of."""
    return session.game


load_any = load


__all__ = ["AnySession", "game_of_session", "load_any"]
