"""The expert's declarations with the partie in mind (RULES-piquet.md §4, §7).

By points, declaring every combination that scores always pays. By the partie it need
not: a player who will end under 100 and behind owes 100 plus *both* totals, so on
the last deal every point either side scores costs him one, and a point that does not
carry him over 100 or past the other is better not scored. The choice is weighed over
worlds of the other's hand agreeing with all that was seen (its declarations
included): each way of declaring (the kinds held, some sunk; the younger only among
those that score, as she does by points) is played out in every world, the other
declaring all that scores, and weighed by what the deal's points are worth to the
partie (``Standing.worth``). The way the points would choose is kept unless another
is worth more by ``MARGIN`` a partie.
"""

from __future__ import annotations

import random
from itertools import combinations

from .partie import Standing
from .search import Budget, deal_points
from .seen import Seen, other_hand

KINDS = ("point", "sequence", "sets")
MARGIN = 1.0          # a partie's value: less is the worlds' noise


def choose_declaration(seen: Seen, words: tuple[str, ...], by_points: tuple[str, ...],
                       budget: Budget, rng: random.Random, standing: Standing
                       ) -> tuple[str, ...]:
    """The kinds to declare: ``by_points`` (what the points would declare, of the kinds
    held ``words``) unless sinking some is worth more to the partie."""
    elder = seen.i_am_elder
    pool = words if elder else by_points
    options = [kept for n in range(len(pool) + 1) for kept in combinations(pool, n)]
    if len(options) == 1:
        return by_points
    his = seen.declared[seen.other] or {}
    theirs_sunk = frozenset() if elder else frozenset(k for k in KINDS if k not in his)
    start = (seen.points[seen.me], seen.points[seen.other])
    totals = dict.fromkeys(options, 0.0)
    worlds = max(8, budget.discard_worlds // 4)
    for _ in range(worlds):
        world = other_hand(seen, rng, budget.infer)
        for kept in options:
            mine_sunk = frozenset(k for k in KINDS if k not in kept)
            sunk = (mine_sunk, theirs_sunk) if elder else (theirs_sunk, mine_sunk)
            totals[kept] += standing.worth(*deal_points(seen.hand, world, elder,
                                                        seen.point_score, start, sunk))
    base = tuple(k for k in pool if k in by_points)
    best = max(options, key=lambda kept: (totals[kept], kept == base))
    if totals[best] > totals[base] + MARGIN * worlds:
        return best
    return by_points


__all__ = ["MARGIN", "choose_declaration"]
