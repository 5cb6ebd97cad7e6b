"""How the golden outputs of the commands over the whole corpus were made: run once on
main 0c82b6b's code (before Polignac's summaries and statistics went behind the seam),
from the repository's root, with that code first on the path:

    PYTHONPATH=<main's checkout> .venv/bin/python tests/store/golden/make_outputs.py

Every ``<case>.toml`` is copied into a sessions folder as ``<case>.toml`` (its id), then
``list``, ``list --json``, ``stats``, ``stats --json``, ``export --game polignac --csv``
and ``export <case> --csv`` for each case are written under ``outputs/`` (the folder's
path replaced by ``<root>``; English; times in UTC), and each case's row of the summary
index to ``index-rows.json``. ``test_golden.py`` runs the same.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).parent
COMMANDS: dict[str, list[str]] = {
    "list.txt": ["list"], "list.json": ["list", "--json"], "stats.txt": ["stats"],
    "stats.json": ["stats", "--json"],
    "export-game.csv": ["export", "--game", "polignac", "--csv"],
}


def outputs(setenv: Callable[[str, str], None] = os.environ.__setitem__) -> dict[str, str]:
    """Each output's name and text, made in a fresh data folder (``setenv`` points the
    app at it)."""
    from polignac_tui.cli import main
    made: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as data:
        root = Path(data) / "polignac-tui" / "sessions"
        root.mkdir(parents=True)
        cases = sorted(p.stem for p in HERE.glob("*.toml"))
        for case in cases:
            shutil.copyfile(HERE / f"{case}.toml", root / f"{case}.toml")
        setenv("XDG_DATA_HOME", data)
        commands = dict(COMMANDS)
        commands.update({f"export-{c}.csv": ["export", c, "--csv"] for c in cases})
        for name, args in commands.items():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = main(args)
            assert status == 0, args
            made[name] = out.getvalue().replace(str(root), "<root>")
    return made


UPDATED = "2026-01-01T00:00:00+00:00"   # the moment each index row is made with


def index_rows() -> dict[str, str]:
    """Each case's row of the summary index (``store.index.to_json``), as main 0c82b6b
    made it: ``summarize`` of the engine session ``fileformat.load`` read."""
    from datetime import datetime

    from polignac_tui.store.fileformat import load
    from polignac_tui.store.index import summarize, to_json
    moment = datetime.fromisoformat(UPDATED)
    return {p.stem: to_json(summarize(p.stem, p, moment, load(p)))
            for p in sorted(HERE.glob("*.toml"))}


if __name__ == "__main__":
    os.environ["TZ"] = "UTC"
    (HERE / "index-rows.json").write_text(json.dumps(index_rows(), indent=0) + "\n",
                                          encoding="utf-8")
    folder = HERE / "outputs"
    folder.mkdir(exist_ok=True)
    for name, text in outputs().items():
        (folder / name).write_text(text, encoding="utf-8")
        print(name, file=sys.stderr)
