"""The autosave benchmark runs, and its session is the long one it claims to be."""

from __future__ import annotations

import pytest

from polignac_tui.games.polignac.benchmarks import autosave
from polignac_tui.games.polignac.engine import Session


def test_benchmark_session_has_the_deals_asked_for() -> None:
    whole = autosave.build_session(12)
    session = whole.match.own_session()
    assert isinstance(session, Session)
    assert session.finished_deals == 12 and not session.finished
    assert autosave.cards_played(whole) == sum(len(d.plays) for d in session.deals) > 0
    assert any(d.declarer is not None for d in session.deals)  # générales are written too


def test_benchmark_runs_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    code = autosave.run(["--deals", "5", "--repeat", "5"])
    out = capsys.readouterr().out
    assert "save (whole autosave)" in out and "dumps (text only)" in out
    assert code == (0 if "within the 10 ms target" in out else 1)
