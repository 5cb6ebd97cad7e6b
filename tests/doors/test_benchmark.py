"""The doors benchmark runs end to end (two connections) and reports what it promises."""

from __future__ import annotations

import json

import pytest

from polignac_tui.benchmarks import doors


def test_two_connections_report_first_frame_and_memory(capsys: pytest.CaptureFixture[str]) \
        -> None:
    assert doors.run(["--connections", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["connections"] == 2
    assert 0 < result["first_frame_p95_s"] < 60
    assert result["first_frame_p50_s"] <= result["first_frame_p95_s"]
    assert result["action_p95_ms"] is None  # needs the table service
    assert 5 < result["rss_per_connection_mb"] < 1000


def test_a_bad_connection_count_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        doors.run(["--connections", "0"])
    assert "--connections must be at least 1" in capsys.readouterr().err
