"""``polignac-tui arena --ladder``: every step of a game's ladder and the yardstick in
one table (``games/ladder.py`` and the command)."""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from polignac_tui.cli import main
from polignac_tui.games import ladder

PAIRS = [("medium", "easy"), ("hard", "medium"), ("expert", "hard")]
CPU_FREE = {"cpu_ms_p50", "cpu_ms_p95", "cpu_ms_max", "real"}


def without_cpu(step: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in step.items() if k not in CPU_FREE}


def test_the_ladder_prints_one_table_of_the_steps_and_the_yardstick(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--ladder", "--game", "ecarte", "--deals", "2", "--jobs", "1",
                 "--seed", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Écarté's ladder: 2 duplicate deals a step, preset classique")
    assert "seed 5" in out[0]
    assert out[1] == ("| step | deals | diff | 95% interval | clear of zero "
                      "| CPU ms p50 / p95 / max |")
    rows = out[3:7]
    assert [r.split(" | ")[0] for r in rows] == [
        "| medium vs easy", "| hard vs medium", "| expert vs hard", "| cheat vs expert"]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1] == "2" and cells[4] in ("yes", "no")
        assert len(cells[5].split(" / ")) == 3
    assert out[7] in ("Every step clear of zero.", "Not every step is clear of zero.")
    assert len(out) == 8


def test_the_ladder_json_has_every_step_and_is_reproducible_for_a_seed(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--ladder", "--game", "ecarte", "--deals", "3", "--jobs", "1",
            "--seed", "11", "--json", "--preset", "italiana"]
    assert main(argv) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    two = json.loads(capsys.readouterr().out)
    assert {k: one[k] for k in ("game", "preset", "players", "seed", "deals", "better")} == {
        "game": "ecarte", "preset": "italiana", "players": 2, "seed": 11, "deals": 3,
        "better": "higher"}
    assert [(s["candidate"], s["field"]) for s in one["steps"]] == PAIRS
    assert (one["yardstick"]["candidate"], one["yardstick"]["field"]) == ("cheat", "expert")
    for step in (*one["steps"], one["yardstick"]):
        assert step["deals"] == 3 and step["decisions"] > 0
        assert 0 <= step["cpu_ms_p50"] <= step["cpu_ms_p95"] <= step["cpu_ms_max"]
        lo, hi = step["ci95"]
        assert lo <= step["diff"] <= hi
        assert step["real"] == (lo > 0)
    assert one["real"] == all(s["real"] for s in one["steps"])
    assert [without_cpu(s) for s in one["steps"]] == [without_cpu(s) for s in two["steps"]]
    assert without_cpu(one["yardstick"]) == without_cpu(two["yardstick"])


def test_without_a_seed_the_ladder_draws_one_and_says_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--ladder", "--game", "ecarte", "--deals", "2", "--jobs", "1",
                 "--json"]) == 0
    drawn = json.loads(capsys.readouterr().out)
    assert isinstance(drawn["seed"], int) and drawn["seed"] >= 0
    again = ladder.run("ecarte", 2, drawn["seed"])
    assert [without_cpu(s) for s in again["steps"]] == [without_cpu(s) for s in drawn["steps"]]


def test_the_progress_counts_every_deal_of_the_ladder_and_the_time_left() -> None:
    seen: list[tuple[int, int, float | None]] = []
    ladder.run("ecarte", 2, 1, progress=lambda d, t, left: seen.append((d, t, left)))
    assert [(d, t) for d, t, _ in seen] == [(d, 8) for d in range(1, 9)]
    assert seen[-1][2] == 0
    assert all(left is not None and left >= 0 for _, _, left in seen)


def test_the_clock_estimates_the_time_left_at_the_pace_so_far() -> None:
    now = iter([100.0, 110.0, 130.0])
    seen: list[tuple[int, int, float | None]] = []
    clock = ladder.Clock(8, lambda d, t, left: seen.append((d, t, left)), lambda: next(now))
    clock.step(1, 2)                  # 1 deal in 10 s: 7 left, 70 s
    clock.next_step(2)
    clock.step(1, 2)                  # 3 deals in 30 s: 5 left, 50 s
    assert seen == [(1, 8, 70.0), (3, 8, 50.0)]


def test_the_progress_goes_to_a_terminal_only(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["arena", "--ladder", "--game", "ecarte", "--deals", "1", "--jobs", "1",
            "--seed", "2", "--json"]
    assert main(argv) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "4/4 deals" in err and "0:00 left" in err


def test_a_step_is_real_only_clear_of_zero_on_the_better_side() -> None:
    assert ladder.real({"ci95": [0.01, 0.2], "deals": 5}, "higher")
    assert not ladder.real({"ci95": [-0.01, 0.2], "deals": 5}, "higher")
    assert ladder.real({"ci95": [-0.3, -0.1], "deals": 5}, "lower")
    assert not ladder.real({"ci95": [0.1, 0.3], "deals": 5}, "lower")
    assert not ladder.real({"ci95": [0.5, 0.5], "deals": 1}, "higher")


def test_a_game_with_an_arena_of_its_own_is_called_through_run_preset(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[object, ...]] = []

    def run_preset(*args: object) -> dict[str, object]:
        calls.append(args[:7])
        progress = args[7]
        assert callable(progress)
        progress(1, 2)
        progress(2, 2)
        diff = -0.5 if args[4] != "cheat" else 0.1
        return {"candidate": args[4], "field": args[5], "deals": args[2], "diff": diff,
                "ci95": [diff - 0.1, diff + 0.1], "cpu_ms_p95": 3.0}

    fake = SimpleNamespace(run_preset=run_preset)
    monkeypatch.setattr(ladder, "import_module", lambda name: fake)
    ticks: list[int] = []
    result = ladder.run("polignac", 2, 9, "classique", 6, jobs=2,
                        progress=lambda d, t, left: ticks.append(d))
    assert calls == [("classique", 6, 2, 9, c, f, 2) for c, f in (*PAIRS, ("cheat", "expert"))]
    assert ticks == list(range(1, 9))
    assert result["better"] == "lower" and result["players"] == 6 and result["real"]
    assert not result["yardstick"]["real"]
    assert result["steps"][0]["cpu_ms_p50"] is None
    assert "| medium vs easy | 2 | -0.500 | [-0.600, -0.400] | yes | – / 3.0 / – |" in (
        ladder.table(result))


def test_the_ladder_refuses_a_level_and_a_wrong_table(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["arena", "--ladder", "--game", "ecarte", "--candidate", "hard"]) == 2
    assert "leave out --candidate" in capsys.readouterr().err
    assert main(["arena", "--ladder", "--game", "ecarte", "--players", "4"]) == 2
    assert "is played by 2 players" in capsys.readouterr().err
    assert main(["arena", "--ladder", "--game", "ecarte", "--preset", "rubicon"]) == 2
    assert "presets are" in capsys.readouterr().err
    assert main(["arena", "--ladder", "--game", "piquet", "--deals", "0"]) == 2
    assert "at least one deal" in capsys.readouterr().err
