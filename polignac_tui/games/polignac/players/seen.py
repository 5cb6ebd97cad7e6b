"""What one seat knows, read from its ``View`` only: the engine's ``SeatView`` its
players reason on (the arena runs them on the engine's own view; a table hands them
the seam's), built from the view's frame and Polignac's part (``viewpart``).

A seat's view holds its own hand only; a watcher's (``seat`` None) none, and is drawn
from seat 0 with nobody "you".
"""

from __future__ import annotations

from typing import cast

from ...base import View
from ..engine import SeatView, Trick
from ..engine.names import Phase
from ..viewpart import part_of


def seat_view(view: View) -> SeatView:
    """The engine's view of ``view.seat``, from what ``view`` tells and nothing else."""
    part = part_of(view)
    n = len(view.names)
    return SeatView(
        seat=0 if view.seat is None else view.seat, names=tuple(view.names),
        humans=(False,) * n, rules=part.rules, deal_number=view.deal_number,
        dealer=view.dealer, phase=cast(Phase, view.phase or "none"), turn=view.turn,
        hand=tuple(view.hand), legal=part.legal, asked=part.asked, declarer=part.declarer,
        passed=part.passed, leader=view.leader or 0, trick=tuple(view.trick),
        tricks=tuple(Trick(t.leader, t.cards, t.winner) for t in view.tricks),
        tricks_total=part.tricks_total, tricks_won=tuple(view.tricks_won) or (0,) * n,
        jacks_taken=part.jacks_taken, cards_left=tuple(view.cards_left) or (0,) * n,
        results=part.results, totals=tuple(view.totals), finished=view.outcome is not None,
        losers=part.losers, winners=part.winners, watching=view.seat is None,
    )


__all__ = ["seat_view"]
