"""Search over sampled worlds: every candidate card is played out in the same worlds
with the rule-based policy in every seat, and the card that costs the fewest
penalty points on average wins (perfect-information Monte Carlo over worlds drawn
from the posterior of ``inference``).

``hard`` and ``expert`` differ in their budget: how many worlds, whether and how
sharply they read the other players' cards (the weight of a card the policy would not
have played, and the Metropolis steps that move each world towards the cards
seen), how far they look at their own play (``depth``: in every playout the
seat's next ``depth`` cards are the best of a playout each, the later ones the
policy's; at 0 it assumes it will play like ``medium`` from the next trick on),
and how much a card must save to be preferred to the policy's (``margin``: a
guard against the noise of few worlds). Budgets are counted in worlds and steps,
never in wall time, so a seed always gives the same card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .knowledge import Knowledge
from .policy import choose, outstanding, played_out, playout
from .sim import State, bits

World = Callable[[random.Random], list[int]]


@dataclass(frozen=True, slots=True)
class Budget:
    """The work of one decision."""

    worlds: int          # worlds every candidate card is played out in
    pool: int = 0        # samples weighted by how they explain the play (0: plain samples)
    steps: int = 0       # Metropolis swaps moving each drawn world (0: draw from the pool)
    miss: float = 0.02   # weight of a world per card the policy would not have played
    depth: int = 0       # own next cards in a playout that are the best of a playout each
    margin: float = 0.0  # mean points another card must save to be played over the policy's
    declare_worlds: int = 0      # worlds weighing la générale (0: ``worlds``)
    declare_margin: float = 0.75  # mean points declaring must save over passing
    sharp: float = 0.0   # weight of defenders keeping their high cards when weighing la générale
    declare_odds: float = 0.0    # share of worlds la générale must be made in against them


# hard, the middle step: a dozen plain worlds (no reading of the others' cards beyond
# the voids and the sure inferences), and medium's card kept unless another saves more
# than a quarter point. With 36 worlds read like the expert's it was as strong as the
# expert in a field of its own (as were a dozen worlds with no margin: the expert at
# -0.021 [-0.072, +0.030] over 400 deals of seed 2027); with this margin it plays like
# medium but where the search clearly knows better, and the expert reads such a field
# well: against medium -0.088 [-0.138, -0.039] (seed 7, 300 deals; margin 0: -0.075,
# 0.5: -0.015, 1.0: +0.048), the expert against it -0.116 [-0.173, -0.059] (seed 8, 300)
# and over seed 2027: hard vs medium -0.085 [-0.129, -0.041], expert vs hard -0.148
# [-0.199, -0.098] (400 deals at 4 players); at 6 players (five cards each) neither step
# shows over 200 deals (+0.015 [-0.025, +0.055], -0.023 [-0.063, +0.016])
HARD = Budget(worlds=12, margin=0.25)
# la générale: weighed against defenders who keep their high cards and, void, the guards
# of their stoppers (``policy.sharp``: what a searching defence does, it plays to beat
# the declarer), and declared only when it pays and is made in three worlds of four
# against them. (Before: a quarter of the weight on a defence that kept its high cards
# but threw its guards, 1,600 deals at 4 players, seed 1: 22 declared, 21 made against
# the policy's defence; against hard's searching defence 5 declared, 2 made.)
EXPERT = Budget(worlds=28, pool=160, steps=8, depth=2, margin=0.1, declare_worlds=64,
                declare_margin=0.0, sharp=1.0, declare_odds=0.75)


def distinct(legal: int, hidden: int, jacks: int) -> list[int]:
    """The cards of ``legal``, one per run of equivalent cards (same suit, no card of
    ``hidden`` between them, no jack)."""
    out: list[int] = []
    prev = -1
    for c in bits(legal):
        if (prev >= 0 and prev >> 3 == c >> 3 and not (jacks >> c | jacks >> prev) & 1
                and not hidden & ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)):
            prev = c
            continue
        out.append(c)
        prev = c
    return out


def candidates(k: Knowledge, legal: int) -> list[int]:
    """The legal cards, one per run of equivalent cards (none of the unseen cards
    between them)."""
    return distinct(legal, k.unseen, k.cx.jacks)


def representative(cards: list[int], card: int) -> int:
    """The candidate standing for ``card`` (the strongest of its run of equivalents)."""
    rep = -1
    for c in cards:
        if c >> 3 == card >> 3 and c <= card:
            rep = c
    return rep


def value(base: State, hands: list[int], card: int, me: int) -> int:
    """My points after ``card`` and a playout; against a declarer the others are allies
    (RULES.md §5), so a générale made counts double for them."""
    st = base.copy()
    st.hands = list(hands)
    st.play(card)
    playout(st)
    return _score(st, me)


def lookahead_value(base: State, hands: list[int], card: int, me: int, depth: int = 1) -> int:
    """My points after ``card`` when my next ``depth`` cards are the best of a playout
    each in the world (the later ones by the policy)."""
    if depth <= 0:
        return value(base, hands, card, me)
    st = base.copy()
    st.hands = list(hands)
    st.play(card)
    playout(st, until=me)
    if st.over:
        return _score(st, me)
    legal = st.legal()
    if legal & (legal - 1) == 0:
        return lookahead_value(st, st.hands, legal.bit_length() - 1, me, depth - 1)
    others = outstanding(st, me)
    tried = distinct(legal, others, st.cx.jacks)
    # the policy's card first: it is often the best, and no card can do better than 0
    policy_card = representative(tried, choose(st, me, legal, others))
    best = lookahead_value(st, st.hands, policy_card, me, depth - 1)
    for c in tried:
        if best == 0:
            break
        if c != policy_card:
            best = min(best, lookahead_value(st, st.hands, c, me, depth - 1))
    return best


def _score(st: State, me: int) -> int:
    points = st.points()[me]
    if st.declarer >= 0 and st.declarer != me and st.chelem_seat() == st.declarer:
        points += 5
    return points


def search(k: Knowledge, base: State, cards: list[int], world: World, rng: random.Random,
           budget: Budget, prefer: int = -1) -> tuple[int, dict[int, float]]:
    """The best card of ``cards`` for ``k.me`` and the mean points of each tried card.
    ``prefer`` (the rule-based choice) is kept unless another card saves more than
    ``budget.margin`` points; on a tie of the others, the strongest card."""
    me = k.me
    if len(cards) == 1:
        return cards[0], {cards[0]: 0.0}
    sums = dict.fromkeys(cards, 0.0)
    counts = dict.fromkeys(cards, 0)
    for _ in range(budget.worlds):
        hands = world(rng)
        for c in cards:
            sums[c] += lookahead_value(base, hands, c, me, budget.depth)
            counts[c] += 1
    means = {c: sums[c] / counts[c] for c in cards if counts[c]}
    best = min(cards, key=lambda c: (means[c], c != prefer, c))
    if prefer in means and means[prefer] <= means[best] + budget.margin:
        best = prefer
    return best, means


def declare_value(k: Knowledge, world: World, rng: random.Random, worlds: int,
                  sharp: float = 0.0) -> tuple[float, float]:
    """Mean points of declaring la générale and of passing, over the same worlds. A
    declaration is played out against the policy's defence and, with weight ``sharp``,
    against defenders who keep their high cards (``policy.sharp``): the policy gives
    its stoppers away under the declarer's top cards, a good player does not."""
    declare, pass_, _ = declare_odds(k, world, rng, worlds, sharp)
    return declare, pass_


def declare_odds(k: Knowledge, world: World, rng: random.Random, worlds: int,
                 sharp: float = 0.0) -> tuple[float, float, float]:
    """``declare_value``'s two means and the share of the worlds where the générale is
    made against the defenders who keep their high cards (what a searching defence
    does: it plays to beat the declarer)."""
    me = k.me
    declare = pass_ = 0.0
    made = 0
    for _ in range(worlds):
        hands = world(rng)
        pass_ += played_out(k.base, hands).points()[me]
        for defence, weight in ((False, 1.0 - sharp), (True, sharp)):
            if weight or defence:
                st = played_out(k.base, hands, me, defence)
                declare += weight * st.points()[me]
                made += defence and st.chelem_seat() == me
    return declare / worlds, pass_ / worlds, made / worlds if worlds else 0.0
