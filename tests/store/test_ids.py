"""Session ids: readable, unique in the folder, never a way out of it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from polignac_file import load_session, save_session

from polignac_tui.store import BadSessionId, SessionStore
from polignac_tui.store.ids import slug

from .helpers import make

NOW = datetime(2026, 11, 22, 20, 15)


def test_id_is_date_time_and_slug_of_the_session_name_else_first_human(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    assert store.new_id("", "Anna", NOW) == "20261122-2015-anna"
    assert store.new_id("Cognac du vendredi", "Anna", NOW) == "20261122-2015-cognac-du-vendredi"
    assert store.new_id("", "Dédé Éluard", NOW) == "20261122-2015-dede-eluard"
    assert store.new_id("¿?", "Ωμέγα", NOW) == "20261122-2015-session"


def test_slug_is_short_and_cut_between_words() -> None:
    assert slug("The very long name of our Friday session") == "the-very-long-name"
    assert len(slug("x" * 50)) == 20
    assert slug("  --  ") == ""


def test_new_id_is_unique_in_the_folder(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "sessions")
    first = store.new_id("", "Anna", NOW)
    assert not store.root.exists()  # asking for an id writes nothing
    save_session(store, make(first))
    second = store.new_id("", "Anna", NOW)
    assert second == "20261122-2015-anna-2"
    with store.lock(second):  # a session being created (locked, not saved yet) is taken too
        assert store.new_id("", "Anna", NOW) == "20261122-2015-anna-3"
    (store.root / "20261122-2015-anna-3.toml").write_text("damaged")
    assert store.new_id("", "Anna", NOW) == "20261122-2015-anna-2"
    save_session(store, make(second))
    assert store.new_id("", "Anna", NOW) == "20261122-2015-anna-4"


@pytest.mark.parametrize("bad", ["../evil", "a/b", "/etc/passwd", "UPPER", "a..b", "", "-a",
                                 "a-", "a--b", "with space", "x" * 65, "é", "a.toml", "nul\0"])
def test_path_refuses_anything_but_an_id(tmp_path: Path, bad: str) -> None:
    store = SessionStore(tmp_path)
    with pytest.raises(BadSessionId, match="is not a session id"):
        store.path(bad)
    with pytest.raises(BadSessionId):
        load_session(store, bad)
    with pytest.raises(BadSessionId):
        store.delete(bad)
    with pytest.raises(BadSessionId):
        store.lock(bad)
    assert list(tmp_path.iterdir()) == []


def test_path_of_an_id_is_inside_the_folder(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    assert store.path("20261122-2015-anna") == tmp_path / "20261122-2015-anna.toml"


def test_default_folder_follows_xdg_data_home(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert SessionStore().root == tmp_path / "data" / "polignac-tui" / "sessions"
