"""``SeatView``: what one seat may see of a session, and nothing more.

Screens, computer players and (later) remote clients read only this: their own
hand, the cards on the table and those already played, tricks and jacks taken,
the scores, whose turn. Never another seat's hand.

A view is built from copies: every container in it (tuples, tricks, the rules)
is its own, never one of the engine's, so nothing reachable from a view (not
even through ``gc.get_referrers``) leads back to the ``Deal``, the ``Session``
or another seat's hand. Its only shared objects are immutable atoms (strings
and small integers).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .cards import Card, sorted_hand
from .deal import Trick
from .names import Phase
from .rules import Rules

if TYPE_CHECKING:
    from .session import Session


@dataclass(frozen=True, slots=True)
class DealResult:
    """The public outcome of a finished deal (or the header of the one in play)."""

    number: int                 # 1-based
    dealer: int
    declarer: int | None        # who declared la générale
    chelem: int | None          # who made a chelem or a successful générale
    points: tuple[int, ...] | None
    undos: int


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    names: tuple[str, ...]
    humans: tuple[bool, ...]
    rules: Rules
    # the deal in view (the one in play, else the last one dealt)
    deal_number: int            # 1-based, 0 before the first deal
    dealer: int | None
    phase: Phase                # "generale" | "play" | "over" | "none"
    turn: int | None            # seat to act (declare or play)
    hand: tuple[Card, ...]      # your hand, sorted by suit and strength
    legal: tuple[Card, ...]     # what you may play now (empty when not your turn)
    asked: bool                 # True when you are asked about la générale now
    declarer: int | None
    passed: int                 # seats that passed on la générale so far
    leader: int                 # leader of the current trick
    trick: tuple[tuple[int, Card], ...]   # the current trick: (seat, card) in order
    tricks: tuple[Trick, ...]   # completed tricks of this deal (all seen face up)
    tricks_total: int
    tricks_won: tuple[int, ...]
    jacks_taken: tuple[tuple[Card, ...], ...]
    cards_left: tuple[int, ...]
    # the session
    results: tuple[DealResult, ...]   # every deal so far, the last may be in play
    totals: tuple[int, ...]
    finished: bool
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    # drawn for someone watching (the seat only places the table): nobody is "you"
    watching: bool = False

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def led_suit(self) -> str | None:
        return self.trick[0][1][1] if self.trick else None

    @property
    def my_turn(self) -> bool:
        return not self.watching and self.turn == self.seat

    def played(self) -> set[Card]:
        """Every card seen played this deal (completed tricks and the current one)."""
        seen = {c for t in self.tricks for c in t.cards}
        seen.update(c for _, c in self.trick)
        return seen


def _own(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A new tuple of ``cards`` (``tuple()`` of a tuple would be that same tuple)."""
    return tuple(list(cards))


def _trick(trick: Trick) -> Trick:
    """A copy of an engine trick: the view never holds the deal's own objects."""
    return Trick(trick.leader, _own(trick.cards), trick.winner)


def seat_view(session: Session, seat: int) -> SeatView:
    if not 0 <= seat < session.size:
        raise ValueError(f"seat {seat} is not at this table")
    n = session.size
    results = tuple(
        DealResult(i + 1, d.dealer, d.declarer, d.chelem,
                   tuple(p) if (p := d.points()) is not None else None, d.undos)
        for i, d in enumerate(session.deals)
    )
    # the session's part, then the deal's: one SeatView built (a view is made for every
    # seat at every card)
    match: dict[str, Any] = {
        "seat": seat, "names": tuple(p.name for p in session.players),
        "humans": tuple(p.is_human for p in session.players),
        "rules": replace(session.rules),  # a copy: the session's own is reachable from it
        "results": results, "totals": tuple(session.totals), "finished": session.finished,
        "losers": tuple(session.losers), "winners": tuple(session.winners)}
    if not session.deals:   # the session before its first deal
        return SeatView(
            **match, deal_number=0, dealer=None, phase="none", turn=None, hand=(), legal=(),
            asked=False, declarer=None, passed=0, leader=0, trick=(), tricks=(),
            tricks_total=0, tricks_won=(0,) * n, jacks_taken=((),) * n, cards_left=(0,) * n)
    deal = session.deals[-1]
    return SeatView(
        **match,
        deal_number=len(session.deals),
        dealer=deal.dealer,
        phase="over" if deal.over else deal.phase,
        turn=deal.turn,
        hand=_own(sorted_hand(deal.hands[seat], session.rules.ace_high)),
        legal=_own(deal.legal(seat)),
        asked=deal.asking == seat,
        declarer=deal.declarer,
        passed=deal.passed,
        leader=deal.leader,
        trick=tuple(((deal.leader + i) % n, c) for i, c in enumerate(deal.current)),
        tricks=tuple(_trick(t) for t in deal.tricks),
        tricks_total=deal.tricks_total,
        tricks_won=tuple(deal.won),
        jacks_taken=tuple(_own(t) for t in deal.taken),
        cards_left=tuple(len(h) for h in deal.hands),
    )
