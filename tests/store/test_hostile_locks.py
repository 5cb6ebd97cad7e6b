"""Lock files (issue 15, points 6 and 7): never written through a link, never left empty."""

from __future__ import annotations

import errno
import os
from datetime import datetime
from pathlib import Path

import pytest
from polignac_file import save_session

from polignac_tui.cli import main
from polignac_tui.store import SessionStore, StoreError
from polignac_tui.store import lock as lock_module

from .helpers import make

ID = "20261122-2015-anna"


def test_a_symlink_lock_is_never_written_through(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    store = SessionStore()
    save_session(store, make(ID, actions=3))
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n")
    store.lock_path(ID).symlink_to(victim)
    with pytest.raises(StoreError, match="symbolic link"):
        store.lock(ID)
    assert main(["resume", ID]) != 0
    assert "symbolic link" in capsys.readouterr().err
    assert victim.read_text() == "keep me\n"
    assert store.lock_path(ID).is_symlink()  # left as it was, for the user to look at


def test_a_dangling_symlink_lock_creates_nothing(tmp_path: Path) -> None:
    store = SessionStore()
    save_session(store, make(ID, actions=3))
    target = tmp_path / "elsewhere" / "made.txt"
    target.parent.mkdir()
    store.lock_path(ID).symlink_to(target)
    with pytest.raises(StoreError, match="symbolic link"):
        store.lock(ID)
    assert not target.exists()


def test_the_pid_of_a_symlink_or_fifo_lock_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("4242\n")
    link = tmp_path / "x.lock"
    link.symlink_to(secret)
    assert lock_module.holder(link) is None
    fifo = tmp_path / "y.lock"
    os.mkfifo(fifo)
    assert lock_module.holder(fifo) is None  # returns at once: no writer is waited for


@pytest.mark.parametrize("flock", [True, False])
def test_a_failed_lock_on_a_full_disk_leaves_no_lock_file(monkeypatch: pytest.MonkeyPatch,
                                                          flock: bool) -> None:
    store = SessionStore()
    store.root.mkdir(parents=True)
    now = datetime(2026, 11, 22, 20, 15)
    first = store.new_id("", "Anna", now)
    if not flock:
        monkeypatch.setattr(lock_module, "fcntl", None)

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(lock_module.os, "write", full)
    with pytest.raises(StoreError, match="No space left"):
        store.lock(first)
    monkeypatch.undo()
    assert list(store.root.iterdir()) == []
    assert store.new_id("", "Anna", now) == first  # not "-2"
