"""The engine's named states and choices, as ``Literal`` types.

The strings are the values themselves: what the session file writes, what
``--json`` prints and what a ``SeatView`` carries. A type checker rejects a
misspelt state; at run time they are plain ``str``. The tuples list each
type's values in their order of presentation.
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

from ... import LEVELS as LEVELS  # the house's levels, the engine's names
from ... import Level as Level
from .errors import RuleError

Phase = Literal["generale", "play", "over", "none"]
"""``SeatView.phase``: asking about la générale, playing, the deal over, no deal yet."""
DealPhase = Literal["generale", "play"]
"""``Deal.phase``: the générale is asked in turn, then cards are played."""
PlayerKind = Literal["human", "computer"]
PresetName = Literal["classique", "italiana", "generale", "english", "custom"]
Sevens = Literal["red", "black"]
"""Which two sevens leave the deck at 3, 5 or 6 players."""
Direction = Literal["counterclockwise", "clockwise"]
ChelemMode = Literal["automatic", "declared", "off"]
EndMode = Literal["points", "deals"]
"""The session ends at a point limit or after a number of deals."""

_Name = TypeVar("_Name", bound=str)

PHASES: tuple[Phase, ...] = get_args(Phase)
KINDS: tuple[PlayerKind, ...] = get_args(PlayerKind)
PRESET_NAMES: tuple[PresetName, ...] = get_args(PresetName)
SEVENS: tuple[Sevens, ...] = get_args(Sevens)
DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
CHELEM_MODES: tuple[ChelemMode, ...] = get_args(ChelemMode)
END_MODES: tuple[EndMode, ...] = get_args(EndMode)


def one_of(value: object, choices: tuple[_Name, ...], what: str) -> _Name:
    """``value`` as one of ``choices``, typed (``one_of(text, LEVELS, "level")``).

    For text from outside (a file, a form, the command line): raises ``RuleError``
    naming ``what`` and every choice when ``value`` is none of them.
    """
    for choice in choices:
        if choice == value:
            return choice
    raise RuleError(f"{what} {value!r} is not one of {', '.join(choices)}", what)
