"""User settings (theme, pace, ASCII, four colours, default preset, your name).

Stored in ``platformdirs.user_config_path("polignac-tui") / "settings.toml"``.
"""

from __future__ import annotations

from dataclasses import dataclass

PACES = ("instant", "fast", "normal", "slow")


@dataclass
class Settings:
    name: str = "You"
    theme: str = "textual-dark"
    pace: str = "normal"
    ascii: bool = False
    four_colour: bool = False
    default_preset: str = "classique"
