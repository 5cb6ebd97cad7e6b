"""Golden files: Polignac session files written by the format 1 writer of main 0c82b6b
(``golden/make_corpus.py``), with what ``show --json`` and ``show`` printed for each
then. Reading them now must print the same bytes, and writing them again must give the
same file."""

from __future__ import annotations

import contextlib
import io
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
