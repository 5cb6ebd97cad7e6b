"""ASCII mode: what the app draws for terminals without glyphs.

The screens choose ASCII words where they can (``S H D C``, ``...``, ``<-/->``); two
pieces of Textual are replaced here: the scrollbars (``AsciiScrollBarRender``, a thumb
of ``#`` that stays visible without colour) and, as a last step before the screen, a
line filter (``AsciiFilter``) that turns whatever is left (an accent in a name, a
widget's own arrow, a border piece) into ASCII, cell for cell, so that nothing moves.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from math import ceil
from typing import ClassVar, Protocol, runtime_checkable

from rich.cells import cell_len
from rich.color import Color as RichColor
from rich.segment import Segment, Segments
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter
from textual.scrollbar import ScrollBarRender

# One ASCII character per cell for the glyphs the app and Textual draw; letters with
# accents lose them (é -> e) and anything else unknown becomes "?".
CELL_ASCII: dict[str, str] = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "▼": "v", "▲": "^", "▶": ">", "◀": "<", "►": ">", "◄": "<", "▸": ">", "◂": "<",
    "↑": "^", "↓": "v", "←": "<", "→": ">", "⏎": "<",
    "—": "-", "–": "-", "‐": "-", "−": "-", "…": ".", "·": ".", "•": "*", "§": "#",
    "×": "x", "«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "‘": "'", "’": "'",
    "✓": "v", "✔": "v", "✗": "x", "✘": "x", "°": "o", "\u00a0": " ",
    "▏": "|", "▎": "|", "▍": "|", "▌": "|", "▋": "|", "▊": "|", "▉": "#", "▐": "|",
    "▕": "|", "▔": "-", "▁": "_", "▂": "_", "▃": "_", "▄": "_", "▅": "#", "▆": "#",
    "▇": "#", "█": "#", "▀": "-", "▮": "#", "▬": "-", "░": ":", "▒": ":", "▓": "#",
    "■": "#", "□": "o", "●": "o", "○": "o", "◆": "*", "◇": "*", "★": "*", "☆": "*",
    "🔎": ">",      # the command palette's search icon (two cells: "> ")
}
# Box drawing (U+2500 to U+257F): lines and corners.
for _code in range(0x2500, 0x2580):
    _name = unicodedata.name(chr(_code), "")
    if "VERTICAL AND" in _name or "DOWN AND" in _name or "UP AND" in _name or "ARC" in _name:
        CELL_ASCII.setdefault(chr(_code), "+")
    elif "VERTICAL" in _name:
        CELL_ASCII.setdefault(chr(_code), "|")
    elif "HORIZONTAL" in _name:
        CELL_ASCII.setdefault(chr(_code), "-")
    elif "DIAGONAL" in _name:
        CELL_ASCII.setdefault(chr(_code), "/" if "RIGHT" in _name else "\\")

# Where a sentence may grow: the same glyphs as words.
WORDS_ASCII: dict[str, str] = {
    "…": "...", "—": "-", "–": "-", "§": "section ", "×": "x", "←": "<-", "→": "->",
    "·": "-", "•": "-", "«": '"', "»": '"', "“": '"', "”": '"', "‘": "'", "’": "'",
}

# Keys named with a glyph, in words (the footer's labels and the help, in ASCII mode).
KEY_WORDS: dict[str, str] = {
    "↑": "up", "↓": "down", "←": "left", "→": "right", "⏎": "enter", "⌫": "backspace",
    "—": "-",
}


def key_words(text: str) -> str:
    """``text`` (keys and what they do) with its key glyphs in words (F17)."""
    for glyph, word in KEY_WORDS.items():
        text = text.replace(glyph, word)
    return text


@runtime_checkable
class AsciiKeyLabels(Protocol):
    """A screen whose footer names some keys its own way in ASCII mode (``{key: label}``,
    e.g. the table's ``<-`` and ``->``); ``CardGamesApp.get_key_display`` reads it."""

    ASCII_KEYS: ClassVar[dict[str, str]]


@lru_cache(maxsize=4096)
def cell_ascii(char: str) -> str:
    """``char`` in ASCII, as many characters as it takes cells (none for a combining mark)."""
    if char.isascii():
        return char
    width = cell_len(char)
    if width == 0:
        return ""
    known = CELL_ASCII.get(char)
    if known is None:
        plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        known = plain[:width] if plain else "?" * width
    return known.ljust(width)[:width]


def ascii_cells(text: str) -> str:
    """``text`` with every character outside ASCII replaced, cell for cell."""
    if text.isascii():
        return text
    return "".join(cell_ascii(char) for char in text)


def ascii_words(text: str) -> str:
    """``text`` in ASCII for a sentence: ``…`` as ``...``, ``Écarté`` as ``Ecarte``."""
    if text.isascii():
        return text
    for glyph, word in WORDS_ASCII.items():
        text = text.replace(glyph, word)
    return ascii_cells(text)


class AsciiFilter(LineFilter):
    """Every line the app draws, in ASCII (the app adds it while ASCII mode is on)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [segment if segment.control or segment.text.isascii()
                else Segment(ascii_cells(segment.text), segment.style, segment.control)
                for segment in segments]


GREY = RichColor.parse("#555555")      # Textual's defaults
MAGENTA = RichColor.parse("bright_magenta")


class AsciiScrollBarRender(ScrollBarRender):
    """Scrollbars in ASCII: a thumb of ``#`` on a track of ``:``, visible without colour."""

    THUMB = "#"
    TRACK = ":"

    @classmethod
    def render_bar(cls, size: int = 25, virtual_size: float = 50, window_size: float = 20,
                   position: float = 0, thickness: int = 1, vertical: bool = True,
                   back_color: RichColor = GREY,
                   bar_color: RichColor = MAGENTA) -> Segments:
        width = thickness if vertical else 1
        size = int(size)
        track_style = Style(bgcolor=back_color, color=bar_color)
        thumb_style = Style(bgcolor=back_color, color=bar_color,
                            bold=True)
        if window_size and size and virtual_size and size != virtual_size:
            thumb = max(1, min(size, ceil(window_size * size / virtual_size)))
            room = virtual_size - window_size
            start = round((size - thumb) * min(max(position / room, 0), 1)) if room > 0 else 0
            up = track_style + Style(meta={"@mouse.down": "scroll_up"})
            down = track_style + Style(meta={"@mouse.down": "scroll_down"})
            grab = thumb_style + Style(meta={"@mouse.down": "grab"})
            segments = ([Segment(cls.TRACK * width, up)] * start
                        + [Segment(cls.THUMB * width, grab)] * thumb
                        + [Segment(cls.TRACK * width, down)] * (size - start - thumb))
        else:
            segments = [Segment(" " * width, Style(bgcolor=back_color))] * size
        if vertical:
            return Segments(segments, new_lines=True)
        return Segments([*segments, Segment.line()] * thickness, new_lines=False)
