"""The table service under load: scripted clients over the socket play whole deals.

Starts ``polignac-tui serve`` as a child process (temporary data folders, pace
``instant``), opens ``--tables`` tables of four people each (every person a client
of its own connection), and has them play ``--deals`` whole deals: each plays its
first legal card when its turn comes and answers a question with the last words the
seam's choice offers (at Polignac, a pass). Latency of an action (a card or an
answer): from the moment it is sent to the moment every seat of that table holds the
view that shows it. Targets at 25 tables: p50 ≤ 20 ms, p95 ≤ 50 ms.

``--think`` is how long a scripted person looks at the table before acting (default
0.5 s, a quick player; 0 makes every client answer at once, which measures the
service saturated: then latency is mostly the queue of the other tables' actions).

``--game ecarte`` (or ``piquet``): tables of that game instead, two people each (protocol
2's ``act``: the first card, the fewest cards a discard allows, every kind declared, the
last word: play, refuse, nolook), a match each (Écarté to 5 points, Piquet to 100).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..games import FIRST_GAME, game_names
from ..service.protocol import PROTOCOL

NAME = "serve"
HELP = "latency of the table service: 4 scripted clients per table over its socket"
TARGET_P50_MS = 20.0
TARGET_P95_MS = 50.0
NAMES = ("Anna", "Bruno", "Claire", "Denis")
GAMES = game_names()
# a game's table settings where its first preset is not the one measured (Piquet: to 100
# points, not a partie of six deals); every other game of two plays its first preset
GAME_SETTINGS: dict[str, dict[str, Any]] = {"piquet": {"preset": "cent", "limit": 100}}


class Bench:
    """The timings of one run: when each action was sent, when each seat saw it."""

    def __init__(self) -> None:
        self.sent: dict[tuple[int, str], float] = {}
        self.seen: dict[tuple[int, str], int] = {}
        self.latencies: list[float] = []
        self.actions = 0

    def send(self, table: int, key: str) -> None:
        self.sent[(table, key)] = time.perf_counter()
        self.actions += 1

    def saw(self, table: int, key: str, seats: int) -> None:
        k = (table, key)
        count = self.seen.get(k, 0) + 1
        if count < seats:
            self.seen[k] = count
            return
        self.seen.pop(k, None)
        start = self.sent.pop(k, None)
        if start is not None:
            self.latencies.append(time.perf_counter() - start)


def _action_keys(events: list[dict[str, Any]], deal: int) -> list[str]:
    keys = []
    for event in events:
        if event["type"] == "game" and event["event"] == "CardPlayed":
            keys.append(f"{deal}/{event['seat']}/{event['card']}")
        elif event["type"] == "game" and event["event"] == "Discarded":
            keys.append(f"{deal}/{event['seat']}/discard")
        elif event["type"] == "game" and event["event"] == "Said" and event["to"] is None:
            keys.append(f"{deal}/{event['seat']}/{event['action'].split()[0]}")
    return keys


def _game_action(view: dict[str, Any]) -> str:
    """A scripted person's action at a table of any game (its turn), from the seam's
    choice alone: the first legal card, the fewest cards of a discard, or the last words
    offered (a pass, a refusal: no endless exchanges)."""
    choice = view["choice"]
    if choice["kind"] == "card":
        return str(choice["cards"][0])
    if choice["kind"] == "cards":
        count = min(max(choice["least"], 1), choice["most"])
        return " ".join([choice["verb"], *choice["cards"][:count]])
    if choice["verb"] is not None:
        return " ".join([choice["verb"], *choice["words"]])
    return str(choice["words"][-1])     # play, refuse, nolook: no endless exchanges


def _game_key(deal: int, seat: int, action: str) -> str:
    """The key of ``action`` as ``_action_keys`` finds it in the events."""
    head = action.split()[0]
    if head == "discard":
        return f"{deal}/{seat}/discard"
    return f"{deal}/{seat}/{head}"


async def _client(path: str, bench: Bench, table_index: int, seat_name: str,
                  table_id: asyncio.Future[str], seats: list[dict[str, str]],
                  deals: int, think: float, game: str = FIRST_GAME) -> None:
    reader, writer = await asyncio.open_unix_connection(path, limit=2**22)

    def send(message: dict[str, Any]) -> None:
        writer.write((json.dumps(message) + "\n").encode())

    async def receive() -> dict[str, Any]:
        line = await reader.readline()
        if not line:
            raise ConnectionError("the service closed the connection")
        message: dict[str, Any] = json.loads(line)
        if message["type"] in ("error", "bye"):
            raise RuntimeError(f"the service refused: {message}")
        return message

    send({"type": "hello", "protocol": PROTOCOL, "identity": f"bench:{table_index}:{seat_name}",
          "name": seat_name})
    creator = seat_name == NAMES[0]
    if creator:
        if game != FIRST_GAME:
            send({"type": "create", "id": 1, "name": f"bench {table_index}", "seats": seats,
                  "pace": "instant", "game": game, "settings": GAME_SETTINGS.get(game, {})})
        else:
            send({"type": "create", "id": 1, "name": f"bench {table_index}", "seats": seats,
                  "pace": "instant", "rules": {"preset": "classique", "end": "deals",
                                               "limit": deals}})
        while (message := await receive())["type"] != "created":
            pass
        table_id.set_result(message["table"])
    table = await table_id
    if not creator:
        send({"type": "sit", "id": 2, "table": table, "seat": NAMES.index(seat_name)})
        while (await receive())["type"] != "seated":
            pass
    last = ""                   # the last action sent: never sent twice
    loop = asyncio.get_running_loop()

    def act(key: str, message: dict[str, Any]) -> None:
        def go() -> None:
            bench.send(table_index, key)
            send(message)
        if think > 0:
            loop.call_later(think * (0.5 + rng.random()), go)
        else:
            go()
    rng = random.Random(f"{table_index}/{seat_name}")
    try:
        while True:
            message = await receive()
            if message["type"] != "update":
                if creator and message["type"] in ("tables", "tables_changed"):
                    mine = next((t for t in message["tables"] if t["table"] == table), None)
                    if mine is not None and mine["state"] == "waiting" and all(
                            not s["open"] for s in mine["seats"]) and not last:
                        last = "start"
                        send({"type": "start", "id": 3, "table": table})
                continue
            view = message["views"][0]
            state = message["state"]
            for key in _action_keys(message["events"], view["deal_number"]):
                bench.saw(table_index, key, len(seats))
            if view["outcome"] is not None:
                break
            seat, deal = view["seat"], view["deal_number"]
            if state["waiting"] == "ready" and not state["ready"][seat]:
                if last != f"{deal}/ready":
                    last = f"{deal}/ready"
                    send({"type": "ready"})
            elif state["waiting"] == "hold":
                send({"type": "seen"})
            elif state["waiting"] == "turn" and view["turn"] == seat and view["choice"]:
                action = _game_action(view)
                # a view answered once (an update may repeat it): never sent twice
                mark = json.dumps(view, sort_keys=True)
                if last != mark:
                    last = mark
                    act(_game_key(deal, seat, action),
                        {"type": "act", "seat": seat, "action": action})
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


def _rss_mb(pid: int) -> float:
    """Resident memory of a process (its own, not its children's), in MiB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return float("nan")


def _children_rss_mb(pid: int) -> float:
    total = 0.0
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            total += _rss_mb(int(child))
    return round(total, 1)


async def _run(path: str, tables: int, deals: int, server_pid: int,
               think: float, game: str = FIRST_GAME) -> dict[str, Any]:
    bench = Bench()
    people = 4 if game == FIRST_GAME else 2
    seats = [{"kind": "you"}] + [{"kind": "open"}] * (people - 1)
    tasks = []
    start = time.perf_counter()
    for index in range(tables):
        table_id: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        for name in NAMES[:people]:
            tasks.append(asyncio.create_task(_client(
                path, bench, index, name, table_id, seats, deals, think, game)))
    rss_peak = 0.0

    async def sample() -> None:
        nonlocal rss_peak
        while True:
            rss_peak = max(rss_peak, _rss_mb(server_pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    try:
        await asyncio.gather(*tasks)
    finally:
        sampler.cancel()
    seconds = time.perf_counter() - start
    ordered = sorted(bench.latencies)

    def pct(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000, 2)

    return {"benchmark": NAME, "game": game, "tables": tables, "clients": people * tables,
            "deals": deals,
            "think_s": think,
            "actions": bench.actions, "measured": len(ordered),
            "p50_ms": round(statistics.median(ordered) * 1000, 2), "p95_ms": pct(0.95),
            "max_ms": pct(1.0), "seconds": round(seconds, 2),
            "actions_per_s": round(bench.actions / seconds, 1),
            "server_rss_mb": max(rss_peak, _rss_mb(server_pid)),
            "workers_rss_mb": _children_rss_mb(server_pid),
            "target_p50_ms": TARGET_P50_MS, "target_p95_ms": TARGET_P95_MS}


def _start_service(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = str(folder / "data")
    env["XDG_CONFIG_HOME"] = str(folder / "config")
    env.pop("XDG_RUNTIME_DIR", None)
    path = str(folder / "s.sock")
    process = subprocess.Popen([sys.executable, "-m", "polignac_tui", "serve", "--socket",
                                path], env=env, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while True:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise SystemExit(f"the service did not start: "
                                 f"{process.communicate()[1].decode()}") from None
            time.sleep(0.05)
        finally:
            probe.close()
    return process, path


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("--tables", type=int, action="append", default=None,
                        help="tables of 4 scripted clients (repeat for several runs; "
                             "default: 25 then 100)")
    parser.add_argument("--deals", type=int, default=2, help="whole deals per table (2)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a scripted person waits before acting, on average "
                             "(0.5; 0: at once, the service saturated)")
    parser.add_argument("--game", choices=GAMES, default=FIRST_GAME,
                        help=f"the tables' game, one of {', '.join(GAMES)} (four people a "
                             f"table at {FIRST_GAME}, two at the others)")
    parser.add_argument("--json", action="store_true", help="one JSON object per run")
    parser.add_argument("--connect", metavar="PID:PATH", default=None,
                        help="use the service already running (its pid and socket) instead "
                             "of starting one (to profile it)")
    args = parser.parse_args(argv)
    worst = 0
    if args.connect:
        pid, _, path = args.connect.partition(":")
        result = asyncio.run(_run(path, (args.tables or [25])[0], args.deals, int(pid),
                                  args.think, args.game))
        print(json.dumps(result), flush=True)
        return 0
    for tables in args.tables or [25, 100]:
        with tempfile.TemporaryDirectory(prefix="pbs-", dir="/tmp") as folder:
            process, path = _start_service(Path(folder))
            try:
                result = asyncio.run(_run(path, tables, args.deals, process.pid, args.think,
                                          args.game))
            finally:
                process.terminate()
                try:
                    process.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    process.kill()
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            print(f"{args.game}: {tables} tables, {result['clients']} clients, "
                  f"{result['actions']} actions "
                  f"in {result['seconds']} s: p50 {result['p50_ms']} ms, p95 "
                  f"{result['p95_ms']} ms, max {result['max_ms']} ms; service RSS "
                  f"{result['server_rss_mb']} MiB (workers {result['workers_rss_mb']} MiB)",
                  flush=True)
        if tables <= 25 and (result["p50_ms"] > TARGET_P50_MS
                             or result["p95_ms"] > TARGET_P95_MS):
            worst = 1
    return worst
