"""The hint of the app (key h): the card the expert would play, and why in words."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Declare, Play, SeatView, glyph
from ..engine.cards import SUIT_NAMES, SUIT_SINGULAR, card_name
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
            return Hint(None, "declare la générale: your hand should win every trick, and "
                              "passing would likely cost you more", True)
        return Hint(None, "pass: la générale would likely cost you more than passing", False)
    if not view.my_turn or not view.legal:
        return Hint(None, "it is not your turn")
    action, _, k = SearchPlayer("expert", EXPERT, seed).decide(view)
    assert isinstance(action, Play)
    return Hint(action.card, reason(view, action.card, k))


def _unseen_above(view: SeatView, card: str, unseen: set[str]) -> list[str]:
    order = view.rules.order
    return [r + card[1] for r in order[:order.index(card[0])] if r + card[1] in unseen]


COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def _higher_out(count: int, suit: str) -> str:
    """``one higher heart is still out``, ``three higher hearts are still out``."""
    word = COUNT_WORDS[count] if count < len(COUNT_WORDS) else str(count)
    if count == 1:
        return f"{word} higher {SUIT_SINGULAR[suit]} is still out"
    return f"{word} higher {SUIT_NAMES[suit]} are still out"


def _may_overtake(view: SeatView, card: str, k: Knowledge) -> bool:
    """True when a seat still to play in this trick may hold a higher card of the suit."""
    n = view.players
    for step in range(1, n - len(view.trick)):
        seat = (view.seat + step) % n
        if _unseen_above(view, card, set(k.cx.cards(k.allowed(seat)))):
            return True
    return False


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
        return f"lead the {g}: {_higher_out(len(above), card[1])}"
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
    cannot_duck = not any(order.index(c[0]) > order.index(best[0]) for c in view.legal)
    if _may_overtake(view, card, k):
        if stop:
            return f"play high with the {g}{stop}"
        if cannot_duck:
            return f"play high with the {g}: you cannot duck under the {glyph(best)}"
        return f"play high with the {g}: the {card_name(card)} costs more later"
    if stop:
        return f"take the trick with the {g}{stop}"
    if cannot_duck:
        return f"take the trick with the {g}: you cannot duck under the {glyph(best)}"
    return f"take the trick with the {g}: the {card_name(card)} costs more later"
