"""Piquet's computer players in the duplicate arena (``polignac-tui arena --game piquet``):
the table of the levels and their targets.

Every row is an arena of a candidate level against a field level: 120 duplicate
deals, seed 1 by default, ``--quick`` for a short run (12) that shows the table works
but decides nothing. ``diff`` is the candidate's points per deal minus the field's
(positive: better). The targets (issue 26): the expert better than medium and than
hard, each with a 95% interval clear of zero, its decisions' 95th percentile at most
250 ms of CPU time. Prints one line per row as it ends, then the table (``--json``:
each row's arena JSON line instead). Exit status 0 whatever the results: it measures.
"""

from __future__ import annotations

from ....benchmarks._levels import Row, verdict
from ....benchmarks._levels import run as run_levels
from .. import GAME

NAME = "piquet_bots"
HELP = "Piquet's computer levels in the duplicate arena (120 deals per row; --quick: 12)"


def run(argv: list[str]) -> int:
    return run_levels(argv, name=NAME, help=HELP, game=GAME.name, deals_per_row=120,
                      quick_deals=12, presets=GAME.presets, p95_ms=250)


__all__ = ["HELP", "NAME", "Row", "run", "verdict"]
