"""Doors: N SSH connections, each a real terminal session of the app, playing at tables of 4.

``polignac-tui serve --ssh`` is started as a host starts it (a child process, empty
temporary data and config folders; tables at pace ``normal``: a finished trick stays
1.2 s). ``--connections`` players (a multiple of 4) each get a key; their tables (four
players, the first its creator) are made through the service's socket with the players'
own identities (``ssh:`` and the key's fingerprint, the SSH user name as name), started,
and left: every seat then waits for its player. Then:

1. every player connects at once (or spread over ``--ramp`` seconds) with asyncssh and an
   80×24 terminal; *first frame*: from starting to connect to the lobby drawn ("you are
   NAME" on the screen kept from the bytes the terminal was sent, ``_vtscreen``);
2. each presses Enter (take your seat back) and waits for its table;
3. at every table at once, whoever's turn it is presses Enter after ``--think`` seconds
   (a first Enter on a new lead only chooses the card: a second one plays it); *action*:
   from the key press that plays a card to the last of the other three terminals showing
   that card on the table (``--tricks`` tricks per table). A player is asked only when all
   four screens agree (same cards on the table, the other three saying who plays). A
   trick's last card that a lagging app never drew (it draws only the newest state, and
   the trick was gathered) is counted in ``cards_not_drawn``, not timed;
4. memory of the app processes (the zygote's children): RSS, and where
   ``/proc/PID/smaps_rollup`` exists PSS (shared pages divided among their sharers) and
   USS (pages of that process alone), per connection.

The clients run in this process on the same machine: their own reading and screen keeping
is part of the time measured.
Targets: first frame p95 ≤ 2 s, action p95 ≤ 150 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..games import FIRST_GAME
from ..service.protocol import PROTOCOL
from ..ui.gameface import face_of
from ._terminals import Terminal, says, trick_cards, within
from ._vtscreen import Screen

NAME = "doors"
HELP = ("N SSH terminals at tables of 4: first screen, key press to the other three "
        "terminals, memory per connection")
TARGET_FIRST_FRAME_S = 2.0
TARGET_ACTION_MS = 150.0
T = TypeVar("T")


# -- memory ------------------------------------------------------------------------------

def memory_kb(pid: int) -> dict[str, int]:
    """A process's ``rss`` and, from smaps_rollup when the kernel has it, ``pss`` and
    ``uss`` (private pages), in kB (0 for what cannot be read)."""
    found = {"rss": 0, "pss": 0, "uss": 0}
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        text = ""
    for line in text.splitlines():
        field, _, rest = line.partition(":")
        if field in ("Rss", "Pss"):
            found[field.lower()] = int(rest.split()[0])
        elif field in ("Private_Clean", "Private_Dirty", "Private_Hugetlb"):
            found["uss"] += int(rest.split()[0])
    if not text:
        with contextlib.suppress(OSError, IndexError, ValueError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    found["rss"] = int(line.split()[1])
    return found


def process_tree() -> dict[int, list[int]]:
    """Every process's children."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    return children


def descendants(pid: int, tree: dict[int, list[int]] | None = None) -> list[int]:
    """``pid`` and every process below it."""
    tree = process_tree() if tree is None else tree
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(tree.get(current, []))
    return found


def cpu_s(pids: list[int]) -> float:
    """The CPU time (user and system) the processes ``pids`` have used so far, in seconds."""
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


# The questions the game's own table screen asks besides a card, each with the key that
# answers it the way that keeps the deal going (its FACE says them): the tables are
# Polignac's, the scripted players answer each question so.
QUESTIONS: tuple[tuple[str, str], ...] = face_of(FIRST_GAME).questions


def _asked(screen: Screen) -> str | None:
    """The key answering the question on ``screen``, if one is asked."""
    return next((key for words, key in QUESTIONS if says(screen, words)), None)


def _answered(player: Terminal) -> bool | None:
    """The question is gone from ``player``'s screen."""
    return None if _asked(player.screen) is not None else True


def _own_cpu_s() -> float:
    times = os.times()
    return times.user + times.system


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def app_pids(serve_pid: int) -> tuple[list[int], int | None]:
    """The players' app processes under ``serve`` (the zygote's children, or the ``join``
    processes started afresh without one), and the zygote's pid."""
    tree = process_tree()
    zygote = next((pid for pid in tree.get(serve_pid, [])
                   if "polignac_tui.service.doors.zygote" in _cmdline(pid)), None)
    if zygote is not None:
        return [p for child in tree.get(zygote, []) for p in descendants(child, tree)], zygote
    return [p for p in descendants(serve_pid, tree) if " join " in _cmdline(p)], None


def per_connection_mb(pids: list[int], connections: int) -> dict[str, float]:
    total = {"rss": 0, "pss": 0, "uss": 0}
    for pid in pids:
        for field, kb in memory_kb(pid).items():
            total[field] += kb
    return {field: round(kb / 1024 / connections, 1) for field, kb in total.items()}


# -- the host ------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_host(home: Path, connections: int, timeout: float) -> tuple[subprocess.Popen[bytes],
                                                                        Path, int]:
    """``polignac-tui serve --ssh`` in ``home``: the process, its socket and its SSH port."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    env.update(XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    env.pop("XDG_RUNTIME_DIR", None)
    sock, port, said = home / "service.sock", _free_port(), home / "serve.out"
    with said.open("wb") as out:
        host = subprocess.Popen(
            [sys.executable, "-m", "polignac_tui", "serve", "--socket", str(sock),
             "--ssh", f"127.0.0.1:{port}", "--max-connections", str(connections + 10),
             "--max-per-minute", str(connections + 10), "--max-per-key", "1"],
            env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while b"stop with ctrl-c" not in said.read_bytes():
        if host.poll() is not None or time.monotonic() > deadline:
            host.kill()
            raise OSError(f"the host did not start: {said.read_text(errors='replace')}")
        time.sleep(0.05)   # its output is a file: polled, bounded by the deadline
    return host, sock, port


async def make_tables(sock: Path, players: list[Terminal]) -> None:
    """Tables of four of ``players`` through the service's socket, with their identities:
    created by the first, sat at by the others, started, then left (every seat waits for
    its player to come back)."""
    async def client(player: Terminal) -> tuple[asyncio.StreamWriter, Callable[..., Any]]:
        reader, writer = await asyncio.open_unix_connection(str(sock), limit=2**22)

        async def ask(message: dict[str, Any], answer: str) -> dict[str, Any]:
            writer.write((json.dumps(message) + "\n").encode())
            await writer.drain()
            while True:
                line = await reader.readline()
                if not line:
                    raise OSError("the service closed the connection")
                got: dict[str, Any] = json.loads(line)
                if got["type"] in ("error", "bye"):
                    raise OSError(f"the service refused {message['type']}: {got}")
                if got["type"] == answer:
                    return got
        await ask({"type": "hello", "protocol": PROTOCOL, "name": player.name,
                   "identity": "ssh:" + player.key.get_fingerprint("sha256")}, "welcome")
        return writer, ask

    for first in range(0, len(players), 4):
        links = [await client(player) for player in players[first:first + 4]]
        created = await links[0][1]({
            "type": "create", "id": 1, "name": f"bench {first // 4 + 1}", "pace": "normal",
            "seats": [{"kind": "you"}] + [{"kind": "open"}] * 3,
            "rules": {"preset": "classique", "end": "deals", "limit": 1}}, "created")
        for seat, (_, ask) in enumerate(links[1:], start=1):
            await ask({"type": "sit", "id": 2, "table": created["table"], "seat": seat},
                      "seated")
        await links[0][1]({"type": "start", "id": 3, "table": created["table"]}, "started")
        for writer, _ in links:
            writer.close()


# -- a table played by keys ------------------------------------------------------------------

class TableKeys:
    """Four terminals at one table, played by key presses; ``latencies`` (seconds) from a
    key press that plays a card to the last of the other three terminals showing it."""

    def __init__(self, players: list[Terminal], think: float, timeout: float,
                 rng: random.Random) -> None:
        self.players, self.think, self.timeout, self.rng = players, think, timeout, rng
        self.latencies: list[float] = []
        self.stalled: str | None = None     # why this table stopped before its cards
        self.not_drawn = 0                  # cards played that a terminal never drew
        self.changed = asyncio.Event()
        for player in players:
            player.listeners.append(self.changed)

    async def until(self, check: Callable[[], T | None], what: str) -> T:
        """``check()`` once it is not None, looked at after each change of a screen."""
        deadline = time.perf_counter() + self.timeout
        while (found := check()) is None:
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0 or any(p.ended for p in self.players):
                raise TimeoutError(f"{what} not within {self.timeout:g} s; screens:\n"
                                   + "\n---\n".join(p.screen.text() for p in self.players))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return found

    def whose_turn(self) -> Terminal | None:
        """The one player asked for a card (or a question), the four screens showing
        the same cards on the table and the other three saying who plays."""
        if any(says(p.screen, "is over") for p in self.players):
            return self.players[0]          # the deal ended early: play() stops
        # A finished trick on show is nobody's turn yet: wait until it is gathered.
        if any(says(p.screen, "gathers the trick") for p in self.players):
            return None
        asked = [p for p in self.players
                 if says(p.screen, "Your turn", "Enter plays it")
                 or _asked(p.screen) is not None]
        tables = {trick_cards(p.screen) for p in self.players}
        if len(asked) != 1 or len(tables) != 1 or len(next(iter(tables))) >= 4:
            return None
        # and the other three agree (a terminal behind the others must not decide)
        name = asked[0].name
        if not all(says(p.screen, f"Waiting for {name}", f"{name} is thinking",
                        f"{name} is asked")
                   for p in self.players if p is not asked[0]):
            return None
        return asked[0]

    async def play(self, cards: int) -> None:
        played = 0
        while played < cards:
            if any(says(p.screen, "is over") for p in self.players):
                return              # the deal ended early (by the game's rules)
            player = await self.until(self.whose_turn, "a player's turn")
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))
            player = await self.until(self.whose_turn, "a player's turn")
            if any(says(p.screen, "is over") for p in self.players):
                return
            key = _asked(player.screen)
            if key is not None:
                player.press(key.encode())
                await self.until(functools.partial(_answered, player), "the question answered")
                continue
            if not says(player.screen, "Enter plays it") and says(player.screen, "you lead"):
                player.press(b"\r")                 # a new lead: this Enter only chooses
                await within(player.when(lambda s: says(s, "Enter plays it")),
                             self.timeout, f"{player.name}: the card chosen")
                continue
            before = {p: trick_cards(p.screen) for p in self.players}
            new: dict[Terminal, frozenset[str]] = {}
            shown = {p: p.when(shows_more(p, before[p], new)) for p in self.players}
            pressed = player.press(b"\r")
            try:
                await within(shown[player], self.timeout, "")
            except TimeoutError:
                self.stalled = f"the card pressed never shown: {player.report()}"
                return
            seen = []
            for other in self.players:
                if other is not player:
                    try:
                        seen.append(await within(shown[other], self.timeout, ""))
                    except TimeoutError:
                        self.stalled = (f"{player.name}'s card {set(new.get(player, ()))} "
                                        f"never shown to {other.report()}\n"
                                        + "\n".join(p.report() for p in self.players
                                                     if p is not other))
                        return
                    if other not in new or player not in new:
                        return                  # the card ended the deal: not shown
                    if new[other] and new[player] and new[other] != new[player]:
                        raise RuntimeError(f"{other.name} showed {set(new[other])}, not "
                                           f"{player.name}'s {set(new[player])}")
            if all(new[p] for p in self.players if p is not player):
                self.latencies.append(max(seen) - pressed)
            else:
                self.not_drawn += 1     # a trick's last card, gone before a terminal drew it
            played += 1


def shows_more(player: Terminal, before: frozenset[str],
               new: dict[Terminal, frozenset[str]]) -> Callable[[Screen], bool]:
    """The player's screen shows a card on the table not in ``before``; the new cards are
    kept in ``new`` at that moment (a finished trick soon goes)."""
    def check(screen: Screen) -> bool:
        cards = trick_cards(screen)
        if more := cards - before:
            new[player] = more
            return True
        if not before <= cards:     # the trick gathered before the card was drawn: an app
            new[player] = frozenset()   # behind draws only the newest state
            return True
        return says(screen, "is over")     # or the deal ended early
    return check


# -- the run -----------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * len(ordered)) - 1))]


async def measure(connections: int, tricks: int, think: float, timeout: float,
                  ramp: float = 0.0) -> dict[str, Any]:
    import asyncssh
    names = [f"p{i:02d}" for i in range(connections)]
    players = [Terminal(name, asyncssh.generate_private_key("ssh-ed25519")) for name in names]
    with tempfile.TemporaryDirectory(prefix="doors-bench-") as folder:
        host, sock, port = start_host(Path(folder), connections, timeout)
        try:
            await make_tables(sock, players)

            async def first_frame(player: Terminal, delay: float) -> float:
                await asyncio.sleep(delay)
                start = time.perf_counter()
                await player.open(port)
                drawn = await within(player.when(
                    lambda s: says(s, f"you are {player.name}")), timeout,
                    f"{player.name}: the lobby")
                return float(drawn - start)
            before: tuple[float, ...] = (cpu_s([host.pid]), _own_cpu_s())
            firsts = await asyncio.gather(*(first_frame(p, ramp * i / connections)
                                            for i, p in enumerate(players)))
            apps, zygote = app_pids(host.pid)
            first_cpu = {"apps": cpu_s(apps), "host": cpu_s([host.pid]) - before[0],
                         "clients": _own_cpu_s() - before[1]}
            lobby_memory = per_connection_mb(apps, connections)
            # Enter only once the lobby lists the table and offers the seat back (its
            # title comes first, before the list: a key then would find no table)
            await asyncio.gather(*(within(p.when(lambda s: says(s, "waits for you")),
                                          timeout, f"{p.name}: the seat offered")
                                   for p in players))
            for player in players:
                player.press(b"\r")                          # take your seat back
            await asyncio.gather(*(within(p.when(lambda s: says(s, "Deal 1 of 1")), timeout,
                                          f"{p.name}: the table") for p in players))
            tables = [TableKeys(players[i:i + 4], think, timeout, random.Random(i))
                      for i in range(0, connections, 4)]
            started = time.perf_counter()
            before = (cpu_s(apps), cpu_s([host.pid]), _own_cpu_s())
            async with asyncio.TaskGroup() as group:      # one failing stops them all
                for table in tables:
                    group.create_task(table.play(4 * tricks))
            playing_s = time.perf_counter() - started
            play_cpu = {"apps": cpu_s(apps) - before[0], "host": cpu_s([host.pid]) - before[1],
                        "clients": _own_cpu_s() - before[2]}
            apps, zygote = app_pids(host.pid)
            memory = per_connection_mb(apps, connections)
            host_mb = {"serve": round(memory_kb(host.pid)["rss"] / 1024, 1),
                       "zygote": round(memory_kb(zygote)["rss"] / 1024, 1) if zygote else None}
        finally:
            for player in players:
                player.close()
            host.terminate()
            try:
                host.wait(timeout=60)
            except subprocess.TimeoutExpired:
                host.kill()
                host.wait()
    actions = [s * 1000 for t in tables for s in t.latencies]
    stalled = [t.stalled for t in tables if t.stalled is not None]
    for why in stalled:
        print(f"doors benchmark: a table stopped: {why}", file=sys.stderr)
    return {
        "connections": connections,
        "tables": connections // 4,
        "ramp_s": ramp,
        "first_frame_p50_s": round(statistics.median(firsts), 3),
        "first_frame_p95_s": round(percentile(firsts, 0.95), 3),
        "first_frame_max_s": round(max(firsts), 3),
        "actions": len(actions),
        "think_s": think,
        "action_p50_ms": round(statistics.median(actions), 1) if actions else None,
        "action_p95_ms": round(percentile(actions, 0.95), 1) if actions else None,
        "action_max_ms": round(max(actions), 1) if actions else None,
        "playing_s": round(playing_s, 1),
        "stalled_tables": len(stalled),
        "cards_not_drawn": sum(t.not_drawn for t in tables),
        # Where the CPU went (seconds): the players' app processes, the host (service and
        # SSH door) and this process's 40 clients, up to the first frames, then per card.
        "first_frame_cpu_s": {k: round(v, 2) for k, v in first_cpu.items()},
        "first_frame_cpu_per_app_s": round(first_cpu["apps"] / connections, 3),
        "cpu_per_card_ms": {k: round(v * 1000 / max(1, len(actions)), 1)
                            for k, v in play_cpu.items()},
        "rss_per_connection_mb": memory["rss"],
        "pss_per_connection_mb": memory["pss"] or None,
        "uss_per_connection_mb": memory["uss"] or None,
        "lobby_pss_per_connection_mb": lobby_memory["pss"] or None,
        "host_rss_mb": host_mb,
        "zygote": zygote is not None,
        "cpus": os.cpu_count(),
        "target_first_frame_p95_s": TARGET_FIRST_FRAME_S,
        "target_action_p95_ms": TARGET_ACTION_MS,
    }


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m polignac_tui.benchmarks doors",
                                     description=HELP)
    parser.add_argument("--connections", type=int, default=40, metavar="N",
                        help="SSH players at once, a multiple of 4 (default 40: 10 tables)")
    parser.add_argument("--tricks", type=int, default=3, metavar="N",
                        help="tricks played at each table, 1 to 8 (default 3)")
    parser.add_argument("--think", type=float, default=0.5, metavar="S",
                        help="seconds a player looks before a key, on average (default 0.5; "
                             "0: at once)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds any one step may take")
    parser.add_argument("--ramp", type=float, default=0.0, metavar="S",
                        help="spread the connections evenly over S seconds (default 0: "
                             "all at once)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    if args.connections < 4 or args.connections % 4:
        parser.error(f"--connections must be a multiple of 4 (tables of 4), not "
                     f"{args.connections}")
    if not 1 <= args.tricks <= 8:
        parser.error(f"--tricks must be from 1 to 8 (a deal has 8), not {args.tricks}")
    if args.think < 0:
        parser.error(f"--think cannot be negative ({args.think:g})")
    result: dict[str, Any] = {}
    try:
        result = asyncio.run(measure(args.connections, args.tricks, args.think, args.timeout,
                                     args.ramp))
    except* (TimeoutError, EOFError, OSError, RuntimeError) as failed:
        for error in failed.exceptions:
            print(f"doors benchmark failed: {error}", file=sys.stderr)
    if not result:
        return 1
    if args.json:
        print(json.dumps(result))
        return 1 if result["stalled_tables"] else 0
    first_ok = result["first_frame_p95_s"] <= TARGET_FIRST_FRAME_S
    action_ok = (result["action_p95_ms"] or float("inf")) <= TARGET_ACTION_MS
    spread = f"over {args.ramp:g} s" if args.ramp else "at once"
    print(f"{result['connections']} SSH terminals {spread}, {result['tables']} tables "
          f"({result['cpus']} cores)")
    print(f"  first screen: p50 {result['first_frame_p50_s']} s, p95 "
          f"{result['first_frame_p95_s']} s, max {result['first_frame_max_s']} s "
          f"(target p95 ≤ {TARGET_FIRST_FRAME_S} s: {'met' if first_ok else 'NOT met'})")
    print(f"  key → other three terminals ({result['actions']} cards, think "
          f"{args.think:g} s): p50 {result['action_p50_ms']} ms, p95 "
          f"{result['action_p95_ms']} ms, max {result['action_max_ms']} ms "
          f"(target p95 ≤ {TARGET_ACTION_MS} ms: {'met' if action_ok else 'NOT met'})")
    print(f"  memory per connection: RSS {result['rss_per_connection_mb']} MB, PSS "
          f"{result['pss_per_connection_mb']} MB, USS {result['uss_per_connection_mb']} MB")
    if result["stalled_tables"]:
        print(f"  {result['stalled_tables']} table(s) stopped: a terminal never showed a card")
        return 1
    return 0
