"""Random legal play, for benchmarks, screenshots and tests: one step at a time."""

from __future__ import annotations

import random

from .deal import Action, Declare, Play
from .errors import RuleError
from .session import Session


def random_step(session: Session, rng: random.Random,
                declare_rate: float | None = 0.1) -> Action | None:
    """Deal when a deal is needed (returns None), else apply one random legal action.

    La générale is declared with probability ``declare_rate``; with ``None`` every
    seat passes and ``rng`` is not drawn for it.
    """
    if session.needs_deal:
        session.deal_next(rng)
        return None
    deal = session.current
    if deal is None or deal.turn is None:
        raise RuleError("the session is over: no more cards are played", "session_over")
    seat = deal.turn
    action: Action
    if deal.phase == "generale":
        action = Declare(seat, declare_rate is not None and rng.random() < declare_rate)
    else:
        action = Play(seat, rng.choice(deal.legal(seat)))
    session.apply(action)
    return action
