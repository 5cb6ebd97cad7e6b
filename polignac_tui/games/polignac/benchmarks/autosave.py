"""Autosave: how long ``SessionStore.save_game`` takes for a long session (target: 10 ms).

Builds a seeded session of many deals (la générale on, so every kind of log
entry is written), then saves it over and over into a temporary folder and
reports the median, 95th percentile and worst time of the whole save (text,
temporary file, fsync, rename) and of the text alone (``dumps``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from ....store import SessionStore
from ....store.gamefile import dumps, loads
from ...session import GameSession
from .. import game_session
from ..engine import Player, Session, preset
from ..engine.autoplay import random_step

NAME = "autosave"
HELP = "time one autosave of a long session (target: at most 10 ms for 50 deals)"
TARGET_MS = 10.0

PLAYERS = (Player("Anna"), Player("Bertrand", "computer", "easy"),
           Player("Camille", "computer", "hard"), Player("Dédé", "computer", "medium"))


def build_session(deals: int, seed: int = 1, players: int = 4) -> GameSession:
    """A seeded session with ``deals`` finished deals (the session itself is not over), as
    the house saves it."""
    rules = preset("generale", players).replace(end="deals", limit=deals + 1)
    rng = random.Random(seed)
    session = Session.new(rules, PLAYERS[:players] if players <= 4 else [
        Player(f"Player {i + 1}") for i in range(players)], rng,
        id=f"bench-{deals}", name="benchmark",
        created=datetime(2026, 11, 22, 20, 15, tzinfo=UTC))
    while session.finished_deals < deals:
        random_step(session, rng, declare_rate=0.05)
    return game_session(session)


def cards_played(session: GameSession) -> int:
    """The cards played in ``session`` (its log's actions but la générale's answers)."""
    return sum(1 for deal in session.match.log for action in deal.actions
               if action not in ("declare", "pass"))


def _ms(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000, ordered[-1] * 1000


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--deals", type=int, default=50, help="deals in the session (50)")
    parser.add_argument("--repeat", type=int, default=200, help="saves to time (200)")
    parser.add_argument("--dir", type=Path, default=None,
                        help="folder to save into (default: a new temporary folder)")
    args = parser.parse_args(argv)
    session = build_session(args.deals)
    text = dumps(session)
    with tempfile.TemporaryDirectory(prefix="polignac-bench-", dir=args.dir) as folder:
        store = SessionStore(Path(folder) / "sessions")
        store.save_game(session)  # creates the folder; not timed
        save_times, dump_times = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            dumps(session)
            dump_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            store.save_game(session)
            save_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        loads(store.path(session.id).read_text("utf-8"))
        load_ms = (time.perf_counter() - start) * 1000
    print(f"session: {len(session.match.log)} deals, {cards_played(session)} cards played, "
          f"{len(text.encode())} bytes; {args.repeat} saves into {folder}")
    for label, times in (("dumps (text only)", dump_times), ("save (whole autosave)", save_times)):
        median, p95, worst = _ms(times)
        print(f"{label:<22} median {median:6.2f} ms   p95 {p95:6.2f} ms   max {worst:6.2f} ms")
    print(f"{'load (for reference)':<22} {load_ms:6.2f} ms")
    if hasattr(os, "getloadavg"):
        print(f"machine load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
              "(fsync times grow when other programs write to the disk)")
    median = _ms(save_times)[0]
    verdict = "within" if median <= TARGET_MS else "OVER"
    print(f"autosave median {median:.2f} ms: {verdict} the {TARGET_MS:g} ms target")
    return 0 if median <= TARGET_MS else 1
