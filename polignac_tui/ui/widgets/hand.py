"""Your hand: cards sorted by suit and rank, playable ones distinct, one selected."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ..cardtext import CardLook, box

CARD_WIDTH = 5
GAP = 1
KEYS = "1234567890"


def key_for(index: int) -> str:
    """The digit that picks the card at ``index`` (1..9, then 0 for the tenth)."""
    return KEYS[index] if index < len(KEYS) else ""


class Hand(Widget):
    """Five lines: the key of each card, the cards (the selected one raised), a pointer."""

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

    # -- state -----------------------------------------------------------------------
    def show(self, cards: tuple[str, ...], legal: tuple[str, ...], active: bool,
             look: CardLook) -> None:
        """New cards; keep the selection on the same card if it is still there."""
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
        self.refresh()

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
        used = len(self.cards) * (CARD_WIDTH + GAP) - GAP
        return max(0, (self.size.width - used) // 2)

    def render(self) -> Text:
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
            rows[2] = Text("(no cards in hand)".center(width), style="dim")
        text = Text("\n").join(rows)
        text.no_wrap = True
        return text

    def card_at(self, x: int) -> str | None:
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
