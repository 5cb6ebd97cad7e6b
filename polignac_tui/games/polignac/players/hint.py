"""The hint of the app (key h): the card the expert would play, and why (a ``Reason``:
a code and its details, worded in each player's language by ``players.wording``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Declare, Play, SeatView
from .bots import SearchPlayer
from .knowledge import Knowledge
from .policy import threat
from .search import EXPERT

Params = tuple[tuple[str, str | int], ...]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a card, free of language: a ``code`` and its details (card codes, suit
    letters, counts, seats), worded in each player's language by ``players.wording``."""

    code: str
    params: Params = ()

    def get(self, name: str) -> str | int | None:
        return dict(self.params).get(name)


@dataclass(frozen=True, slots=True)
class Hint:
    """``card`` to play (None when the question is la générale, then ``declare``)."""

    card: str | None
    reason: Reason
    declare: bool | None = None


def hint(view: SeatView, seed: int = 0) -> Hint:
    """What the expert would do for ``view.seat`` now, with a short reason."""
    if view.asked:
        action, _, _ = SearchPlayer("expert", EXPERT, seed).decide(view)
        assert isinstance(action, Declare)
        if action.declare:
            return Hint(None, Reason("declare"), True)
        return Hint(None, Reason("pass"), False)
    if not view.my_turn or not view.legal:
        return Hint(None, Reason("not_your_turn"))
    action, _, k = SearchPlayer("expert", EXPERT, seed).decide(view)
    assert isinstance(action, Play)
    return Hint(action.card, reason(view, action.card, k))


def _unseen_above(view: SeatView, card: str, unseen: set[str]) -> list[str]:
    order = view.rules.order
    return [r + card[1] for r in order[:order.index(card[0])] if r + card[1] in unseen]


def _may_overtake(view: SeatView, card: str, k: Knowledge) -> bool:
    """True when a seat still to play in this trick may hold a higher card of the suit."""
    n = view.players
    for step in range(1, n - len(view.trick)):
        seat = (view.seat + step) % n
        if _unseen_above(view, card, set(k.cx.cards(k.allowed(seat)))):
            return True
    return False


def reason(view: SeatView, card: str, k: Knowledge) -> Reason:
    """Why ``card``, from what the seat can see (see ``players.wording.reason_text``)."""
    if len(view.legal) == 1:
        return Reason("only_legal", (("card", card),))
    unseen = set(k.cx.cards(k.unseen))
    order = view.rules.order
    jack = "J" + card[1]
    if view.declarer == view.seat and view.tricks_won[view.seat] == len(view.tricks):
        return Reason("generale_every_trick", (("card", card),))
    danger = threat(k.base, view.seat)
    stop: Params = ()
    if danger >= 0:
        stop = (("stop", "generale" if view.declarer == danger else "chelem"),
                ("seat", danger))
    if not view.trick:
        above = _unseen_above(view, card, unseen)
        if not above:
            return Reason("lead_wins", (("card", card),))
        return Reason("lead_higher_out", (("card", card), ("count", len(above))))
    led = view.trick[0][1][1]   # the suit led (the trick has a card)
    best = min((c for _, c in view.trick if c[1] == led), key=lambda c: order.index(c[0]))
    if card[1] != led:
        if card == "JS":
            return Reason("dump_polignac", (("suit", led),))
        if card[0] == "J":
            return Reason("dump_jack", (("card", card), ("suit", led)))
        if stop:
            return Reason("discard_stop", (("card", card), *stop))
        return Reason("discard", (("card", card), ("suit", led)))
    if order.index(card[0]) > order.index(best[0]):
        if card[0] == "J":
            return Reason("give_jack", (("card", card), ("best", best)))
        if jack in unseen:
            return Reason("duck_jack_out", (("best", best), ("jack", jack)))
        return Reason("duck", (("best", best),))
    cannot_duck = not any(order.index(c[0]) > order.index(best[0]) for c in view.legal)
    take = "high" if _may_overtake(view, card, k) else "take"
    if stop:
        return Reason(f"{take}_stop", (("card", card), *stop))
    if cannot_duck:
        return Reason(f"{take}_cannot_duck", (("card", card), ("best", best)))
    return Reason(f"{take}_costs_later", (("card", card),))
