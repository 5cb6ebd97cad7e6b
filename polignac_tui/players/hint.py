"""The hint of the app (key h): the card the expert would play, and why in words."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Declare, Play, SeatView, glyph
from ..engine.cards import SUIT_NAMES, card_name
from .bots import SearchPlayer
from .knowledge import Knowledge
from .policy import threat
from .search import EXPERT


@dataclass(frozen=True, slots=True)
class Hint:
    """``card`` to play (None when the question is la générale, then ``declare``)."""

    card: str | None
    reason: str
    declare: bool | None = None


def hint(view: SeatView, seed: int = 0) -> Hint:
    """What the expert would do for ``view.seat`` now, with a short reason."""
    if view.asked:
        action, _, _ = SearchPlayer("expert", EXPERT, seed).decide(view)
        assert isinstance(action, Declare)
        if action.declare:
            return Hint(None, "declare la générale: your hand can win every trick", True)
        return Hint(None, "pass: your hand is not sure to win every trick", False)
    if not view.my_turn or not view.legal:
        return Hint(None, "it is not your turn")
    action, _, k = SearchPlayer("expert", EXPERT, seed).decide(view)
    assert isinstance(action, Play)
    return Hint(action.card, reason(view, action.card, k))


def _unseen_above(view: SeatView, card: str, unseen: set[str]) -> list[str]:
    order = view.rules.order
    return [r + card[1] for r in order[:order.index(card[0])] if r + card[1] in unseen]


def reason(view: SeatView, card: str, k: Knowledge) -> str:
    """A few words on why ``card``, from what the seat can see."""
    g = glyph(card)
    if len(view.legal) == 1:
        return f"{g} is your only legal card"
    unseen = set(k.cx.cards(k.unseen))
    order = view.rules.order
    jack = "J" + card[1]
    if view.declarer == view.seat and view.tricks_won[view.seat] == len(view.tricks):
        return f"play the {g}: la générale needs every trick"
    danger = threat(k.base, view.seat)
    if danger >= 0:
        what = "générale" if view.declarer == danger else "chelem"
        stop = f" to stop {view.names[danger]}'s {what}"
    else:
        stop = ""
    if not view.trick:
        above = _unseen_above(view, card, unseen)
        if not above:
            return f"lead the {g}: it wins, but every other lead costs more"
        return (f"lead the {g}: {len(above)} higher {SUIT_NAMES[card[1]]} "
                f"{'is' if len(above) == 1 else 'are'} still out")
    led = view.trick[0][1][1]   # the suit led (the trick has a card)
    best = min((c for _, c in view.trick if c[1] == led), key=lambda c: order.index(c[0]))
    if card[1] != led:
        if card == "JS":
            return f"dump le Polignac: you have no {SUIT_NAMES[led]}"
        if card[0] == "J":
            return f"dump the {g}: you have no {SUIT_NAMES[led]}"
        if stop:
            return f"discard the {g}: keep your high cards{stop}"
        return f"discard the {g}: you have no {SUIT_NAMES[led]}, and it could win a trick later"
    if order.index(card[0]) > order.index(best[0]):
        if card[0] == "J":
            return f"give your {g} away under the {glyph(best)}"
        if jack in unseen:
            return f"duck under the {glyph(best)}: the {glyph(jack)} is still out"
        return f"duck under the {glyph(best)}"
    if stop:
        return f"take the trick with the {g}{stop}"
    if not any(order.index(c[0]) > order.index(best[0]) for c in view.legal):
        return f"take the trick with the {g}: you cannot duck under the {glyph(best)}"
    return f"take the trick with the {g}: the {card_name(card)} costs more later"
