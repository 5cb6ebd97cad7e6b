"""A game's own panel: the lines only that game has, beside the shared table.

Écarté's turned-up card, its trump suit and the stock's count; Piquet's talon and
declarations: the game (or the screen on its behalf) draws them as a Rich renderable
and hands it over with ``show``. An empty panel is hidden, so a game with nothing of
its own (Polignac) leaves no trace on the screen.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static

from .hanging import Hanging


def is_empty(content: RenderableType | None) -> bool:
    """True for nothing to show: None, an empty string, a Text of blanks only."""
    if content is None:
        return True
    if isinstance(content, str):
        return not content.strip()
    if isinstance(content, Text):
        return not content.plain.strip()
    return False


class GamePanel(Static):
    """A few lines of a game's own, hidden while it has none."""

    DEFAULT_CSS = """
    GamePanel {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    def __init__(self, content: RenderableType | None = None, *,
                 id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.show(content)

    def show(self, content: RenderableType | None) -> None:
        """Show ``content`` (a Rich renderable, or a string shown literally, never read
        as markup); nothing hides the panel."""
        empty = is_empty(content)
        if isinstance(content, str):
            content = Text(content)
        if isinstance(content, Text):
            content = Hanging(content)     # a wrapped item goes on under itself
        self.update("" if content is None or empty else content)
        self.display = not empty

    @property
    def empty(self) -> bool:
        return not self.display
