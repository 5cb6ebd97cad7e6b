"""The information-set tree search over the seat's own decisions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from playtools import any_rules, mirror

from polignac_tui.engine import Player, Rules, Session
from polignac_tui.players.ismcts import ismcts
from polignac_tui.players.policy import choose, outstanding
from polignac_tui.players.search import Budget, distinct, value
from polignac_tui.players.sim import State

SETTINGS = any_rules(generale=False)


def _state(rules: Rules, players: int, seed: int, moves: int) -> State:
    st_ = mirror(Session.new(rules, [Player(f"P{i}") for i in range(players)],
                             random.Random(seed)))
    for _ in range(moves):
        if st_.over:
            break
        seat = st_.turn
        st_.play(choose(st_, seat, st_.legal(), outstanding(st_, seat)))
    return st_


@settings(max_examples=40, deadline=None)
@given(rules=SETTINGS, players=st.integers(3, 8), seed=st.integers(0, 2**32),
       moves=st.integers(0, 12))
def test_at_depth_0_in_one_world_the_means_are_the_playouts(rules: Rules, players: int,
                                                            seed: int, moves: int) -> None:
    base = _state(rules, players, seed, moves)
    if base.over:
        return
    me = base.turn
    cards = distinct(base.legal(), outstanding(base, me), base.cx.jacks)
    if len(cards) < 2:
        return
    hands = list(base.hands)
    budget = Budget(worlds=1, depth=0, iterations=4 * len(cards))
    best, means = ismcts(base, me, cards, lambda r: list(hands), random.Random(seed), budget)
    assert means == {c: float(value(base, hands, c, me)) for c in cards}
    assert means[best] == min(means.values())


@settings(max_examples=30, deadline=None)
@given(rules=SETTINGS, players=st.integers(3, 8), seed=st.integers(0, 2**32),
       moves=st.integers(0, 12), depth=st.integers(0, 3))
def test_the_card_is_a_candidate_and_the_same_for_a_seed(rules: Rules, players: int, seed: int,
                                                        moves: int, depth: int) -> None:
    base = _state(rules, players, seed, moves)
    if base.over:
        return
    me = base.turn
    cards = distinct(base.legal(), outstanding(base, me), base.cx.jacks)
    hands = list(base.hands)
    budget = Budget(worlds=2, depth=depth, iterations=30, margin=0.1)
    first = ismcts(base, me, cards, lambda r: list(hands), random.Random(seed), budget, cards[0])
    again = ismcts(base, me, cards, lambda r: list(hands), random.Random(seed), budget, cards[0])
    assert first == again
    assert first[0] in cards
    assert base.legal() >> first[0] & 1


def test_the_preferred_card_is_kept_within_the_margin() -> None:
    rules = Rules()
    for seed in range(40):
        base = _state(rules, 4, seed, 5)
        me = base.turn
        cards = distinct(base.legal(), outstanding(base, me), base.cx.jacks)
        hands = list(base.hands)
        values = {c: value(base, hands, c, me) for c in cards}
        if len(set(values.values())) < 2:
            continue
        worst = max(cards, key=values.__getitem__)
        gap = values[worst] - min(values.values())
        one = Budget(worlds=1, depth=0, iterations=4 * len(cards), margin=gap)
        best, _ = ismcts(base, me, cards, lambda r, h=hands: list(h), random.Random(0), one,
                          worst)
        assert best == worst    # it saves no more than the margin
        tight = Budget(worlds=1, depth=0, iterations=4 * len(cards), margin=gap - 0.5)
        best, _ = ismcts(base, me, cards, lambda r, h=hands: list(h), random.Random(0),
                          tight, worst)
        assert best != worst and values[best] == min(values.values())
        return
    raise AssertionError("no position with two candidates of different values")
