"""One writer per session: a second one is refused by name, a dead one's lock is taken over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from polignac_file import save_session

from polignac_tui.store import SessionLocked, SessionStore, StoreError

from . import lock_child
from .helpers import make

ID = "20261122-2015-anna"


def child(store: SessionStore, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, lock_child.__file__, str(store.root), ID, mode],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_lock_writes_the_pid_and_release_removes_it(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    lock = store.lock(ID)
    assert lock.held
    assert store.lock_path(ID).read_text().strip() == str(os.getpid())
    lock.release()
    assert not lock.held and not store.lock_path(ID).exists()
    lock.release()  # idempotent
    with store.lock(ID) as again:
        assert again.held
    assert not store.lock_path(ID).exists()


def test_second_lock_in_the_same_process_is_refused(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    with store.lock(ID), pytest.raises(SessionLocked, match=f"session {ID} is already open "
                                                            "in this polignac-tui"):
        SessionStore(tmp_path).lock(ID)
    with store.lock(ID):  # free again once released
        pass


def test_second_writer_process_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    with store.lock(ID):
        other = child(store, "try")
        out, _ = other.communicate(timeout=30)
    assert out.strip() == (f"refused: session {ID} is already open in another polignac-tui "
                           f"(pid {os.getpid()}); close it there first")
    holder = child(store, "hold")
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "locked"
    try:
        with pytest.raises(SessionLocked) as caught:
            store.lock(ID)
        assert caught.value.pid == holder.pid and caught.value.id == ID
        assert f"pid {holder.pid}" in str(caught.value)
        assert store.locked_by(ID) == holder.pid
        save_session(store, make(ID))
        with pytest.raises(SessionLocked):
            store.delete(ID)  # not while it is open elsewhere
        assert store.exists(ID)
    finally:
        holder.communicate("", timeout=30)  # closing stdin ends it; it releases the lock
    assert store.locked_by(ID) is None
    store.delete(ID)
    assert not store.exists(ID)


def test_lock_of_a_killed_process_is_taken_over(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    holder = child(store, "hold")
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "locked"
    with pytest.raises(SessionLocked):
        store.lock(ID)
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait(timeout=30)
    assert store.lock_path(ID).read_text().strip() == str(holder.pid)  # left behind
    with store.lock(ID) as lock:
        assert lock.taken_over == holder.pid
        assert store.lock_path(ID).read_text().strip() == str(os.getpid())


def test_lock_file_naming_a_dead_pid_is_taken_over(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    pid = dead_pid()
    store.lock_path(ID).write_text(f"{pid}\n")
    with store.lock(ID) as lock:
        assert lock.taken_over == pid


def test_pid_fallback_without_flock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from polignac_tui.store import lock as lock_module

    monkeypatch.setattr(lock_module, "fcntl", None)
    store = SessionStore(tmp_path)
    with store.lock(ID), pytest.raises(SessionLocked, match="in this polignac-tui"):
        store.lock(ID)
    pid = dead_pid()
    store.lock_path(ID).write_text(f"{pid}\n")
    with store.lock(ID) as lock:
        assert lock.taken_over == pid
    assert not store.lock_path(ID).exists()
    store.lock_path(ID).write_text("1\n")  # a running process (init) holds it
    with pytest.raises(SessionLocked, match=r"\(pid 1\)"):
        store.lock(ID)


def test_lock_files_are_not_sessions(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    save_session(store, make(ID))
    with store.lock(ID), store.lock("20261122-2016-other"):
        assert [e.id for e in store.entries()] == [ID]


def test_lock_in_an_unusable_place_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreError, match=f"cannot lock session {ID}"):
        SessionStore(tmp_path / "file").lock(ID)
