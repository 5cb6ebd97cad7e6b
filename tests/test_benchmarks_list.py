"""``python -m polignac_tui.benchmarks``: the house's benchmarks and each game's own (found
through the registry, ``Game.benchmarks``) under one list, each run by its name."""

from __future__ import annotations

import subprocess
import sys


def _benchmarks(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "polignac_tui.benchmarks", *argv],
                          capture_output=True, text=True, timeout=60, check=False)


def test_the_list_holds_the_house_and_the_games_own() -> None:
    done = _benchmarks("--help")
    assert done.returncode == 0
    listed = {line.split()[0] for line in done.stdout.splitlines()[3:] if line.strip()}
    assert {"autosave", "bots", "generale", "replay"} <= listed   # Polignac's own
    assert {"doors", "serve", "startup"} <= listed           # the house's
    assert {"ecarte_bots", "piquet_bots"} <= listed          # Écarté's, Piquet's


def test_a_games_benchmark_runs_by_its_name() -> None:
    done = _benchmarks("replay", "--help")
    assert done.returncode == 0
    assert "usage: python -m polignac_tui.benchmarks replay" in done.stdout


def test_an_unknown_name_gets_the_list() -> None:
    done = _benchmarks("nonesuch")
    assert done.returncode == 2
    assert "benchmarks:" in done.stdout
