"""Mirrored pairs of Piquet parties from a given standing (``PiquetMatch.set_standing``,
``benchmarks/standings.py``, the ``piquet_partie`` benchmark): the standing is set, the
cards are the seed's in both orientations, and each partie counts the rulebook's value
(RULES-piquet.md §7)."""

from __future__ import annotations

import json
import random

import pytest

from polignac_tui.games import arena, get_game
from polignac_tui.games.base import Match
from polignac_tui.games.errors import RuleError
from polignac_tui.games.piquet.benchmarks import piquet_partie, standings
from polignac_tui.games.piquet.match import PiquetMatch
from polignac_tui.games.piquet.players.partie import partie_value, read_standing

from .helpers import piquet_match


def test_a_standing_set_is_the_partie_the_next_deal_sees() -> None:
    match = piquet_match()
    match.set_standing((97, 41), 5)
    assert match.totals == (97, 41)
    assert match.totals_after(5) == (97, 41)
    assert match.needs_deal and not match.finished
    match.deal(random.Random(3))
    view = match.view(0)
    assert view.deal_number == 6
    standing = read_standing(view)
    assert standing is not None
    assert (standing.mine, standing.theirs, standing.left) == (97, 41, 0)


@pytest.mark.parametrize(("totals", "deals"), [((10, 10), 0), ((10, 10), 6),
                                               ((-1, 10), 5), ((10, 1300), 5)])
def test_a_standing_out_of_range_is_refused(totals: tuple[int, int], deals: int) -> None:
    with pytest.raises(RuleError) as caught:
        piquet_match().set_standing(totals, deals)
    assert caught.value.code == "standing"


def test_a_standing_is_set_before_the_first_deal_and_in_a_partie_only() -> None:
    dealt = piquet_match()
    dealt.deal(random.Random(1))
    with pytest.raises(RuleError, match="before the first deal"):
        dealt.set_standing((50, 50), 4)
    with pytest.raises(RuleError, match="to points"):
        piquet_match(preset="cent").set_standing((50, 50), 4)


def test_the_standings_drawn_are_the_seeds_and_in_their_spans() -> None:
    kinds = tuple(standings.KINDS)
    drawn = [standings.draw_start(4, i, kinds, 1) for i in range(30)]
    assert drawn == [standings.draw_start(4, i, kinds, 1) for i in range(30)]
    assert drawn != [standings.draw_start(5, i, kinds, 1) for i in range(30)]
    assert [d.kind for d in drawn[:3]] == list(kinds)
    for start in drawn:
        assert start.deals_over == 5
        first, second = standings.KINDS[start.kind]
        a, b = start.totals
        assert ((first[0] <= a <= first[1] and second[0] <= b <= second[1])
                or (first[0] <= b <= first[1] and second[0] <= a <= second[1]))
    assert {d.totals[0] > d.totals[1] for d in drawn if d.kind == "near_far"} == {True, False}


def _recording(level: str, seen: list[tuple[int, tuple[int, ...], tuple[str, ...]]]
               ) -> arena.Bot:
    bot = standings.bot_of(level)

    def play(match: Match, seat: int, rng: random.Random) -> str:
        view = match.view(seat)
        if not seen or seen[-1][0] != view.deal_number:
            seen.append((view.deal_number, tuple(view.totals), tuple(view.hand)))
        return bot(match, seat, rng)
    return play


def test_both_parties_of_a_pair_start_at_the_standing_with_the_same_cards() -> None:
    game = get_game("piquet")
    settings = game.settings("rubicon", {})
    start = standings.Start("near_far", (92, 30), 5)

    def begin(match: Match) -> None:
        assert isinstance(match, PiquetMatch)
        match.set_standing(start.totals, start.deals_over)
    seen: list[list[tuple[int, tuple[int, ...], tuple[str, ...]]]] = [[], [], [], []]
    parties = []
    for seat in (0, 1):
        bots = [_recording("medium", seen[2 * seat]), _recording("easy", seen[2 * seat + 1])]
        if seat:
            bots.reverse()
        match, _ = arena.play_partie(game, settings, 8, 3, bots,
                                     [random.Random(1), random.Random(2)], seat, begin)
        parties.append(match)
    # the first decision of each seat: deal 6, the standing, the same cards per seat
    # (in the second party the easy level holds seat 1, the medium seat 2)
    medium_first, easy_first, medium_second, easy_second = (s[0] for s in seen)
    assert medium_first[0] == easy_first[0] == medium_second[0] == 6
    assert medium_first[1] == easy_second[1] == (92, 30)
    assert easy_second[2] == medium_first[2] and medium_second[2] == easy_first[2]
    for match in parties:
        assert match.outcome is not None and len(match.deals) in (6, 8)
        deal = match.deals[5]
        if len(match.deals) == 6:
            assert match.totals == (92 + deal.points[0], 30 + deal.points[1])
        # the rulebook's value, rubicon included, for each seat
        for seat in (0, 1):
            mine, theirs = match.totals[seat], match.totals[1 - seat]
            assert arena.partie_value(match, seat) == partie_value(mine, theirs)


def test_a_pair_is_reproducible_and_scored_for_the_candidate() -> None:
    start = standings.Start("both_near", (88, 95), 5)
    pair = standings.pair_from(start, 2, 1, "medium", "easy", "rubicon")
    again = standings.pair_from(start, 2, 1, "medium", "easy", "rubicon")
    assert (again.values, again.won, again.lost) == (pair.values, pair.won, pair.lost)
    assert pair.diff == sum(pair.values) / 2
    assert pair.won + pair.lost <= 2 and all(abs(v) >= 100 for v in pair.values if v)


def test_the_report_has_a_row_per_kind_and_one_for_all() -> None:
    rows = standings.run_standings(4, 3, "medium", "easy", ("near_far", "ahead"))
    assert [r["kind"] for r in rows] == ["near_far", "ahead", "all"]
    assert [r["pairs"] for r in rows] == [2, 2, 4]
    assert all(r["deals_left"] == 1 and r["seed"] == 3 for r in rows)
    again = standings.run_standings(4, 3, "medium", "easy", ("near_far", "ahead"))
    assert [r["diff"] for r in rows] == [r["diff"] for r in again]


@pytest.mark.parametrize(("args", "words"), [
    (("nonesuch", "easy", ("ahead",), 1), "'nonesuch'"),
    (("medium", "easy", ("nowhere",), 1), "nowhere"),
    (("medium", "easy", ("ahead",), 6), "deals left"),
])
def test_a_bad_level_kind_or_count_is_refused(args: tuple[str, str, tuple[str, ...], int],
                                             words: str) -> None:
    candidate, field, kinds, left = args
    with pytest.raises(RuleError, match=words):
        standings.run_standings(1, 1, candidate, field, kinds, left)


def test_the_benchmark_prints_a_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert piquet_partie.run(["--pairs", "2", "--candidate", "medium", "--field", "easy",
                              "--kinds", "ahead", "--deals-left", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("| standing | deals left | candidate vs field |")
    assert out[2].startswith("| ahead | 2 | medium vs easy | 2 |")
    assert piquet_partie.run(["--pairs", "1", "--candidate", "medium", "--field", "easy",
                              "--whole", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["kind"] == "whole" and row["deals_left"] == 0 and row["parties"] == 2


def test_the_benchmark_refuses_a_bad_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        piquet_partie.run(["--pairs", "1", "--field", "nonesuch"])
    assert ended.value.code == 2
    assert "'nonesuch'" in capsys.readouterr().err
