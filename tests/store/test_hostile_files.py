"""Crafted files (issue 15, points 1, 2, 4 and 5): refused in one line, quickly, unchanged,
and never hiding the other sessions nor stopping the app's settings from loading."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from polignac_file import (
    MAX_SESSION_NAME,
    SessionFileError,
    dumps,
    engine_of,
    load,
    save_session,
)

from polignac_tui.cli import main
from polignac_tui.config import Settings, load_settings, settings_path
from polignac_tui.store import SessionStore

from .helpers import make

GOOD = "20261122-2015-anna"
Capture = pytest.CaptureFixture[str]


def good_store() -> tuple[SessionStore, str]:
    store = SessionStore()
    session = make(GOOD, actions=10)
    save_session(store, session)
    return store, dumps(session)


def with_head(text: str, line: str) -> str:
    """The session text with ``line`` put right after ``format = 1``."""
    return text.replace("format = 1\n", f"format = 1\n{line}\n", 1)


def crafted(text: str) -> dict[str, str]:
    return {
        "20261101-0000-digits": with_head(text, "limit = " + "9" * 5000),
        "20261101-0001-date": text.replace(
            text[text.index("updated = "):].split("\n", 1)[0],
            "updated = 9999-12-31T23:59:59-23:59"),
        "20261101-0002-dotted": with_head(text, ".".join(["a"] * 20_000) + " = 1"),
        "20261101-0003-deep": with_head(text, "x = " + "[" * 100_000),
        "20261101-0004-name": text.replace('id = "', f'name = "{"n" * 100_000}"\nid = "', 1),
        "20261101-0005-early": text.replace(
            text[text.index("updated = "):].split("\n", 1)[0],
            "updated = 0001-01-01T00:00:00+23:59"),
    }


def test_crafted_sessions_are_refused_in_one_line_and_others_still_listed(
        capsys: Capture) -> None:
    store, text = good_store()
    files = crafted(text)
    for id, data in files.items():
        store.path(id).write_text(data, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in store.root.iterdir()}
    started = time.monotonic()
    entries = {e.id: e for e in store.entries()}
    assert time.monotonic() - started < 5
    assert engine_of(entries[GOOD]) is not None
    for id in files:
        error = entries[id].error
        assert engine_of(entries[id]) is None and error and "\n" not in error and len(error) <= 300
    assert "out of range" in entries["20261101-0001-date"].error
    assert "out of range" in entries["20261101-0005-early"].error
    assert "dotted-key" in entries["20261101-0002-dotted"].error
    assert f"at most {MAX_SESSION_NAME}" in entries["20261101-0004-name"].error
    for command in (["list"], ["list", "--json"], ["stats"], ["stats", "--json"]):
        assert main(command) == 0
        assert GOOD in capsys.readouterr().out or command[0] == "stats"
    for id in files:
        assert main(["show", id]) == 2
        err = capsys.readouterr().err
        assert id in err and "Traceback" not in err
    assert {p.name: p.read_bytes() for p in store.root.iterdir()} == before


def test_resume_finds_the_good_session_past_crafted_ones() -> None:
    store, text = good_store()
    for id, data in crafted(text).items():
        store.path(id).write_text(data, encoding="utf-8")
        os.utime(store.path(id), (2e9, 2e9))  # newer than the good one
    assert store.resolve_resume(None) == GOOD
    assert store.latest_unfinished(20) is not None


def test_a_fifo_is_refused_at_once(tmp_path: Path, capsys: Capture) -> None:
    fifo = tmp_path / "20261101-0000-fifo.toml"
    os.mkfifo(fifo)
    result: list[object] = []

    def read() -> None:
        try:
            load(fifo)
        except SessionFileError as error:
            result.append(str(error))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # unblock the reader, then fail
        with open(fifo, "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert result and "FIFO" in str(result[0])
    assert main(["show", str(fifo)]) == 2
    assert "FIFO" in capsys.readouterr().err
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(SessionFileError, match="Is a directory"):
        load(folder)


def test_a_too_large_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    with path.open("wb") as out:
        out.truncate(5 * 2**20)
    with pytest.raises(SessionFileError, match="too large for a session file"):
        load(path)


def test_crafted_settings_give_the_defaults_and_a_reason() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    for text, reason in [
        ("pace = " + "9" * 5000, "not valid TOML"),
        ("x = " + "[" * 50_000, "nested too deeply"),
        (".".join(["a"] * 20_000) + " = 1", "dotted-key"),
        ("name = 'x'\n" + "#" * 70_000, "too large"),
        ('name = "Zoé"\npace = "' + "w" * 10_000 + '"', "pace 'www"),
    ]:
        path.write_text(text, encoding="utf-8")
        started = time.monotonic()
        settings = load_settings()
        assert time.monotonic() - started < 2
        assert settings.problem is not None and reason in settings.problem
        assert "\n" not in settings.problem and len(settings.problem) < 300 + len(str(path))
        assert settings.pace == Settings().pace
        assert path.read_text(encoding="utf-8") == text
    path.unlink()
    os.mkfifo(path)
    settings = load_settings()
    assert settings == Settings() and settings.problem and "FIFO" in settings.problem
