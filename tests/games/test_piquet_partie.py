"""The partie's standing as Piquet's expert reads it (``players/partie.py``): what a
deal's points are worth to the partie (RULES-piquet.md §7), read from a seat's view."""

from __future__ import annotations

import dataclasses
import random

import pytest

from polignac_tui.games.base import CardsChoice
from polignac_tui.games.piquet import players as piquet_players
from polignac_tui.games.piquet.players import search
from polignac_tui.games.piquet.players.partie import Standing, partie_value, read_standing

from .helpers import piquet_dealt, piquet_match


def test_the_partie_value_counts_the_rubicon_as_the_rules_do() -> None:
    assert partie_value(140, 90) == 330          # §10: 100 + 140 + 90
    assert partie_value(180, 120) == 160         # 100 + the difference
    assert partie_value(90, 140) == -330
    assert partie_value(120, 120) == 0


def test_on_the_last_deal_a_point_is_worth_what_it_does_to_the_partie() -> None:
    behind = Standing(mine=80, theirs=150, left=0, elder_in=0)
    assert behind.worth(25, 10) == -(100 + 160 - 105)
    assert behind.worth(15, 10) == -(100 + 160 + 95)
    # passing 100 saves twice the total: far more than the ten points it took
    assert behind.worth(25, 10) - behind.worth(15, 10) == 200


def test_with_deals_to_come_more_points_are_worth_more_and_the_rubicon_weighs() -> None:
    early = Standing(mine=40, theirs=40, left=4, elder_in=2)
    assert early.worth(30, 10) > early.worth(20, 10) > early.worth(20, 30)
    # behind and under 100 with one deal to come: ten points are worth more than ten
    behind = Standing(mine=50, theirs=150, left=1, elder_in=1)
    assert behind.worth(30, 0) - behind.worth(20, 0) > 10
    # ahead, the other under 100: keeping him under is worth more than ten points
    ahead = Standing(mine=150, theirs=50, left=1, elder_in=0)
    assert ahead.worth(0, 20) - ahead.worth(0, 30) > 10


def test_worth_of_a_difference_splits_the_points_to_come() -> None:
    s = Standing(mine=90, theirs=150, left=0, elder_in=0)
    assert s.worth_of_diff(4, 20) == s.worth(12, 8)
    assert s.worth_of_diff(-6, 21) == s.worth(8, 14)   # 7.5 and 13.5 rounded to even


def test_the_standing_is_read_from_the_seats_view() -> None:
    match = piquet_match(first_dealer=0)
    match.deal(random.Random(4))
    elder = match.deals[-1].elder
    for seat in (0, 1):
        standing = read_standing(match.view(seat))
        assert standing is not None
        assert (standing.mine, standing.theirs, standing.left) == (0, 0, 5)
        # five deals to come, the elder changing every deal: the younger now is the
        # elder of three of them
        assert standing.elder_in == (2 if seat == elder else 3)


def test_a_game_to_points_has_no_standing() -> None:
    match = piquet_match(preset="cent")
    match.deal(random.Random(4))
    assert read_standing(match.view(0)) is None


@pytest.mark.parametrize("weigh", [True, False])
def test_the_expert_weighs_the_partie_only_when_its_budget_says_so(
        weigh: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert's exchange reads the standing (and stays legal) when it weighs it."""
    read: list[Standing | None] = []
    real = search.choose_discard

    def spy(*args: object, **kwargs: object) -> int:
        standing = args[6] if len(args) > 6 else kwargs.get("standing")
        assert standing is None or isinstance(standing, Standing)
        read.append(standing)
        return real(*args, **kwargs)  # type: ignore[arg-type]
    budget = piquet_players.BUDGETS["expert"]
    monkeypatch.setitem(piquet_players.BUDGETS, "expert", dataclasses.replace(
        budget, discard_worlds=4, partie=weigh, partie_exchange=weigh))
    monkeypatch.setattr(search, "choose_discard", spy)
    match = piquet_match(first_dealer=1)
    match.deal(random.Random(9))
    seat = match.turn
    assert seat is not None
    text = piquet_players.choose(match.view(seat), "expert", random.Random(1))
    assert text.startswith("discard ")
    match.apply(text, seat=seat)
    assert len(read) == 1 and (read[0] is not None) == weigh
    if weigh:
        assert read[0] is not None and read[0].left == 5


def test_where_the_partie_counts_the_points_as_they_are_the_choices_are_the_same() -> None:
    """Far ahead on the last deal (the other over 100), the partie is worth 100 plus
    the difference: weighing the standing chooses the discards the points alone do;
    behind and under 100, it chooses differently somewhere."""
    from polignac_tui.games.piquet.players.seen import read

    budget = dataclasses.replace(search.EXPERT, discard_worlds=24, candidates=6)
    changed = 0
    for seed in range(12):
        match = piquet_match(first_dealer=seed % 2)
        match.deal(random.Random(seed))
        seat = match.turn
        assert seat is not None
        view = match.view(seat)
        seen = read(view)
        choice = view.choice
        assert isinstance(choice, CardsChoice)
        picks = [search.choose_discard(seen, choice.least, choice.most, budget,
                                       random.Random(seed), None, standing)
                 for standing in (None, Standing(mine=300, theirs=150, left=0, elder_in=0),
                                  Standing(mine=60, theirs=150, left=0, elder_in=0))]
        assert picks[1] == picks[0]
        changed += picks[2] != picks[0]
    assert changed >= 1


def test_a_kind_sunk_lets_the_other_score_his_and_scores_nothing() -> None:
    from polignac_tui.games.piquet.players.masks import mask

    # the elder: point 5, a quint; the younger: point 4, two tierces, two trios
    elder = mask(["AD", "KD", "QD", "JD", "TD", "7S", "8S", "7H", "8H", "9C", "8C", "JS"])
    younger = mask(["AS", "KS", "QS", "9S", "AH", "KH", "QH", "9H", "AC", "KC", "TC", "9D"])
    none: frozenset[str] = frozenset()
    assert search.declarations(elder, younger, "cards", (0, 0)) == (20, 6, False)
    assert search.declarations(elder, younger, "cards", (0, 0),
                               (frozenset({"point"}), none)) == (15, 10, False)
    assert search.declarations(elder, younger, "cards", (0, 0),
                               (frozenset({"point", "sequence"}), none)) == (0, 16, False)
    assert search.declarations(elder, younger, "cards", (0, 0),
                               (frozenset({"sequence"}), frozenset({"point", "sets"}))) == (
        5, 6, False)


def declaring_at(totals: tuple[int, int]) -> tuple[str, str]:
    """The expert's declaration as the elder on the last deal at ``totals``: a point of
    five and a quint that win, nothing else."""
    match = piquet_match(0)
    match.set_standing(totals, 5)
    match.start_deal(piquet_dealt(1, ("AD KD QD JD TD 7S 8S 7H 8H 9C 8C 7C",
                                      "AS KS QS 9S AH KH QH 9H AC KC TC 9D"),
                                  "JS TS JH TH QC JC 8D 7D"))
    match.apply("discard 7C")
    match.apply("discard 9D")
    match.apply("nolook")
    view = match.view(0)
    assert piquet_players.choose(view, "hard", random.Random(0)) == "declare point sequence"
    return piquet_players.advise(view, random.Random(0))


def test_rubiconed_and_out_of_reach_the_expert_sinks_what_would_only_swell_the_loss() -> None:
    """Far behind and far under 100 on the last deal, each point either side scores
    adds to what the partie costs: the point and the quint are sunk."""
    assert declaring_at((10, 250)) == ("declare", "declare_partie")
    assert declaring_at((60, 250)) == ("declare", "declare_partie")


@pytest.mark.parametrize("totals", [(95, 150), (250, 10), (300, 150), (80, 85)])
def test_where_the_points_help_the_partie_the_expert_declares_them(
        totals: tuple[int, int]) -> None:
    """Within reach of 100, ahead, or both over 100: every combination that scores."""
    assert declaring_at(totals) == ("declare point sequence", "declare_best")
