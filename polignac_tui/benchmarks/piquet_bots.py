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

import argparse
import json
import sys
from dataclasses import dataclass

NAME = "piquet_bots"
HELP = "Piquet's computer levels in the duplicate arena (120 deals per row; --quick: 12)"


@dataclass(frozen=True, slots=True)
class Row:
    candidate: str
    field: str
    better: bool = False             # the interval must lie above 0
    p95_ms: float | None = None      # the candidate's decision time (CPU), at most


ROWS = (
    Row("medium", "easy"),
    Row("hard", "medium"),
    Row("expert", "medium", better=True, p95_ms=250),
    Row("expert", "hard", better=True, p95_ms=250),
    Row("cheat", "medium"),
    Row("cheat", "expert"),
)


def verdict(row: Row, result: dict[str, object]) -> str:
    if not row.better and row.p95_ms is None:
        return "reported"
    missed = []
    interval = result["ci95"]
    assert isinstance(interval, list)
    if row.better and interval[0] <= 0:
        missed.append("interval reaches 0")
    p95 = result["cpu_ms_p95"]
    assert isinstance(p95, float | int)
    if row.p95_ms is not None and p95 > row.p95_ms:
        missed.append(f"p95 > {row.p95_ms:.0f} ms")
    return "met" if not missed else "missed: " + ", ".join(missed)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--quick", action="store_true", help="12 deals per row instead of 120")
    parser.add_argument("--deals", type=int, help="deals per row (120; --quick: 12)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (1)")
    parser.add_argument("--preset", default="rubicon", help="rubicon or cent")
    parser.add_argument("--only", metavar="CANDIDATE", help="only the rows of this candidate")
    parser.add_argument("--json", action="store_true", help="one arena JSON line per row")
    args = parser.parse_args(argv)
    deals = args.deals or (12 if args.quick else 120)
    if deals < 1:
        parser.error("--deals must be at least 1")
    from ..games import arena  # here: the help must not import the players
    done: list[dict[str, object]] = []
    for row in ROWS:
        if args.only and row.candidate != args.only:
            continue
        result = arena.run("piquet", deals, args.seed, row.candidate, row.field, args.preset)
        result["target"] = verdict(row, result)
        done.append(result)
        if args.json:
            print(json.dumps(result, ensure_ascii=False), flush=True)
        else:
            print(f"{row.candidate} vs {row.field}: diff {result['diff']:+.3f} "
                  f"({result['target']})", file=sys.stderr, flush=True)
    if not args.json:
        lines = arena.table(done).splitlines()
        lines[0] += " target |"
        lines[1] += " --- |"
        lines[2:] = [line + f" {r['target']} |" for line, r in zip(lines[2:], done, strict=True)]
        print("\n".join(lines))
    return 0
