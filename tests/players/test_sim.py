"""The compact simulator agrees with the engine under every setting."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from playtools import any_rules, mirror

from polignac_tui.games.polignac.engine import Declare, Play, Player, Rules, Session
from polignac_tui.games.polignac.players.sim import codec

SETTINGS = any_rules()


@settings(max_examples=150, deadline=None)
@given(rules=SETTINGS, players=st.integers(3, 8), seed=st.integers(0, 2**32),
       declare_at=st.integers(-1, 8), bias=st.floats(0, 1))
def test_simulator_matches_engine(rules: Rules, players: int, seed: int, declare_at: int,
                                  bias: float) -> None:
    rng = random.Random(seed)
    session = Session.new(rules, [Player(f"P{i}") for i in range(players)], rng)
    deal = session.deals[-1]
    cx = codec(rules.order)
    state = mirror(session)
    asked = 0
    while deal.phase == "generale":
        seat = deal.asking
        yes = asked == declare_at
        session.apply(Declare(seat, yes))
        asked += 1
        if yes:
            state.declarer = seat
            state.leader = seat
    while not deal.over:
        assert not state.over
        seat = deal.turn
        assert state.turn == seat
        legal = deal.legal(seat)
        assert cx.mask(legal) == state.legal()
        # lean towards strong cards sometimes, so that chelems and générales happen
        card = (min(legal, key=lambda c: rules.order.index(c[0])) if rng.random() < bias
                else rng.choice(legal))
        session.apply(Play(seat, card))
        state.play(cx.to_int[card])
        assert state.won == deal.won
        assert state.leader == deal.leader
    assert state.over
    assert state.done == len(deal.tricks)
    assert state.points() == deal.points()
    assert state.chelem_seat() == (-1 if deal.chelem is None else deal.chelem)
