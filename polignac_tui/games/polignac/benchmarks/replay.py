"""Replay: how long it takes to read a 200-deal, 4-player session file (target: 0.3 s).

Writes a seeded session of ``--deals`` finished deals to a temporary file, every
deal played to its last trick (``play_out``, so all 32 cards of each deal are in
the log) with la générale asked, then times ``fileformat.load``: read the file,
parse it with tomllib, validate every key and replay every action through the
engine. Prints every run and their median; exits 1 when the median misses the target.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from ....store.gamefile import dumps, load
from ...session import GameSession
from .. import game_session
from ..engine import Player, Session, preset
from ..engine.autoplay import random_step
from .autosave import cards_played

NAME = "replay"
HELP = "time loading and replaying a 200-deal, 4-player session file (target: at most 0.3 s)"
TARGET_S = 0.3
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio", "Gina", "Hugo")


def build_session(deals: int, players: int = 4, seed: int = 1) -> GameSession:
    """``deals`` deals played at random to their last trick; the session ends with the last
    (as the house saves it)."""
    rules = preset("generale", players).replace(end="deals", limit=deals, play_out=True)
    rng = random.Random(seed)
    session = Session.new(rules, [Player(n) for n in NAMES[:players]], rng,
                          id=f"bench-replay-{deals}", name="replay benchmark",
                          created=datetime(2026, 11, 22, 20, 15, tzinfo=UTC))
    while not session.finished:
        random_step(session, rng, declare_rate=0.05)
    return game_session(session)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--deals", type=int, default=200, help="deals in the file (200)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 9), metavar="N",
                        help="players, 3 to 8 (4)")
    parser.add_argument("--runs", type=int, default=9, help="timed loads (9)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    session = build_session(args.deals, args.players, args.seed)
    text = dumps(session)
    plays = cards_played(session)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{session.id}.toml"
        path.write_text(text, encoding="utf-8")
        load(path)   # warm up imports and caches
        times = []
        for _ in range(max(1, args.runs)):
            start = time.perf_counter()
            again = load(path)
            times.append(time.perf_counter() - start)
    assert again.match.totals == session.match.totals and dumps(again) == text
    median = statistics.median(times)
    print(f"file: {args.deals} deals, {args.players} players, {plays} cards played, "
          f"{len(text.encode()):,} bytes, {text.count(chr(10)):,} lines")
    print("runs (s): " + " ".join(f"{t:.3f}" for t in times))
    print(f"median: {median:.3f} s (min {min(times):.3f} s) for read + parse + validate + "
          f"replay; target <= {TARGET_S} s: {'ok' if median <= TARGET_S else 'MISSED'}")
    return 0 if median <= TARGET_S else 1
