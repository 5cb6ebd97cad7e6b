"""Polignac's own screens and widgets (the only part of ``games/polignac/`` that may
import Textual)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from ....table.gameclient import GameClient


class PolignacFace:
    """Polignac at a table of the house: its own table screen (``tui.table``), over the
    seam's updates translated into its own (``tui.seat``)."""

    @property
    def screens(self) -> dict[str, type[Screen[None]]]:
        """Its own screens by class name (the help lists their keys)."""
        from .table import TableScreen
        return {"TableScreen": TableScreen}

    def table_screen(self, client: GameClient) -> Screen[None]:
        from .seat import PolignacSeat
        from .table import TableScreen
        return TableScreen(PolignacSeat(client))


FACE = PolignacFace()

__all__ = ["FACE", "PolignacFace"]
