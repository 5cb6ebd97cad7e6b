"""A finished deal of any game reviewed: each choice of a seat against the expert's.

For every action of the chosen seats, the deal is replayed to the moment before it and the
expert's advice (``advise(view, rng)`` of the game's computer players) is asked from that
seat's ``View`` only: never from the open hands. A choice that is not the expert's is a
*remark*, with the expert's action and its reason's code. The advice is seeded from the
deal and the action's place, so a review is the same every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib import import_module

from .base import JSON, Game, Match, Settings, View, replay

Advise = Callable[[View, random.Random], tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a reviewed deal: who took it, what, and what the expert would take."""

    index: int             # 1-based, in the deal's actions
    seat: int
    action: str
    expert: str
    why: str

    @property
    def agrees(self) -> bool:
        return _same(self.action, self.expert)

    def to_json(self) -> dict[str, JSON]:
        return {"index": self.index, "seat": self.seat, "action": self.action,
                "expert": self.expert, "why": self.why, "agrees": self.agrees}


@dataclass(frozen=True, slots=True)
class DealReview:
    number: int
    steps: tuple[Step, ...]

    @property
    def remarks(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if not s.agrees)

    def to_json(self) -> dict[str, JSON]:
        return {"deal": self.number, "steps": [s.to_json() for s in self.steps],
                "agreed": sum(s.agrees for s in self.steps), "remarks": len(self.remarks)}


def _same(action: str, expert: str) -> bool:
    """The same choice (a discard's cards in any order)."""
    mine, theirs = action.split(), expert.split()
    return mine[:1] == theirs[:1] and sorted(mine[1:]) == sorted(theirs[1:])


def reason_words(game: str, why: str) -> str:
    """The expert's reason ``why`` in the player's language (``games/<game>/words.py``)."""
    words = import_module(f"polignac_tui.games.{game}.words")
    return str(words.reason_text(why))


def finished_deals(match: Match) -> list[int]:
    """The numbers (from 1) of the deals that are over (a deal cut short by the end of the
    match included): the deal in play is never reviewed."""
    count = len(match.log)
    if count and match.outcome is None and not match.needs_deal:
        count -= 1
    return list(range(1, count + 1))


def review_deal(game: Game, settings: Settings, names: tuple[str, ...], match: Match,
                number: int, seats: Collection[int], advise: Advise) -> DealReview:
    """Deal ``number`` of ``match`` reviewed for ``seats`` (the people who played).

    Raises:
        ValueError: for a deal that is not finished.
    """
    if number not in finished_deals(match):
        raise ValueError(f"deal {number} is not finished")
    log = match.log
    before = replay(game, settings, names, log[:number - 1], match.first_dealer)
    entry = log[number - 1]
    before.start_deal(entry.dealt)
    steps: list[Step] = []
    for index, action in enumerate(entry.actions, start=1):
        seat = before.turn
        if seat is not None and seat in seats:
            rng = random.Random(f"review/{number}/{index}")
            expert, why = advise(before.view(seat), rng)
            steps.append(Step(index, seat, action, expert, why))
        before.apply(action)
    return DealReview(number, tuple(steps))


__all__ = ["Advise", "DealReview", "Step", "finished_deals", "reason_words", "review_deal"]
