"""Saving and loading: atomic, nothing written elsewhere, and resume lands on the same state."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from polignac_file import engine_of, load_session, save_session

from polignac_tui.games.polignac.engine import Session
from polignac_tui.store import SaveError, SessionStore, StoreError, UnknownSession
from polignac_tui.store.atomic import temporary_path

from .helpers import advance, log, make


def files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_first_save_creates_the_folder_and_writes_nowhere_else(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    monkeypatch.chdir(tmp_path)
    data = Path(os.environ["XDG_DATA_HOME"])
    store = SessionStore()
    assert not data.exists()
    session = make()
    save_session(store, session)
    index = "polignac-tui/sessions-index.sqlite3"   # the summary index (and its WAL files)
    assert [f for f in files(data) if not f.startswith(index)] == [
        "polignac-tui", "polignac-tui/sessions", "polignac-tui/sessions/20261122-2015-anna.toml"]
    assert index in files(data)
    assert list(tmp_path.iterdir()) == []  # nothing in the working folder
    assert not Path(os.environ["XDG_CONFIG_HOME"]).exists()  # settings belong to the UI


def test_save_sets_updated_now_in_utc_whole_seconds(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = make()
    before = datetime.now(UTC).replace(microsecond=0)
    save_session(store, session)
    after = datetime.now(UTC)
    assert session.updated is not None
    assert session.updated.tzinfo is not None and session.updated.utcoffset().total_seconds() == 0
    assert session.updated.microsecond == 0
    assert before <= session.updated <= after
    assert "updated = " in store.path(session.id).read_text()
    assert load_session(store, session.id).updated == session.updated


def test_save_replaces_atomically_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = make(actions=3)
    save_session(store, session)
    inode = store.path(session.id).stat().st_ino
    advance(session, random.Random(1), 5)
    save_session(store, session)
    assert store.path(session.id).stat().st_ino != inode  # a new file renamed over the old
    assert files(tmp_path) == [f"{session.id}.toml"]
    assert log(load_session(store, session.id)) == log(session)


def test_a_failed_save_keeps_the_previous_file_whole(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store = SessionStore(tmp_path)
    session = make(actions=3)
    save_session(store, session)
    before = store.path(session.id).read_bytes()
    saved_at = session.updated
    advance(session, random.Random(1), 5)

    def disk_full(fd: int, data: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", disk_full)
    with pytest.raises(SaveError, match=r"cannot save session 20261122-2015-anna .*No space"):
        save_session(store, session)
    monkeypatch.undo()
    assert store.path(session.id).read_bytes() == before
    assert not temporary_path(store.path(session.id)).exists()
    assert session.updated == saved_at  # the session still says when it was last saved


def test_a_temporary_file_left_by_a_killed_writer_is_overwritten(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = make()
    temporary_path(store.path(session.id)).write_text("half a file")
    save_session(store, session)
    assert files(tmp_path) == [f"{session.id}.toml"]
    assert [e.id for e in store.entries()] == [session.id]


def test_save_into_an_unwritable_place_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    store = SessionStore(tmp_path / "file" / "sessions")
    with pytest.raises(SaveError, match="cannot save session"):
        save_session(store, make())


def test_load_of_an_unknown_id(tmp_path: Path) -> None:
    with pytest.raises(UnknownSession, match="no saved session 20261122-2015-nobody"):
        load_session(SessionStore(tmp_path), "20261122-2015-nobody")


def test_a_renamed_file_is_known_by_its_new_name(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    save_session(store, make())
    store.path("20261122-2015-anna").rename(store.path("friday"))
    assert load_session(store, "friday").id == "friday"
    assert [e.id for e in store.entries()] == ["friday"]


def assert_same_state(resumed: Session, session: Session) -> None:
    assert log(resumed) == log(session)
    assert resumed.turn == session.turn
    assert resumed.totals == session.totals
    assert resumed.finished == session.finished
    assert resumed.needs_deal == session.needs_deal
    for seat in range(session.size):
        assert resumed.view(seat) == session.view(seat)


@given(preset_name=st.sampled_from(["classique", "italiana", "generale", "english"]),
       count=st.integers(3, 8), seed=st.integers(0, 2**16), actions=st.integers(0, 120))
def test_resume_lands_on_the_exact_same_state(tmp_path_factory: pytest.TempPathFactory,
                                              preset_name: str, count: int, seed: int,
                                              actions: int) -> None:
    store = SessionStore(tmp_path_factory.mktemp("resume"))
    session = make(preset_name=preset_name, count=count, seed=seed, actions=actions,
                   name="Vendredi")
    save_session(store, session)
    assert_same_state(load_session(store, session.id), session)


@pytest.mark.parametrize("where", ["generale", "mid-trick", "between-deals", "finished"])
def test_resume_at_each_kind_of_moment(tmp_path: Path, where: str) -> None:
    store = SessionStore(tmp_path)
    rng = random.Random(7)
    session = make(preset_name="generale", seed=7)
    if where == "generale":
        advance(session, rng, 1)  # the first seat passed, the next one is asked
        assert session.current is not None and session.current.phase == "generale"
    elif where == "mid-trick":
        while session.current is None or session.current.phase != "play" \
                or len(session.current.current) != 2:
            advance(session, rng, 1)
    elif where == "between-deals":
        while not session.needs_deal:
            advance(session, rng, 1)
    else:
        advance(session, rng)
        assert session.finished
    save_session(store, session)
    resumed = load_session(store, session.id)
    assert_same_state(resumed, session)
    # and play goes on identically from there
    if not session.finished:
        advance(session, random.Random(99), 30)
        advance(resumed, random.Random(99), 30)
        assert_same_state(resumed, session)


def test_save_needs_an_id(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    with pytest.raises(StoreError, match="the session has no id"):
        save_session(store, make(id=""))
    assert list(tmp_path.iterdir()) == []


def test_saves_from_several_threads_never_mix(tmp_path: Path) -> None:
    import threading

    store = SessionStore(tmp_path)
    sessions = [make(seed=seed, actions=seed * 7) for seed in range(4)]

    def saver(session: Session) -> None:
        for _ in range(15):
            save_session(store, session)

    threads = [threading.Thread(target=saver, args=(s,)) for s in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    texts = {repr(log(s)) for s in sessions}
    assert repr(log(load_session(store, sessions[0].id))) in texts
    assert files(tmp_path) == [f"{sessions[0].id}.toml"]


def test_entries_follow_every_change_on_disk(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = make(actions=2)
    save_session(store, session)
    first = store.entries()
    assert store.entries() == first and store.entries()[0] is first[0]  # unchanged: not replayed
    advance(session, random.Random(3), 4)
    save_session(store, session)
    (again,) = store.entries()
    again_session = engine_of(again)
    assert again_session is not None and log(again_session) == log(session)
    other = SessionStore(tmp_path)  # another process changes the file behind our back
    store.path(session.id).write_text("format = 1\n")
    (broken,) = store.entries()
    assert engine_of(broken) is None and "players" in (broken.error or "")
    save_session(other, session)
    (fixed,) = store.entries()
    fixed_session = engine_of(fixed)
    assert fixed_session is not None and log(fixed_session) == log(session)
    store.path(session.id).unlink()
    assert store.entries() == []
