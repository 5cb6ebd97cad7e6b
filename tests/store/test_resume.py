"""``resolve_resume``: the session to open, or a clear reason why there is none."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from polignac_file import dumps, save_session

from polignac_tui.store import ResumeError, SessionStore
from polignac_tui.store.atomic import write_atomic

from .helpers import make


def test_no_session_at_all(tmp_path: Path) -> None:
    with pytest.raises(ResumeError, match="no session in play to resume; start a new one"):
        SessionStore(tmp_path / "never-created").resolve_resume(None)


def test_the_most_recently_played_unfinished_session(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    old = make("20261120-1000-old", actions=5)
    save_session(store, old)
    newer = make("20261121-1000-newer", actions=5, seed=1)
    save_session(store, newer)
    done = make("20261122-1000-done", actions=None, seed=2)
    save_session(store, done)
    assert done.finished
    # saved within the same second: make the order explicit through `updated`
    for session, second in ((old, 1), (newer, 2), (done, 3)):
        session.updated = session.updated.replace(second=second)  # type: ignore[union-attr]
        write_atomic(store.path(session.id), dumps(session).encode())
    assert store.resolve_resume(None) == "20261121-1000-newer"
    assert [e.id for e in store.entries()] == [done.id, newer.id, old.id]
    (store.root / "20261123-0000-broken.toml").write_text("oops")
    assert store.resolve_resume(None) == "20261121-1000-newer"  # damaged files are skipped


def test_files_without_updated_are_ordered_by_modification_time(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    for number, id in enumerate(("20261120-1000-b", "20261120-1000-a")):
        session = make(id, actions=3, seed=number)
        store.path(id).parent.mkdir(exist_ok=True)
        store.path(id).write_text(dumps(session))  # never saved by the store: no `updated`
        stamp = time.time() - 1000 + number * 100
        os.utime(store.path(id), (stamp, stamp))
    assert [e.id for e in store.entries()] == ["20261120-1000-a", "20261120-1000-b"]
    assert store.resolve_resume(None) == "20261120-1000-a"


def test_only_finished_or_damaged_sessions(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    save_session(store, make("20261122-1000-done", actions=None))
    (store.root / "20261122-1001-broken.toml").write_text("format = 1")
    with pytest.raises(ResumeError, match=r"no session in play to resume \(1 unreadable file "
                                          r"left aside, see polignac-tui list\)"):
        store.resolve_resume(None)


def test_an_explicit_id(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    save_session(store, make("20261122-1000-play", actions=3))
    save_session(store, make("20261122-1000-done", actions=None))
    (store.root / "20261122-1001-broken.toml").write_text("format = 1")
    assert store.resolve_resume("20261122-1000-play") == "20261122-1000-play"
    with pytest.raises(ResumeError, match="session 20261122-1000-done is finished"):
        store.resolve_resume("20261122-1000-done")
    with pytest.raises(ResumeError, match="no saved session 20261122-9999-gone"):
        store.resolve_resume("20261122-9999-gone")
    with pytest.raises(ResumeError, match=r"session 20261122-1001-broken cannot be resumed: "
                                          r"file: missing key 'players'|cannot be resumed"):
        store.resolve_resume("20261122-1001-broken")
    with pytest.raises(ResumeError, match="is not a session id"):
        store.resolve_resume("../../etc/passwd")


def test_latest_unfinished_looks_at_the_newest_files_only(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    assert store.latest_unfinished(5) is None             # no folder yet
    ids = ("20261120-1000-open", "20261121-1000-done", "20261122-1000-done")
    for number, id in enumerate(ids):
        save_session(store, make(id, actions=5 if number == 0 else None, seed=number))
        stamp = time.time() - 1000 + number * 100           # written in this order
        os.utime(store.path(id), (stamp, stamp))
    (store.root / "20261123-0000-broken.toml").write_text("oops")   # the newest: skipped
    found = store.latest_unfinished(4)
    assert found is not None and found.id == "20261120-1000-open" and not found.finished
    assert store.latest_unfinished(3) is None             # the open one is 4th newest
