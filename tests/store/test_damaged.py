"""Damaged files are listed with the reason `show` gives, and never deleted nor overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest
from polignac_file import (
    SessionFileError,
    dumps,
    engine_of,
    load,
    load_session,
    save_session,
)

from polignac_tui.cli import main
from polignac_tui.store import ResumeError, SessionStore, StoreError

from .helpers import make

GOOD = "20261122-2015-anna"


def damaged(store: SessionStore) -> dict[str, bytes]:
    """A folder with one good session and every kind of damaged file."""
    session = make(GOOD, actions=10)
    save_session(store, session)  # creates the folder
    text = dumps(session)
    bad = {
        "20261101-0000-garbage": b"\x00\x01 not toml [[[",
        "20261101-0001-empty": b"",
        "20261101-0002-latin1": "name = 'Zo\xe9'\n".encode("latin-1"),
        "20261101-0003-future": b"format = 2\nid = 'x'\n",
        "20261101-0004-cut": text[: len(text) // 2].encode(),
        "20261101-0005-cheat": text.replace('plays = [\n    "', 'plays = [\n    "7H", "', 1)
        .encode(),
        "Not An Id": text.encode(),
    }
    for id, data in bad.items():
        (store.root / f"{id}.toml").write_bytes(data)
    return bad


def test_entries_list_damaged_files_with_the_reason_of_show(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    bad = damaged(store)
    entries = store.entries()
    assert sorted(e.id for e in entries) == sorted([GOOD, *bad])
    by_id = {e.id: e for e in entries}
    assert engine_of(by_id[GOOD]) is not None and by_id[GOOD].error is None
    for id in bad:
        entry = by_id[id]
        assert engine_of(entry) is None and entry.error
        assert "\n" not in entry.error
        if id != "Not An Id":
            with pytest.raises(SessionFileError) as caught:
                load(entry.path)
            assert entry.error == str(caught.value)  # the same one-line reason as `show`
    assert "not a session id" in by_id["Not An Id"].error
    assert "not a text file" in by_id["20261101-0002-latin1"].error
    assert "format 2" in by_id["20261101-0003-future"].error


def test_damaged_files_are_never_changed(capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    store = SessionStore()  # the folder the commands use (in the test's XDG_DATA_HOME)
    bad = damaged(store)
    session = load_session(store, GOOD)
    save_session(store, session)  # other sessions keep working
    assert store.resolve_resume(None) == GOOD
    for id in bad:
        if id == "Not An Id":
            continue
        with pytest.raises(StoreError, match=r"unreadable.*left untouched"):
            store.delete(id)
        with pytest.raises(ResumeError, match=f"session {id} cannot be resumed: "):
            store.resolve_resume(id)
        assert main(["delete", id, "--yes"]) == 2
        assert main(["show", str(store.path(id))]) == 2
    assert main(["list"]) == 0
    assert main(["stats"]) == 0
    for id, data in bad.items():
        assert (store.root / f"{id}.toml").read_bytes() == data
    out = capsys.readouterr()
    assert "left untouched" in out.err


def test_list_shows_damaged_files_apart(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    store = SessionStore()
    bad = damaged(store)
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert f"{len(bad)} unreadable files" in out
    head, tail = out.split("unreadable files")
    assert GOOD in head and all(str(store.path(i)) not in head for i in bad if i != "Not An Id")
    assert all(id in tail for id in bad)
    assert "not valid TOML" in tail
    assert max(len(line) for line in out.splitlines()
               if not line.startswith(str(store.root))) <= 80
    assert main(["list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [s["id"] for s in doc["sessions"]] == [GOOD]
    assert sorted(u["id"] for u in doc["unreadable"]) == sorted(bad)
    assert all(u["error"] for u in doc["unreadable"])
