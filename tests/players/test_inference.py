"""Worlds are weighed by how they explain the cards the others played."""

from __future__ import annotations

import random

from polignac_tui.games.polignac.engine import Player, Rules, Session
from polignac_tui.games.polignac.players import make_player
from polignac_tui.games.polignac.players.inference import likelihood, posterior
from polignac_tui.games.polignac.players.knowledge import read_view, sample


def _medium_deal(stop_after: int, seed: int = 3) -> Session:
    session = Session.new(Rules(), [Player(f"P{i}") for i in range(4)], random.Random(seed))
    bots = [make_player("medium", s) for s in range(4)]
    for _ in range(stop_after):
        seat = session.turn
        session.apply(bots[seat].choose(session.view(seat)))
    return session


def test_the_true_hands_of_medium_players_explain_their_play_fully() -> None:
    for stop in (5, 9, 14, 21):
        session = _medium_deal(stop)
        seat = session.turn
        k = read_view(session.view(seat))
        true = [k.cx.mask(h) for h in session.deals[-1].hands]
        assert likelihood(k, true, 0.1) == 1.0
        rng = random.Random(0)
        weights = [likelihood(k, sample(k, rng), 0.1) for _ in range(60)]
        assert min(weights) < 1.0   # some consistent deals do not explain the play


def test_posterior_worlds_are_consistent_and_deterministic() -> None:
    session = _medium_deal(13)
    seat = session.turn
    k = read_view(session.view(seat))

    def draw(r: random.Random) -> list[int]:
        return sample(k, r)

    def worlds(seed: int) -> list[list[int]]:
        rng = random.Random(seed)
        world = posterior(k, draw, rng, 30, 4, 0.05)
        return [world(rng) for _ in range(10)]

    first = worlds(1)
    assert first == worlds(1)
    for hands in first:
        assert hands[seat] == k.hand
        assert [h.bit_count() for h in hands] == list(k.counts)
        for s, h in enumerate(hands):
            assert h & k.excluded[s] == 0
    rng = random.Random(2)
    prior = sum(likelihood(k, sample(k, rng), 0.05) for _ in range(30)) / 30
    post = sum(likelihood(k, h, 0.05) for h in first) / len(first)
    assert post >= prior
