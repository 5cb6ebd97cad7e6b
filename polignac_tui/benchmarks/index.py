"""The summary index: ``list`` and ``stats`` against ``--help``, cold and warm, and the
Saved sessions screen's list (targets: ``list``/``stats`` at most 0.3 s more than
``--help``, the screen's list within 0.2 s of the key, with a warm index).

Fills a temporary data folder with long sessions (200 of 50 deals by default), then
runs ``python -m polignac_tui`` as a user would: ``--help`` (the floor: the
interpreter and the command line), ``list`` and ``stats`` with the index warm
(rows current), and cold (the index removed before each run: every file read and
replayed, what the first run after the files changed costs at worst), and after
one file changed (one row rebuilt). Then the Saved sessions screen under a
pseudo-terminal of 80x24 (see the ``saved`` benchmark), index warm.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

from .saved import child_env, spread

NAME = "index"
HELP = ("list/stats vs --help, cold and warm, and the saved-sessions list, with 200 "
        "sessions of 50 deals (targets: +0.3 s, 0.2 s)")
COMMAND_TARGET_S = 0.3
SCREEN_TARGET_S = 0.2


def command(workdir: Path, *words: str, bytecode: bool = True) -> float:
    """Seconds for ``polignac-tui WORDS`` to run to its end."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "polignac_tui", *words],
                          env=child_env(workdir, bytecode),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"polignac-tui {' '.join(words)} failed: {done.stderr.decode()}")
    return took


def sessions_folder(workdir: Path) -> Path:
    return workdir / "data" / "polignac-tui" / "sessions"


def drop_index(workdir: Path) -> None:
    from ..store.index import index_path
    index = index_path(sessions_folder(workdir))
    for path in index.parent.glob(index.name + "*"):
        path.unlink()


def touch_one(workdir: Path, n: int) -> None:
    """Change one file as a save would (its size and time; same session)."""
    path = sorted(sessions_folder(workdir).glob("*.toml"))[0]
    with path.open("a", encoding="utf-8") as out:
        out.write(f"# touched {n}\n")


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m polignac_tui.benchmarks {NAME}",
                                     description=HELP)
    parser.add_argument("-n", "--runs", type=int, default=5, help="warm runs (default 5)")
    parser.add_argument("--cold-runs", type=int, default=1, help="cold runs (default 1)")
    parser.add_argument("--screen-runs", type=int, default=20,
                        help="runs of the Saved sessions screen (default 20; 0 skips it)")
    parser.add_argument("--sessions", type=int, default=200, help="saved sessions (200)")
    parser.add_argument("--deals", type=int, default=50, help="deals in each (50)")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE as set (modules compiled each run)")
    args = parser.parse_args(argv)
    bytecode = not args.no_bytecode_cache
    from .saved import fill
    from .saved import once as screen_once
    results: dict[str, float] = {}
    screens: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="polignac-index-") as tmp:
        workdir = Path(tmp)
        fill(workdir, args.sessions, args.deals)

        def timed(*words: str) -> float:
            return command(workdir, *words, bytecode=bytecode)

        try:
            timed("--help")   # warm-up: the file cache and the .pyc files
            results["help"] = median([timed("--help") for _ in range(args.runs)])
            for name in ("list", "stats"):
                cold = []
                for _ in range(args.cold_runs):
                    drop_index(workdir)
                    cold.append(timed(name))
                results[f"{name} cold"] = median(cold)
                results[f"{name} warm"] = median([timed(name) for _ in range(args.runs)])
                one = []
                for n in range(args.runs):
                    touch_one(workdir, n)
                    one.append(timed(name))
                results[f"{name} one file changed"] = median(one)
            if args.screen_runs:
                timed("list")   # the index warm
                screen_once(workdir, bytecode=bytecode)   # warm-up: the screen's modules
                screens["key -> list drawn, index warm"] = [
                    screen_once(workdir, bytecode=bytecode)[1]
                    for _ in range(args.screen_runs)]
                changed = []
                for n in range(min(args.screen_runs, 5)):
                    touch_one(workdir, 100 + n)
                    changed.append(screen_once(workdir, bytecode=bytecode)[1])
                screens["key -> list drawn, one file changed"] = changed
        except RuntimeError as error:
            print(f"index: {error}", file=sys.stderr)
            return 1
    help_s = results["help"]
    print(f"{args.sessions} sessions of {args.deals} deals; medians of {args.runs} warm runs, "
          f"{args.cold_runs} cold run(s) (index removed)"
          + ("" if bytecode else "; modules compiled at every run"))
    for name, seconds in results.items():
        extra = "" if name == "help" else f"  ({seconds - help_s:+.3f} s over --help)"
        print(f"  {name:<24} {seconds:7.3f} s{extra}")
    if screens:
        print("Saved sessions screen (s on Home, 80x24 under a pty):")
        for name, times in screens.items():
            print(f"  {name:<36} {len(times)} runs: {spread(times)}")
    ok = all(results[f"{n} warm"] - help_s <= COMMAND_TARGET_S for n in ("list", "stats"))
    if screens:
        ok = ok and statistics.median(screens["key -> list drawn, index warm"]) \
            <= SCREEN_TARGET_S
    print(f"targets: list/stats warm within +{COMMAND_TARGET_S} s of --help, saved screen "
          f"list within {SCREEN_TARGET_S} s (median, index warm); "
          f"result: {'ok' if ok else 'over target'}")
    return 0 if ok else 1
