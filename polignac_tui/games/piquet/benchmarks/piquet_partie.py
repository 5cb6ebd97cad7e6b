"""Piquet's levels in mirrored pairs of parties from a given standing (``standings``):
the last deal (``--deals-left 1``) or the last two of a partie, from totals drawn
around the rubicon, the cards dealt by seed, the same for both seats; each partie
scored by its value (RULES-piquet.md §7). ``--whole``: whole parties from the start.

The default row is the expert against the same expert without the partie in mind
(``points``). Prints a table, a row per kind of standing and one for them all
(``--json``: a JSON line per row instead). Exit status 0 whatever the results: it
measures; 2 for a bad argument.
"""

from __future__ import annotations

import argparse
import json
import sys

NAME = "piquet_partie"
HELP = ("Piquet's expert with and without the partie in mind, in mirrored pairs of "
        "parties from standings around the rubicon (--pairs N, --whole)")


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--pairs", type=int, default=60, help="mirrored pairs (60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the standings and deals (1)")
    parser.add_argument("--candidate", default="expert", help="a level (expert)")
    parser.add_argument("--field", default="points",
                        help="a level, or points: the expert without the partie in mind")
    parser.add_argument("--deals-left", type=int, default=1,
                        help="deals left to play from the standing (1: the last)")
    parser.add_argument("--kinds", default=None,
                        help="the kinds of standing, comma-separated (all)")
    parser.add_argument("--whole", action="store_true", help="whole parties from the start")
    parser.add_argument("--json", action="store_true", help="a JSON line per row")
    args = parser.parse_args(argv)
    if not 1 <= args.pairs <= 10_000:
        parser.error("--pairs: 1 to 10000")
    from ...errors import RuleError  # here: the help must not import the players
    from . import standings
    kinds = tuple(standings.KINDS) if args.kinds is None else tuple(
        k.strip() for k in str(args.kinds).split(",") if k.strip())
    try:
        rows = standings.run_standings(args.pairs, args.seed, args.candidate, args.field,
                                       kinds, args.deals_left, whole=args.whole,
                                       progress=not args.json and sys.stderr.isatty())
    except RuleError as error:
        parser.error(str(error))
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        return 0
    print(table(rows))
    return 0


def table(rows: list[dict[str, object]]) -> str:
    """The rows as a Markdown table, the arena's parties' columns and the standing."""
    from ...arena import parties_table
    lines = parties_table(rows).splitlines()
    lines[0] = "| standing | deals left " + lines[0]
    lines[1] = "| --- | --- " + lines[1]
    for i, row in enumerate(rows, start=2):
        lines[i] = f"| {row['kind']} | {row['deals_left'] or 'all'} " + lines[i]
    return "\n".join(lines)


__all__ = ["HELP", "NAME", "run", "table"]
