"""Information-set Monte Carlo tree search over the seat's own decisions.

Every iteration takes one of the sampled worlds (in turn), plays the deal from now
with the rule-based policy in the other seats, and at each of the seat's own next
``depth`` decisions picks a card by UCB1 from statistics shared by every world in
which the seat has seen the same cards played (its information set: the cards on
the table are public, its hand is known). Past that depth the policy plays. Unlike
a search that picks the seat's best card per world, a card chosen here must be good
across the worlds the seat cannot tell apart (no strategy fusion).
"""

from __future__ import annotations

import math
import random

from .policy import choose, outstanding, playout
from .search import Budget, World, _score, distinct, representative
from .sim import State


class _Node:
    __slots__ = ("counts", "sums", "visits")

    def __init__(self, cards: list[int]) -> None:
        self.sums = dict.fromkeys(cards, 0.0)
        self.counts = dict.fromkeys(cards, 0)
        self.visits = 0

    def select(self, explore: float, first: int) -> int:
        if self.counts.get(first, 1) == 0:
            return first
        best, best_key = -1, math.inf
        log_n = math.log(self.visits + 1)
        for c, n in self.counts.items():
            if n == 0:
                return c
            key = self.sums[c] / n - explore * math.sqrt(log_n / n)
            if key < best_key:
                best, best_key = c, key
        return best

    def update(self, card: int, points: float) -> None:
        self.visits += 1
        self.sums[card] += points
        self.counts[card] += 1


def ismcts(base: State, me: int, cards: list[int], world: World, rng: random.Random,
           budget: Budget, prefer: int = -1) -> tuple[int, dict[int, float]]:
    """The best card of ``cards`` for ``me`` and the mean points of each tried card,
    after ``budget.iterations`` iterations over ``budget.worlds`` worlds; ``prefer`` is
    kept unless another card saves more than ``budget.margin`` points."""
    if len(cards) == 1:
        return cards[0], {cards[0]: 0.0}
    worlds = [world(rng) for _ in range(budget.worlds)]
    root = _Node(cards)
    tree: dict[tuple[int, ...], _Node] = {(): root}
    explore = budget.explore
    for i in range(budget.iterations):
        st = base.copy()
        st.hands = list(worlds[i % len(worlds)])
        path: list[tuple[_Node, int]] = []
        seen: list[int] = []
        node = root
        card = node.select(explore, prefer)
        while True:
            path.append((node, card))
            st.play(card)
            seen.append(card)
            if len(path) > budget.depth:
                playout(st)
                break
            # the others play by the policy until my turn (or the end)
            while not st.over and st.turn != me:
                seat = st.turn
                c = choose(st, seat, st.legal(), outstanding(st, seat))
                st.play(c)
                seen.append(c)
            if st.over:
                break
            legal = st.legal()
            key = tuple(seen)
            node = tree.get(key)   # type: ignore[assignment]
            if node is None:
                tried = distinct(legal, outstanding(st, me), st.cx.jacks)
                node = _Node(tried)
                tree[key] = node
            if len(node.counts) == 1:
                card = next(iter(node.counts))
            else:
                policy_card = representative(list(node.counts),
                                             choose(st, me, legal, outstanding(st, me)))
                card = node.select(explore, policy_card)
        points = _score(st, me)
        for n, c in path:
            n.update(c, points)
    means = {c: root.sums[c] / root.counts[c] for c in cards if root.counts[c]}
    best = min(means, key=lambda c: (means[c], c != prefer, c))
    if prefer in means and means[prefer] <= means[best] + budget.margin:
        best = prefer
    return best, means
