"""The arena: duplicate deals, its report, and the command (tiny runs only)."""

from __future__ import annotations

import json

import pytest

from polignac_tui.cli import main
from polignac_tui.games.polignac.engine import preset
from polignac_tui.games.polignac.players.arena import (
    DealOutcome,
    duplicate_deal,
    run_arena,
    summarize,
)

KEYS = {"candidate", "field", "players", "deals", "candidate_mean", "field_mean", "diff", "ci95",
        "move_ms_p50", "move_ms_p95", "cpu_ms_p50", "cpu_ms_p95", "cpu_ms_max", "chelems",
        "generales"}
TIMES = {"move_ms_p50", "move_ms_p95", "cpu_ms_p50", "cpu_ms_p95", "cpu_ms_max"}


def test_the_same_level_on_both_sides_differs_by_nothing() -> None:
    result = run_arena(preset("classique", 4), 4, 3, 5, "medium", "medium")
    assert result["diff"] == 0 and result["ci95"] == [0, 0]
    assert result["candidate_mean"] == result["field_mean"]


def test_a_plain_deal_hands_out_five_points() -> None:
    outcome = duplicate_deal(preset("classique", 4), 4, "easy", "medium", 3, 0)
    assert sum(outcome.field) in (5, 15)
    assert len(outcome.candidate) == 4
    assert outcome.move_ms   # the candidate's decisions were timed
    assert len(outcome.cpu_ms) == len(outcome.move_ms)
    assert sum(outcome.cpu_ms) > 0


def test_processes_change_nothing() -> None:
    rules = preset("generale", 3)
    one = run_arena(rules, 3, 2, 9, "easy", "medium", jobs=1)
    two = run_arena(rules, 3, 2, 9, "easy", "medium", jobs=2)
    for key in KEYS - TIMES:
        assert one[key] == two[key], key


def test_summary_means_and_interval() -> None:
    results = [DealOutcome(field=[2, 1, 1, 1], candidate=[0, 1, 0, 1]),
               DealOutcome(field=[0, 0, 5, 0], candidate=[0, 0, 3, 1])]
    r = summarize(results, "expert", "medium", 4)
    assert r["candidate_mean"] == 0.75 and r["field_mean"] == 1.25
    assert r["diff"] == -0.5
    lo, hi = r["ci95"]
    assert lo < -0.5 < hi


def test_summary_times_median_p95_and_slowest() -> None:
    results = [DealOutcome(field=[1, 1, 1, 2], candidate=[1, 1, 1, 2],
                           cpu_ms=[float(t) for t in range(1, 101)])]
    r = summarize(results, "expert", "hard", 4)
    assert r["cpu_ms_p50"] == 50.5
    assert r["cpu_ms_p95"] == 95.05
    assert r["cpu_ms_max"] == 100.0


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "3", "--deals", "1", "--seed", "2",
                 "--candidate", "medium", "--field", "easy", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == KEYS
    assert result["players"] == 3 and result["deals"] == 1
    assert set(result["generales"]) == {"declared", "made"}


def test_the_command_refuses_a_bad_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "9", "--deals", "1"]) == 2
    assert "3 to 8 players" in capsys.readouterr().err


def test_deals_run_on_every_core_unless_told(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from polignac_tui.games.polignac.players import arena

    asked: list[int] = []

    def fake(rules, players, deals, seed, candidate, field, jobs, progress):
        asked.append(jobs)
        return summarize([DealOutcome(field=[1, 2, 2], candidate=[1, 2, 2])], candidate,
                         field, players)

    monkeypatch.setattr(arena, "run_arena", fake)
    monkeypatch.setattr("polignac_tui.commands.arena.cpu_count", lambda: 7)
    assert main(["arena", "--players", "3", "--deals", "1", "--json"]) == 0
    assert main(["arena", "--players", "3", "--deals", "1", "--jobs", "1", "--json"]) == 0
    assert asked == [7, 1]   # the default: as many processes as cores
