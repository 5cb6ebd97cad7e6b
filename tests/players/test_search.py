"""The lookahead of ``expert``: its own next card in a playout is the best one tried."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from polignac_tui.engine import Player, Rules, Session, preset
from polignac_tui.players.policy import choose, outstanding
from polignac_tui.players.search import lookahead_value, value
from polignac_tui.players.sim import State, bits, codec

SETTINGS = st.builds(
    Rules,
    ace_high=st.booleans(),
    sevens_removed=st.sampled_from(("red", "black")),
    chelem=st.sampled_from(("automatic", "declared", "off")),
    play_out=st.booleans(),
    first_trick_penalty=st.booleans(),
    last_trick_penalty=st.booleans(),
    must_discard_jack=st.booleans(),
    jack_guard=st.booleans(),
)


def _start(rules: Rules, players: int, seed: int) -> State:
    session = Session.new(rules, [Player(f"P{i}") for i in range(players)],
                          random.Random(seed))
    deal = session.deals[-1]
    cx = codec(rules.order)
    return State(rules, [cx.mask(h) for h in deal.hands], deal.first_leader, deal.tricks_total)


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
    st = _start(rules, players, seed)
    for _ in range(moves):
        if st.over:
            break
        _policy_step(st)
    if st.over:
        return
    me = st.turn
    for card in bits(st.legal()):
        outcomes = _every_next_card(st, card, me)
        got = lookahead_value(st, st.hands, card, me)
        # the outcome of one of my next cards (equivalent ones are tried once)
        assert got in outcomes


def test_lookahead_finds_a_better_next_card_somewhere() -> None:
    rules = preset("classique")
    better = 0
    for seed in range(30):
        st = _start(rules, 4, seed)
        me = st.turn
        for card in bits(st.legal()):
            if lookahead_value(st, st.hands, card, me) < value(st, st.hands, card, me):
                better += 1
    assert better > 0
