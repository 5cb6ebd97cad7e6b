"""The table seen from above: every seat round it, the trick in front of its players.

You sit at the bottom. The others are placed in the order of play, in the
session's ``direction``: counterclockwise (RULES.md: "to the right") puts the
seat after you on the right of the screen, then across the top from right to
left, then down the left side; clockwise is the mirror image (the next seat on
your left). Each seat shows its name, the dealer mark (D), a générale mark (G),
one back per card still in hand, and the jacks taken so far (face up, RULES.md §3).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ...engine import SeatView, Trick
from ...i18n import _, ngettext
from ..cardtext import BACK, BACK_COLOUR, CardLook, cards_inline, face

# Slot names per number of other seats, in the order of play for counterclockwise:
# R/L = right/left side (RT/RB, LT/LB when two per side), T/TR/TL = across the top.
SLOTS: dict[int, tuple[str, ...]] = {
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
        self.view: SeatView | None = None
        self.look = CardLook()
        self.gathered: Trick | None = None   # a finished trick still on show
        self.message: Text = Text()

    def show(self, view: SeatView, look: CardLook, gathered: Trick | None = None,
             message: Text | str = "") -> None:
        self.view, self.look, self.gathered = view, look, gathered
        self.message = Text(message) if isinstance(message, str) else message
        self.refresh()

    # -- drawing -----------------------------------------------------------------------
    def render(self) -> Text:
        view = self.view
        # On a large terminal the table keeps a card-table shape in the middle.
        full_width = max(self.size.width, 20)
        full_height = max(self.size.height, MIN_HEIGHT)
        width, height = min(full_width, MAX_WIDTH), min(full_height, MAX_HEIGHT)
        canvas = Canvas(width, height)
        if view is None:
            return canvas.render()
        self._draw(canvas, view)
        text = canvas.render()
        pad_left = (full_width - width) // 2
        pad_top = (full_height - height) // 2
        if pad_left or pad_top:
            lines = [Text(" " * pad_left) + line for line in text.split("\n")]
            text = Text("\n" * pad_top, no_wrap=True) + Text("\n", no_wrap=True).join(lines)
        return text

    def _draw(self, canvas: Canvas, view: SeatView) -> None:
        width, height = canvas.width, canvas.height
        n = view.players
        block = min(18, max(10, width // 4))
        top_card = 4 if height >= 20 else 3
        order = slots(n - 1, view.rules.direction)
        double = n - 1 >= 6
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
            canvas.center(height - 5, width // 2, card)
        lines = self._block(view, me, width, own=True)
        for k, line in enumerate(lines):
            canvas.center(height - 3 + k, width // 2, line)
        if self.message.plain:
            y = height // 2 if double else (height - 7 if n - 1 in (3, 5) else height // 2)
            canvas.center(y, width // 2, self.message)

    def _cards_on_table(self, view: SeatView) -> dict[int, Text]:
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

    def _block(self, view: SeatView, seat: int, width: int, own: bool = False) -> list[Text]:
        """Name line (turn pointer, dealer, générale), backs, jacks taken."""
        turn = view.turn == seat and view.phase in ("play", "generale")
        marks = ""
        if view.dealer == seat:
            marks += _(" (D)")
        if view.declarer == seat:
            marks += _(" (G)")
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
        jacks = view.jacks_taken[seat] if seat < len(view.jacks_taken) else ()
        taken = cards_inline(jacks, self.look) if jacks else Text()
        won = view.tricks_won[seat] if seat < len(view.tricks_won) else 0
        if own:
            info = Text(won_text(won) if won else "", style="dim")
            if jacks:
                info.append("  jacks " if won else "jacks ", style="dim")
                info.append_text(taken)
            return [title, info]
        left = view.cards_left[seat] if seat < len(view.cards_left) else 0
        backs = Text()
        backs.append(BACK[self.look.ascii] * left, style=BACK_COLOUR if self.look.colour else "")
        backs.append(" " + won_text(won) if won else "", style="dim")
        return [title, backs, taken]


def _top_x(tops: list[str], slot: str, width: int, block: int) -> int:
    """Centre column of a top slot."""
    if slot == "T":
        return width // 2
    if len(tops) == 2:
        return (width * 2) // 3 if slot == "TR" else width // 3
    half = block // 2
    return width - half - 1 if slot == "TR" else half
