"""Your hand: cards sorted by suit and rank, playable ones distinct, one selected.

Compact chips (``cardtext.box``) on a small terminal; card faces (``cardface``) from
about 100×30, overlapping when the hand is long.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...i18n import _
from ..cardtext import CardLook, box
from .cardface import FaceSize, Grid, draw_face

CARD_WIDTH = 5
GAP = 1
CHIPS_HEIGHT = 5
# A face shows at least its left border and its corner (``│10♥``) under the next one.
MIN_STEP = 4
KEYS = "1234567890"


def key_for(index: int) -> str:
    """The digit that picks the card at ``index`` (1..9, then 0 for the tenth)."""
    return KEYS[index] if index < len(KEYS) else ""


class Hand(Widget):
    """Five lines: the key of each card, the cards (the selected one raised), a pointer;
    with faces, the key line, the faces (the selected one raised) and the pointer."""

    DEFAULT_CSS = """
    Hand {
        height: 5;
        width: 1fr;
    }
    """

    class Selected(Message):
        """The person moved the selection to ``card`` (arrows, its key, a click)."""

        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    class Chosen(Message):
        """A card was chosen to be played (Enter, its key twice, or a click on it)."""

        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[str, ...] = ()
        self.legal: tuple[str, ...] = ()
        self.active = False          # True when it is this hand's turn to play
        self.selected = 0
        self.moved = False           # the selection was moved since this turn began
        self.look = CardLook()
        self.face: FaceSize | None = None     # None: compact chips

    def set_faces(self, size: FaceSize | None) -> None:
        """Draw faces of ``size`` (None: the compact chips); the height follows."""
        if size != self.face:
            self.face = size
            self.styles.height = CHIPS_HEIGHT if size is None else size.height + 2
            self.refresh(layout=True)

    # -- state -----------------------------------------------------------------------
    def show(self, cards: tuple[str, ...], legal: tuple[str, ...], active: bool,
             look: CardLook) -> None:
        """New cards; keep the selection on the same card if it is still there."""
        before = (self.cards, self.legal, self.active, self.look, self.selected)
        current = self.selected_card
        turn_starts = active and not self.active
        self.cards, self.legal, self.active, self.look = cards, legal, active, look
        if current in cards:
            self.selected = cards.index(current)
        elif self.cards:
            self.selected = min(self.selected, len(self.cards) - 1)
        if turn_starts:
            self.moved = False
            if self.selected_card not in legal and legal:
                self.selected = self._nearest(legal)   # each turn starts on a playable card
        if (self.cards, self.legal, self.active, self.look, self.selected) != before:
            self.refresh()      # another player's card changes nothing here

    def _nearest(self, legal: tuple[str, ...]) -> int:
        """The index of the playable card nearest the selection (the left one on a tie)."""
        indexes = [self.cards.index(c) for c in legal if c in self.cards]
        return min(indexes, key=lambda i: (abs(i - self.selected), i))

    @property
    def selected_card(self) -> str | None:
        if 0 <= self.selected < len(self.cards):
            return self.cards[self.selected]
        return None

    def select(self, card: str) -> None:
        """Put the selection on ``card`` (a hint, a click): chosen, not by surprise."""
        if card in self.cards:
            self.selected = self.cards.index(card)
            self.moved = True
            self.refresh()

    def move(self, step: int) -> None:
        """Move the selection by ``step``, wrapping around."""
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)
            self._moved_by_hand()

    def _moved_by_hand(self) -> None:
        self.moved = True
        self.refresh()
        card = self.selected_card
        if card is not None:
            self.post_message(self.Selected(card))

    def pick(self, key: str) -> str | None:
        """Select the card of ``key``; return it if it was already selected (play it)."""
        index = KEYS.find(key)
        if index < 0 or index >= len(self.cards):
            return None
        again = index == self.selected
        self.selected = index
        self._moved_by_hand()
        return self.cards[index] if again else None

    # -- drawing ---------------------------------------------------------------------
    def _left(self) -> int:
        if self.face is not None:
            return self._face_lefts()[0]
        used = len(self.cards) * (CARD_WIDTH + GAP) - GAP
        return max(0, (self.size.width - used) // 2)

    def step(self) -> int:
        """Columns from one face to the next: a gap when they all fit, else overlapping
        (never less than ``MIN_STEP``, so that every corner shows)."""
        assert self.face is not None
        width, count = self.face.width, len(self.cards)
        if count <= 1:
            return width + 1
        room = max(self.size.width, 1) - width - 2
        return max(MIN_STEP, min(width + 1, room // (count - 1)))

    def _face_lefts(self) -> tuple[int, int]:
        """The first face's column and the step."""
        assert self.face is not None
        step = self.step()
        used = step * (len(self.cards) - 1) + self.face.width if self.cards else 0
        return max(0, (self.size.width - used) // 2), step

    def render(self) -> Text:
        if self.face is not None:
            return self._render_faces(self.face)
        width = max(self.size.width, 1)
        rows = [Text() for _ in range(5)]
        left = self._left()
        for row in rows:
            row.append(" " * left)
        for i, card in enumerate(self.cards):
            chosen = self.active and i == self.selected
            legal = card in self.legal if self.active else True
            lines = box(card, self.look, legal=legal, selected=chosen)
            key = key_for(i).center(CARD_WIDTH)
            rows[0].append(key, style="bold" if legal and self.active else "dim")
            top = 1 if chosen else 2
            for r in range(1, 5):
                if top <= r < top + 3:
                    rows[r].append_text(lines[r - top])
                elif chosen and r == 4:
                    rows[r].append("  ^  " if self.look.ascii else "  ▲  ", style="bold yellow")
                else:
                    rows[r].append(" " * CARD_WIDTH)
            if i < len(self.cards) - 1:
                for row in rows:
                    row.append(" " * GAP)
        if not self.cards:
            rows[2] = Text(_("(no cards in hand)").center(width), style="dim")
        text = Text("\n").join(rows)
        text.no_wrap = True
        return text

    def _render_faces(self, size: FaceSize) -> Text:
        """The key line, then the faces left to right, each lying on the one before; the
        selected one raised a line, with a pointer under its corner."""
        width = max(self.size.width, 1)
        grid = Grid(width, size.height + 2)
        if not self.cards:
            grid.center(size.height // 2 + 1, width // 2,
                        Text(_("(no cards in hand)"), style="dim"))
            return grid.render()
        left, step = self._face_lefts()
        for i, card in enumerate(self.cards):
            chosen = self.active and i == self.selected
            legal = card in self.legal if self.active else True
            x = left + i * step
            grid.put(0, x + 1, Text(key_for(i), style="bold" if legal and self.active
                                    else "dim"))
            grid.put_lines(1 if chosen else 2, x,
                           draw_face(card, self.look, size, legal=legal, selected=chosen))
            if chosen:
                grid.put(size.height + 1, x + 1, Text("^" if self.look.ascii else "▲",
                                                      style="bold yellow"))
        return grid.render()

    def card_at(self, x: int) -> str | None:
        if self.face is not None:
            if not self.cards:
                return None
            left, step = self._face_lefts()
            # The topmost face at x: the last one that starts at or before it.
            for i in range(len(self.cards) - 1, -1, -1):
                if left + i * step <= x < left + i * step + self.face.width:
                    return self.cards[i]
            return None
        offset = x - self._left()
        if offset < 0:
            return None
        index, within = divmod(offset, CARD_WIDTH + GAP)
        if within >= CARD_WIDTH or index >= len(self.cards):
            return None
        return self.cards[index]

    def on_click(self, event: events.Click) -> None:
        card = self.card_at(event.x)
        if card is None:
            return
        if self.active and card == self.selected_card:
            self.post_message(self.Chosen(card))
        else:
            self.selected = self.cards.index(card)
            self._moved_by_hand()
