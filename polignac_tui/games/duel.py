"""What the two-player games of the house (Écarté, Piquet) share: the deals in order, the
deal alternating between the two, the checks before a deal and before an action, and the
log, history and totals read from the deals.

A game's deal class keeps its own state; it only has to say who dealt, what was dealt,
its phase (``"over"`` once it is; ``"play"`` while tricks are played), whose turn it is,
the actions applied so far, the tricks taken and the cards of the trick in play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from .actions import Action, CardsAction, as_action
from .base import (
    JSON,
    CardPlayed,
    DealLog,
    DealPoints,
    Dealt,
    Discarded,
    Event,
    Game,
    Gathered,
    Match,
    Outcome,
    TrickTaken,
    View,
)
from .cards import Card
from .errors import RuleError
from .settings import Settings


class DuelDeal(Protocol):
    """The little a duel's deal shows the match that holds it."""

    @property
    def dealer(self) -> int: ...
    @property
    def dealt(self) -> Dealt: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def actions(self) -> list[tuple[int, str]]: ...
    @property
    def tricks(self) -> list[tuple[int, tuple[Card, ...], int]]: ...   # leader, cards, winner
    @property
    def number(self) -> int: ...
    @property
    def hands(self) -> list[list[Card]]: ...
    @property
    def discards(self) -> list[list[Card]]: ...
    @property
    def won(self) -> list[int]: ...
    @property
    def points(self) -> list[int]: ...
    current: list[Card]
    leader: int


D = TypeVar("D", bound=DuelDeal)


class DuelMatch(Match, Generic[D]):
    """A match of two players, the deal alternating. ``over_words`` names the match in the
    refusals that come once it is over ("the game", "the partie")."""

    over_words = "the match"

    def __init__(self, game: Game, settings: Settings, names: Sequence[str],
                 first_dealer: int) -> None:
        self.game = game
        self.settings = settings
        self.names = tuple(names)
        self.first_dealer = first_dealer
        self.deals: list[D] = []
        self._totals = [0, 0]
        self._finished = False

    @property
    def current(self) -> D | None:
        """The deal in play, if one is."""
        if self.deals and self.deals[-1].phase != "over":
            return self.deals[-1]
        return None

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def needs_deal(self) -> bool:
        return not self._finished and self.current is None

    @property
    def next_dealer(self) -> int:
        return 1 - self.deals[-1].dealer if self.deals else self.first_dealer

    @property
    def turn(self) -> int | None:
        deal = self.current
        return None if deal is None or self._finished else deal.turn

    def check_next_deal(self, dealt: Dealt) -> None:
        """Refuse a deal dealt after the end, beside a deal in play, or by the wrong dealer."""
        if self._finished:
            raise RuleError("match_over", f"{self.over_words} is over: no more deals")
        if self.current is not None:
            raise RuleError("deal_in_play", f"deal {len(self.deals)} is not over yet")
        if dealt.dealer != self.next_dealer:
            raise RuleError("dealer", f"the dealer should be {self.names[self.next_dealer]}, "
                            f"the deal alternates, not seat {dealt.dealer}",
                            {"dealer": dealt.dealer})

    def acting(self, action: Action | str, seat: int | None) -> tuple[Action, D, int]:
        """The action, the deal in play and the seat whose turn it is, once checked that
        the match goes on, a deal is in play and ``seat`` (when given) is that seat."""
        act = as_action(action)
        if self._finished:
            raise RuleError("match_over", f"{self.over_words} is over: {act} comes too late",
                            {"action": str(act)})
        deal = self.current
        if deal is None:
            raise RuleError("no_deal", "no deal is in play: the next deal must be dealt first")
        turn = deal.turn
        assert turn is not None
        if seat is not None and seat != turn:
            raise RuleError("not_your_turn", f"it is {self.names[turn]}'s turn, not "
                            f"{self.names[seat] if 0 <= seat < 2 else seat}'s",
                            {"turn": turn, "seat": seat})
        return act, deal, turn

    @property
    def log(self) -> tuple[DealLog, ...]:
        return tuple(DealLog(d.dealt, tuple(text for _, text in d.actions))
                     for d in self.deals)

    @property
    def deals_dealt(self) -> int:
        return len(self.deals)

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        return tuple(self.deals[-1].actions) if self.deals else ()

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    def trick_to_show_again(self) -> TrickTaken | None:
        """Between two tricks of the deal in play, the last one taken (a resumed table
        shows it again)."""
        deal = self.current
        if deal is None or self._finished or deal.phase != "play" or deal.current \
                or not deal.tricks:
            return None
        _, cards, winner = deal.tricks[-1]
        return TrickTaken(winner, cards, False)

    # -- the steps both games take alike ---------------------------------------------------
    def held(self, seat: int, cards: Sequence[Card]) -> None:
        """Refuse a card ``seat`` does not hold."""
        hand = self.deals[-1].hands[seat]
        for card in cards:
            if card not in hand:
                raise RuleError("not_held", f"{card} is not in {self.names[seat]}'s hand",
                                {"card": card})

    def exchange(self, deal: D, seat: int, act: CardsAction, span: tuple[int, int],
                 refused: Callable[[], str], stock: list[Card],
                 events: list[Event]) -> int:
        """``act``'s cards discarded by ``seat`` once checked (held, each once, between the
        ``span``'s least and most, else ``refused()`` says why) and as many taken from the
        top of ``stock``; how many."""
        least, most = span
        cards = act.cards
        self.held(seat, cards)
        if len(set(cards)) != len(cards):
            raise RuleError("card_twice", f"{act}: a card is discarded twice")
        if not least <= len(cards) <= most:
            raise RuleError("discard_count", refused(),
                            {"least": least, "most": most, "count": len(cards)})
        hand = deal.hands[seat]
        for card in cards:
            hand.remove(card)
        deal.discards[seat].extend(cards)
        hand.extend(stock[:len(cards)])
        del stock[:len(cards)]
        events.append(Discarded(seat, len(cards)))
        return len(cards)

    def lay(self, deal: D, seat: int, card: Card, events: list[Event]) -> None:
        """``seat`` plays ``card`` (held, and allowed: checked before) to the trick."""
        deal.hands[seat].remove(card)
        deal.current.append(card)
        events.append(CardPlayed(seat, card))

    def gather(self, deal: D, best: int, events: list[Event]) -> int:
        """The trick in play goes to the ``best``-th who played to it; its winner."""
        cards = tuple(deal.current)
        winner = (deal.leader + best) % 2
        deal.tricks.append((deal.leader, cards, winner))
        deal.won[winner] += 1
        deal.leader = winner
        deal.current = []
        events.append(TrickTaken(winner, cards, False))
        return winner

    # -- what is known ---------------------------------------------------------------------
    def deal_points(self) -> tuple[tuple[int, ...] | None, ...]:
        """Each deal's points (None for the deal in play)."""
        return tuple(None if d.phase != "over" else tuple(d.points) for d in self.deals)

    def _deal_points(self) -> tuple[DealPoints, ...]:
        return tuple(DealPoints(d.dealer, points)
                     for d, points in zip(self.deals, self.deal_points(), strict=True))

    def deals_part(self) -> list[JSON]:
        return [{"dealer": d.dealer,
                 "points": None if d.phase != "over" else list(d.points),
                 "tricks": list(d.won)} for d in self.deals]

    def check_seat(self, seat: int | None) -> None:
        """Refuse a view for a seat not at the table."""
        if seat is not None and seat not in (0, 1):
            raise RuleError("seat", f"seat {seat} is not at this table (seats are 0 and 1)")

    def framed(self, seat: int | None, hand: tuple[Card, ...], totals: tuple[int, ...],
               outcome: Outcome | None, part: dict[str, JSON]) -> View:
        """The view of the deal in play (or the last), or before the first deal, around
        the game's own ``part``."""
        if not self.deals:
            return View(game=self.game.name, seat=seat, names=self.names, deal_number=0,
                        dealer=None, turn=None, hand=(), choice=None, trick=(),
                        tricks_won=(0, 0), cards_left=(0, 0), totals=totals,
                        outcome=outcome, game_part=part, deals=self._deal_points())
        deal = self.deals[-1]
        return View(
            game=self.game.name, seat=seat, names=self.names, deal_number=deal.number,
            dealer=deal.dealer, turn=self.turn, hand=hand,
            choice=None if seat is None else self.choices(seat),
            trick=tuple(((deal.leader + i) % 2, c) for i, c in enumerate(deal.current)),
            tricks_won=tuple(deal.won), cards_left=tuple(len(h) for h in deal.hands),
            totals=totals, outcome=outcome, game_part=part,
            phase=deal.phase, leader=deal.leader,
            tricks=tuple(Gathered(*t) for t in deal.tricks), deals=self._deal_points(),
        )


def check_hands(dealt: Dealt, packets: list[str], what: str, hand: int) -> None:
    """Refuse a deal whose packets are not ``packets`` (sorted) or whose two hands are not
    ``hand`` cards each; ``what`` names the deal the game expects."""
    names = [name for name, _ in dealt.packets]
    if sorted(names) != packets:
        raise RuleError("dealt", f"{what}, not {', '.join(names) or 'nothing else'}")
    if len(dealt.hands) != 2:
        raise RuleError("dealt", f"{len(dealt.hands)} hands dealt for 2 players")
    for seat, cards in enumerate(dealt.hands):
        if len(cards) != hand:
            raise RuleError("dealt", f"seat {seat} was dealt {len(cards)} cards, not {hand}")
