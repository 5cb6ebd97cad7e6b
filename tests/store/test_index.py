"""The summary index: rows that match their files, rebuilt when a file changed behind its
back, when the index is missing, damaged or of another folder; saving updates a row."""

from __future__ import annotations

import os
import random
import sqlite3
from pathlib import Path

import pytest
from polignac_file import SessionFileError, dumps, load, load_session, save_session, summarize

from polignac_tui.cli import main
from polignac_tui.games.polignac.stats import player_stats
from polignac_tui.games.polignac.summary import state, state_line
from polignac_tui.store import SessionStore
from polignac_tui.store.index import from_json, index_path, to_json

from .helpers import advance, make

IDS = ("20261120-1000-a", "20261121-1000-b", "20261122-1000-c")


def folder(tmp_path: Path) -> SessionStore:
    """Three sessions: two finished, one in play, written in this order."""
    store = SessionStore(tmp_path / "sessions")
    for number, id in enumerate(IDS):
        save_session(store, make(id, actions=20 if number == 2 else None, seed=number))
    return store


def fresh(store: SessionStore) -> SessionStore:
    """Another process's store on the same folder (nothing kept in memory)."""
    return SessionStore(store.root)


def test_the_summaries_say_what_a_replay_says(tmp_path: Path) -> None:
    store = folder(tmp_path)
    summaries = {s.id: s for s in fresh(store).summaries()}
    assert set(summaries) == set(IDS)
    for id in IDS:
        session, summary = load_session(store, id), summaries[id]
        assert summary.totals == tuple(session.totals)
        assert summary.finished == session.finished and summary.turn == session.turn
        assert summary.losers == tuple(session.losers)
        assert summary.winners == tuple(session.winners)
        assert summary.finished_deals == session.finished_deals
        assert summary.state == state(session) and summary.where == state_line(session)
        assert [list(d.points) for d in summary.deals] == [
            d.points() for d in session.deals if d.points() is not None]
    # the statistics from the index are those of the sessions themselves
    stats = player_stats(summaries.values())
    anna = next(s for s in stats if s.name == "Anna")
    finished = [load_session(store, id) for id in IDS[:2]]
    assert anna.sessions == 2
    assert anna.points == sum(sum(d.points()[0] for d in s.deals) for s in finished)


def test_a_row_goes_through_json_unchanged(tmp_path: Path) -> None:
    store = folder(tmp_path)
    for summary in store.summaries():
        assert from_json(summary.path, to_json(summary)) == summary


def test_rows_are_kept_across_processes_and_unchanged_files_not_read(tmp_path: Path) -> None:
    store = folder(tmp_path)
    first = fresh(store)
    first.summaries()
    assert first.index.rebuilt == 0          # every save already wrote its row
    assert index_path(store.root).is_file()
    second = fresh(store)
    assert [s.id for s in second.summaries()] == [s.id for s in first.summaries()]
    assert second.index.rebuilt == 0


def test_a_file_changed_behind_the_index_is_read_again(tmp_path: Path) -> None:
    store = folder(tmp_path)
    fresh(store).summaries()
    # another program (an editor, a sync tool) rewrites a file: same name, new content
    session = load_session(store, IDS[2])
    advance(session, random.Random(9), 15)
    store.path(IDS[2]).write_text(dumps(session), encoding="utf-8")
    later = fresh(store)
    summary = next(s for s in later.summaries() if s.id == IDS[2])
    assert later.index.rebuilt == 1
    assert summary.totals == tuple(session.totals)
    assert summary.where == state_line(session)
    # and a file touched only (same bytes, new modification time) is read again too
    stamp = store.path(IDS[0]).stat().st_mtime + 60
    os.utime(store.path(IDS[0]), (stamp, stamp))
    again = fresh(store)
    again.summaries()
    assert again.index.rebuilt == 1


def test_files_added_and_removed_behind_its_back(tmp_path: Path) -> None:
    store = folder(tmp_path)
    fresh(store).summaries()
    store.path(IDS[0]).unlink()
    extra = make("20261123-1000-d", actions=4, seed=7)
    store.path(extra.id).write_text(dumps(extra), encoding="utf-8")
    later = fresh(store)
    assert sorted(s.id for s in later.summaries()) == sorted([*IDS[1:], extra.id])
    with sqlite3.connect(index_path(store.root)) as db:
        files = sorted(f for (f,) in db.execute("SELECT file FROM sessions"))
    assert files == sorted(f"{id}.toml" for id in [*IDS[1:], extra.id])


def test_saving_updates_the_row(tmp_path: Path) -> None:
    store = folder(tmp_path)
    session = load_session(store, IDS[2])
    advance(session, random.Random(3), 6)
    save_session(store, session)
    later = fresh(store)
    summary = next(s for s in later.summaries() if s.id == IDS[2])
    assert later.index.rebuilt == 0
    assert summary == summarize(IDS[2], store.path(IDS[2]), session.updated, session)


def test_deleting_a_session_drops_its_row(tmp_path: Path) -> None:
    store = folder(tmp_path)
    store.delete(IDS[0])
    with sqlite3.connect(index_path(store.root)) as db:
        files = {f for (f,) in db.execute("SELECT file FROM sessions")}
    assert f"{IDS[0]}.toml" not in files and len(files) == 2


def test_a_missing_index_is_rebuilt_silently(tmp_path: Path) -> None:
    store = folder(tmp_path)
    expected = fresh(store).summaries()
    for path in tmp_path.glob("sessions-index.sqlite3*"):
        path.unlink()
    later = fresh(store)
    assert later.summaries() == expected and later.index.rebuilt == len(IDS)
    assert index_path(store.root).is_file()


def _close_all(store: SessionStore) -> None:
    store.index.close()


def test_an_index_that_is_not_a_database_is_rebuilt(tmp_path: Path) -> None:
    store = folder(tmp_path)
    expected = fresh(store).summaries()
    _close_all(store)
    for path in tmp_path.glob("sessions-index.sqlite3-*"):
        path.unlink()
    index_path(store.root).write_bytes(b"this is not SQLite at all" * 100)
    later = fresh(store)
    assert later.summaries() == expected
    assert later.index.rebuilt == len(IDS)
    with sqlite3.connect(index_path(store.root)) as db:   # a sound database again
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_real_sqlite_file_damaged_on_purpose_is_rebuilt(tmp_path: Path) -> None:
    store = folder(tmp_path)
    # many rows, so that the table spans several pages, then checkpointed into the file
    for n in range(30):
        save_session(store, make(f"20261101-{1000 + n}-x", actions=10, seed=n))
    expected = fresh(store).summaries()
    _close_all(store)
    path = index_path(store.root)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = db.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    assert len(data) >= 4 * page
    for offset in range(page, len(data), page):   # every page but the header's, scrambled
        data[offset:offset + 64] = bytes(range(64, 128))
    path.write_bytes(bytes(data))
    with sqlite3.connect(path) as db, pytest.raises(sqlite3.DatabaseError):
        db.execute("SELECT file, summary FROM sessions").fetchall()   # really damaged
    later = fresh(store)
    assert later.summaries() == expected
    assert later.index.rebuilt == len(expected)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_an_index_of_another_folder_is_not_trusted(tmp_path: Path) -> None:
    store = folder(tmp_path)
    fresh(store).summaries()
    _close_all(store)
    other = SessionStore(tmp_path / "copy" / "sessions")
    other.root.mkdir(parents=True)
    for id in IDS:   # same names, sizes and times, but changed content would not be seen
        target = other.path(id)
        target.write_bytes(store.path(id).read_bytes())
        stat = store.path(id).stat()
        os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    index_path(other.root).write_bytes(index_path(store.root).read_bytes())
    other.summaries()
    assert other.index.rebuilt == len(IDS)


def test_damaged_files_are_listed_with_their_reason_and_not_read_again(tmp_path: Path) -> None:
    store = folder(tmp_path)
    (store.root / "20261101-0000-garbage.toml").write_bytes(b"\x00\x01 not toml [[[")
    first = fresh(store)
    broken = [s for s in first.summaries() if not s.readable]
    assert [s.id for s in broken] == ["20261101-0000-garbage"]
    with pytest.raises(SessionFileError) as reason:
        load(store.root / "20261101-0000-garbage.toml")
    assert broken[0].error == str(reason.value)      # the reason `show` gives
    later = fresh(store)
    assert [s.error for s in later.summaries() if not s.readable] == [broken[0].error]
    assert later.index.rebuilt == 0


def test_home_continue_reads_the_index(tmp_path: Path) -> None:
    store = folder(tmp_path)
    found = fresh(store).latest_unfinished(5)
    assert found is not None and found.id == IDS[2] and not found.finished
    assert found.where == state_line(load_session(store, IDS[2]))


def test_list_and_stats_use_the_index(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    store = folder(Path(os.environ["XDG_DATA_HOME"]) / "polignac-tui")
    assert store.root == SessionStore().root
    calls: list[Path] = []
    read = SessionStore._entry

    def counting(self: SessionStore, path: Path):  # type: ignore[no-untyped-def]
        calls.append(path)
        return read(self, path)
    monkeypatch.setattr(SessionStore, "_entry", counting)
    assert main(["list"]) == 0 and main(["stats"]) == 0
    out = capsys.readouterr().out
    assert calls == []                       # nothing replayed: every row was current
    assert all(id in out for id in IDS) and "PTS/DEAL" in out
