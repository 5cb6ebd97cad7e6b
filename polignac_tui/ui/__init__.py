"""The Textual app: screens read the seam's ``View``s and send actions to the table."""

from __future__ import annotations

__all__ = ["CardGamesApp"]


def __getattr__(name: str) -> object:
    # Imported lazily so that ``import polignac_tui.ui`` stays cheap.
    if name == "CardGamesApp":
        from .app import CardGamesApp
        return CardGamesApp
    raise AttributeError(name)
