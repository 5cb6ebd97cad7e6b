"""``python -m polignac_tui.benchmarks serve --game ecarte``: tables of a game of two played
over the socket by scripted people, every action's latency measured."""

from __future__ import annotations

import json

import pytest

from polignac_tui.benchmarks import serve


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_the_service_benchmark_plays_tables_of_a_game_of_two(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    # (its exit code says whether the latency targets were met: not asked of a loaded CI)
    serve.run(["--tables", "1", "--think", "0", "--game", game, "--json"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["game"] == game and result["clients"] == 2
    assert result["actions"] >= 20 and result["measured"] >= result["actions"] // 2
    assert 0 < result["p50_ms"] <= result["p95_ms"] <= result["max_ms"]
