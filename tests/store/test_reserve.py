"""An id set aside without a file held open: the service's waiting tables."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from polignac_tui.store import SessionLocked, SessionStore

ID = "20261122-2015-anna"


def open_files(folder: Path) -> int:
    """Files of ``folder`` this process holds open."""
    held = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue                                    # closed meanwhile (another thread)
        held += target.startswith(str(folder))
    return held


def test_a_reserved_id_holds_no_file_and_stays_taken(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    reservations = [store.reserve(f"{ID}-{n}") for n in range(50)]
    assert open_files(tmp_path) == 0                       # no file held open
    mark = store.lock_path(f"{ID}-7")
    assert mark.read_text() == f"{os.getpid()} reserved\n"
    when = datetime(2026, 11, 22, 20, 15)
    first = store.new_id("", "Bea", when)
    store.reserve(first)
    assert store.new_id("", "Bea", when) == f"{first}-2"       # a new id passes it by
    with pytest.raises(SessionLocked):
        store.lock(f"{ID}-7")                              # set aside: not anyone's to lock
    with pytest.raises(SessionLocked):
        store.reserve(f"{ID}-7")
    # taken when the table starts, held until released; the mark gone with it
    lock = reservations[7].take()
    assert mark.read_text() == f"{os.getpid()}\n" and open_files(tmp_path) == 1
    lock.release()
    assert not mark.exists()
    reservations[8].release()
    assert not store.lock_path(f"{ID}-8").exists()
    store.lock(f"{ID}-8").release()                       # free again


def test_a_mark_left_by_another_process_is_taken_over_only_when_asked(
        tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    # a live process (its pid reused, say) names the id reserved: refused...
    sleeper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                               stdin=subprocess.PIPE)
    try:
        store.lock_path(ID).write_text(f"{sleeper.pid} reserved\n")
        with pytest.raises(SessionLocked) as refused:
            store.reserve(ID)
        assert refused.value.pid == sleeper.pid
        # ...unless the service brings back its own waiting table
        store.reserve(ID, take_over=True)
        assert store.lock_path(ID).read_text() == f"{os.getpid()} reserved\n"
    finally:
        sleeper.communicate(timeout=30)
