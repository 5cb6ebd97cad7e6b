"""``polignac-tui export ID --csv``: a row per finished deal, a column per player."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pytest
from polignac_file import save_session

from polignac_tui.cli import main
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.store import SessionStore


def session_with(names: tuple[str, ...], deals: int, seed: int = 4) -> Session:
    rng = random.Random(seed)
    players = [Player(names[0])] + [Player(n, "computer", "easy") for n in names[1:]]
    session = Session.new(preset("generale", len(names)).replace(limit=1000), players, rng,
                          id="20261122-2000-anna")
    while len(session.deals) <= deals:
        random_step(session, rng, declare_rate=0.3)
    return session


def test_a_row_per_finished_deal_and_a_column_per_player(
        capsys: pytest.CaptureFixture[str]) -> None:
    names = ("Anna", 'Bob "the knife", Jr', "Zoé", "Dédé")   # quotes and commas survive
    session = session_with(names, 6)
    save_session(SessionStore(), session)
    assert main(["export", session.id, "--csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["deal", "dealer", *names, "generale", "chelem"]
    finished = [(i, d) for i, d in enumerate(session.deals, start=1) if d.over]
    assert len(rows) == 1 + len(finished) == 7            # the deal in play is left out
    for row, (number, deal) in zip(rows[1:], finished, strict=True):
        assert row[0] == str(number) and row[1] == names[deal.dealer]
        assert [int(x) for x in row[2:2 + len(names)]] == deal.points()
        if deal.declarer is not None:
            assert row[-2].startswith(names[deal.declarer])
    totals = [sum(int(r[2 + s]) for r in rows[1:]) for s in range(len(names))]
    assert totals == session.totals


def test_export_needs_a_format_and_a_session(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "20261122-2000-nobody", "--csv"]) == 2
    assert "no such file, nor a saved session" in capsys.readouterr().err
    session = session_with(("Anna", "Bob", "Cy"), 1)
    save_session(SessionStore(), session)
    assert main(["export", session.id]) == 2
    assert "--csv" in capsys.readouterr().err
