"""Doors: N SSH connections, each a real terminal session of the app.

An SSH door is opened on a free local port (in this process), running the app with empty
temporary data and config folders; N asyncssh clients, each with its own key, connect at
once (or spread over ``--ramp`` seconds) and ask for an 80×24 terminal. For each, the time
from starting to connect to the first full screen drawn (the text ``--expect`` seen in
what the terminal was sent, escape sequences taken out) is measured; with every screen
drawn, the resident memory of the app processes is read from /proc. ``action_p95_ms`` (a
key press that plays a card, to the other three terminals of the table showing it) needs
the table service and its lobby: null until then.
Targets: first frame p95 ≤ 2 s, action p95 ≤ 150 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

NAME = "doors"
HELP = "N SSH connections at once: time to the first screen, memory per connection"
TARGET_FIRST_FRAME_S = 2.0
TARGET_ACTION_MS = 150.0
ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|.)")


def rss_kb(pid: int, field: str = "VmRSS") -> int:
    """A process's resident memory (or, with ``Pss``, its proportional share) in kB."""
    try:
        if field == "Pss":
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        else:
            text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


async def one_client(port: int, index: int, expect: bytes, timeout: float,
                     delay: float = 0.0) -> tuple[float, tuple[Any, Any]]:
    import asyncssh
    key = asyncssh.generate_private_key("ssh-ed25519")
    await asyncio.sleep(delay)
    start = time.perf_counter()
    conn = await asyncssh.connect("127.0.0.1", port, username=f"player{index}",
                                  client_keys=[key], known_hosts=None, agent_path=None,
                                  preferred_auth="publickey")
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                        encoding=None)
    seen = b""
    deadline = start + timeout
    while expect not in ESCAPES.sub(b"", seen):
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"connection {index}: no first screen within {timeout:g} s")
        chunk = await asyncio.wait_for(process.stdout.read(65536), left)
        if not chunk:
            raise EOFError(f"connection {index}: the session ended before its first screen")
        seen += chunk
    return time.perf_counter() - start, (conn, process)


async def measure(connections: int, expect: str, timeout: float,
                  ramp: float = 0.0) -> dict[str, object]:
    from ..service.doors import DoorLimits, open_ssh_door
    with tempfile.TemporaryDirectory(prefix="doors-bench-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
        env.update(XDG_DATA_HOME=f"{home}/data", XDG_CONFIG_HOME=f"{home}/config")
        door = await open_ssh_door(
            "", 0, argv_for=lambda login: [sys.executable, "-m", "polignac_tui"],
            data_dir=Path(home) / "door", env=env,
            limits=DoorLimits(connections=connections + 1, per_key=1,
                              per_minute=connections + 1))
        try:
            results = await asyncio.gather(*(
                one_client(door.port, i, expect.encode(), timeout, ramp * i / connections)
                for i in range(connections)))
            firsts = sorted(r[0] for r in results)
            pids = [pid for p in door.processes for pid in descendants(p.pid)]
            rss = sum(rss_kb(pid) for pid in pids) / 1024
            pss = sum(rss_kb(pid, "Pss") for pid in pids) / 1024
            for _, (conn, _process) in results:
                conn.close()
        finally:
            await door.close()
    p95 = firsts[max(0, round(0.95 * len(firsts)) - 1)]
    return {
        "connections": connections,
        "ramp_s": ramp,
        "first_frame_p50_s": round(statistics.median(firsts), 3),
        "first_frame_p95_s": round(p95, 3),
        "first_frame_max_s": round(firsts[-1], 3),
        "action_p95_ms": None,
        "rss_per_connection_mb": round(rss / connections, 1),
        "pss_per_connection_mb": round(pss / connections, 1),
        "cpus": os.cpu_count(),
        "target_first_frame_p95_s": TARGET_FIRST_FRAME_S,
        "target_action_p95_ms": TARGET_ACTION_MS,
    }


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m polignac_tui.benchmarks doors",
                                     description=HELP)
    parser.add_argument("--connections", type=int, default=40, metavar="N",
                        help="SSH connections at once (default 40)")
    parser.add_argument("--expect", default="New session",
                        help="text of the first screen (default: Home's 'New session')")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds a connection may take to its first screen")
    parser.add_argument("--ramp", type=float, default=0.0, metavar="S",
                        help="spread the connections evenly over S seconds (default 0: "
                             "all at once)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    if args.connections < 1:
        parser.error(f"--connections must be at least 1, not {args.connections}")
    try:
        result = asyncio.run(measure(args.connections, args.expect, args.timeout, args.ramp))
    except (TimeoutError, EOFError, OSError) as error:
        print(f"doors benchmark failed: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result))
        return 0
    p95 = result["first_frame_p95_s"]
    ok = isinstance(p95, float) and p95 <= TARGET_FIRST_FRAME_S
    spread = f"over {args.ramp:g} s" if args.ramp else "at once"
    print(f"{result['connections']} SSH connections {spread} ({result['cpus']} cores)")
    print(f"  first screen: p50 {result['first_frame_p50_s']} s, p95 "
          f"{result['first_frame_p95_s']} s, max {result['first_frame_max_s']} s "
          f"(target p95 ≤ {TARGET_FIRST_FRAME_S} s: {'met' if ok else 'NOT met'})")
    print(f"  memory per connection: RSS {result['rss_per_connection_mb']} MB, "
          f"PSS {result['pss_per_connection_mb']} MB")
    print("  action p95: n/a until the table service and its lobby exist (issue 9)")
    return 0
