"""Redraw only what changed: an update of a table redraws a few widgets, not the screen.

Every update of a table (a card played anywhere) used to give every widget of the table
screen new content, and ``Static.update`` then asks for a layout of the whole screen. At
a served table four players' processes do that for every card, so the cost is the
latency of the door (``benchmarks doors``). Here: content equal to what is shown is not
set again, and a widget of fixed size is updated without a layout.
"""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static


def same_content(old: object, new: object) -> bool:
    """True when ``new`` would draw exactly what ``old`` draws (texts compared by their
    characters, spans and style; anything else only when it is the same object)."""
    if isinstance(old, Text) and isinstance(new, Text):
        return (old.plain == new.plain and old.spans == new.spans and old.style == new.style
                and old.justify == new.justify and old.overflow == new.overflow
                and old.no_wrap == new.no_wrap and old.end == new.end)
    if isinstance(old, str) and isinstance(new, str):
        return old == new
    return old is new


def set_content(widget: Static, content: VisualType, *, fixed_size: bool = False) -> bool:
    """Show ``content`` in ``widget`` unless it shows it already; ``fixed_size``: the
    widget's size does not depend on its content (no layout needed). True if updated."""
    if same_content(widget.content, content):
        return False
    widget.update(content, layout=not fixed_size)
    return True
