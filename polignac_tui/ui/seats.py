"""Who sits at a new table, for every game: the computers' names, their levels, and how
long a name may be (the New session form, ``polignac-tui new``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..games import FIRST_GAME, LEVELS
from ..games.settings import CUSTOM
from ..i18n import _

if TYPE_CHECKING:
    from ..games.base import Game

COMPUTER_NAMES = ("Bruno", "Claire", "Denis", "Élodie", "Fanny", "Gaston", "Hélène", "Igor")
DEFAULT_LEVEL = "medium"
# The longest name of a seat.
MAX_NAME = 24


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a seat (at most ``MAX_NAME`` printable characters), if so."""
    if not name.strip():
        return _("a player needs a name")
    if len(name) > MAX_NAME or not name.isprintable():
        return _("the name {name} is not 1 to 24 printable characters").format(
            name=repr(name[:MAX_NAME + 1]))
    return None


def computer_names(human: str, count: int) -> list[str]:
    """``count`` computer names, none equal to ``human`` (ignoring case)."""
    taken = human.strip().casefold()
    return [n for n in COMPUTER_NAMES if n.casefold() != taken][:count]


def start_players(game: Game) -> int:
    """How many sit at a new table of ``game`` when nobody says: its FACE's usual table
    within the game's counts (4 at Polignac, 2 at a game for two)."""
    from .gameface import face_of
    return min(max(face_of(game.name).default_players, game.min_players), game.max_players)


def start_preset(game: Game, default_preset: str) -> str:
    """The preset a new table of ``game`` starts from: the settings' default preset at
    the game it belongs to (the first game), else the game's first preset."""
    if game.name == FIRST_GAME and default_preset in (*game.presets, CUSTOM):
        return default_preset
    return game.presets[0]


__all__ = ["COMPUTER_NAMES", "DEFAULT_LEVEL", "LEVELS", "MAX_NAME", "computer_names",
           "name_problem", "start_players", "start_preset"]
