"""Who sits at a new table, for every game: the computers' names, their levels, and how
long a name may be (the New session form, ``polignac-tui new``)."""

from __future__ import annotations

from ..games import LEVELS
from ..i18n import _

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


__all__ = ["COMPUTER_NAMES", "DEFAULT_LEVEL", "LEVELS", "MAX_NAME", "computer_names",
           "name_problem"]
