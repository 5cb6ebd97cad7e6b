"""Polignac's computer players speaking the seam, as Écarté's and Piquet's do.

``choose(view, level, rng)`` answers an action's text (a card, or ``declare`` /
``pass`` when asked about la générale), ``advise(view, rng)`` the expert's action and
its reason's code, ``cheat(match, seat, rng)`` the arena's yardstick. The players of
``bots`` derive their randomness from a fixed seed and what the view shows, so a
table gives each seat its seed (``choose_seeded``, ``advise_seeded``): the same seat
of the same table seed makes the same moves as ever.
"""

from __future__ import annotations

import random
from typing import Any

from ... import ARENA_LEVELS
from ...base import Match, View
from ..engine import LEVELS, Declare
from ..engine.deal import Action as EngineAction
from ..viewpart import part_of
from .bots import make_cheat, make_player
from .hint import hint as expert_hint
from .seen import seat_view

Params = tuple[tuple[str, str | int], ...]


def _text(action: EngineAction) -> str:
    if isinstance(action, Declare):
        return "declare" if action.declare else "pass"
    return action.card


def move_key(view: View) -> str:
    """Which move ``view`` is asked for: the deal, the cards played, the générale answers
    (a served table seeds each move from it)."""
    played = len(view.trick) + sum(len(t.cards) for t in view.tricks)
    return (f"deal/{view.deal_number}/played/{played}/passed/{part_of(view).passed}/"
            f"{view.phase or 'none'}")


def choose_seeded(view: View, level: str, seed: int) -> str:
    """The action of the computer of ``level`` whose seed is ``seed``, at ``view``."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} (one of {', '.join(LEVELS)})")
    return _text(make_player(level, seed).choose(seat_view(view)))


def choose(view: View, level: str, rng: random.Random) -> str:
    return choose_seeded(view, level, rng.getrandbits(63))


def advise_seeded(view: View, seed: int) -> tuple[str, str, Params]:
    """The expert's action at ``view``, its reason's code and the reason's details."""
    given = expert_hint(seat_view(view), seed)
    if given.card is not None:
        action = given.card
    elif given.declare is not None:
        action = "declare" if given.declare else "pass"
    else:
        action = ""
    return action, given.reason.code, given.reason.params


def advise(view: View, rng: random.Random) -> tuple[str, str]:
    action, why, _ = advise_seeded(view, rng.getrandbits(63))
    return action, why


def cheat(match: Match, seat: int, rng: random.Random) -> str:
    """The arena's yardstick: the expert's search seeing every hand."""
    session: Any = getattr(match, "session")  # noqa: B009 - Polignac's match holds one
    player = make_cheat(session, seat, rng.getrandbits(63))
    return _text(player.choose(session.view(seat)))


__all__ = ["ARENA_LEVELS", "LEVELS", "advise", "advise_seeded", "cheat", "choose",
           "choose_seeded", "move_key"]
