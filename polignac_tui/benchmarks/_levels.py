"""A game's computer levels in the duplicate arena, row by row: the shared part of the
``ecarte_bots`` and ``piquet_bots`` benchmarks, in their games' folders (each names its
game, its deals per row and its decision-time target). Every row is an arena of a
candidate level against a field level; the diff is the candidate's mean points per deal
minus the field's (positive: better). Prints one line per row as it ends, then the table
(``--json``: each row's arena JSON line instead). Exit status 0 whatever the results: it measures.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    candidate: str
    field: str
    better: bool = False             # the interval must lie above 0
    p95_ms: float | None = None      # the candidate's decision time (CPU), at most


def rows(p95_ms: float) -> tuple[Row, ...]:
    """The levels against each other; the expert's rows are the targets."""
    return (Row("medium", "easy"), Row("hard", "medium"),
            Row("expert", "medium", better=True, p95_ms=p95_ms),
            Row("expert", "hard", better=True, p95_ms=p95_ms),
            Row("cheat", "medium"), Row("cheat", "expert"))


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


def run(argv: list[str], *, name: str, help: str, game: str, deals_per_row: int,
        quick_deals: int, presets: tuple[str, ...], p95_ms: float) -> int:
    """One benchmark of ``game``'s levels (``ecarte_bots``, ``piquet_bots``)."""
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {name}",
                                     description=help)
    parser.add_argument("--quick", action="store_true",
                        help=f"{quick_deals} deals per row instead of {deals_per_row}")
    parser.add_argument("--deals", type=int,
                        help=f"deals per row ({deals_per_row}; --quick: {quick_deals})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (1)")
    parser.add_argument("--preset", default=presets[0], help=" or ".join(presets))
    parser.add_argument("--only", metavar="CANDIDATE", help="only the rows of this candidate")
    parser.add_argument("--json", action="store_true", help="one arena JSON line per row")
    args = parser.parse_args(argv)
    deals = args.deals or (quick_deals if args.quick else deals_per_row)
    if deals < 1:
        parser.error("--deals must be at least 1")
    from ..games import arena  # here: the help must not import the players
    done: list[dict[str, object]] = []
    for row in rows(p95_ms):
        if args.only and row.candidate != args.only:
            continue
        result = arena.run(game, deals, args.seed, row.candidate, row.field, args.preset)
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
