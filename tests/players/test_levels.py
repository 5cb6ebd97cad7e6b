"""Every level plays only legal cards, under every setting, and decides la générale."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playtools import any_rules, mirror

from polignac_tui.games.polignac.engine import Declare, Play, Player, Rules, Session, preset
from polignac_tui.games.polignac.players import LEVELS, SearchPlayer, make_cheat, make_player
from polignac_tui.games.polignac.players.bots import sure_generale
from polignac_tui.games.polignac.players.knowledge import read_view
from polignac_tui.games.polignac.players.policy import (
    choose,
    keep_stoppers,
    outstanding,
    sharp,
    stoppers,
)
from polignac_tui.games.polignac.players.search import Budget, declare_odds, declare_value

SETTINGS = any_rules()

SMALL = Budget(worlds=3, pool=6, steps=1)
SMALL_EXPERT = Budget(worlds=3, pool=6, steps=1, depth=2, margin=0.1, declare_worlds=4,
                      declare_margin=0.0, sharp=0.5)


def play_out(session: Session, bots: list) -> None:
    deal = session.deals[-1]
    while not deal.over:
        seat = session.turn
        view = session.view(seat)
        action = bots[seat].choose(view)
        assert action.seat == seat
        if view.asked:
            assert isinstance(action, Declare)
        else:
            assert isinstance(action, Play)
            assert action.card in view.legal
        session.apply(action)   # the engine refuses anything illegal


def _bots(levels: list[str], session: Session, seed: int) -> list:
    out = []
    for seat, level in enumerate(levels):
        if level == "cheat":
            out.append(make_cheat(session, seat, seed))
        elif level in ("hard", "expert"):
            small = SMALL_EXPERT if level == "expert" else SMALL   # small budgets: fast
            out.append(SearchPlayer(level, small, seed))
        else:
            out.append(make_player(level, seed))
    return out


@settings(max_examples=60, deadline=None)
@given(rules=SETTINGS, players=st.integers(3, 8), seed=st.integers(0, 2**32),
       levels=st.lists(st.sampled_from((*LEVELS, "cheat")), min_size=8, max_size=8))
def test_every_level_is_legal_under_every_setting(rules: Rules, players: int, seed: int,
                                                  levels: list[str]) -> None:
    session = Session.new(rules, [Player(f"P{i}") for i in range(players)], random.Random(seed))
    play_out(session, _bots(levels[:players], session, seed))
    assert session.deals[-1].over


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", ["classique", "generale", "english"])
def test_full_strength_levels_play_a_deal(level: str, name: str) -> None:
    rules = preset(name, 4).replace(must_discard_jack=True, jack_guard=True)
    session = Session.new(rules, [Player(f"P{i}") for i in range(4)], random.Random(7))
    play_out(session, [make_player(level, seed=s) for s in range(4)])
    assert session.deals[-1].points() is not None


def test_unknown_level_and_no_cheat_from_make_player() -> None:
    with pytest.raises(ValueError, match="unknown computer level"):
        make_player("cheat")
    assert LEVELS == ("easy", "medium", "hard", "expert")


def _generale_session(hand: list[str]) -> Session:
    """Seat 1 leads (dealer 0) and holds ``hand``; the rest is dealt from the deck."""
    rules = preset("generale", 4)
    rest = [c for c in (r + s for s in "SHDC" for r in "KQJAT987") if c not in hand]
    hands = [rest[0:8], hand, rest[8:16], rest[16:24]]
    session = Session(rules, [Player(f"P{i}") for i in range(4)])
    session.add_deal(0, hands)
    return session


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_a_sure_generale_is_declared(level: str) -> None:
    # every top card of spades and hearts: unbeatable leading from the top
    session = _generale_session(["KS", "QS", "JS", "AS", "KH", "QH", "JH", "AH"])
    view = session.view(1)
    assert view.asked
    assert make_player(level, 3).choose(view) == Declare(1, True)


def test_the_expert_passes_a_strong_hand_good_defenders_beat() -> None:
    # le Polignac's five top spades and K Q of hearts: a defender keeping the J♥ with
    # two more hearts beats the 9♥; passing would cost about 3.7 points, but against
    # defenders who keep their stoppers the générale is made in fewer than three worlds
    # of four: the expert does not promise it
    session = _generale_session(["KS", "QS", "JS", "AS", "TS", "KH", "QH", "9H"])
    view = session.view(1)
    k = read_view(view)
    sure = sure_generale(k, random.Random(1), 200)
    assert sure < 0.6
    player = make_player("expert", 3)
    assert isinstance(player, SearchPlayer)
    rng = random.Random(0)
    declare, pass_, made = declare_odds(k, player.worlds(k, rng), rng, 64, sharp=0.5)
    assert 0 < declare < pass_          # on average declaring would pay...
    assert made == pytest.approx(sure, abs=0.15) and made < 0.75
    assert player.choose(view) == Declare(1, False)
    assert make_player("medium", 3).choose(view) == Declare(1, False)   # medium: only if sure


def test_the_expert_declares_a_hand_made_in_three_worlds_of_four() -> None:
    # le Polignac's four top spades and K Q J 10 of hearts: only a defender holding the
    # A♥ and three more hearts beats it, seldom
    session = _generale_session(["KS", "QS", "JS", "AS", "KH", "QH", "JH", "TH"])
    view = session.view(1)
    k = read_view(view)
    player = make_player("expert", 3)
    assert isinstance(player, SearchPlayer)
    rng = random.Random(0)
    declare, pass_, made = declare_odds(k, player.worlds(k, rng), rng, 64, sharp=1.0)
    assert made >= 0.75 and declare < pass_
    assert sure_generale(k, random.Random(1), 200) < 1.0       # not sure, yet declared
    assert player.choose(view) == Declare(1, True)


def test_a_keen_defender_void_in_the_suit_led_keeps_the_guards_of_its_stopper() -> None:
    # the declarer holds K Q 9 of hearts; the defender J♥ 8♥ 7♥ and the 8♦: void in
    # spades, it throws the 8♦, never a guard of the J♥, which then takes the 9♥
    cx = read_view(_generale_session(["KS", "QS", "JS", "AS", "TS", "KH", "QH", "9H"]
                                     ).view(1)).cx
    declarer = cx.mask(["KH", "QH", "9H", "AS"])
    defender = cx.mask(["JH", "8H", "7H", "8D"])
    assert stoppers(defender, declarer) == 1
    assert keep_stoppers(defender, declarer, defender) == cx.to_int["8D"]
    assert stoppers(cx.mask(["JH", "8H"]), declarer) == 0      # one guard: it falls


def test_the_generale_is_weighed_against_both_defences() -> None:
    session = _generale_session(["KS", "QS", "JS", "AS", "TS", "9S", "KH", "AH"])
    k = read_view(session.view(1))
    player = make_player("expert", 3)
    assert isinstance(player, SearchPlayer)
    values = {}
    for sharp_weight in (0.0, 0.5, 1.0):
        rng = random.Random(4)
        values[sharp_weight] = declare_value(k, player.worlds(k, rng), rng, 40, sharp_weight)
    plain, mixed, keen = values[0.0], values[0.5], values[1.0]
    assert plain[1] == mixed[1] == keen[1]          # passing: the same worlds, the same play
    assert plain[0] < keen[0]                       # good defenders keep their stoppers
    assert mixed[0] == pytest.approx((plain[0] + keen[0]) / 2)


def test_a_defender_who_cannot_take_the_trick_keeps_its_high_card() -> None:
    rules = preset("generale", 4)
    hands = [
        ["7S", "8S", "9S", "TS", "7C", "8C", "9C", "TC"],
        ["KH", "KS", "QS", "JS", "AS", "TH", "KD", "JH"],
        ["QH", "8H", "7D", "8D", "9D", "AD", "9H", "KC"],
        ["JD", "QD", "TD", "7H", "AH", "QC", "JC", "AC"],
    ]
    session = Session(rules, [Player(f"P{i}") for i in range(4)])
    session.add_deal(0, hands)
    session.apply(Declare(1, True))
    session.apply(Play(1, "KH"))
    st = mirror(session)
    st.declarer, st.leader = 1, 1
    st.play(st.cx.to_int["KH"])
    legal = st.legal()
    out = outstanding(st, 2)
    assert st.cx.to_card[choose(st, 2, legal, out)] == "QH"   # medium gives its queen away
    assert st.cx.to_card[sharp(st, 2, legal, out)] == "8H"    # it keeps the Q♥ to stop him


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_a_weak_hand_passes(level: str) -> None:
    session = _generale_session(["7S", "8S", "9S", "TS", "7H", "8H", "9H", "TH"])
    assert make_player(level, 3).choose(session.view(1)) == Declare(1, False)


def test_opponents_beat_the_declarer() -> None:
    # Seat 1 declares; seat 2 holds the K♦ and must take the trick when the Q♦ is led.
    rules = preset("generale", 4)
    hands = [
        ["7S", "8S", "9S", "TS", "7C", "8C", "9C", "TC"],
        ["QD", "KS", "QS", "JS", "AS", "KH", "QH", "JH"],
        ["KD", "7D", "8D", "9D", "AH", "TH", "9H", "8H"],
        ["JD", "AD", "TD", "7H", "KC", "QC", "JC", "AC"],
    ]
    session = Session(rules, [Player(f"P{i}") for i in range(4)])
    session.add_deal(0, hands)
    session.apply(Declare(1, True))
    session.apply(Play(1, "QD"))
    for level in ("medium", "hard", "expert"):
        assert make_player(level, 1).choose(session.view(2)) == Play(2, "KD"), level


def test_hard_weighs_no_world_by_the_play_and_the_expert_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # hard, the middle step, deals the unseen cards in a dozen plain worlds; the expert
    # reads the others' play (each world weighed by how well it explains their cards)
    from polignac_tui.games.polignac.players import bots

    session = Session.new(preset("classique", 4), [Player(f"P{i}") for i in range(4)],
                          random.Random(11))
    medium = [make_player("medium", s) for s in range(4)]
    while len(session.deals[-1].tricks) < 2:          # two tricks: the others have played
        seat = session.turn
        session.apply(medium[seat].choose(session.view(seat)))
    view = session.view(session.turn)
    assert len(view.legal) > 1
    read = []

    def counted(*args: object, **kwargs: object) -> object:
        read.append(True)
        return posterior(*args, **kwargs)

    posterior = bots.posterior
    monkeypatch.setattr(bots, "posterior", counted)
    make_player("hard", 5).choose(view)
    assert read == []
    make_player("expert", 5).choose(view)
    assert read == [True]


@pytest.mark.parametrize(("players", "level", "low", "high"), [
    (6, "medium", 0.4, 0.6), (6, "hard", 0.12, 0.28), (6, "expert", 0.0, 0.0),
    (8, "medium", 0.4, 0.6), (4, "medium", 0.0, 0.0), (5, "hard", 0.0, 0.0)])
def test_medium_and_hard_slip_at_a_table_of_six_or_more(players: int, level: str,
                                                        low: float, high: float) -> None:
    """At six players or more medium plays about half its cards at random, hard one in
    five, the expert none; a slipped card is legal and the same for the same seed."""
    from polignac_tui.games.polignac.players.bots import slip

    session = Session.new(preset("classique", players),
                          [Player(f"P{i}") for i in range(players)], random.Random(3))
    view = session.view(session.turn)
    slips = [slip(view, seed, level) for seed in range(300)]
    share = sum(s is not None for s in slips) / len(slips)
    assert low <= share <= high
    for seed, played in enumerate(slips):
        if played is not None:
            assert played.card in view.legal and played == slip(view, seed, level)
