"""What the two-player games of the house (Écarté, Piquet) share: the deals in order, the
deal alternating between the two, the checks before a deal and before an action, and the
log, history and totals read from the deals.

A game's deal class keeps its own state; it only has to say who dealt, what was dealt,
its phase (``"over"`` once it is; ``"play"`` while tricks are played), whose turn it is,
the actions applied so far, the tricks taken and the cards of the trick in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from .actions import Action, as_action
from .base import DealLog, Dealt, Game, Match, TrickTaken
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
    def current(self) -> list[Card]: ...


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
