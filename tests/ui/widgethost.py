"""A small app that holds the table's widgets alone (a trick area, a hand, word choices,
a game's panel), fed by hand-made views: the widgets of any game of the house, tried
without a session of Polignac behind them."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.message import Message

from polignac_tui.games.polignac.tui.trick import PolignacSeen, TrickArea
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.widgets.cardface import face_size, faces_fit
from polignac_tui.ui.widgets.gamepanel import GamePanel
from polignac_tui.ui.widgets.hand import Hand
from polignac_tui.ui.widgets.words import WordChoices

NAMES = ("Ana", "Bruno", "Claire", "Denis", "Élodie", "Fanny", "Gaston", "Hélène")
# Twelve cards, a Piquet hand, sorted by suit.
TWELVE = ("7S", "9S", "JS", "AS", "8H", "QH", "KH", "7D", "TD", "JD", "9C", "KC")


def seat_view(players: int, seat: int = 0, trick: tuple[tuple[int, str], ...] = (),
              turn: int | None = None, dealer: int = 1, cards_left: int = 4) -> PolignacSeen:
    """What the trick area draws of a deal in play at a table of ``players`` (2 to 8),
    from ``seat``."""
    return PolignacSeen(
        seat=seat, names=NAMES[:players], humans=tuple(i == seat for i in range(players)),
        dealer=dealer, phase="play", turn=turn, trick=trick, tricks=(),
        tricks_won=(0,) * players, cards_left=(cards_left,) * players, watching=False,
        jacks_taken=((),) * players)


class WidgetHost(App[None]):
    """The widgets given, one under the other; every message they post is kept."""

    CSS = """
    Screen { layout: vertical; }
    """

    def __init__(self, *widgets: Any, view: PolignacSeen | None = None,
                 cards: tuple[str, ...] = (), legal: tuple[str, ...] | None = None,
                 ascii: bool = False) -> None:
        super().__init__()
        self.widgets = widgets
        self.seat_view = view
        self.cards = cards
        self.legal = cards if legal is None else legal
        self.ascii = ascii
        self.messages: list[Message] = []

    @property
    def look(self) -> CardLook:
        return CardLook(ascii=self.ascii, colour=not self.no_color)

    def compose(self) -> ComposeResult:
        yield from self.widgets

    def on_mount(self) -> None:
        width, height = self.size
        size = face_size(width, height) if faces_fit(width, height) else None
        for area in self.query(TrickArea):
            area.set_faces(size)
            if self.seat_view is not None:
                area.show(self.seat_view, self.look)
        for hand in self.query(Hand):
            hand.set_faces(size)
            hand.show(self.cards, self.legal, True, self.look)
        for widget in self.query(Hand):
            if widget.can_focus:
                widget.focus()

    def on_hand_selected(self, message: Message) -> None:
        self.messages.append(message)

    def on_hand_chosen(self, message: Message) -> None:
        self.messages.append(message)

    def on_hand_marked(self, message: Message) -> None:
        self.messages.append(message)

    def on_hand_confirmed(self, message: Message) -> None:
        self.messages.append(message)

    def on_hand_refused(self, message: Message) -> None:
        self.messages.append(message)

    def on_word_choices_chosen(self, message: Message) -> None:
        self.messages.append(message)

    def of(self, kind: type[Message]) -> list[Any]:
        return [m for m in self.messages if isinstance(m, kind)]


__all__ = ["NAMES", "TWELVE", "GamePanel", "Hand", "TrickArea", "WidgetHost", "WordChoices",
           "seat_view"]
