"""Bots: the strength targets of the computer players (issue 14), measured in the arena.

Every row is a duplicate arena (``polignac-tui arena``) of a candidate level against
a field level: 400 deals, seed 1 by default, ``--quick`` for a short run (40 deals)
that shows the table works but decides nothing. Prints one line per row as it ends,
then the table; ``--json`` prints each row's arena JSON line instead. The targets
are the issue's: a diff (penalty points per deal per seat, negative is better than
the field), sometimes an interval excluding 0, the expert's decision time at the
95th percentile (in CPU time: on a shared machine the clock also counts the other
processes, and the target is one core's time; the table shows both). Every row counts
the générales the candidate declared and made, a target of none: the issue asked, at the
générale preset and four players, for one declared in 1% of the deals, three in four
made, but there a générale that beats a defence keeping its stoppers comes in about
0.13% of the seat-hands (``benchmarks generale``, which measures how often per player
count), so that row measures the expert's play at that preset and says so under the
table. Exit status 0 whatever the results: it measures, it does not judge.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from typing import Any

from ..engine import PresetName, preset

NAME = "bots"
HELP = "the computer players' strength targets in the arena (400 deals per row; --quick: 40)"


@dataclass(frozen=True, slots=True)
class Row:
    """One arena run and its target (``diff``: the diff must be at most this)."""

    candidate: str
    field: str
    players: int
    preset: PresetName = "classique"
    diff: float | None = None        # None: reported, no target
    excludes_zero: bool = False      # the 95% interval must lie below 0
    p95_ms: float | None = None      # the candidate's decision time
    note: str = ""                   # what the row measures, said under the table


ROWS = (
    Row("medium", "easy", 4),
    Row("hard", "medium", 4),
    Row("expert", "hard", 4, diff=-0.10, excludes_zero=True, p95_ms=250),
    Row("expert", "medium", 4, diff=-0.40, p95_ms=250),
    Row("expert", "medium", 6, diff=-0.15, p95_ms=250),
    Row("expert", "medium", 3, diff=-0.75, p95_ms=500),
    Row("expert", "medium", 5, "english", diff=-0.10, excludes_zero=True, p95_ms=250),
    Row("expert", "medium", 4, "generale", diff=-0.40, p95_ms=250, note=(
        "expert vs medium at the générale preset, 4 players: the diff and the decision "
        "time are the targets; its générales declared/made are counted, not targeted (the "
        "issue's 1% of deals cannot be met at 4 players: a générale that beats a defence "
        "keeping its stoppers comes in about 0.13% of the seat-hands; `benchmarks "
        "generale` measures it per player count)")),
    Row("cheat", "medium", 4),
)


def verdict(row: Row, result: dict[str, Any]) -> str:
    """``met``, ``missed: ...`` naming what missed, or ``reported`` for a row without target."""
    if row.diff is None:
        return "reported"
    missed = []
    if result["diff"] > row.diff:
        missed.append(f"diff > {row.diff:+.2f}")
    if row.excludes_zero and result["ci95"][1] >= 0:
        missed.append("interval includes 0")
    if row.p95_ms is not None and result["cpu_ms_p95"] > row.p95_ms:
        missed.append(f"p95 > {row.p95_ms:.0f} ms")
    return "met" if not missed else "missed: " + ", ".join(missed)


def table(rows: list[tuple[Row, dict[str, Any]]]) -> str:
    """The results as a Markdown table."""
    lines = ["| candidate vs field | players | preset | diff | 95% interval "
             "| p95 ms (CPU / clock) | générales declared/made | target |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for row, r in rows:
        lo, hi = r["ci95"]
        g = r["generales"]
        lines.append(f"| {row.candidate} vs {row.field} | {row.players} | {row.preset} "
                     f"| {r['diff']:+.3f} | [{lo:+.3f}, {hi:+.3f}] "
                     f"| {r['cpu_ms_p95']:.1f} / {r['move_ms_p95']:.1f} "
                     f"| {g['declared']}/{g['made']} | {verdict(row, r)} |")
    lines += [f"\n{row.note}" for row, _ in rows if row.note]
    return "\n".join(lines)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--quick", action="store_true", help="40 deals per row instead of 400")
    parser.add_argument("--deals", type=int, help="deals per row (400; --quick: 40)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (1)")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)),
                        help="processes per row (one per core)")
    parser.add_argument("--only", metavar="CANDIDATE", help="only the rows of this candidate")
    parser.add_argument("--json", action="store_true", help="one arena JSON line per row")
    args = parser.parse_args(argv)
    deals = args.deals or (40 if args.quick else 400)
    if deals < 1 or not 1 <= args.jobs <= 64:
        parser.error("--deals must be at least 1 and --jobs 1 to 64")
    from ..players.arena import (
        run_arena,  # here: the help must not import the players
    )
    done: list[tuple[Row, dict[str, Any]]] = []
    for row in ROWS:
        if args.only and row.candidate != args.only:
            continue
        rules = preset(row.preset, row.players)
        result = run_arena(rules, row.players, deals, args.seed, row.candidate, row.field,
                           args.jobs)
        done.append((row, result))
        if args.json:
            print(json.dumps({"preset": row.preset, **result}, ensure_ascii=False), flush=True)
        else:
            print(f"{row.candidate} vs {row.field}, {row.players} players, {row.preset}: "
                  f"diff {result['diff']:+.3f} ({verdict(row, result)})", file=sys.stderr,
                  flush=True)
    if not args.json:
        print(table(done))
    return 0
