"""La générale: the expert's estimate (read from the seat's view only), its calibration,
and when declaring pays (the deal's points, the game's standing)."""

from __future__ import annotations

import dataclasses

import pytest

from polignac_tui.games.polignac.benchmarks import generale as bench
from polignac_tui.games.polignac.engine import Declare, Player, Session, preset
from polignac_tui.games.polignac.players import SearchPlayer, make_player
from polignac_tui.games.polignac.players import generale as gen
from polignac_tui.games.polignac.players.generale import (
    Estimate,
    made_odds,
    pays,
    standing,
    standing_value,
)

ALL = [r + s for s in "SHDC" for r in "KQJAT987"]


def _session(hand: list[str], others: int = 0, totals: tuple[int, ...] = ()) -> Session:
    """Seat 1 leads (dealer 0) and holds ``hand``; the rest dealt from the deck, rotated
    by ``others`` cards among the other seats; ``totals`` played in before this deal."""
    rules = preset("generale", 4)
    rest = [c for c in ALL if c not in hand]
    rest = rest[others:] + rest[:others]
    session = Session(rules, [Player(f"P{i}") for i in range(4)])
    if totals:
        session._totals = list(totals)   # the standing of a game in progress
    session.add_deal(0, [rest[0:8], hand, rest[8:16], rest[16:24]])
    return session


def _expert() -> SearchPlayer:
    player = make_player("expert", 3)
    assert isinstance(player, SearchPlayer)
    return player


def test_the_estimate_reads_only_the_seats_view() -> None:
    hand = ["KS", "QS", "JS", "AS", "KH", "QH", "JH", "TH"]
    first, other = _session(hand), _session(hand, others=5)
    assert first.deals[-1].hands != other.deals[-1].hands
    assert first.view(1) == other.view(1)
    assert _expert().generale(first.view(1))[0] == _expert().generale(other.view(1))[0]


def test_a_hand_of_sure_tricks_is_made_in_every_world_and_declared() -> None:
    session = _session(["KS", "QS", "JS", "AS", "KH", "QH", "JH", "AH"])
    est, _ = _expert().generale(session.view(1), loose=True)
    assert est.made == 1.0 and est.loose == 1.0 and est.worlds == 64
    assert _expert().choose(session.view(1)) == Declare(1, True)


def test_a_hand_that_cannot_win_every_trick_is_never_made_and_passes() -> None:
    session = _session(["7S", "8S", "9S", "TS", "7H", "8H", "9H", "TH"])
    est, _ = _expert().generale(session.view(1), loose=True)
    assert est.made == 0.0 and est.loose == 0.0
    assert 0.0 <= est.passing <= 5.0
    assert _expert().choose(session.view(1)) == Declare(1, False)


def test_the_calibration_reads_the_estimate_between_its_points(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gen, "CALIBRATION", ((0.0, 0.0), (0.5, 0.8), (1.0, 1.0)))
    assert made_odds(Estimate(0.0, 1.0, 64)) == 0.0
    assert made_odds(Estimate(0.25, 1.0, 64)) == pytest.approx(0.4)
    assert made_odds(Estimate(0.75, 1.0, 64)) == pytest.approx(0.9)
    assert made_odds(Estimate(1.0, 1.0, 64)) == 1.0


def test_every_calibration_point_rises() -> None:
    xs = [x for x, _ in gen.CALIBRATION]
    ys = [y for _, y in gen.CALIBRATION]
    assert xs == sorted(xs) and ys == sorted(ys)
    assert xs[0] == 0.0 and xs[-1] == 1.0 and all(0.0 <= y <= 1.0 for y in ys)


@pytest.mark.parametrize(("made", "passing", "declared"), [
    (0.9, 1.0, True),
    (0.75, 0.0, True),    # made three times in four, it pays whatever passing costs
    (0.7, 4.9, False),    # cheap to try, but made fewer than three times in four
])
def test_declaring_needs_three_made_in_four(monkeypatch: pytest.MonkeyPatch, made: float,
                                            passing: float, declared: bool) -> None:
    monkeypatch.setattr(gen, "CALIBRATION", ((0.0, 0.0), (1.0, 1.0)))
    view = _session(["KS", "QS", "JS", "AS", "KH", "QH", "JH", "TH"]).view(1)
    assert pays(Estimate(made, passing, 64), view) is declared


@pytest.mark.parametrize(("made", "passing", "declared"), [
    (0.5, 1.0, True),     # -0.67 against -0.33: below the others by more declaring
    (0.5, 0.0, False),    # -0.83 against -1.67: passing leaves the seat further below
    (0.65, 0.0, True),
])
def test_below_three_in_four_declaring_must_pay_against_the_others(
        monkeypatch: pytest.MonkeyPatch, made: float, passing: float, declared: bool) -> None:
    monkeypatch.setattr(gen, "CALIBRATION", ((0.0, 0.0), (1.0, 1.0)))
    view = _session(["KS", "QS", "JS", "AS", "KH", "QH", "JH", "TH"]).view(1)
    assert pays(Estimate(made, passing, 64), view, made=0.5) is declared
    declaring, passing_value = standing_value(Estimate(made, passing, 64), 4)
    assert (declaring < passing_value) is declared
    # a made générale: 0 and 5 for the others; failed: 5 and the others' jacks
    assert declaring == pytest.approx(made * -5 + (1 - made) * (5 - (5 - passing) / 3))


def test_the_standing_of_the_game_weighs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gen, "CALIBRATION", ((0.0, 0.0), (1.0, 1.0)))
    hand = ["KS", "QS", "JS", "AS", "KH", "QH", "JH", "TH"]
    # 16 points and the highest: failing ends the game with seat 1 the loser
    risky = _session(hand, totals=(4, 16, 6, 2)).view(1)
    assert standing(risky) == (True, False)
    assert not pays(Estimate(0.8, 2.0, 64), risky)
    assert pays(Estimate(0.95, 2.0, 64), risky)
    # another at 17: a made générale ends the game with seat 1 among the winners
    winning = _session(hand, totals=(17, 3, 6, 2)).view(1)
    assert standing(winning) == (False, True)
    assert pays(Estimate(0.8, 0.5, 64), winning)
    assert not pays(Estimate(0.7, 0.5, 64), winning)
    assert standing(_session(hand).view(1)) == (False, False)


def test_the_expert_answers_from_its_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    # a hand that is not sure: the expert asks its estimate, nothing else
    session = _session(["KS", "QS", "JS", "AS", "TS", "KH", "QH", "9H"])
    asked = []

    def fake(k: object, world: object, rng: object, worlds: int,
             loose: bool = False) -> Estimate:
        asked.append(worlds)
        return Estimate(1.0, 3.0, worlds)

    monkeypatch.setattr("polignac_tui.games.polignac.players.bots.estimate", fake)
    monkeypatch.setattr(gen, "CALIBRATION", ((0.0, 0.0), (1.0, 1.0)))
    assert _expert().choose(session.view(1)) == Declare(1, True)
    assert asked == [64]


def test_the_benchmark_plays_a_deal_and_sums_it_up() -> None:
    hands = bench._job((4, 7, 0, ("hard",), 0.0, 1.0))   # every hand played for real
    assert [h.seat for h in hands] == [0, 1, 2, 3]
    assert all(set(h.made) == {"hard"} for h in hands)
    made = [dataclasses.replace(hands[0], estimate=0.8, sharp=True, made={"hard": True})]
    s = bench.summary(hands[1:] + made, ("hard",))
    assert s["seat_hands"] == 4
    top = {r["threshold"]: r for r in s["thresholds"]}
    assert top[0.75]["hands"] == 1 and top[0.75]["hard_made"] == 1
    assert top[0.9]["hands"] == 0
    assert "| 0.75 | 1 | 25.00% | 1 | 1 |" in bench.table(4, s, ("hard",))


def test_a_hand_made_in_nearly_every_world_is_declared_a_breakable_one_is_not() -> None:
    # four top spades and K Q J 10 of hearts: only the A♥ with three more hearts beats it
    strong = _session(["KS", "QS", "JS", "AS", "KH", "QH", "JH", "TH"]).view(1)
    est, _ = _expert().generale(strong)
    assert est.made >= 0.9 and made_odds(est) >= gen.MADE
    assert _expert().choose(strong) == Declare(1, True)
    # five top spades, K Q 9 of hearts: a defender keeping the J♥ and two hearts beats it
    breakable = _session(["KS", "QS", "JS", "AS", "TS", "KH", "QH", "9H"]).view(1)
    est, _ = _expert().generale(breakable)
    assert 0.0 < est.made < 0.6 and made_odds(est) < gen.MADE
    assert _expert().choose(breakable) == Declare(1, False)
