"""La générale (issue 36): how often a seat-hand's générale can be made, and how well the
expert's estimate predicts it.

For every seat of every deal at the générale preset (3 to 8 players), the seat is asked
about la générale as in play (the seats asked before it pass) and the expert's estimate
is read from its view: the share of its sampled worlds where the générale is made
against a sharp defence (``players.generale``). The same hand is played declaring in
the true deal against that sharp defence (``sharp``), and, when the estimate reaches
``--lowest``, for real: the expert declares and plays, the defenders are computer
players of each ``--defence`` level playing to break it (so are the hands made in some
world against the policy's defence, and a ``--sample`` share of the rest). Prints, per
player count, the share of seat-hands at or above every threshold of the estimate and how many
of those were made, then the calibration (estimate bucket: predicted vs made). It
measures, it does not judge: exit status 0 whatever the results.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from typing import Any

from ... import LEVELS

NAME = "generale"
HELP = ("la générale: the expert's estimate per seat-hand and how often such hands are made "
        "in real play (200 deals per player count; --quick: 20)")
THRESHOLDS = (0.5, 0.6, 0.75, 0.9)
BUCKETS = (0.0, 0.25, 0.5, 0.6, 0.75, 0.9, 1.01)


@dataclass
class SeatHand:
    """One seat's hand of one deal: the estimate, and the générale made or not."""

    players: int
    deal: int
    seat: int
    estimate: float                 # the expert's made share against a sharp defence
    passing: float                  # its mean points passing
    loose: float                    # its made share against the policy's defence
    sharp: bool                     # made in the true deal against the sharp defence
    made: dict[str, bool] = field(default_factory=dict)   # by defending level, played


def _job(args: tuple[int, int, int, tuple[str, ...], float, float]) -> list[SeatHand]:
    from ..engine import Declare, Player, Session, preset
    from ..players.arena import _seed, deal_cards
    from ..players.bots import make_player
    from ..players.policy import playout
    from ..players.sim import State

    players, seed, index, defence, lowest, sample = args
    pick = random.Random(f"generale:{seed}:{index}:{players}")
    rules = preset("generale", players)
    dealer, hands = deal_cards(rules, players, seed, index)

    def asked(seat: int) -> Session:
        session = Session(rules, [Player(f"Seat {i + 1}") for i in range(players)])
        session.add_deal(dealer, hands)
        while session.turn != seat:
            turn = session.turn
            assert turn is not None
            session.apply(Declare(turn, False))
        return session

    out: list[SeatHand] = []
    for seat in range(players):
        session = asked(seat)
        expert = make_player("expert", _seed(seed, index, seat, "expert"))
        assert hasattr(expert, "generale")
        view = session.view(seat)
        est, k = expert.generale(view, loose=True)
        true = State(rules, [k.cx.mask(h) for h in hands], seat, k.base.total)
        true.declarer = seat
        playout(true, defence=True)
        hand = SeatHand(players, index, seat, est.made, est.passing, est.loose,
                        true.chelem_seat() == seat)
        # also played: every hand made in some world against the policy's defence (it
        # gives its stoppers away), and a random share ``sample`` of the others
        if est.made >= lowest or est.loose > 0 or pick.random() < sample:
            for level in defence:
                played = asked(seat)
                played.apply(Declare(seat, True))
                bots = [make_player("expert" if s == seat else level,
                                    _seed(seed, index, s, level)) for s in range(players)]
                while played.current is not None:
                    turn = played.turn
                    assert turn is not None
                    played.apply(bots[turn].choose(played.view(turn)))
                hand.made[level] = bool(played.deals[-1].generale_made)
        out.append(hand)
    return out


def measure(players: int, deals: int, seed: int, defence: tuple[str, ...], jobs: int,
            lowest: float = THRESHOLDS[0], sample: float = 0.0) -> Iterator[SeatHand]:
    """Every seat-hand of ``deals`` deals at ``players`` players, in order."""
    args = [(players, seed, i, defence, lowest, sample) for i in range(deals)]
    if jobs <= 1:
        for a in args:
            yield from _job(a)
        return
    with get_context("spawn").Pool(jobs) as pool:
        for hands in pool.imap(_job, args, chunksize=1):
            yield from hands


def summary(hands: list[SeatHand], defence: tuple[str, ...]) -> dict[str, Any]:
    """Per threshold: seat-hands at or above it, and how many were made (sharp in the true
    deal, and played against every defending level); per bucket: predicted vs made."""
    total = len(hands)
    rows = []
    for t in THRESHOLDS:
        above = [h for h in hands if h.estimate >= t]
        rows.append({
            "threshold": t, "hands": len(above), "share": len(above) / total if total else 0.0,
            "sharp_made": sum(h.sharp for h in above),
            **{f"{lvl}_made": sum(h.made.get(lvl, False) for h in above) for lvl in defence},
        })
    buckets = []
    for lo, hi in itertools.pairwise(BUCKETS):
        inside = [h for h in hands if lo <= h.estimate < hi]
        played = {lvl: [h.made[lvl] for h in inside if lvl in h.made] for lvl in defence}
        buckets.append({
            "bucket": [lo, min(hi, 1.0)], "hands": len(inside),
            "predicted": sum(h.estimate for h in inside) / len(inside) if inside else 0.0,
            "sharp_made": sum(h.sharp for h in inside),
            **{f"{lvl}_made": f"{sum(v)}/{len(v)}" for lvl, v in played.items()},
        })
    return {"seat_hands": total, "sharp_made": sum(h.sharp for h in hands),
            "thresholds": rows, "calibration": buckets}


def table(players: int, s: dict[str, Any], defence: tuple[str, ...]) -> str:
    lines = [f"{players} players: {s['seat_hands']} seat-hands, "
             f"{s['sharp_made']} made in the true deal against the sharp defence",
             "| estimate ≥ | seat-hands | share | made (true deal, sharp) | "
             + " | ".join(f"made vs {lvl}" for lvl in defence) + " |",
             "| --- | --- | --- | --- | " + " | ".join("---" for _ in defence) + " |"]
    for r in s["thresholds"]:
        lines.append(f"| {r['threshold']:.2f} | {r['hands']} | {r['share']:.2%} | "
                     f"{r['sharp_made']} | "
                     + " | ".join(str(r[f'{lvl}_made']) for lvl in defence) + " |")
    lines += ["| bucket | seat-hands | predicted | made (true, sharp) | "
              + " | ".join(f"played vs {lvl}" for lvl in defence) + " |",
              "| --- | --- | --- | --- | " + " | ".join("---" for _ in defence) + " |"]
    for b in s["calibration"]:
        lo, hi = b["bucket"]
        lines.append(f"| [{lo:.2f}, {hi:.2f}) | {b['hands']} | {b['predicted']:.3f} | "
                     f"{b['sharp_made']} | "
                     + " | ".join(b[f'{lvl}_made'] for lvl in defence) + " |")
    return "\n".join(lines)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--players", default="3,4,5,6,8",
                        help="player counts, comma-separated (3,4,5,6,8)")
    parser.add_argument("--quick", action="store_true", help="20 deals per count instead of 200")
    parser.add_argument("--deals", type=int, help="deals per player count (200; --quick: 20)")
    parser.add_argument("--seed", type=int, help="seed of the deals (default: drawn, printed)")
    parser.add_argument("--defence", default="hard,expert",
                        help="defending levels played against, comma-separated (hard,expert)")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)),
                        help="processes (one per core)")
    parser.add_argument("--lowest", type=float, default=0.25,
                        help="the lowest estimate whose hands are played for real (0.25)")
    parser.add_argument("--sample", type=float, default=0.0,
                        help="share of the other hands played for real too (0)")
    parser.add_argument("--json", action="store_true", help="one JSON line per player count")
    parser.add_argument("--dump", metavar="FILE", help="write every seat-hand as JSON lines")
    args = parser.parse_args(argv)
    deals = args.deals or (20 if args.quick else 200)
    try:
        counts = [int(p) for p in args.players.split(",")]
    except ValueError:
        parser.error(f"--players must be numbers separated by commas, not {args.players!r}")
    defence = tuple(d for d in args.defence.split(",") if d)
    if not all(3 <= p <= 8 for p in counts):
        parser.error("--players must each be 3 to 8")
    if not set(defence) <= set(LEVELS):
        parser.error(f"--defence levels are {', '.join(LEVELS)}, not {args.defence!r}")
    if (deals < 1 or not 1 <= args.jobs <= 64 or not 0.0 <= args.lowest <= 1.0
            or not 0.0 <= args.sample <= 1.0):
        parser.error("--deals must be at least 1, --jobs 1 to 64, --lowest and --sample 0 to 1")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    print(f"seed {seed}, {deals} deals per player count", flush=True)
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None  # noqa: SIM115
    try:
        for players in counts:
            hands = []
            for h in measure(players, deals, seed, defence, args.jobs, args.lowest,
                             args.sample):
                hands.append(h)
                if dump:
                    dump.write(json.dumps(asdict(h)) + "\n")
                    dump.flush()
            s = summary(hands, defence)
            if args.json:
                print(json.dumps({"players": players, "seed": seed, **s}), flush=True)
            else:
                print(table(players, s, defence), flush=True)
    finally:
        if dump:
            dump.close()
    return 0
