"""What a seat infers from its view, and that no level but cheat reaches hidden cards."""

from __future__ import annotations

import random

import pytest

from polignac_tui.games.polignac.engine import Play, Player, Rules, Session
from polignac_tui.games.polignac.players import LEVELS, make_cheat, make_player
from polignac_tui.games.polignac.players.knowledge import read_view, sample
from polignac_tui.games.polignac.players.sim import SUIT_MASK

HANDS = [
    ["KS", "QS", "7S", "KH", "QH", "7H", "KD", "QD"],
    ["AS", "TS", "9S", "8S", "JC", "TH", "AD", "TD"],
    ["JS", "JH", "9H", "8H", "JD", "9D", "8D", "7D"],
    ["KC", "QC", "AH", "AC", "TC", "9C", "8C", "7C"],   # no spades, no jack
]


def _session(rules: Rules, plays: list[str]) -> Session:
    session = Session(rules, [Player(f"P{i}") for i in range(4)])
    session.add_deal(3, HANDS)   # seat 0 leads
    for card in plays:
        session.apply(Play(session.turn, card))
    return session


def test_a_seat_that_fails_to_follow_is_void() -> None:
    session = _session(Rules(), ["7S", "8S", "JS", "7C"])   # seat 3 discards a club on spades
    k = read_view(session.view(0))
    assert k.voids[3] == 0b0001
    assert k.voids[1] == 0 and k.voids[2] == 0
    rng = random.Random(5)
    for _ in range(200):
        hands = sample(k, rng)
        assert hands[3] & SUIT_MASK[0] == 0
        assert hands[0] == k.hand
        assert [h.bit_count() for h in hands] == list(k.counts)
        assert sum(h.bit_count() for h in hands) == k.unseen.bit_count() + k.hand.bit_count()


def test_must_discard_jack_reveals_that_a_void_seat_holds_no_jack() -> None:
    session = _session(Rules(must_discard_jack=True), ["7S", "8S", "JS", "7C"])
    k = read_view(session.view(0))
    jacks = k.cx.jacks
    assert k.excluded[3] & jacks == jacks
    rng = random.Random(2)
    for _ in range(100):
        assert sample(k, rng)[3] & jacks == 0


def test_jack_guard_reveals_the_jack_is_elsewhere() -> None:
    # seat 0 leads the K♥: under jack guard it cannot hold the J♥
    session = _session(Rules(jack_guard=True), ["KH"])
    k = read_view(session.view(1))
    assert k.excluded[0] >> k.cx.to_int["JH"] & 1


def _twin_sessions() -> tuple[Session, Session]:
    """Two deals identical for seat 0 (same hand, same plays) whose other hands differ."""
    plays = ["7S", "8S", "JS", "7C", "9D", "8C", "KD", "AD"]
    a = _session(Rules(), plays)
    swapped = [list(h) for h in HANDS]
    # seats 1 and 2 swap an unplayed heart each: every play stays legal
    swapped[1][swapped[1].index("TH")] = "9H"
    swapped[2][swapped[2].index("9H")] = "TH"
    b = Session(Rules(), [Player(f"P{i}") for i in range(4)])
    b.add_deal(3, swapped)
    for card in plays:
        b.apply(Play(b.turn, card))
    return a, b


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_reaches_hidden_cards(level: str) -> None:
    a, b = _twin_sessions()
    seat = a.turn
    assert a.view(seat) == b.view(seat)
    assert a.deals[-1].hands != b.deals[-1].hands
    for seed in range(3):
        player = make_player(level, seed)
        assert player.choose(a.view(seat)) == player.choose(b.view(seat))


def test_the_cheat_does_see_the_hands() -> None:
    a, _ = _twin_sessions()
    seat = a.turn
    cheat = make_cheat(a, seat, 0)
    k = read_view(a.view(seat))
    world = cheat.worlds(k, random.Random(0))(random.Random(0))
    cx = k.cx
    assert world == [cx.mask(h) for h in a.deals[-1].hands]


@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_gives_the_same_play(level: str) -> None:
    session = Session.new(Rules(), [Player(f"P{i}") for i in range(4)], random.Random(11))
    view = session.view(session.turn)
    first = [make_player(level, 42).choose(view) for _ in range(2)]
    assert first[0] == first[1]
    player = make_player(level, 42)
    assert player.choose(view) == player.choose(view)


def test_a_declarer_is_given_a_hand_worth_declaring() -> None:
    from polignac_tui.games.polignac.engine import Declare, preset
    from polignac_tui.games.polignac.players.knowledge import generale_losers, sample_strong

    session = Session(preset("generale", 4), [Player(f"P{i}") for i in range(4)])
    session.add_deal(3, HANDS)
    session.apply(Declare(0, True))
    k = read_view(session.view(1))
    rng = random.Random(4)
    plain = [generale_losers(sample(k, rng), 0, k.cx, False) for _ in range(50)]
    strong = [sample_strong(k, rng, 0) for _ in range(50)]
    # only my own cards (known, never swapped) can still stop the declarer: at most
    # one loser per suit where I hold cards (A♠, 10♥, A♦)
    losers = [generale_losers(h, 0, k.cx, False) for h in strong]
    assert max(losers) <= 3
    assert sum(losers) < sum(plain)
    for hands in strong:
        assert hands[1] == k.hand
        assert [h.bit_count() for h in hands] == list(k.counts)
