"""The games of the house, by short name, each loaded the first time it is asked for.

The registry holds entry points as ``"module:attribute"`` strings (RLCard's way), so
importing this package loads no game's rules; ``get_game("ecarte")`` imports
``polignac_tui.games.ecarte`` then and returns its ``Game``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Literal, get_args

from .base import Game
from .errors import RuleError

ENTRY_POINTS: dict[str, str] = {
    "polignac": "polignac_tui.games.polignac:GAME",
    "ecarte": "polignac_tui.games.ecarte:GAME",
    "piquet": "polignac_tui.games.piquet:GAME",
}
#: the house's first game: the game of a session file that names none (its files were
#: written before the house had others) and of a table whose creator names none
FIRST_GAME = "polignac"
#: a computer player's level, the weakest first (every game has these four)
Level = Literal["easy", "medium", "hard", "expert"]
LEVELS: tuple[Level, ...] = get_args(Level)
#: the arena's levels: the four, and the yardstick that sees every hand (never a player)
ARENA_LEVELS: tuple[str, ...] = (*LEVELS, "cheat")
_loaded: dict[str, Game] = {}


def game_names() -> tuple[str, ...]:
    """Every game's short name, in the house's order."""
    return tuple(ENTRY_POINTS)


def get_game(name: str) -> Game:
    """The game called ``name`` (``polignac``, ``ecarte``, ``piquet``).

    Raises:
        RuleError: ``unknown_game`` for a name that is none of them, ``game_missing``
            for a game of the list that this version does not hold yet.
    """
    game = _loaded.get(name)
    if game is not None:
        return game
    entry = ENTRY_POINTS.get(name) if isinstance(name, str) else None
    if entry is None:
        raise RuleError("unknown_game", f"{str(name)[:40]!r} is not a game of the house "
                        f"(one of {', '.join(ENTRY_POINTS)})", {"game": str(name)[:40]})
    module_name, _, attribute = entry.partition(":")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is None or not module_name.startswith(error.name):
            raise
        raise RuleError("game_missing", f"{name} is not playable in this version yet",
                        {"game": name}) from None
    game = getattr(module, attribute)
    if not isinstance(game, Game):
        raise TypeError(f"{entry} is not a Game")
    _loaded[name] = game
    return game


__all__ = ["ARENA_LEVELS", "ENTRY_POINTS", "FIRST_GAME", "LEVELS", "Game", "Level", "RuleError",
           "game_names", "get_game"]
