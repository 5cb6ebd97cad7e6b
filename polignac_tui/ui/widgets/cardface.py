"""A card drawn as a card: a frame several rows high, rank and suit in two corners.

Used from about 100×30 up (``faces_fit``); below that the compact chips of
``cardtext.box`` stay. Court cards carry a motif in the middle (``(K)``, ``(Q)``);
the jacks of the game that is all about them (``CardLook.jacks``) have a double frame
and the mark that game gives them (its FACE's ``card_mark``). Colour is never the only
cue: an unplayable card has a dotted frame and a dim face, the selected one a heavy
frame (and the hand raises it), the winner of a trick a heavy frame too. In ASCII mode the frames
are ``+-|`` (``#=#`` for a jack) and the suits ``S H D C``.

The backs of the others' hands are drawn from their count only (``fan``): nothing
of a hidden card is ever passed here.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ...games import FIRST_GAME
from ...games.cardwords import rank_letter, suit_letter
from ...i18n import _
from ..cardtext import BACK_COLOUR, FACE_BACKGROUND, CardLook, ink, label, suit_colour
from ..gameface import face_of

# From this size of the terminal the table draws faces (measured: the 8-seat table, a
# hand of 16 overlapping cards and the side column fit 100×30; see tests).
FACES_WIDTH = 100
FACES_HEIGHT = 30
# From this size the cards are drawn larger.
LARGE_WIDTH = 150
LARGE_HEIGHT = 44


def faces_fit(width: int, height: int) -> bool:
    """True when a terminal of ``width``×``height`` shows card faces (else chips)."""
    return width >= FACES_WIDTH and height >= FACES_HEIGHT


@dataclass(frozen=True, slots=True)
class FaceSize:
    width: int
    height: int


MEDIUM = FaceSize(7, 5)
LARGE = FaceSize(9, 7)


def face_size(width: int, height: int) -> FaceSize:
    """The size of a card face on a terminal of ``width``×``height``."""
    return LARGE if width >= LARGE_WIDTH and height >= LARGE_HEIGHT else MEDIUM


# Frame pieces: top-left, top, top-right, side, bottom-left, bottom-right.
_FRAMES = {
    ("plain", False): ("┌", "─", "┐", "│", "└", "┘"),
    ("dotted", False): ("┌", "┄", "┐", "┆", "└", "┘"),
    ("jack", False): ("╔", "═", "╗", "║", "╚", "╝"),
    ("heavy", False): ("┏", "━", "┓", "┃", "┗", "┛"),
    ("plain", True): ("+", "-", "+", "|", "+", "+"),
    ("dotted", True): (".", ".", ".", ":", "'", "'"),
    ("jack", True): ("#", "=", "#", "#", "#", "#"),
    ("heavy", True): ("*", "=", "*", "!", "*", "*"),
}
FRAME_INK = "#8a8577"
SELECTED_INK = "#d08a00"
DIM_BACKGROUND = "#9b988f"
DIM_INK = "#55524c"


PIPS = {"T": (4, 2, 4), "9": (3, 3, 3), "8": (3, 2, 3), "7": (2, 3, 2), "A": (0, 1, 0)}


# The game whose jacks are marked (``CardLook.jacks``): its FACE gives each jack's mark.
JACKS_GAME = FIRST_GAME


def _mark(card: str) -> str:
    return face_of(JACKS_GAME).card_mark(card) or ""


def _motif(card: str, look: CardLook, inner: int, rows: int) -> list[str]:
    """The middle of the face: ``rows`` lines of ``inner`` columns (the pips counted out
    when there is room, else one pip; a figure for the court cards)."""
    rank, suit = card[0], card[1]
    pip = suit_letter(suit) if look.ascii else label(card, look)[-1]
    blank = [" " * inner for _ in range(rows)]
    if rank in "KQJ":
        plain = not look.jacks       # a jack of another game: a court card like the others
        letter = rank_letter(rank)        # R D V in French, R D F in Italian
        figure = f"({letter})"
        if rank == "J" and not plain:
            figure = f"[{letter}]" if look.ascii else f"{pip}{letter}{pip}"
        if rows >= 3:
            crown = {"K": "www", "Q": "~o~", "J": "/^\\"}[rank]
            # the mark the game gives the jack (what it adds to a score, signed as they are)
            lines = [crown, figure, _mark(card) if rank == "J" and not plain else pip]
        else:
            lines = [figure + _mark(card) if rank == "J" and not plain else figure]
    elif rows >= 3 and inner >= 7:
        lines = [" ".join(pip * n) for n in PIPS[rank]]
    else:
        lines = [pip]
    top = (rows - len(lines)) // 2
    for k, line in enumerate(lines):
        blank[top + k] = line.center(inner)[:inner]
    return blank


def draw_face(card: str, look: CardLook, size: FaceSize = MEDIUM, *, legal: bool = True,
              selected: bool = False, highlight: bool = False) -> list[Text]:
    """``size.height`` lines of ``size.width`` columns: the face of ``card``."""
    width, height = size.width, size.height
    inner = width - 2
    jack = card[0] == "J" and look.jacks
    kind = ("heavy" if selected or highlight else "dotted" if not legal
            else "jack" if jack else "plain")
    tl, top, tr, side, bl, br = _FRAMES[(kind, look.ascii)]
    corner = label(card, look)
    if look.colour:
        background = FACE_BACKGROUND if legal else DIM_BACKGROUND
        colour = ink(card[1], look) if legal else DIM_INK
        frame_colour = SELECTED_INK if selected or highlight else (
            colour if jack and legal else FRAME_INK if legal else DIM_INK)
        frame = Style(color=frame_colour, bgcolor=background, bold=selected or highlight)
        body = Style(color=colour, bgcolor=background, bold=legal)
    else:
        suit_ink = suit_colour(card[1], look)   # "" without colour: the text's own
        frame = Style(bold=selected or highlight or (jack and legal), dim=not legal)
        body = Style(color=suit_ink or None, bold=legal, dim=not legal)
    figure = body + Style(reverse=jack and legal)
    lines = [Text(tl + top * inner + tr, style=frame)]
    middle = _motif(card, look, inner, height - 4)
    rows = [corner.ljust(inner), *middle, corner.rjust(inner)]
    for k, row in enumerate(rows):
        line = Text(side, style=frame)
        if 0 < k < len(rows) - 1 and row.strip() and card[0] in "KQJ":
            lead = len(row) - len(row.lstrip())
            core = row.strip()
            line.append(" " * lead, style=body)
            line.append(core, style=figure if core.find("J") >= 0 else body)
            line.append(" " * (inner - lead - len(core)), style=body)
        else:
            line.append(row, style=body)
        line.append(side, style=frame)
        lines.append(line)
    lines.append(Text(bl + top * inner + br, style=frame))
    return lines


def draw_slot(look: CardLook, size: FaceSize = MEDIUM) -> list[Text]:
    """The place of a card still to come (whose turn it is): an empty dotted frame."""
    tl, top, tr, side, bl, br = _FRAMES[("dotted", look.ascii)]
    inner = size.width - 2
    lines = [Text(tl + top * inner + tr, style="dim")]
    lines += [Text(side + " " * inner + side, style="dim") for _ in range(size.height - 2)]
    lines.append(Text(bl + top * inner + br, style="dim"))
    return lines


def fan(count: int, look: CardLook, most: int = 8) -> list[Text]:
    """A hand seen from the back, from its count only: three lines of overlapping backs
    (at most ``most`` edges) and the count, ``┌┌┌┌──┐ 8``."""
    if count <= 0:
        return [Text(), Text(_("no cards"), style="dim"), Text()]
    edges = min(count, most) - 1
    style = Style(color=BACK_COLOUR) if look.colour else Style()
    if look.ascii:
        top, mid, bot = "+" * edges + "+--+", "|" * edges + "|##|", "+" * edges + "+--+"
    else:
        top, mid, bot = "┌" * edges + "┌──┐", "│" * edges + "│░░│", "└" * edges + "└──┘"
    lines = [Text(top, style=style), Text(mid, style=style), Text(bot, style=style)]
    lines[1].append(f" {count}", style="bold")
    return lines


class Grid:
    """Cells of text where later pieces cover earlier ones (cards lying on each other)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells: list[list[tuple[str, Style | str]]] = [
            [(" ", "") for _ in range(width)] for _ in range(height)]

    def put(self, y: int, x: int, text: Text) -> None:
        if not 0 <= y < self.height:
            return
        for k, (char, style) in enumerate(_cells(text)):
            if 0 <= x + k < self.width:
                self.cells[y][x + k] = (char, style)

    def put_lines(self, y: int, x: int, lines: list[Text]) -> None:
        for k, line in enumerate(lines):
            self.put(y + k, x, line)

    def center(self, y: int, cx: int, text: Text) -> None:
        self.put(y, cx - text.cell_len // 2, text)

    def underlay(self, other: Grid) -> None:
        """Put ``other``'s drawn cells under this grid's blank ones."""
        for y, row in enumerate(self.cells[: other.height]):
            for x, (char, style) in enumerate(row[: other.width]):
                below = other.cells[y][x]
                if char == " " and not style and below[0] != " ":
                    row[x] = below

    def render(self) -> Text:
        out = Text(no_wrap=True)
        for y, row in enumerate(self.cells):
            if y:
                out.append("\n")
            run, current = "", row[0][1] if row else ""
            for char, style in row:
                if style != current:
                    out.append(run, style=current)
                    run, current = "", style
                run += char
            out.append(run, style=current)
        return out


def _cells(text: Text) -> list[tuple[str, Style | str]]:
    """Every character of ``text`` with its own style (spans merged)."""
    plain = text.plain
    styles: list[Style | str] = [text.style] * len(plain)
    for span in text.spans:
        for i in range(span.start, min(span.end, len(plain))):
            base = styles[i]
            styles[i] = (Style.parse(base) if isinstance(base, str) and base else
                         base if isinstance(base, Style) else Style()) + (
                Style.parse(span.style) if isinstance(span.style, str) else span.style)
    return list(zip(plain, styles, strict=True))
