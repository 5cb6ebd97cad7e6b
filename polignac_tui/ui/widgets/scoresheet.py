"""The scores at every game's table: ``s`` opens them full over the table, ↑/↓ choose a
finished deal (the frame's ``View.deals``, never the deal in play), Enter or p replays it.

``ScoreSheet`` is the house's: hidden until opened (the game's panel holds the side
column), then the score sheet of the match drawn by the table screen. A game whose side
column is its scores (Polignac's score table) subclasses it and draws both its column
(``column``) and its full sheet (``sheet``); choosing a deal is the same for all.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from ...games.base import View
from ...games.view import finished
from ...i18n import N_, _, tr
from ..cardtext import CardLook
from ..quiet import set_content

#: draws the full sheet of ``view`` with the finished deal ``chosen`` highlighted
SheetDrawing = Callable[[View, CardLook, int | None], RenderableType]

# Columns and lines around the full sheet: the border and the padding, and a column for
# a scroll bar (many deals on a small terminal).
FULL_FRAME = (2 + 4 + 1, 2)
FRAME_EDGE = 6          # the words on the frame's edges: its corners and a space each side


def drawn(renderable: RenderableType) -> tuple[int, int, int | None]:
    """The columns and lines ``renderable`` takes at its widest, and the first line drawn
    reversed (the deal chosen; None: none)."""
    from rich.console import Console
    from rich.measure import Measurement
    console = Console(width=500, legacy_windows=False)
    width = Measurement.get(console, console.options, renderable).maximum
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    row = next((number for number, line in enumerate(lines)
                if any(segment.style is not None and segment.style.reverse
                       for segment in line)), None)
    return width, len(lines), row


def frame_keys(chosen: int | None, ascii: bool) -> str:
    """The keys of the full sheet, on its frame's bottom edge (a finished deal
    ``chosen``: how to choose another and replay it)."""
    if chosen is None:
        return _("Esc or s: close")
    return (_("up/down a deal - Enter: replay - Esc or s: close") if ascii
            else _("↑↓ a deal · Enter: replay · Esc or s: close"))


class ScoreSheet(VerticalScroll):
    """The scores of the match, open full over the table (``full``: ``title`` and the keys
    on its frame), a finished deal ``chosen`` in them; the house's draws nothing in the
    side column."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    ScoreSheet {
        height: 1fr;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    ScoreSheet.-full {
        /* the sheet's own size, in the middle of the room (a large terminal): not a
           screen-wide frame with the sheet in its left third */
        max-width: 100%;
        max-height: 100%;
        padding: 0 2;
        border: round $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
    }
    .ascii ScoreSheet.-full {
        border: ascii $accent;
    }
    """

    can_focus = False   # the arrow keys belong to the hand

    def __init__(self, draw: SheetDrawing | None = None, *, title: str = N_("Score sheet"),
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.full = False
        self.chosen: int | None = None   # the finished deal highlighted (full only)
        self._draw = draw
        self._title = title             # on its frame, in the player's language
        self._framed: tuple[str, str] | None = None   # the frame's title and keys shown
        self._body = Static()
        self.frame: View | None = None
        self.look = CardLook()

    def compose(self) -> ComposeResult:
        yield self._body

    # -- what a game's own scores draw (Polignac's score table) -------------------------
    @property
    def in_column(self) -> bool:
        """True when the side column is these scores (else the game's panel is)."""
        return False

    def sheet(self, view: View, look: CardLook, chosen: int | None) -> RenderableType:
        """The full sheet, the row of deal ``chosen`` highlighted."""
        return Text() if self._draw is None else self._draw(view, look, chosen)

    def column(self, view: View, look: CardLook) -> RenderableType:
        """The side column's scores (never drawn where ``in_column`` is False)."""
        return Text()

    def set_wide(self, wide: bool) -> None:
        """On a wide terminal a game's column may hold more."""

    # -- the same for every game --------------------------------------------------------
    def show(self, view: View, look: CardLook) -> None:
        self.frame, self.look = view, look
        if self.full and self.chosen not in finished(view.deals):
            self.choose(0)
        self.redraw()

    def toggle(self) -> bool:
        """Open or close the full sheet (open: on the last finished deal)."""
        self.full = not self.full
        self.set_class(self.full, "-full")
        self.display = self.full or self.in_column
        self.chosen = None
        if self.full:
            self.choose(0)
        self.redraw()
        return self.full

    def choose(self, step: int) -> int | None:
        """Move the highlight ``step`` finished deals on (0: keep it, or the last one);
        the deal chosen, None when no deal is finished yet."""
        numbers = [] if self.frame is None else finished(self.frame.deals)
        if not numbers:
            self.chosen = None
        elif self.chosen not in numbers:
            self.chosen = numbers[-1]
        else:
            at = numbers.index(self.chosen) + step
            self.chosen = numbers[max(0, min(at, len(numbers) - 1))]
        self.redraw()
        return self.chosen

    def on_resize(self) -> None:
        """What fits may depend on the width the layout gave this widget."""
        self.redraw()

    def _show_row(self, row: int) -> None:
        self.scroll_to_region(Region(0, row, 1, 1), animate=False, force=True)

    def redraw(self) -> None:
        view = self.frame
        if view is None:
            return
        if self.full:
            body = self.sheet(view, self.look, self.chosen)
            set_content(self._body, body)
            title, keys = tr(self._title), frame_keys(self.chosen, self.look.ascii)
            self._frame(title, keys)
            width, height, row = drawn(body)   # its own size (CSS keeps it within the room)
            self._own_size(max(width + FULL_FRAME[0], cell_len(keys) + FRAME_EDGE,
                               cell_len(title) + FRAME_EDGE), height + FULL_FRAME[1])
            if row is not None:      # many deals on a small terminal: the chosen in sight
                self.call_after_refresh(self._show_row, row)
            return
        self._frame("", "")
        self._own_size(None, None)
        if self.in_column:
            set_content(self._body, self.column(view, self.look))

    def _frame(self, title: str, keys: str) -> None:
        """The frame's title and keys, set only when they change: Textual paints the whole
        widget again at each set, changed or not (the side column at every card)."""
        if self._framed != (title, keys):
            self._framed = (title, keys)
            self.border_title, self.border_subtitle = title, keys

    def _own_size(self, width: int | None, height: int | None) -> None:
        """This widget's own size (None: the stylesheet's), set only when it changes:
        Textual lays the whole screen out again at each size set to None, changed or
        not, and the table is drawn again at every card."""
        inline = self.styles.inline
        if width is not None or inline.has_rule("width"):
            self.styles.width = width
        if height is not None or inline.has_rule("height"):
            self.styles.height = height


__all__ = ["FULL_FRAME", "ScoreSheet", "SheetDrawing", "drawn", "frame_keys"]
