"""A quick session: you plus computer players, from a preset (``polignac-tui new``)."""

from __future__ import annotations

from ....ui.seats import COMPUTER_NAMES, computer_names
from ..engine import PRESET_NAMES, Level, Player, RuleError, Rules, one_of, preset

DEFAULT_LEVEL: Level = "medium"


def quick_session(preset_name: str, players: int, name: str,
                  level: Level = DEFAULT_LEVEL) -> tuple[Rules, list[Player]]:
    """The rules of ``preset_name`` and ``players`` seats: ``name`` first, then computers.

    Raises ``RuleError`` with a readable reason (unknown preset, 3 to 8 players, bad name).
    """
    if not 3 <= players <= 8:
        raise RuleError(f"Polignac is played by 3 to 8 players, not {players}", "players")
    rules = preset(one_of(preset_name, PRESET_NAMES, "preset"), players)
    seats = [Player(name)] + [Player(n, "computer", level)
                              for n in computer_names(name, players - 1)]
    return rules, seats


__all__ = ["COMPUTER_NAMES", "DEFAULT_LEVEL", "computer_names", "quick_session"]
