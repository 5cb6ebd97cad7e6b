"""The lookahead of ``expert``: its own next card in a playout is the best one tried."""

from __future__ import annotations

import random
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playtools import any_rules, mirror

from polignac_tui.games.polignac.engine import Player, Rules, Session, preset
from polignac_tui.games.polignac.players.policy import choose, outstanding
from polignac_tui.games.polignac.players.search import lookahead_value, value
from polignac_tui.games.polignac.players.sim import State, bits

SETTINGS = any_rules(generale=False)


def _start(rules: Rules, players: int, seed: int) -> State:
    return mirror(Session.new(rules, [Player(f"P{i}") for i in range(players)],
                              random.Random(seed)))


def _after(rules: Rules, players: int, seed: int, moves: int) -> State:
    """A new deal after ``moves`` cards of the policy (or its end)."""
    st = _start(rules, players, seed)
    for _ in range(moves):
        if st.over:
            break
        _policy_step(st)
    return st


def _policy_step(st: State) -> None:
    seat = st.turn
    st.play(choose(st, seat, st.legal(), outstanding(st, seat)))


def _every_next_card(st: State, card: int, me: int) -> list[int]:
    """My points for each of my legal next cards after ``card`` (no card skipped)."""
    st = st.copy()
    st.play(card)
    while not st.over and st.turn != me:
        _policy_step(st)
    if st.over:
        return [_final(st, me)]
    return [value(st, st.hands, c, me) for c in bits(st.legal())]


def _final(st: State, me: int) -> int:
    points = st.points()[me]
    if st.declarer >= 0 and st.declarer != me and st.chelem_seat() == st.declarer:
        points += 5
    return points


@settings(max_examples=80, deadline=None)
@given(rules=SETTINGS, players=st.integers(3, 8), seed=st.integers(0, 2**32),
       moves=st.integers(0, 12))
def test_lookahead_is_the_best_of_my_next_cards(rules: Rules, players: int, seed: int,
                                                moves: int) -> None:
    st = _after(rules, players, seed, moves)
    if st.over:
        return
    me = st.turn
    for card in bits(st.legal()):
        outcomes = _every_next_card(st, card, me)
        got = lookahead_value(st, st.hands, card, me)
        # the outcome of one of my next cards (equivalent ones are tried once)
        assert got in outcomes


@pytest.mark.parametrize(("near", "far"), [(0, 1), (1, 3)])
def test_looking_further_ahead_finds_better_cards_somewhere(near: int, far: int) -> None:
    rules = preset("classique")
    better = 0
    for seed in range(30):
        st = _start(rules, 4, seed)
        me = st.turn
        for card in bits(st.legal()):
            better += (lookahead_value(st, st.hands, card, me, far)
                       < lookahead_value(st, st.hands, card, me, near))
    assert better > 0


def _reference(st: State, card: int, me: int, depth: int) -> int:
    """``lookahead_value`` written plainly: every distinct next card of mine tried, in
    order, for ``depth`` turns (no pruning, no policy card first)."""
    if depth == 0:
        return value(st, st.hands, card, me)
    st = st.copy()
    st.play(card)
    while not st.over and st.turn != me:
        _policy_step(st)
    if st.over:
        return _final(st, me)
    others = outstanding(st, me)
    jacks = st.cx.jacks
    results, prev = [], -1
    for c in bits(st.legal()):
        same = (prev >= 0 and prev >> 3 == c >> 3 and not (jacks >> c | jacks >> prev) & 1
                and not others & ((1 << c) - 1) & ~((1 << (prev + 1)) - 1))
        prev = c
        if not same:
            results.append(_reference(st, c, me, depth - 1))
    return min(results)


@settings(max_examples=60, deadline=None)
@given(rules=SETTINGS, players=st.integers(3, 8), seed=st.integers(0, 2**32),
       moves=st.integers(0, 14), depth=st.integers(0, 3))
def test_deeper_lookahead_is_the_plain_minimum(rules: Rules, players: int, seed: int,
                                               moves: int, depth: int) -> None:
    st = _after(rules, players, seed, moves)
    if st.over:
        return
    me = st.turn
    for card in bits(st.legal()):
        assert lookahead_value(st, st.hands, card, me, depth) == _reference(st, card, me, depth)



def test_the_policy_card_is_kept_unless_another_saves_more_than_the_margin() -> None:
    from polignac_tui.games.polignac.players.bots import _with_unseen
    from polignac_tui.games.polignac.players.knowledge import read_view, sample
    from polignac_tui.games.polignac.players.search import (
        Budget,
        candidates,
        representative,
        search,
    )

    rules = preset("classique")
    for seed in range(200):
        session = Session.new(rules, [Player(f"P{i}") for i in range(4)], random.Random(seed))
        view = session.view(session.turn)
        k = read_view(view)
        legal = k.cx.mask(view.legal)
        cards = candidates(k, legal)
        prefer = representative(cards, choose(_with_unseen(k), view.seat, legal, k.unseen))
        world = partial(sample, k)
        best, means = search(k, k.base, cards, world, random.Random(1), Budget(worlds=8), prefer)
        saved = means[prefer] - means[best]
        if saved > 0:
            break
    else:
        raise AssertionError("no deal where the search overrules the policy")
    just_less = Budget(worlds=8, margin=saved - 0.01)
    just_more = Budget(worlds=8, margin=saved + 0.01)
    assert search(k, k.base, cards, world, random.Random(1), just_less, prefer)[0] == best
    assert search(k, k.base, cards, world, random.Random(1), just_more, prefer)[0] == prefer
