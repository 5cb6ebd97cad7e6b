"""La générale: the searching players' estimate of a declaration and whether it pays.

The estimate reads only the seat's view (``Knowledge``): in worlds sampled from it,
the share where the seat, declaring and leading, wins every trick against defenders
who play to break it (``policy.sharp``: they keep their high cards and the guards
of their stoppers), and the mean points the seat would score passing.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .knowledge import Knowledge
from .policy import played_out
from .search import World

if TYPE_CHECKING:
    from ..engine import SeatView


@dataclass(frozen=True, slots=True)
class Estimate:
    """What declaring is worth to the seat, read from its view."""

    made: float      # share of the worlds where the générale is made against a sharp defence
    passing: float   # mean penalty points of the deal if the seat passes
    worlds: int
    loose: float = 0.0   # share made against the policy's defence (it throws its stoppers)


def estimate(k: Knowledge, world: World, rng: random.Random, worlds: int,
             loose: bool = False) -> Estimate:
    """The seat's générale over ``worlds`` worlds drawn by ``world``: the same worlds are
    played passing (the policy in every seat) and declaring (the defence sharp; with
    ``loose``, also against the policy's defence)."""
    me = k.me
    passing = 0.0
    made = weak = 0
    for _ in range(worlds):
        hands = world(rng)
        passing += played_out(k.base, hands).points()[me]
        made += played_out(k.base, hands, me, defence=True).chelem_seat() == me
        if loose:
            weak += played_out(k.base, hands, me).chelem_seat() == me
    if not worlds:
        return Estimate(0.0, 0.0, 0)
    return Estimate(made / worlds, passing / worlds, worlds, weak / worlds)


# The estimate (made against the sharp defence, which knows the declarer's hand) read as
# the share made in real play, the expert declaring and the expert defending: (estimate,
# made) points, straight lines between them. Measured by ``benchmarks generale`` (seed
# 36, 400 deals at each of 3, 4, 5 and 6 players, 7,200 seat-hands, every hand made in
# some world against the policy's defence played out): estimates in [0.25, 0.5) made
# 7 of 12, in [0.5, 0.6) 2 of 4, 0.6 and more 7 of 8 (those at 0.75 and more 5 of 5).
CALIBRATION: tuple[tuple[float, float], ...] = ((0.0, 0.0), (0.5, 0.56), (0.6, 0.75),
                                                (1.0, 1.0))
MADE = 0.75        # a declaration must be made at least this often
RISKY = 0.9        # ... this often when failing would lose the game
FAILED = 5         # a failed générale costs exactly this, a made one gives the others this


def made_odds(est: Estimate) -> float:
    """The share of such hands made in real play (``CALIBRATION``)."""
    x = est.made
    for (x0, y0), (x1, y1) in itertools.pairwise(CALIBRATION):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 > x0 else y1
    return CALIBRATION[-1][1]


def standing(view: SeatView) -> tuple[bool, bool]:
    """(failing would end the game with the seat among the losers, a made générale would
    end it with the seat among the winners), by the totals before this deal."""
    rules = view.rules
    if rules.end != "points" or not view.totals:
        return False, False
    me = view.seat
    mine = view.totals[me]
    others = [t for s, t in enumerate(view.totals) if s != me]
    lost = mine + FAILED >= rules.limit and mine + FAILED >= max(others)
    won = max(others) + FAILED >= rules.limit and max(others) + FAILED > mine
    return lost, won


def standing_value(est: Estimate, players: int) -> tuple[float, float]:
    """The seat's points less the mean of the others' (the game is lost by the highest
    total), declaring and passing: a made générale scores 0 and every other 5, a failed
    one exactly ``FAILED`` while the others score the jacks the seat would not take."""
    p = made_odds(est)
    others = players - 1
    their_jacks = max(0.0, FAILED - est.passing) / others
    passing = est.passing - their_jacks
    declaring = p * -FAILED + (1.0 - p) * (FAILED - their_jacks)
    return declaring, passing


def pays(est: Estimate, view: SeatView, made: float = MADE) -> bool:
    """Declare when the générale is made often enough (``made`` of the time) and pays:
    it leaves the seat further below the others on average than passing does
    (``standing_value``), or a made générale ends the game with the seat a winner;
    when failing would lose the game, only in ``RISKY`` hands."""
    p = made_odds(est)
    lost, won = standing(view)
    if p < (max(RISKY, made) if lost else made):
        return False
    declaring, passing = standing_value(est, view.players)
    return won or declaring < passing
