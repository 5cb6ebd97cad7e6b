"""The one place that draws a card: glyphs or ASCII, red/black or four colours.

Colour is never the only cue (``NO_COLOR`` terminals see none): a playable card
has a solid border and a bold face, an unplayable one a dotted border and a dim
face, the selected one is raised by a line and marked with a pointer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ..config import Settings
from ..games.cards import SUIT_NAMES
from ..games.cardwords import SUIT_GLYPHS, glyph


@dataclass(frozen=True, slots=True)
class CardLook:
    """Display settings for cards (from the user settings)."""

    ascii: bool = False
    four_colour: bool = False
    colour: bool = True      # False under NO_COLOR: suits in the text colour, never grey
    jacks: bool = True       # the jacks are what the game is about: a frame, a mark

    @classmethod
    def of(cls, settings: Settings, no_color: bool = False) -> CardLook:
        return cls(settings.ascii, settings.four_colour, not no_color)


# One colour per suit everywhere: in the hand, in a sentence, on a card face on the table.
# Given as RGB (ANSI names take the theme's hue: its "blue" can look purple). Readable on a
# dark screen and on a light card face alike. The black suits are in the text's colour on
# the screen, in black ink on a card face.
RED = "#d42a3c"
BLUE = "#2f6fd6"
GREEN = "#1c9a48"
INK = "#1a1a1a"
TWO_COLOURS = {"S": "", "H": RED, "D": RED, "C": ""}
FOUR_COLOURS = {"S": "", "H": RED, "D": BLUE, "C": GREEN}
# The backs of the cards in the others' hands: a colour of no suit.
BACK_COLOUR = "#a07c4a"

# Box pieces: (top-left, top, top-right, side, bottom-left, bottom-right) per look.
_SOLID = ("┌", "─", "┐", "│", "└", "┘")
_DOTTED = ("┌", "┄", "┐", "┆", "└", "┘")
_SOLID_ASCII = ("+", "-", "+", "|", "+", "+")
_DOTTED_ASCII = (".", ".", ".", ":", "'", "'")
BACK = {False: "▮", True: "#"}


def label(card: str, look: CardLook) -> str:
    """``"10♥"`` or ``"10H"``."""
    return glyph(card, look.ascii)


def suit_colour(suit: str, look: CardLook) -> str:
    if not look.colour:
        return ""
    return (FOUR_COLOURS if look.four_colour else TWO_COLOURS)[suit]


def face_style(card: str, look: CardLook, *, dim: bool = False, bold: bool = True) -> Style:
    colour = suit_colour(card[1], look)
    return Style(color=colour or None, bold=bold and not dim, dim=dim)


def inline(card: str, look: CardLook, *, brackets: bool = True, bold: bool = True,
           highlight: bool = False) -> Text:
    """A card in a line of text: ``[K♥]`` (suit colour, bold)."""
    text = Text()
    body = label(card, look)
    style = face_style(card, look, bold=bold)
    if highlight:
        style += Style(reverse=True)
    if brackets:
        text.append("[", style="dim" if not highlight else style)
        text.append(body, style=style)
        text.append("]", style="dim" if not highlight else style)
    else:
        text.append(body, style=style)
    return text


FACE_BACKGROUND = "#eeeae0"


def ink(suit: str, look: CardLook) -> str:
    """The colour of ``suit`` on a light card face (the suit's colour, or black ink)."""
    return (FOUR_COLOURS if look.four_colour else TWO_COLOURS)[suit] or INK


def face(card: str, look: CardLook, *, highlight: bool = False) -> Text:
    """A card lying on the table: ``[10♦]``, its face light like a real card's.

    Without colour (NO_COLOR) it is the bold label in brackets; the winner of a
    finished trick is reversed either way.
    """
    text = Text()
    body = label(card, look)
    if look.colour:
        style = Style(color=ink(card[1], look), bgcolor=FACE_BACKGROUND, bold=True,
                      reverse=highlight)
        text.append("▐" if not look.ascii else "[", style=Style(color=FACE_BACKGROUND)
                    if not look.ascii else "dim")
        text.append(body, style=style)
        text.append("▌" if not look.ascii else "]", style=Style(color=FACE_BACKGROUND)
                    if not look.ascii else "dim")
        return text
    style = Style(bold=True, reverse=highlight)
    text.append("[", style=style if highlight else "dim")
    text.append(body, style=style)
    text.append("]", style=style if highlight else "dim")
    return text


def cards_inline(cards: list[str] | tuple[str, ...], look: CardLook, sep: str = " ") -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(sep)
        text.append_text(inline(card, look, brackets=False))
    return text


def box(card: str, look: CardLook, *, legal: bool = True, selected: bool = False) -> list[Text]:
    """A card drawn in three lines, 5 columns wide: ``┌───┐ │10♥│ └───┘``."""
    if look.ascii:
        pieces = _SOLID_ASCII if legal else _DOTTED_ASCII
    else:
        pieces = _SOLID if legal else _DOTTED
    tl, top, tr, side, bl, br = pieces
    if selected:
        edge = Style(bold=True, color="yellow")
    elif legal:
        edge = Style(bold=True)
    else:
        edge = Style(dim=True)
    face = face_style(card, look, dim=not legal)
    if selected:
        face += Style(reverse=True)
    body = label(card, look).ljust(3)
    middle = Text()
    middle.append(side, style=edge)
    middle.append(body, style=face)
    middle.append(side, style=edge)
    return [Text(tl + top * 3 + tr, style=edge), middle, Text(bl + top * 3 + br, style=edge)]


_FOLLOW = re.compile(r"\b(follow|hold a|play the|of) (spades|hearts|diamonds|clubs|spade|heart|"
                     r"diamond|club)\b")
_CARD = re.compile(r"\b(10|[KQJA987])([SHDC])\b")
_TO_ASCII = str.maketrans({g: s for s, g in SUIT_GLYPHS.items()})
_SUIT_BY_WORD = {name: s for s, name in SUIT_NAMES.items()} | {
    "spade": "S", "heart": "H", "diamond": "D", "club": "C"}


def words(message: str, look: CardLook) -> str:
    """An engine sentence for the screen: ``10H: you must follow hearts`` -> ``10♥: ... ♥``.

    Suit names after "follow" become the suit's symbol; cards in text form become
    their display form (unchanged in ASCII mode).
    """
    if look.ascii:
        return message.translate(_TO_ASCII)

    def follow(m: re.Match[str]) -> str:
        if m.group(1) != "follow":
            return m.group(0)
        return f"follow {SUIT_GLYPHS[_SUIT_BY_WORD[m.group(2)]]}"

    message = _FOLLOW.sub(follow, message)
    return _CARD.sub(lambda m: m.group(1) + SUIT_GLYPHS[m.group(2)], message)
