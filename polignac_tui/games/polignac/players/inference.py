"""Reading the other players' cards from how they played.

A sampled world is weighted by how well it explains the cards seen: the deal is
replayed from its start with the world's hands, and every card another seat
played that the rule-based policy would not have played in its place costs a
factor ``MISS`` (a declarer's cards are not weighed: it plays for every trick).
Searching players draw their worlds from a weighted pool, optionally moved by a
few Metropolis swaps (``posterior``).
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable
from itertools import accumulate

from .knowledge import Knowledge
from .policy import choose, outstanding
from .sim import State, bits

MISS = 0.25

World = Callable[[random.Random], list[int]]


def likelihood(k: Knowledge, hands: list[int], miss: float = MISS, floor: float = 0.0) -> float:
    """How well ``hands`` (the hands now) explain the cards the others played (the replay
    stops early once the weight falls below ``floor``)."""
    n = len(hands)
    st = State(k.rules, [hands[s] | k.played_by[s] for s in range(n)], k.first_leader,
               k.base.total)
    st.declarer = k.base.declarer
    weight = 1.0
    # a declarer plays for every trick, not like the policy: its cards say nothing here
    skip = (k.me, k.base.declarer)
    for seat, card in k.history:
        if seat not in skip:
            legal = st.legal()
            if legal & (legal - 1) and choose(st, seat, legal, outstanding(st, seat)) != card:
                weight *= miss
                if weight < floor:
                    return weight
        st.play(card)
    return weight


def _swap(k: Knowledge, hands: list[int], rng: random.Random) -> list[int] | None:
    """The same world with one unseen card of a seat swapped with one of another seat
    (keeping the hard inferences), or None when the draw finds no such pair."""
    others = [s for s in range(len(hands)) if s != k.me and hands[s]]
    if len(others) < 2:
        return None
    x, y = rng.sample(others, 2)
    give = hands[x] & ~k.excluded[y]
    take = hands[y] & ~k.excluded[x]
    if not give or not take:
        return None
    a = rng.choice(bits(give))
    b = rng.choice(bits(take))
    new = list(hands)
    new[x] ^= (1 << a) | (1 << b)
    new[y] ^= (1 << a) | (1 << b)
    return new


def posterior(k: Knowledge, draw: World, rng: random.Random, pool: int, steps: int,
              miss: float = MISS) -> World:
    """Worlds from the posterior: drawn from a pool of ``pool`` samples, each as likely
    as it explains the play so far, then moved by ``steps`` Metropolis swaps (none at
    0) of two cards between two seats, each accepted as often as it explains the play
    better (plain draws when nobody else has played yet)."""
    if not any(seat not in (k.me, k.base.declarer) for seat, _ in k.history):
        return draw
    worlds = [draw(rng) for _ in range(pool)]
    weights = [likelihood(k, h, miss) for h in worlds]
    cumulative = list(accumulate(weights))
    total = cumulative[-1]

    def next_world(r: random.Random) -> list[int]:
        i = min(bisect(cumulative, r.random() * total), pool - 1)
        hands, weight = worlds[i], weights[i]
        for _ in range(steps):
            proposal = _swap(k, hands, r)
            if proposal is None:
                continue
            threshold = r.random() * weight
            w = likelihood(k, proposal, miss, threshold)
            if w > threshold:
                hands, weight = proposal, w
        return hands

    return next_world
