"""Golden files: Polignac session files written by the format 1 writer of main 0c82b6b
(``golden/make_corpus.py``), with what ``show --json`` and ``show`` printed for each
then. Reading them now must print the same bytes, and writing them again must give the
same file."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import pytest

from polignac_tui.cli import main

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.stem for p in GOLDEN.glob("*.toml"))


def run(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(args))
    assert status == 0
    return out.getvalue()


def test_the_corpus_covers_what_it_claims() -> None:
    assert len(CASES) >= 50
    texts = [(GOLDEN / f"{c}.toml").read_text(encoding="utf-8") for c in CASES]
    for word in ("generale = ", "passed = ", "undos = ", "served = true", "undo = false",
                 'preset = "english"', 'preset = "italiana"', 'chelem = "automatic"',
                 'kind = "computer"', 'end = "deals"'):
        assert any(word in t for t in texts), word
    assert any('"chelem": 0' in (GOLDEN / f"{c}.json").read_text() or
               '"chelem": 1' in (GOLDEN / f"{c}.json").read_text() for c in CASES)


@pytest.mark.parametrize("case", CASES)
def test_show_prints_the_same_bytes(case: str) -> None:
    path = str(GOLDEN / f"{case}.toml")
    assert run("show", "--json", path) == (GOLDEN / f"{case}.json").read_text(encoding="utf-8")
    assert run("show", path) == (GOLDEN / f"{case}.txt").read_text(encoding="utf-8")


def _copy(tmp_path: Path, case: str, id: str = "20261122-2015-anna") -> Path:
    root = tmp_path / "sessions"
    root.mkdir(exist_ok=True)
    path = root / f"{id}.toml"
    path.write_bytes((GOLDEN / f"{case}.toml").read_bytes())
    return path


@pytest.mark.parametrize("case", CASES)
def test_the_store_loads_and_saves_polignac_through_the_seam(case: str,
                                                             tmp_path: Path) -> None:
    from polignac_file import load, to_document

    from polignac_tui.games.polignac import PolignacMatch
    from polignac_tui.store import SessionStore
    from polignac_tui.store.gamefile import dumps

    path = _copy(tmp_path, case)
    text = path.read_text(encoding="utf-8")
    store = SessionStore(path.parent)
    session = store.load_game("20261122-2015-anna")
    assert isinstance(session.match, PolignacMatch) and session.game == "polignac"
    old = load(path)
    engine = session.match.session
    assert to_document(engine) == to_document(old)
    assert [(p.name, p.kind, p.level) for p in engine.players] == \
        [(p.name, p.kind, p.level) for p in old.players]
    assert (engine.name, engine.created, engine.updated, engine.undo_on, engine.served) \
        == (old.name, old.created, old.updated, old.undo_on, old.served)
    assert [d.undos for d in engine.deals] == [d.undos for d in old.deals]
    assert [s.kind for s in session.seats] == [p.kind for p in old.players]
    assert [s.level for s in session.seats] == [p.level for p in old.players]
    assert (session.undo_on, session.served) == (old.undo_on, old.served)
    session = store.load_game("20261122-2015-anna")
    session.id = session.match.session.id      # the file's own id, as written
    assert dumps(session) == text               # the same bytes as the format 1 writer
    session.id = "20261122-2015-anna"
    store.save_game(session)
    saved = path.read_text(encoding="utf-8").splitlines()
    before = text.splitlines()
    assert len(saved) == len(before)
    for new, old_line in zip(saved, before, strict=True):
        if old_line.startswith("updated = ") or old_line.startswith("id = "):
            continue
        assert new == old_line
    assert load(path).updated == session.updated


DAMAGES: dict[str, str] = {
    "no format": "format = 1\n",
    "format 2": "format = 2\n",
    "unknown key": "bogus = 3\nformat = 1\n",
    "long name": 'name = "' + "x" * 41 + '"\nformat = 1\n',
    "two players": "",      # the [[players]] cut below
    "bad card": "",
    "bad rules": "",
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_polignac_file_is_refused_in_the_same_words(damage: str,
                                                               tmp_path: Path) -> None:
    from polignac_file import load

    from polignac_tui.store import SessionFileError, SessionStore

    path = _copy(tmp_path, "classique-4-finished")
    text = path.read_text(encoding="utf-8")
    if damage == "no format":
        text = text.replace("format = 1\n", "", 1)
    elif damage in ("format 2", "unknown key", "long name"):
        text = text.replace("format = 1\n", DAMAGES[damage], 1)
    elif damage == "two players":
        cut = text.index("[[players]]", text.index("[[players]]", text.index("[[players]]")
                                                   + 1) + 1)
        text = text[:cut] + text[text.index("[[deals]]"):]
    elif damage == "bad card":
        text = text.replace('hands = [\n    ["', 'hands = [\n    ["ZZ", "', 1)
    else:
        text = text.replace("[rules]\n", '[rules]\nchelem = "sometimes"\n', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionFileError) as old:
        load(path)
    store = SessionStore(path.parent)
    with pytest.raises(SessionFileError) as new:
        store.load_game(path.stem)
    assert str(new.value) == str(old.value)


def test_list_stats_and_export_print_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole corpus as a sessions folder: ``list``, ``stats`` (text and JSON) and
    ``export`` (a session's CSV, and every session of the game's) print what the code of
    before printed (``golden/outputs``, made by ``golden/make_outputs.py``)."""
    import sys
    import time
    sys.path.insert(0, str(GOLDEN))
    try:
        from make_outputs import outputs
    finally:
        sys.path.remove(str(GOLDEN))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        made = outputs(monkeypatch.setenv)
    finally:
        monkeypatch.undo()
        time.tzset()
    kept = sorted(p.name for p in (GOLDEN / "outputs").iterdir())
    assert sorted(made) == kept and len(kept) == len(CASES) + 5
    for name in kept:
        assert made[name] == (GOLDEN / "outputs" / name).read_text(encoding="utf-8"), name


def test_the_index_keeps_the_same_rows() -> None:
    """Each case's row of the summary index, made through the seam now, is the row main
    0c82b6b made from the engine session (``golden/index-rows.json``)."""
    import json
    from datetime import datetime

    from polignac_tui.store.gamefile import load
    from polignac_tui.store.index import summarize, to_json
    kept = json.loads((GOLDEN / "index-rows.json").read_text(encoding="utf-8"))
    moment = datetime.fromisoformat("2026-01-01T00:00:00+00:00")
    assert sorted(kept) == CASES
    for case in CASES:
        path = GOLDEN / f"{case}.toml"
        assert to_json(summarize(case, path, moment, load(path))) == kept[case], case


def _mutated(text: str, rng: random.Random) -> str:
    """``text`` with one seeded change: a line dropped or doubled, a digit or a card
    changed, a key renamed."""
    lines = text.splitlines(keepends=True)
    k = rng.randrange(len(lines))
    kind = rng.randrange(5)
    if kind == 0:
        del lines[k]
    elif kind == 1:
        lines.insert(k, lines[k])
    elif kind == 2:
        digits = [i for i, c in enumerate(lines[k]) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            lines[k] = lines[k][:i] + str(rng.randrange(10)) + lines[k][i + 1:]
    elif kind == 3:
        lines[k] = lines[k].replace('"', '"Z', 1)
    else:
        lines[k] = lines[k].replace(" = ", "x = ", 1)
    return "".join(lines)


@pytest.mark.parametrize("seed", range(6))
def test_damaged_files_are_read_or_refused_alike_by_both_paths(seed: int,
                                                               tmp_path: Path) -> None:
    """Seeded one-change mutations of the corpus: ``load_game`` reads what the format 1
    reader reads (the same engine session) and refuses the rest in the same words."""
    from polignac_file import load, to_document

    from polignac_tui.store import SessionFileError, SessionStore

    rng = random.Random(seed)
    store = SessionStore(tmp_path / "sessions")
    refused = read = 0
    for n in range(40):
        case = rng.choice(CASES)
        path = _copy(tmp_path, case, id=f"case-{n}")
        path.write_text(_mutated(path.read_text(encoding="utf-8"), rng), encoding="utf-8")
        try:
            old = load(path)
        except SessionFileError as error:
            with pytest.raises(SessionFileError) as new:
                store.load_game(path.stem)
            assert str(new.value) == str(error)
            refused += 1
        else:
            session = store.load_game(path.stem)
            assert to_document(session.match.session) == to_document(old)
            read += 1
    assert refused + read == 40
