"""Saved sessions: time from pressing ``s`` on Home to the screen's first frame, and to
its list of sessions shown (target: first frame within 0.1 s).

Fills a temporary data folder with long sessions (100 of 50 deals by default), spawns
``python -m polignac_tui`` under a pseudo-terminal of 80x24 (a real terminal driver),
waits for Home, types ``s`` and watches what the app writes: the first frame of the
screen is its table header (``Session``), the list is there once a session's name
(``benchmark``) is drawn. Repeated N times; reports the medians and the worst.
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
from importlib import import_module
from pathlib import Path

NAME = "saved"
HELP = ("time from s on Home to the saved-sessions screen painted, and to its list "
        "(target: first frame within 0.1 s)")
TARGET_S = 0.1
HOME_MARK = b"Quit"            # the last item of Home's menu
SCREEN_MARK = b"Session"       # the list's header (Home writes "session" in lower case)
LIST_MARK = b"benchmark"       # the name of every session written by ``fill``


def fill(root: Path, sessions: int, deals: int) -> None:
    """``sessions`` files of one session of ``deals`` deals (each parsed on its own)."""
    from ..games import FIRST_GAME, get_game
    from ..store.folder import SessionStore
    from ..store.gamefile import dumps
    autosave = next(m for m in get_game(FIRST_GAME).benchmarks if m.endswith(".autosave"))
    build_session = import_module(autosave).build_session   # a long session, its own way
    store = SessionStore(root / "data" / "polignac-tui" / "sessions")
    store.root.mkdir(parents=True, exist_ok=True)
    session = build_session(deals)
    for i in range(sessions):
        session.id = f"20261101-{1000 + i}-bench"
        store.path(session.id).write_text(dumps(session), encoding="utf-8")
        stamp = 1_800_000_000 + i
        os.utime(store.path(session.id), (stamp, stamp))


def _read_until(master: int, seen: bytearray, mark: bytes, start: int, deadline: float,
                process: subprocess.Popen[bytes]) -> float:
    """Read the terminal until ``mark`` appears after offset ``start``; the time then."""
    while True:
        if mark in seen[start:]:
            return time.perf_counter()
        if time.monotonic() > deadline or process.poll() is not None:
            raise RuntimeError(f"{mark.decode()!r} never appeared")
        ready, _, _ = select.select([master], [], [], 0.01)
        if ready:
            seen += os.read(master, 65536)


def child_env(workdir: Path, bytecode: bool = True) -> dict[str, str]:
    """The environment of ``polignac-tui`` run in ``workdir``'s data and config folders.

    With ``bytecode`` (as on a user's machine, where ``pip install`` compiles every
    module), the compiled modules are cached in ``workdir/pycache`` even when
    ``PYTHONDONTWRITEBYTECODE`` is set here, so only the warm-up run compiles them;
    without it the environment decides (every import compiled again, if it says so)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL_")}
    env.update(XDG_DATA_HOME=str(workdir / "data"), XDG_CONFIG_HOME=str(workdir / "config"))
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(workdir / "pycache")
    return env


def spread(times: list[float]) -> str:
    """``median 0.123 s, p95 0.150 s, max 0.160 s`` of ``times``."""
    p95 = statistics.quantiles(times, n=20, method="inclusive")[18] if len(times) > 1 \
        else times[0]
    return (f"median {statistics.median(times):.3f} s, p95 {p95:.3f} s, "
            f"max {max(times):.3f} s")


def once(workdir: Path, timeout: float = 60.0, bytecode: bool = True) -> tuple[float, float]:
    """Seconds from typing ``s`` on Home to the screen's first frame, and to its list
    drawn (the first bytes written with a session's row in them)."""
    env = child_env(workdir, bytecode)
    env["TERM"] = "xterm-256color"
    env.pop("NO_COLOR", None)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "polignac_tui"], stdin=slave,
                               stdout=slave, stderr=slave, env=env, close_fds=True,
                               start_new_session=True)
    os.close(slave)
    deadline = time.monotonic() + timeout
    seen = bytearray()
    try:
        _read_until(master, seen, HOME_MARK, 0, deadline, process)
        time.sleep(0.5)   # Home settled (its "Continue" line read)
        while select.select([master], [], [], 0.05)[0]:
            seen += os.read(master, 65536)
        start = len(seen)
        pressed = time.perf_counter()
        os.write(master, b"s")
        frame = _read_until(master, seen, SCREEN_MARK, start, deadline, process)
        listed = _read_until(master, seen, LIST_MARK, start, deadline, process)
        os.write(master, b"\x11")   # ctrl+q
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    return frame - pressed, listed - pressed


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("-n", "--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--sessions", type=int, default=100, help="saved sessions (100)")
    parser.add_argument("--deals", type=int, default=50, help="deals in each (50)")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE as set (modules compiled each run)")
    args = parser.parse_args(argv)
    bytecode = not args.no_bytecode_cache
    with tempfile.TemporaryDirectory(prefix="polignac-saved-") as tmp:
        workdir = Path(tmp)
        fill(workdir, args.sessions, args.deals)
        try:
            once(workdir, bytecode=bytecode)   # warm-up: the file cache, the index
            times = [once(workdir, bytecode=bytecode) for _ in range(args.runs)]
        except RuntimeError as error:
            print(f"saved: {error}", file=sys.stderr)
            return 1
    frames, lists = [t[0] for t in times], [t[1] for t in times]
    print(f"s on Home, {args.sessions} sessions of {args.deals} deals, 80x24 under a pty, "
          f"{args.runs} runs: first frame {spread(frames)}; list drawn {spread(lists)}; "
          f"target {TARGET_S:.1f} s for the first frame")
    ok = max(frames) <= TARGET_S
    print(f"result: {'ok' if ok else 'over target'}")
    return 0 if ok else 1
