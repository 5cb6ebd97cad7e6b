"""Écarté's computer players in the duplicate arena (``polignac-tui arena --game ecarte``):
the table of the levels and their targets.

Every row is an arena of a candidate level against a field level: 300 duplicate
deals, seed 1 by default, ``--quick`` for a short run (30) that shows the table works
but decides nothing. ``diff`` is the candidate's points per deal minus the field's
(positive: better). The targets: the expert better than medium and than hard, each
with a 95% interval clear of zero, its decisions' 95th percentile at most 100 ms of
CPU time. The rows and their printing are ``_levels``'.
"""

from __future__ import annotations

from ....benchmarks._levels import Row, verdict
from ....benchmarks._levels import run as run_levels
from .. import GAME

NAME = "ecarte_bots"
HELP = "Écarté's computer levels in the duplicate arena (300 deals per row; --quick: 30)"


def run(argv: list[str]) -> int:
    return run_levels(argv, name=NAME, help=HELP, game=GAME.name, deals_per_row=300,
                      quick_deals=30, presets=GAME.presets, p95_ms=100)


__all__ = ["HELP", "NAME", "Row", "run", "verdict"]
