"""A finished deal of any game reviewed: each choice of a seat against the expert's.

For every action of the chosen seats, the deal is replayed to the moment before it and the
expert's advice (``advise(view, rng)`` of the game's computer players) is asked from that
seat's ``View`` only: never from the open hands. A choice that is not the expert's is a
*remark*, with the expert's action and its reason's code. The advice is seeded from the
deal and the action's place, so a review is the same every time.

A game whose review is its own (``Game.review_module``: Polignac's, the expert's search
with its estimate of each card) gives it in this form through that module's
``review_match(match, number, progress)``: each step then carries the expert's estimate
of the action taken and of its own, and a mark for a costly choice. ``review_session``
picks the one or the other, so a screen reviews every game the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib import import_module

from .base import JSON, Game, Match, Settings, View, replay
from .session import GameSession

Advise = Callable[[View, random.Random], tuple[str, str]]
# ``progress(done, total)``: after each choice reviewed (for the screen's progress line)
Progress = Callable[[int, int], None]
Params = tuple[tuple[str, str | int], ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a reviewed deal: who took it, what, and what the expert would take."""

    index: int             # 1-based, in the deal's actions
    seat: int
    action: str
    expert: str
    why: str
    params: Params = ()                 # the reason's details (cards, suits, seats)
    # the expert's estimate of the action taken and of its own (a game whose expert
    # estimates: the points expected), and the mark of a costly choice ("?", "??")
    points: tuple[float, float] | None = None
    mark: str = ""

    @property
    def agrees(self) -> bool:
        return _same(self.action, self.expert)

    @property
    def cost(self) -> float:
        """What the choice cost on the expert's estimate (0 without one; never below 0)."""
        if self.points is None:
            return 0.0
        return max(0.0, self.points[0] - self.points[1])

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

    @property
    def estimated(self) -> bool:
        """True when the expert estimated the choices (points lost can be told)."""
        return any(s.points is not None for s in self.steps)

    def seats(self) -> tuple[int, ...]:
        return tuple(sorted({s.seat for s in self.steps}))

    def agreed(self, seat: int) -> tuple[int, int]:
        """How many of ``seat``'s choices were the expert's, of how many."""
        own = [s for s in self.steps if s.seat == seat]
        return sum(s.agrees for s in own), len(own)

    def lost(self, seat: int) -> float:
        """Points ``seat`` lost to its marked choices, on the expert's estimate."""
        return sum(s.cost for s in self.steps if s.seat == seat and s.mark)

    def marks(self, seat: int) -> tuple[int, int]:
        """How many "?" and "??" choices ``seat`` made."""
        own = [s.mark for s in self.steps if s.seat == seat]
        return own.count("?"), own.count("??")

    def step(self, index: int) -> Step | None:
        """The step of the deal's ``index``-th action (1-based), if it was reviewed."""
        return next((s for s in self.steps if s.index == index), None)

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
                number: int, seats: Collection[int], advise: Advise,
                progress: Progress | None = None) -> DealReview:
    """Deal ``number`` of ``match`` reviewed for ``seats`` (the people who played);
    ``progress(done, total)`` told after each choice reviewed.

    Raises:
        ValueError: for a deal that is not finished.
    """
    if number not in finished_deals(match):
        raise ValueError(f"deal {number} is not finished")
    log = match.log
    before = replay(game, settings, names, log[:number - 1], match.first_dealer)
    entry = log[number - 1]
    before.start_deal(entry.dealt)
    asked: list[tuple[int, int, str, View]] = []    # the views first: a cheap replay
    for index, action in enumerate(entry.actions, start=1):
        seat = before.turn
        if seat is not None and seat in seats:
            asked.append((index, seat, action, before.view(seat)))
        before.apply(action)
    steps: list[Step] = []
    for index, seat, action, view in asked:
        rng = random.Random(f"review/{number}/{index}")
        expert, why = advise(view, rng)
        steps.append(Step(index, seat, action, expert, why))
        if progress is not None:
            progress(len(steps), len(asked))
    return DealReview(number, tuple(steps))


def review_session(session: GameSession, number: int,
                   progress: Progress | None = None) -> DealReview:
    """Deal ``number`` of ``session`` reviewed as its game reviews: by the game's own
    review (``Game.review_module``'s ``review_match``: every seat), else every choice of
    the people at the table (every seat's with none) against the expert's ``advise``.

    Raises:
        ValueError: for a deal that is not finished.
    """
    match = session.match
    own = match.game.review_module
    if own is not None:
        reviewed: DealReview = import_module(own).review_match(match, number, progress)
        return reviewed
    from .arena import players_of
    seats = session.humans() or tuple(range(session.size))
    return review_deal(match.game, match.settings, match.names, match, number, seats,
                       players_of(session.game).advise, progress)


__all__ = ["Advise", "DealReview", "Params", "Progress", "Step", "finished_deals",
           "reason_words", "review_deal", "review_session"]
