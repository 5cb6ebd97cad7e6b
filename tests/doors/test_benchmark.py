"""The doors benchmark runs end to end (one table of four SSH terminals) and reports what it
promises: first frames, cards played by Enter timed to the other three terminals, memory."""

from __future__ import annotations

import json

import pytest

from polignac_tui.benchmarks import doors


def test_one_table_of_four_terminals_reports_first_frame_actions_and_memory(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert doors.run(["--connections", "4", "--tricks", "1", "--think", "0",
                      "--timeout", "60", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["connections"] == 4 and result["tables"] == 1
    assert 0 < result["first_frame_p50_s"] <= result["first_frame_p95_s"] < 60
    assert 1 <= result["actions"] <= 4          # a trick: four cards (fewer if the deal ends)
    assert 0 < result["action_p50_ms"] <= result["action_p95_ms"] < 60_000
    assert 5 < result["rss_per_connection_mb"] < 1000
    assert 0 < result["uss_per_connection_mb"] <= result["pss_per_connection_mb"] \
        <= result["rss_per_connection_mb"]
    assert result["zygote"] is True
    assert result["first_frame_cpu_per_app_s"] > 0


@pytest.mark.parametrize(("argv", "says"), [
    (["--connections", "0"], "--connections must be a multiple of 4"),
    (["--connections", "6"], "--connections must be a multiple of 4"),
    (["--tricks", "9"], "--tricks must be from 1 to 8"),
    (["--think", "-1"], "--think cannot be negative"),
])
def test_bad_options_are_refused_with_their_name(capsys: pytest.CaptureFixture[str],
                                                  argv: list[str], says: str) -> None:
    with pytest.raises(SystemExit):
        doors.run(argv)
    assert says in capsys.readouterr().err
