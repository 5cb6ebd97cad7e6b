"""Startup: time from process start to the first screen painted (target: 1.0 s).

Spawns ``python -m polignac_tui`` under a pseudo-terminal of 80×24 (a real
terminal driver, as a user gets), with temporary data and config folders and
``POLIGNAC_TUI_FIRST_PAINT`` set: the app writes the wall-clock time of its first
painted screen (Home) to that file and exits at once. The time counted runs from
just before the process is spawned (interpreter start and imports included) to
that moment. Repeated N times; reports the median and the worst.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

NAME = "startup"
HELP = "time from process start to the first screen painted (target: 1.0 s)"
TARGET_S = 1.0


def fill(workdir: Path, sessions: int) -> None:
    """``sessions`` saved sessions of 10 finished deals each, the newest one unfinished
    at its last deal (what Home reads to offer "Continue")."""
    from ..store.folder import SessionStore
    from ..ui.screenshots import scenes
    play_random, seeded, write = scenes().play_random, scenes().seeded, scenes().write
    store = SessionStore(workdir / "data" / "polignac-tui" / "sessions")
    for i in range(sessions):
        session = seeded(f"20261101-{1000 + i}-ana", "", i, end="deals", limit=11)
        write(store, play_random(session, i, deals=10))
        stamp = 1_800_000_000 + i
        os.utime(store.path(session.id), (stamp, stamp))


def once(workdir: Path, columns: int = 80, rows: int = 24, timeout: float = 20.0) -> float:
    """Seconds from spawning the app to its first painted screen."""
    stamp = workdir / "first-paint"
    stamp.unlink(missing_ok=True)
    env = dict(os.environ)
    for key in list(env):
        if key.startswith("TEXTUAL_"):
            del env[key]
    env.update(XDG_DATA_HOME=str(workdir / "data"), XDG_CONFIG_HOME=str(workdir / "config"),
               TERM="xterm-256color", POLIGNAC_TUI_FIRST_PAINT=str(stamp))
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    start = time.time()
    process = subprocess.Popen([sys.executable, "-m", "polignac_tui"], stdin=slave,
                               stdout=slave, stderr=slave, env=env, close_fds=True,
                               start_new_session=True)
    os.close(slave)
    deadline = time.monotonic() + timeout
    try:
        while process.poll() is None:  # drain the terminal so the app never blocks on it
            if time.monotonic() > deadline:
                raise RuntimeError(f"the app did not paint within {timeout:.0f} s")
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    os.read(master, 65536)
                except OSError:
                    break
        process.wait(timeout=max(0.1, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    if not stamp.exists():
        raise RuntimeError(f"the app exited (status {process.returncode}) without painting")
    return float(stamp.read_text().strip()) - start


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("-n", "--runs", type=int, default=10, help="runs (default 10)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="runs not counted, to warm the file cache (default 1)")
    parser.add_argument("--sessions", type=int, default=0, metavar="N",
                        help="saved sessions in the data folder (10 deals each; default 0)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="polignac-startup-") as tmp:
        workdir = Path(tmp)
        fill(workdir, args.sessions)
        try:
            for _ in range(args.warmup):
                once(workdir)
            times = [once(workdir) for _ in range(args.runs)]
        except RuntimeError as error:
            print(f"startup: {error}", file=sys.stderr)
            return 1
    median, worst = statistics.median(times), max(times)
    print(f"first screen painted, {args.runs} runs at 80x24 under a pty, "
          f"{args.sessions} saved sessions: "
          f"median {median:.3f} s, max {worst:.3f} s, min {min(times):.3f} s "
          f"(target {TARGET_S:.1f} s)")
    verdict = "ok" if worst <= TARGET_S else "over target"
    print(f"result: {verdict}")
    return 0 if worst <= TARGET_S else 1
