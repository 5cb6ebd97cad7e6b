"""Real clients for the doors' tests: OpenSSH's ssh in tmux, and a door running in a thread
(the test drives the clients synchronously while the door runs its own event loop)."""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def apt_install(packages: set[str]) -> None:
    """Install Debian's ``packages`` when we may (root with apt-get). One test process at a
    time: the two xdist workers import their test modules at once, and a second apt-get
    beside a running one fails on dpkg's lock (a browser test was then skipped)."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    with open("/tmp/polignac-tui-tests-apt.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)       # the other worker waits for this install
        subprocess.run(["apt-get", "update", "-qq"], capture_output=True, env=env, timeout=300)
        subprocess.run(["apt-get", "install", "-y", "-qq", *sorted(packages)],
                       capture_output=True, env=env, timeout=600)


def required_in_ci(why_not: str | None) -> str | None:
    """``why_not`` as a skip reason, except under CI, where a missing tool is an error: CI
    must run the real-client tests, never pass by skipping them."""
    if why_not is not None and os.environ.get("CI"):
        raise RuntimeError(f"CI cannot run the real-client tests: {why_not}")
    return why_not


def ensure_tools(*commands: str, package: dict[str, str]) -> str | None:
    """None if every command is there (installing Debian's packages for the missing ones
    when we may), else why not (an error under CI)."""
    missing = [c for c in commands if shutil.which(c) is None]
    if missing:
        apt_install({package[c] for c in missing})
        missing = [c for c in commands if shutil.which(c) is None]
    if missing:
        return required_in_ci(
            f"{', '.join(missing)} missing and could not be installed "
            f"(apt-get install {' '.join(sorted({package[c] for c in missing}))})")
    return None


class LoopThread:
    """An event loop in a thread, for doors that tests talk to from outside."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call(self, fn: Callable[[], T]) -> T:
        async def wrap() -> T:
            return fn()
        return self.run(wrap())

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()


def app_env(home: Path) -> dict[str, str]:
    """The environment of the real app in tests, made as the serve command makes it (no
    COLUMNS/LINES of the test runner, which would pin the app's size), with temporary data
    and config folders."""
    from polignac_tui.service.doors.launch import player_env
    env = {k: v for k, v in player_env(os.environ).items() if not k.startswith("PYTEST")}
    env.update(XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    return env


def app_argv(_login: object) -> list[str]:
    return [sys.executable, "-m", "polignac_tui"]


def keygen(path: Path) -> Path:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", path.name,
                    "-f", str(path)], check=True, timeout=30)
    return path


def ssh_command(port: int, key: Path | None, user: str, known_hosts: Path,
                *extra: str, command: tuple[str, ...] = ()) -> list[str]:
    argv = ["ssh", "-F", "/dev/null", "-p", str(port), "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=accept-new", "-o", f"UserKnownHostsFile={known_hosts}",
            "-o", "GlobalKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
            "-o", "IdentityAgent=none", "-o", "ConnectTimeout=10"]
    if key is not None:
        argv += ["-i", str(key)]
    return [*argv, *extra, f"{user}@127.0.0.1", *command]


class Tmux:
    """A private tmux server (its own socket) whose windows run commands at 80×24."""

    def __init__(self, socket: Path) -> None:
        self.socket = str(socket)
        self.started = False

    def tmux(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True,
                             text=True, timeout=20)
        if out.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {out.stderr.strip()}")
        return out.stdout

    def open(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> None:
        import shlex
        command = shlex.join(argv)
        if env:
            command = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + command
        if not self.started:
            self.tmux("-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s",
                      "doors", "-n", name, command)
            self.tmux("set-option", "-g", "remain-on-exit", "on")
            self.started = True
        else:
            self.tmux("new-window", "-d", "-t", "doors", "-n", name, command)

    def screen(self, name: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", f"doors:{name}")

    def reversed_text(self, name: str) -> list[str]:
        """The runs of text window ``name`` shows in reverse video: the label of the form
        row that has the focus (the app marks it so, with or without colour)."""
        styled = self.tmux("capture-pane", "-p", "-e", "-t", f"doors:{name}")
        runs: list[str] = []
        reverse, run = False, ""
        for codes, text in re.findall(r"\x1b\[([0-9;]*)m|([^\x1b]+)", styled):
            if text:
                if reverse:
                    run += text
                continue
            for code in (codes or "0").split(";"):
                if code in ("0", "27") and reverse:
                    reverse = False
                    runs.append(run.strip())
                    run = ""
                elif code == "7":
                    reverse = True
        if reverse:
            runs.append(run.strip())
        return [r for r in runs if r]

    def wait_for_focus(self, name: str, label: str, timeout: float = 30) -> None:
        """Wait until the form row labelled ``label`` has the focus: keys typed before the
        focus is there would go elsewhere."""
        deadline = time.monotonic() + timeout
        while label not in (shown := self.reversed_text(name)):
            if time.monotonic() > deadline:
                raise TimeoutError(f"tmux window {name}: the focus never reached {label!r} "
                                   f"(reverse video: {shown}); it shows:\n{self.screen(name)}")
            time.sleep(0.1)

    def pane_pid(self, name: str) -> int:
        return int(self.tmux("display-message", "-p", "-t", f"doors:{name}",
                             "#{pane_pid}").strip())

    def pane_dead(self, name: str) -> bool:
        """The command of window ``name`` has ended (the window stays: remain-on-exit)."""
        return self.tmux("display-message", "-p", "-t", f"doors:{name}",
                         "#{pane_dead}").strip() == "1"

    def wait_for(self, name: str, check: Callable[[str], bool], timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen(name)
            if check(text):
                return text
            if time.monotonic() > deadline:
                raise TimeoutError(f"tmux window {name} never showed it; it shows:\n{text}")
            time.sleep(0.1)

    def close(self) -> None:
        if self.started:
            subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True,
                           timeout=20)
