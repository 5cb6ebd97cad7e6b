"""La générale: the searching players' estimate of a declaration and whether it pays.

The estimate reads only the seat's view (``Knowledge``): in worlds sampled from it,
the share where the seat, declaring and leading, wins every trick against defenders
who play to break it (``policy.sharp``: they keep their high cards and the guards
of their stoppers), and the mean points the seat would score passing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .knowledge import Knowledge
from .policy import playout
from .search import World


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
        st = k.base.copy()
        st.hands = list(hands)
        playout(st)
        passing += st.points()[me]
        st = k.base.copy()
        st.hands = list(hands)
        st.declarer = me
        st.leader = me
        playout(st, defence=True)
        made += st.chelem_seat() == me
        if loose:
            st = k.base.copy()
            st.hands = list(hands)
            st.declarer = me
            st.leader = me
            playout(st)
            weak += st.chelem_seat() == me
    if not worlds:
        return Estimate(0.0, 0.0, 0)
    return Estimate(made / worlds, passing / worlds, worlds, weak / worlds)
