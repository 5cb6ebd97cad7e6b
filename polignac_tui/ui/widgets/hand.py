"""Your hand: cards sorted by suit and rank, playable ones distinct, one selected.

Compact chips (``cardtext.box``) on a small terminal; card faces (``cardface``) from
about 100×30, overlapping when the hand is long. Up to twelve cards, each with a key
(``1``..``9``, ``0``, then ``-`` and ``=``): twelve chips take 71 columns.

Two modes: one card at a time (play a card: the selected one is raised), or several
(``choose_several(least, most)``: a discard), where a card's key, Space or a click
marks or unmarks it; marked cards are raised with a mark under them (``✓``, ``v`` in
ASCII: not only a colour), the cursor is the selected card's own bold face, and Enter
confirms when the count is within bounds (``Confirmed``), else says why (``Refused``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...i18n import _, ngettext
from ..cardtext import CardLook, box
from .cardface import FaceSize, Grid, draw_face

CARD_WIDTH = 5
GAP = 1
CHIPS_HEIGHT = 5
# A face shows at least its left border and its corner (``│10♥``) under the next one.
MIN_STEP = 4
# The keys of the cards, left to right: ``-`` and ``=`` for the eleventh and twelfth
# (next to ``0`` on most keyboards; no binding of the table screen uses them).
KEYS = "1234567890-="
# Textual's names of the keys that are not their own character.
KEY_NAMES = {"minus": "-", "equals_sign": "="}
MARK = {False: "✓", True: "v"}       # under a marked card (glyphs, ASCII)


def key_for(index: int) -> str:
    """The key that picks the card at ``index`` (1..9, 0 for the tenth, then - and =)."""
    return KEYS[index] if 0 <= index < len(KEYS) else ""


def key_index(key: str) -> int | None:
    """The index of the card that ``key`` picks (a character or Textual's key name)."""
    key = KEY_NAMES.get(key, key)
    if len(key) != 1:
        return None
    index = KEYS.find(key)
    return index if index >= 0 else None


def bounds_sentence(least: int, most: int) -> str:
    """``Choose 1 to 5 cards.``: how many cards a choice of several takes."""
    if least == most:
        return ngettext("Choose {count} card.", "Choose {count} cards.", most).format(
            count=most)
    if least == 0:
        return ngettext("Choose up to {count} card.", "Choose up to {count} cards.",
                        most).format(count=most)
    return _("Choose {least} to {most} cards.").format(least=least, most=most)


class Hand(Widget):
    """Five lines: the key of each card, the cards (the selected one raised), a pointer;
    with faces, the key line, the faces (the selected one raised) and the pointer."""

    DEFAULT_CSS = """
    Hand {
        height: 5;
        width: 1fr;
    }
    """

    @dataclass
    class Selected(Message):
        """The person moved the selection to ``card`` (arrows, its key, a click)."""

        card: str

    @dataclass
    class Chosen(Message):
        """A card was chosen to be played (Enter, its key twice, or a click on it)."""

        card: str

    @dataclass
    class Marked(Message):
        """Several-cards mode: the marked cards changed; ``cards`` in the hand's order."""

        cards: tuple[str, ...]

    @dataclass
    class Confirmed(Message):
        """Several-cards mode: Enter with a count of marked cards within the bounds."""

        cards: tuple[str, ...]

    @dataclass
    class Refused(Message):
        """Several-cards mode: a mark or an Enter refused; ``reason``, a sentence to show."""

        reason: str

    def __init__(self, *, id: str | None = None, focusable: bool = False) -> None:
        super().__init__(id=id)
        # Focusable, the hand takes its own keys (``press``); the table screen keeps it
        # unfocused and passes the card keys itself.
        self.can_focus = focusable
        self.cards: tuple[str, ...] = ()
        self.legal: tuple[str, ...] = ()
        self.active = False          # True when it is this hand's turn to play
        self.selected = 0
        self.moved = False           # the selection was moved since this turn began
        self.look = CardLook()
        self.face: FaceSize | None = None     # None: compact chips
        self.bounds: tuple[int, int] | None = None   # several-cards mode: (least, most)
        self.marked: tuple[str, ...] = ()            # the marked cards, in the hand's order

    def set_faces(self, size: FaceSize | None) -> None:
        """Draw faces of ``size`` (None: the compact chips); the height follows."""
        if size != self.face:
            self.face = size
            self.styles.height = CHIPS_HEIGHT if size is None else size.height + 2
            self.refresh(layout=True)

    # -- state -----------------------------------------------------------------------
    def show(self, cards: tuple[str, ...], legal: tuple[str, ...], active: bool,
             look: CardLook, start: str | None = None) -> None:
        """New cards; keep the selection on the same card if it is still there. A turn
        starts on ``start`` when it is playable (the screen's careful choice), else on
        the playable card nearest the selection."""
        before = (self.cards, self.legal, self.active, self.look, self.selected)
        current = self.selected_card
        turn_starts = active and not self.active
        self.cards, self.legal, self.active, self.look = cards, legal, active, look
        self.marked = tuple(c for c in self.marked if c in cards and c in legal)
        if current in cards:
            self.selected = cards.index(current)
        elif self.cards:
            self.selected = min(self.selected, len(self.cards) - 1)
        if turn_starts:
            self.moved = False
            if start is not None and start in legal and start in cards:
                self.selected = cards.index(start)
            elif self.selected_card not in legal and legal:
                self.selected = self._nearest(legal)   # each turn starts on a playable card
        if (self.cards, self.legal, self.active, self.look, self.selected) != before:
            self.refresh()      # another player's card changes nothing here

    # -- several cards (a discard) ------------------------------------------------------
    def choose_several(self, least: int, most: int) -> None:
        """Ask for ``least`` to ``most`` of the playable cards, nothing marked yet."""
        if not 0 <= least <= most or most < 1:
            raise ValueError(f"cannot choose {least} to {most} cards")
        self.bounds = (least, most)
        self.marked = ()
        self.refresh()

    def choose_one(self) -> None:
        """Back to one card at a time (the marks are dropped)."""
        self.bounds = None
        self.marked = ()
        self.refresh()

    @property
    def several(self) -> bool:
        return self.bounds is not None

    def toggle(self) -> bool:
        """Mark or unmark the selected card (several-cards mode); False when refused."""
        card = self.selected_card
        if self.bounds is None or card is None:
            return False
        if card in self.marked:
            marked = set(self.marked) - {card}
        elif card not in self.legal:
            self.post_message(self.Refused(_("This card cannot be chosen now.")))
            return False
        elif len(self.marked) >= self.bounds[1]:
            self.post_message(self.Refused(bounds_sentence(*self.bounds)))
            return False
        else:
            marked = set(self.marked) | {card}
        self.marked = tuple(c for c in self.cards if c in marked)
        self.refresh()
        self.post_message(self.Marked(self.marked))
        return True

    def mark_only(self, cards: tuple[str, ...]) -> None:
        """Several-cards mode: exactly ``cards`` marked (a hint's discard), those the hand
        may choose and within the most; the selection on the first of them."""
        if self.bounds is None:
            return
        chosen = [c for c in self.cards if c in cards and c in self.legal][: self.bounds[1]]
        self.marked = tuple(chosen)
        if chosen:
            self.selected = self.cards.index(chosen[0])
            self.moved = True
        self.refresh()
        self.post_message(self.Marked(self.marked))

    def confirm(self) -> bool:
        """Enter in several-cards mode: ``Confirmed`` within the bounds, else ``Refused``."""
        if self.bounds is None:
            return False
        least, most = self.bounds
        if least <= len(self.marked) <= most:
            self.post_message(self.Confirmed(self.marked))
            return True
        self.post_message(self.Refused(bounds_sentence(least, most)))
        return False

    def press(self, key: str) -> bool:
        """The hand's own keys, for a screen that gives it the focus (or passes them):
        ←/→, a card's key, Enter, and Space in several-cards mode. True when used."""
        if key in ("left", "right"):
            self.move(-1 if key == "left" else 1)
            return True
        if key_index(key) is not None:
            card = self.pick(key)
            if card is not None:
                self.post_message(self.Chosen(card))
            return True
        if key == "space" and self.bounds is not None:
            self.toggle()
            return True
        if key == "enter":
            if self.bounds is not None:
                self.confirm()
            elif self.active and self.selected_card is not None:
                self.post_message(self.Chosen(self.selected_card))
            return True
        return False

    def on_key(self, event: events.Key) -> None:
        # Only when focused (``focusable``): the table screen's hand never is.
        if self.press(event.key):
            event.stop()
            event.prevent_default()

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
        """Select the card of ``key``; return it if it was already selected (play it).
        In several-cards mode: select it and mark or unmark it (never returned)."""
        index = key_index(key)
        if index is None or index >= len(self.cards):
            return None
        if self.bounds is not None:
            self.selected = index
            self._moved_by_hand()
            self.toggle()
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
            # One card: the selected one raised, a pointer under it. Several: the marked
            # ones raised, a mark under them; the cursor is the selected card's face.
            raised = card in self.marked if self.bounds is not None else chosen
            top = 1 if raised else 2
            for r in range(1, 5):
                if top <= r < top + 3:
                    rows[r].append_text(lines[r - top])
                elif raised and r == 4:
                    rows[r].append(self._under(chosen).center(CARD_WIDTH),
                                   style="bold yellow" if chosen else "bold")
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

    def _under(self, chosen: bool) -> str:
        """What lies under a raised card: the pointer, or the mark of a marked card."""
        if self.bounds is not None:
            return MARK[self.look.ascii]
        return "^" if self.look.ascii else "▲"

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
            raised = card in self.marked if self.bounds is not None else chosen
            grid.put_lines(1 if raised else 2, x,
                           draw_face(card, self.look, size, legal=legal, selected=chosen))
            if raised:
                grid.put(size.height + 1, x + 1, Text(self._under(chosen),
                                                      style="bold yellow" if chosen
                                                      else "bold"))
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
        if self.bounds is not None:
            self.selected = self.cards.index(card)
            self._moved_by_hand()
            self.toggle()
            return
        if self.active and card == self.selected_card:
            self.post_message(self.Chosen(card))
        else:
            self.selected = self.cards.index(card)
            self._moved_by_hand()
