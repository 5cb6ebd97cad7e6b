"""The table seen from above: every seat round it, the trick in front of its players.

You sit at the bottom. The others are placed in the order of play, in the
session's ``direction``: counterclockwise (RULES.md: "to the right") puts the
seat after you on the right of the screen, then across the top from right to
left, then down the left side; clockwise is the mirror image (the next seat on
your left). Each seat shows its name, the dealer mark (D), one back per card still in
hand, and what its game adds (a subclass: ``_marks``, ``_shown`` — Polignac's marks its
declarer and lays the jacks each has taken face up, ``games/polignac/tui/trick.py``).
With one other seat (a game for two) it sits across the table, at the top, and the two
cards of a trick lie face to face across the middle.

From about 100×30 (``face`` set) the cards of the trick are faces lying towards the
middle, in front of their players, and each hand is a fan of backs with its count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ...i18n import _, ngettext
from ..cardtext import BACK, BACK_COLOUR, CardLook, cards_inline, face
from .cardface import FaceSize, Grid, draw_face, draw_slot, fan


class TrickSeen(Protocol):
    """A trick gathered: who led, its cards in order, who won it."""

    @property
    def winner(self) -> int: ...
    def by_seat(self, players: int) -> dict[int, str]: ...


class _Direction(Protocol):
    @property
    def direction(self) -> str: ...


class TrickAreaSeen(Protocol):
    """What the trick area draws of a seat's view of the table."""

    @property
    def players(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def rules(self) -> _Direction: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def dealer(self) -> int | None: ...
    @property
    def trick(self) -> Sequence[tuple[int, str]]: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...
    @property
    def cards_left(self) -> Sequence[int]: ...
    @property
    def watching(self) -> bool: ...



# Slot names per number of other seats, in the order of play for counterclockwise:
# R/L = right/left side (RT/RB, LT/LB when two per side), T/TR/TL = across the top.
SLOTS: dict[int, tuple[str, ...]] = {
    1: ("T",),
    2: ("TR", "TL"),
    3: ("R", "T", "L"),
    4: ("R", "TR", "TL", "L"),
    5: ("R", "TR", "T", "TL", "L"),
    6: ("RB", "RT", "TR", "TL", "LT", "LB"),
    7: ("RB", "RT", "TR", "T", "TL", "LT", "LB"),
}
_MIRROR = str.maketrans("RL", "LR")
MAX_WIDTH = 84
MAX_HEIGHT = 22
# The rows it is drawn on at least: 80×23 less the header, a two-line status, the hand
# (5) and the footer. Drawn on more rows than it has, the bottom rows (yours) were cut.
MIN_HEIGHT = 14
# With faces: the widest table drawn, the seats' blocks (name, fan of backs, cards shown).
FACES_MAX_WIDTH = 100
EDGE_COLOUR = "#4f7d5c"
BLOCK_ROWS = 5
SIDE_ROOM = 16


def won_text(won: int) -> str:
    """``won 2``: the tricks a seat has won in this deal."""
    return ngettext("won {count}", "won {count}", won).format(count=won)


def slots(others: int, direction: str) -> tuple[str, ...]:
    """Where the seats after you sit, in the order of play."""
    order = SLOTS[others]
    if direction == "clockwise":
        order = tuple(s.translate(_MIRROR) for s in order)
    return order


class Canvas:
    """A few rows of text where pieces are put at (row, column); later pieces never overlap."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.rows: list[list[tuple[int, Text]]] = [[] for _ in range(height)]

    def put(self, y: int, x: int, text: Text) -> None:
        if 0 <= y < self.height:
            x = max(0, min(x, self.width - 1))
            self.rows[y].append((x, text[: self.width - x]))

    def center(self, y: int, cx: int, text: Text) -> None:
        self.put(y, cx - len(text.plain) // 2, text)

    def render(self) -> Text:
        lines = []
        for pieces in self.rows:
            line = Text(no_wrap=True)
            cursor = 0
            for x, text in sorted(pieces, key=lambda p: p[0]):
                if x < cursor:
                    text = text[cursor - x:]
                    x = cursor
                if not text.plain:
                    continue
                line.append(" " * (x - cursor))
                line.append_text(text)
                cursor = x + len(text.plain)
            lines.append(line)
        return Text("\n", no_wrap=True).join(lines)


class TrickArea(Widget):
    """Every seat round the table with the cards of the trick in front of them."""

    DEFAULT_CSS = """
    TrickArea {
        width: 1fr;
        height: 1fr;
        min-height: 14;
        background: $success 7%;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: TrickAreaSeen | None = None
        self.look = CardLook()
        self.gathered: TrickSeen | None = None   # a finished trick still on show
        self.message: Text = Text()
        self.face: FaceSize | None = None     # None: the compact chips

    def set_faces(self, size: FaceSize | None) -> None:
        """Draw the trick as faces of ``size`` (None: the compact chips)."""
        if size != self.face:
            self.face = size
            self.refresh()

    def show(self, view: TrickAreaSeen, look: CardLook, gathered: TrickSeen | None = None,
             message: Text | str = "") -> None:
        self.view, self.look, self.gathered = view, look, gathered
        self.message = Text(message) if isinstance(message, str) else message
        self.refresh()

    # -- drawing -----------------------------------------------------------------------
    def render(self) -> Text:
        if self.face is not None:
            return self._render_faces(self.face)
        view = self.view
        # On a large terminal the table keeps a card-table shape in the middle.
        full_width = max(self.size.width, 20)
        full_height = max(self.size.height, MIN_HEIGHT)
        width, height = min(full_width, MAX_WIDTH), min(full_height, MAX_HEIGHT)
        canvas = Canvas(width, height)
        if view is None:
            return canvas.render()
        self._draw(canvas, view)
        return _centred(canvas.render(), full_width - width, full_height - height)

    def _draw(self, canvas: Canvas, view: TrickAreaSeen) -> None:
        width, height = canvas.width, canvas.height
        n = view.players
        block = min(18, max(10, width // 4))
        top_card = 4 if height >= 20 else 3
        order = slots(n - 1, view.rules.direction)
        double = n - 1 >= 6
        if n == 2:        # a game for two: the trick's two cards face to face in the middle
            top_card = height // 2 - 2
        cards = self._cards_on_table(view)
        for i, slot in enumerate(order):
            seat = (view.seat + 1 + i) % n
            lines = self._block(view, seat, block)
            card = cards.get(seat)
            if slot.startswith("T"):
                tops = [s for s in order if s.startswith("T")]
                cx = _top_x(tops, slot, width, block)
                for k, line in enumerate(lines):
                    canvas.center(k, cx, line)
                if card is not None:
                    canvas.center(top_card, cx, card)
                continue
            if slot in ("R", "L"):
                y = height // 2 - 2
            elif slot[1] == "T":
                y = top_card + 1
            else:
                y = height - 7
            right = slot[0] == "R"
            for k, line in enumerate(lines):
                if right:
                    canvas.put(y + k, width - len(line.plain), line)
                else:
                    canvas.put(y + k, 0, line)
            if card is not None:
                cx = width - block - 4 if right else block + 3
                canvas.center(y + 1, cx, card)
        # you, at the bottom
        me = view.seat
        card = cards.get(me)
        if card is not None:
            canvas.center(height // 2 + 2 if n == 2 else height - 5, width // 2, card)
        lines = self._block(view, me, width, own=True)
        for k, line in enumerate(lines):
            canvas.center(height - 3 + k, width // 2, line)
        if self.message.plain:
            y = height // 2 if double else (height - 7 if n - 1 in (3, 5) else height // 2)
            canvas.center(y, width // 2, self.message)

    # -- what a game adds (a subclass) -----------------------------------------------------
    def _acting(self, view: TrickAreaSeen) -> bool:
        """True in a phase where the seat to act is pointed at."""
        return view.phase == "play"

    def _marks(self, view: TrickAreaSeen, seat: int) -> str:
        """Marks after a seat's name besides the dealer's (``" (G)"``)."""
        return ""

    def _shown(self, view: TrickAreaSeen, seat: int) -> tuple[str, ...]:
        """Cards shown face up before a seat (the game's own: none)."""
        return ()

    def _shown_label(self) -> str:
        """The word before those cards in your own line."""
        return ""

    def _cards_on_table(self, view: TrickAreaSeen) -> dict[int, Text]:
        cards: dict[int, Text] = {}
        if self.gathered is not None:
            for seat, card in self.gathered.by_seat(view.players).items():
                cards[seat] = face(card, self.look, highlight=seat == self.gathered.winner)
            return cards
        for seat, card in view.trick:
            cards[seat] = face(card, self.look)
        if view.phase == "play" and view.turn is not None and view.turn not in cards:
            cards[view.turn] = Text("[..]" if self.look.ascii else "[··]", style="dim")
        return cards

    def _block(self, view: TrickAreaSeen, seat: int, width: int, own: bool = False) -> list[Text]:
        """Name line (turn pointer, dealer, the game's marks), backs, the cards shown."""
        turn = view.turn == seat and self._acting(view)
        marks = _(" (D)") if view.dealer == seat else ""
        marks += self._marks(view, seat)
        pointer = (">" if self.look.ascii else "▶") if turn else ""
        name = view.names[seat]
        room = max(4, width - len(marks) - len(pointer) - 1)
        if len(name) > room:
            name = name[: room - 1] + "."
        title = Text(no_wrap=True)
        if pointer:
            title.append(pointer + " ", style="bold yellow")
        title.append(name, style=Style(bold=True, reverse=turn, color="yellow" if turn else None))
        title.append(marks, style="cyan")
        shown = self._shown(view, seat)
        taken = cards_inline(shown, self.look) if shown else Text()
        won = view.tricks_won[seat] if seat < len(view.tricks_won) else 0
        if own:
            info = Text(won_text(won) if won else "", style="dim")
            if view.watching:       # a watcher sees this seat's count, never its cards
                left = view.cards_left[seat] if seat < len(view.cards_left) else 0
                backs = Text(BACK[self.look.ascii] * left,
                             style=BACK_COLOUR if self.look.colour else "")
                info = backs + Text(" ") + info if won else backs
            if shown:
                label = self._shown_label()
                info.append(f"  {label} " if won else f"{label} ", style="dim")
                info.append_text(taken)
            return [title, info]
        left = view.cards_left[seat] if seat < len(view.cards_left) else 0
        backs = Text()
        backs.append(BACK[self.look.ascii] * left, style=BACK_COLOUR if self.look.colour else "")
        backs.append((" " if left else "") + won_text(won) if won else "", style="dim")
        return [title, backs, taken]


    # -- drawing with faces -------------------------------------------------------------
    def _render_faces(self, size: FaceSize) -> Text:
        full_width, full_height = max(self.size.width, 20), max(self.size.height, MIN_HEIGHT)
        width = min(full_width, FACES_MAX_WIDTH)
        need = BLOCK_ROWS + 2 * size.height + 4
        # Rows to spare go round the cards (up to 3 a place), then to the table's edge.
        gap = max(0, min(3, (full_height - need - 1) // 2))
        height = min(full_height, need + 2 * gap + (1 if gap else 0))
        grid = Grid(width, height)
        if self.view is not None:
            self._draw_faces(grid, self.view, size, gap)
        return _centred(grid.render(), full_width - width, full_height - height)

    def _draw_faces(self, grid: Grid, view: TrickAreaSeen, size: FaceSize, gap: int) -> None:
        """Seats round the edge, their cards in front of them towards the middle: the far
        row for the seats across, the sides beside it, yours (and the seats beside you)
        in the near row; with rows to spare, the table's edge round the cards."""
        width, n = grid.width, view.players
        w, h = size.width, size.height
        unit = w + 2
        cx = width // 2
        far_y = BLOCK_ROWS + gap
        near_y = far_y + h + 1 + gap
        mid_y = (far_y + near_y) // 2
        order = slots(n - 1, view.rules.direction)
        tops = sorted((s for s in order if s.startswith("T")), key=["TL", "T", "TR"].index)
        lows = any(s in ("RB", "LB") for s in order)
        off = max(unit, (len(tops) - 1) * unit // 2 + unit, 2 * unit if lows else 0)
        spacing = min(16, width // max(1, len(tops) + 1))
        cards = self._faces_on_table(view, size)
        taken = [0, 0]                   # columns of the side seats' blocks, left and right
        for i, slot in enumerate(order):
            seat = (view.seat + 1 + i) % n
            lines = self._face_block(view, seat, spacing - 2 if slot.startswith("T")
                                     else SIDE_ROOM)
            card = cards.get(seat)
            if slot.startswith("T"):
                k = tops.index(slot)
                bx = cx + (2 * k - len(tops) + 1) * spacing // 2
                block = max(line.cell_len for line in lines[1:])
                grid.center(0, bx, lines[0])
                for row, line in enumerate(lines[1:], start=1):
                    grid.put(row, bx - block // 2, line)
                fx = cx + (2 * k - len(tops) + 1) * unit // 2
                fy = far_y
            else:
                right = slot[0] == "R"
                if len(slot) == 1:
                    by, fy, fx = mid_y + h // 2 - 2, mid_y, cx + (off if right else -off)
                elif slot[1] == "T":      # (only with six or seven others)
                    by, fy, fx = far_y, far_y, cx + (off if right else -off)
                else:
                    by, fy, fx = near_y, near_y, cx + (unit if right else -unit)
                block = max(line.cell_len for line in lines)
                bx = width - block if right else 0
                taken[right] = max(taken[right], block)
                for row, line in enumerate(lines):
                    if right and row == 0:
                        grid.put(by, width - line.cell_len, line)
                    else:
                        grid.put(by + row, bx, line)
            if card is not None:
                grid.put_lines(fy, fx - w // 2, card)
        me = view.seat
        card = cards.get(me)
        if card is not None:
            grid.put_lines(near_y, cx - w // 2, card)
        message_y = near_y + h
        if self.message.plain:
            grid.center(message_y, cx, self.message)
        own_y = message_y + 1
        if gap:
            own_y += 1
            half = max(off + w // 2 + 3, (self.message.cell_len + 3) // 2 + 1)
            self._edge(grid, far_y - 1, message_y + 1, cx - half, cx + half,
                       (taken[0], taken[1]))
        own = self._block(view, me, width, own=True)
        for row, line in enumerate(own):
            grid.center(own_y + row, cx, line)

    def _edge(self, grid: Grid, top: int, bottom: int, left: int, right: int,
              sides: tuple[int, int]) -> None:
        """The table's edge, a rounded frame under the cards, clear of the side seats
        (``sides``: the columns their blocks take on the left and on the right)."""
        left, right = max(left, sides[0] + 1), min(right, grid.width - sides[1] - 2)
        if right - left < 8:
            return
        ascii = self.look.ascii
        tl, tr, bl, br, across, down = ("+", "+", "+", "+", "-", "|") if ascii else (
            "╭", "╮", "╰", "╯", "─", "│")
        style = Style(color=EDGE_COLOUR) if self.look.colour else Style(dim=True)
        inner = right - left - 1
        under = Grid(grid.width, grid.height)       # the edge lies under everything else
        under.put(top, left, Text(tl + across * inner + tr, style=style))
        under.put(bottom, left, Text(bl + across * inner + br, style=style))
        for y in range(top + 1, bottom):
            under.put(y, left, Text(down, style=style))
            under.put(y, right, Text(down, style=style))
        grid.underlay(under)

    def _faces_on_table(self, view: TrickAreaSeen, size: FaceSize) -> dict[int, list[Text]]:
        cards: dict[int, list[Text]] = {}
        if self.gathered is not None:
            for seat, card in self.gathered.by_seat(view.players).items():
                cards[seat] = draw_face(card, self.look, size,
                                        highlight=seat == self.gathered.winner)
            return cards
        for seat, card in view.trick:
            cards[seat] = draw_face(card, self.look, size)
        if view.phase == "play" and view.turn is not None and view.turn not in cards:
            cards[view.turn] = draw_slot(self.look, size)
        return cards

    def _face_block(self, view: TrickAreaSeen, seat: int, room: int) -> list[Text]:
        """Name line (in ``room`` columns), the hand as a fan of backs (from its count
        only), the cards shown and the tricks won."""
        title, _backs, taken = self._block(view, seat, room)
        left = view.cards_left[seat] if seat < len(view.cards_left) else 0
        won = view.tricks_won[seat] if seat < len(view.tricks_won) else 0
        info = Text(no_wrap=True)
        if won:
            info.append(won_text(won), style="dim")
        if taken.plain:
            info.append("  " if won else "")
            info.append_text(taken)
        return [title, *fan(left, self.look), info]


def _centred(text: Text, spare_columns: int, spare_rows: int) -> Text:
    """``text`` in the middle of the room it leaves spare."""
    left, top = spare_columns // 2, spare_rows // 2
    if not (left or top):
        return text
    lines = [Text(" " * left) + line for line in text.split("\n")]
    return Text("\n" * top, no_wrap=True) + Text("\n", no_wrap=True).join(lines)


def _top_x(tops: list[str], slot: str, width: int, block: int) -> int:
    """Centre column of a top slot."""
    if slot == "T":
        return width // 2
    if len(tops) == 2:
        return (width * 2) // 3 if slot == "TR" else width // 3
    half = block // 2
    return width - half - 1 if slot == "TR" else half
