"""Who sits at a new table, for every game: the computers' names, their levels, and how
long a name may be (the New session form, ``polignac-tui new``)."""

from __future__ import annotations

from ..games import LEVELS

COMPUTER_NAMES = ("Bruno", "Claire", "Denis", "Élodie", "Fanny", "Gaston", "Hélène", "Igor")
DEFAULT_LEVEL = "medium"
# The longest name of a seat.
MAX_NAME = 24


def computer_names(human: str, count: int) -> list[str]:
    """``count`` computer names, none equal to ``human`` (ignoring case)."""
    taken = human.strip().casefold()
    return [n for n in COMPUTER_NAMES if n.casefold() != taken][:count]


__all__ = ["COMPUTER_NAMES", "DEFAULT_LEVEL", "LEVELS", "MAX_NAME", "computer_names"]
