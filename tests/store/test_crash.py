"""Crash test: a writer killed with SIGKILL at random moments never leaves a broken save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from polignac_file import load_session

from polignac_tui.store import SessionStore

from . import crash_child
from .helpers import log

KILLS = 30
ID = "20261122-2015-crash"


def test_sigkill_at_random_moments_loses_at_most_the_last_action(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "sessions")
    rng = random.Random(20261122)
    script = Path(crash_child.__file__)
    saved = 0  # actions in the file after the last kill
    kills_mid_run = 0
    for _ in range(KILLS):
        child = subprocess.Popen([sys.executable, str(script), str(store.root), ID],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        reported = saved
        wanted = rng.randrange(0, 40)  # let it save this many times, then kill it soon after
        for _ in range(wanted):
            line = child.stdout.readline()
            assert line, f"the writer stopped: {child.stderr.read() if child.stderr else ''}"
            reported = int(line)
        time.sleep(rng.uniform(0, 0.004))  # a random moment inside the next save(s)
        os.kill(child.pid, signal.SIGKILL)
        # read what is left through the same buffered reader as readline (not communicate(),
        # which reads the raw pipe and would skip lines readline had already buffered)
        rest = child.stdout.read()
        errors = child.stderr.read() if child.stderr else ""
        child.stdout.close()
        if child.stderr:
            child.stderr.close()
        assert child.wait() == -signal.SIGKILL, errors
        for line in rest.split():
            reported = int(line)
        if not store.exists(ID):  # killed before its very first save
            assert saved == 0 and reported == 0
            continue
        session = load_session(store, ID)  # complete and valid, whatever the moment of the kill
        count = crash_child.actions(session)
        assert reported <= count <= reported + 1, (reported, count)
        kills_mid_run += count == reported + 1
        assert log(session) == log(crash_child.rebuild(ID, count))
        assert count >= saved
        saved = count
        assert [p.name for p in store.root.iterdir() if p.suffix == ".toml"] == [f"{ID}.toml"]
    assert saved > KILLS  # the session really grew across the kills
    lock_files = sorted(p.name for p in store.root.iterdir() if p.suffix == ".lock")
    assert lock_files in ([], [f"{ID}.lock"])  # a dead writer's lock file, taken over next time
    with store.lock(ID) as lock:
        assert lock.held
