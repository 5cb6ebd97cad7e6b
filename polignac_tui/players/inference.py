"""Reading the other players' cards from how they played.

A sampled world is weighted by how well it explains the cards seen: the deal is
replayed from its start with the world's hands, and every card another seat
played that the rule-based policy would not have played in its place costs a
factor ``MISS`` (a declarer's cards are not weighed: it plays for every trick). Searching players then draw their worlds from a weighted pool.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable
from itertools import accumulate

from .knowledge import Knowledge
from .policy import choose
from .sim import State

MISS = 0.25

World = Callable[[random.Random], list[int]]


def likelihood(k: Knowledge, hands: list[int], miss: float = MISS) -> float:
    """How well ``hands`` (the hands now) explain the cards the others played."""
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
            if legal & (legal - 1):
                out = 0
                for s, h in enumerate(st.hands):
                    if s != seat:
                        out |= h
                if choose(st, seat, legal, out) != card:
                    weight *= miss
        st.play(card)
    return weight


def weighted(k: Knowledge, draw: World, rng: random.Random, pool: int) -> World:
    """Worlds drawn from a pool of ``pool`` samples, each as likely as it explains the
    play so far (plain draws when nobody else has played yet)."""
    if not any(seat != k.me for seat, _ in k.history):
        return draw
    worlds = [draw(rng) for _ in range(pool)]
    cumulative = list(accumulate(likelihood(k, h) for h in worlds))
    total = cumulative[-1]
    return lambda r: worlds[min(bisect(cumulative, r.random() * total), pool - 1)]
