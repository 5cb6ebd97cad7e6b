"""Fuzzing the files (issue 15): 320 mutated session files and 60 mutated settings files,
seeded. Each is loaded cleanly or refused in one line; the good sessions stay listed; no
file is changed; the whole run is bounded in time."""

from __future__ import annotations

import json
import random
import time

import pytest
from polignac_file import MAX_MESSAGE, dumps, engine_of, save_session

from polignac_tui.cli import main
from polignac_tui.config import Settings, check, load_settings, save_settings, settings_path
from polignac_tui.store import SessionStore

from .helpers import make

SEED = 15
SESSIONS = 320
SETTINGS = 60
GOOD = ("20261122-2015-anna", "20261122-2016-bob")
# Hostile pieces spliced in: what the adversarial test of issue 15 found, and neighbours.
PIECES = [
    "limit = " + "9" * 4400, "limit = -" + "9" * 5000, "x = " + "[" * 3000,
    "x = " + "{a=" * 3000, ".".join(["a"] * 3000) + " = 1",
    "updated = 9999-12-31T23:59:59-23:59", "created = 0001-01-01T00:00:00+23:59",
    "updated = 2026-13-40T99:99:99Z", 'name = "[/]a"', 'name = "[@click=app.quit]b[/]"',
    'name = "' + "n" * 5000 + '"', 'name = "a\\u0000b"', 'name = "\\u001b[2J"',
    "format = 1.0", "format = true", "format = 99999999999999999999",
    "dealer = 9999999999", "dealer = -1", "undos = -5", "passed = 100", "generale = 99",
    'hands = [["JS", "JS"]]', "plays = [1, 2, 3]", "[[deals]]", "[[players]]",
    'name = "Anna"\nkind = "human"', "[rules]\nlimit = 0", '"""', "'''", "# ...." * 50,
    "\x00", "\ufeff", "\\", "[", "]", "=", '"', "\n" * 5, "x = inf", "x = nan",
    "x = 1e999", "x = 0x" + "f" * 4400, "a.b.c.d.e.f.g.h = 1",
]


def mutate(text: str, rng: random.Random) -> bytes:
    """``text`` changed in one to three places: bytes, lines or hostile pieces."""
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(data) + 1)
        how = rng.randrange(7)
        if how == 0 and data:  # flip a byte
            data[min(where, len(data) - 1)] = rng.randrange(256)
        elif how == 1:  # cut a span
            del data[where:where + rng.randint(1, 40)]
        elif how == 2:  # duplicate a span
            data[where:where] = data[where:where + rng.randint(1, 200)]
        elif how == 3:  # cut the file short
            del data[where:]
        else:  # a hostile piece at the start of a line
            line = data.rfind(b"\n", 0, where) + 1
            data[line:line] = (rng.choice(PIECES) + "\n").encode("utf-8")
    return bytes(data)


def test_mutated_session_files(capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    rng = random.Random(SEED)
    store = SessionStore()
    sources = [make(GOOD[0], actions=30), make(GOOD[1], seed=2, count=5, preset_name="generale",
                                                 actions=None)]
    for session in sources:
        save_session(store, session)
    texts = [dumps(s) for s in sources]
    for k in range(SESSIONS):
        store.path(f"20261101-{k:04d}-fuzz").write_bytes(mutate(rng.choice(texts), rng))
    before = {p.name: p.read_bytes() for p in store.root.iterdir()}
    assert len(before) == SESSIONS + 2

    entries = store.entries()
    assert len(entries) == SESSIONS + 2
    refused = 0
    for entry in entries:
        if engine_of(entry) is None:
            refused += 1
            assert entry.error and "\n" not in entry.error and len(entry.error) <= MAX_MESSAGE
        else:
            assert entry.error is None
            engine_of(entry).view(0)  # what a seat sees of it can be built
    assert {GOOD[0], GOOD[1]} <= {e.id for e in entries if engine_of(e) is not None}
    assert refused > SESSIONS // 2  # most mutations break a file (so the test mutates)

    assert main(["list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed["sessions"]) + len(listed["unreadable"]) == SESSIONS + 2
    assert len(listed["unreadable"]) == refused
    assert main(["stats", "--json"]) == 0
    json.loads(capsys.readouterr().out)
    for k in range(0, SESSIONS, 16):  # show, one in sixteen: a table or one line on stderr
        code = main(["show", f"20261101-{k:04d}-fuzz"])
        out, err = capsys.readouterr()
        assert code in (0, 2) and "Traceback" not in err
        assert (code == 0 and out) or (code == 2 and err.count("\n") == 1)
    assert store.resolve_resume(None) == GOOD[0] or store.resolve_resume(None).endswith("fuzz")
    assert {p.name: p.read_bytes() for p in store.root.iterdir()} == before
    assert time.monotonic() - started < 60


def test_mutated_settings_files() -> None:
    started = time.monotonic()
    rng = random.Random(SEED)
    path = settings_path()
    save_settings(Settings(name="Zoé", pace="fast", theme="nord", ascii=True))
    good = path.read_text(encoding="utf-8")
    problems = 0
    for _ in range(SETTINGS):
        data = mutate(good, rng)
        path.write_bytes(data)
        settings = load_settings()
        for name, value in settings.to_dict().items():
            assert check(name, value) is None, (name, value)
        if settings.problem is not None:
            problems += 1
            assert "\n" not in settings.problem
            assert len(settings.problem) <= len(str(path)) + 400
        assert path.read_bytes() == data
    assert problems > SETTINGS // 4
    assert time.monotonic() - started < 30
