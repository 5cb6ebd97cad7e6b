"""The computer players, one class per way of thinking.

Every ``choose(view)`` is a pure function of the player's seed and the view, so a
player object is safe to call from several threads and a seed always gives the
same action.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from ..engine import Action, Declare, Play, SeatView
from . import generale, policy
from .generale import Estimate, estimate
from .inference import posterior
from .knowledge import Knowledge, generale_losers, read_view, sample, sample_strong, view_seed
from .search import (
    EXPERT,
    HARD,
    Budget,
    World,
    candidates,
    declare_odds,
    representative,
    search,
)
from .sim import State

# The expert's search in the one true world: the playouts are deterministic, so one
# world suffices, and one world has no noise for a margin to guard against.
CHEAT = replace(EXPERT, worlds=1, pool=0, steps=0, margin=0.0)

# At a table of six or more (five cards a hand or fewer) searching finds little the
# rules of thumb miss: over 200 deals of seed 2027 the expert against medium -0.028
# [-0.069, +0.014] penalty points a deal (and as much with 64 worlds and its next four
# cards searched), hard against medium +0.015 [-0.025, +0.055]. There medium and hard
# are middle steps by a share of their cards played at random: at half and a fifth,
# seed 2027, 200 deals, medium vs easy -0.153 [-0.214, -0.092], hard vs medium -0.105
# [-0.165, -0.045], expert vs hard -0.112 [-0.171, -0.052].
LARGE_TABLE = 6
SLIP = {"medium": 0.5, "hard": 0.2}

if TYPE_CHECKING:
    from ..engine import Session


def slip(view: SeatView, seed: int, level: str) -> Play | None:
    """A random legal card in ``SLIP[level]`` of ``level``'s cards at a large table."""
    share = SLIP.get(level, 0.0)
    if view.players < LARGE_TABLE or not share or view.asked:
        return None
    rng = random.Random(view_seed(view, seed, f"{level}:slip"))
    if rng.random() >= share:
        return None
    return Play(view.seat, rng.choice(sorted(view.legal)))


class EasyPlayer:
    """Plays a random legal card (never an illegal one) and never declares la générale."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed or 0

    def choose(self, view: SeatView) -> Action:
        if view.asked:
            return Declare(view.seat, False)
        rng = random.Random(view_seed(view, self.seed, "easy"))
        return Play(view.seat, rng.choice(sorted(view.legal)))


def sure_generale(k: Knowledge, rng: random.Random, worlds: int) -> float:
    """Share of sampled worlds where the seat, declaring and leading every trick from
    the top of each suit, wins every trick whatever the others keep."""
    if not worlds:
        return 0.0
    made = sum(1 for _ in range(worlds)
               if not generale_losers(sample(k, rng), k.me, k.cx, k.base.guard))
    return made / worlds


class MediumPlayer:
    """Rule-based: dumps jacks when void (le Polignac first), ducks under the winning
    card, avoids winning tricks that hold or will draw a jack, leads safely, and keeps
    track of the cards gone and who is void."""

    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed or 0

    def choose(self, view: SeatView) -> Action:
        k = read_view(view)
        if view.asked:
            rng = random.Random(view_seed(view, self.seed, "medium"))
            return Declare(view.seat, sure_generale(k, rng, 12) == 1.0)
        slipped = slip(view, self.seed, self.level)
        if slipped is not None:
            return slipped
        legal = k.cx.mask(view.legal)
        card = policy.choose(_with_unseen(k), view.seat, legal, k.unseen)
        return Play(view.seat, k.cx.to_card[card])


def _with_unseen(k: Knowledge) -> State:
    """The base state with the unseen cards as one pooled hand (the policy only needs
    their union)."""
    st = k.base.copy()
    other = next(s for s in range(st.n) if s != k.me)
    st.hands[other] = k.unseen
    return st


class SearchPlayer:
    """Samples the unseen cards consistently with everything seen and plays every
    candidate out with the rule-based policy in the same worlds (``hard``: a dozen plain
    worlds, medium's card unless another clearly saves more; ``expert`` weighs its
    worlds by how they explain the others' cards and, in every playout, tries each of
    its own next cards)."""

    def __init__(self, level: str, budget: Budget, seed: int | None = None) -> None:
        self.level = level
        self.budget = budget
        self.seed = seed or 0

    def worlds(self, k: Knowledge, rng: random.Random) -> World:
        budget = self.budget
        d = k.base.declarer
        if d >= 0 and d != k.me and k.base.won[d] == k.base.done:
            # a declaration says the hand is strong: sample worlds where it is
            def draw(r: random.Random) -> list[int]:
                return sample_strong(k, r, d)
        else:
            def draw(r: random.Random) -> list[int]:
                return sample(k, r)
        if not budget.pool:
            return draw
        return posterior(k, draw, rng, budget.pool, budget.steps, budget.miss)

    def generale(self, view: SeatView, loose: bool = False) -> tuple[Estimate, Knowledge]:
        """The estimate of declaring la générale, read from the seat's view (``loose``:
        also against the policy's defence)."""
        k = read_view(view)
        rng = random.Random(view_seed(view, self.seed, f"{self.level}:generale"))
        world = self.worlds(k, rng)
        worlds = self.budget.declare_worlds or self.budget.worlds
        return estimate(k, world, rng, worlds, loose), k

    def decide(self, view: SeatView) -> tuple[Action, dict[int, float], Knowledge]:
        k = read_view(view)
        rng = random.Random(view_seed(view, self.seed, self.level))
        budget = self.budget
        world = self.worlds(k, rng)
        if view.asked:
            if sure_generale(k, rng, 12) == 1.0:
                return Declare(view.seat, True), {}, k
            if budget.sharp:   # the expert: its estimate read as the share made in play
                est, _ = self.generale(view)
                return Declare(view.seat, generale.pays(est, view, budget.declare_odds)), {}, k
            d, p, odds = declare_odds(k, world, rng, budget.declare_worlds or budget.worlds,
                                      budget.sharp)
            pays = d + budget.declare_margin < p and odds >= budget.declare_odds
            return Declare(view.seat, pays), {}, k
        slipped = slip(view, self.seed, self.level)
        if slipped is not None:
            return slipped, {}, k
        legal = k.cx.mask(view.legal)
        cards = candidates(k, legal)
        prefer = representative(cards, policy.choose(_with_unseen(k), view.seat, legal,
                                                     k.unseen))
        best, means = search(k, k.base, cards, world, rng, budget, prefer)
        return Play(view.seat, k.cx.to_card[best]), means, k

    def choose(self, view: SeatView) -> Action:
        return self.decide(view)[0]


class CheatPlayer(SearchPlayer):
    """The same search, but it sees every hand of the deal in play. A yardstick for the
    arena only: it is never offered in the app."""

    def __init__(self, session: Session, seat: int, seed: int | None = None,
                 budget: Budget = CHEAT) -> None:
        super().__init__("cheat", budget, seed)
        self.session = session
        self.seat = seat

    def worlds(self, k: Knowledge, rng: random.Random) -> World:
        deal = self.session.deals[-1]
        hands = [k.cx.mask(h) for h in deal.hands]
        return lambda rng: list(hands)


def make_player(level: str, seed: int | None = None) -> EasyPlayer | MediumPlayer | SearchPlayer:
    """A computer player of ``level`` (easy, medium, hard, expert)."""
    if level == "easy":
        return EasyPlayer(seed)
    if level == "medium":
        return MediumPlayer(seed)
    if level == "hard":
        return SearchPlayer("hard", HARD, seed)
    if level == "expert":
        return SearchPlayer("expert", EXPERT, seed)
    raise ValueError(f"unknown computer level {level!r} (one of easy, medium, hard, expert)")


def make_cheat(session: Session, seat: int, seed: int | None = None) -> CheatPlayer:
    """The cheating yardstick of the arena: it reads every hand of ``session``."""
    return CheatPlayer(session, seat, seed)
