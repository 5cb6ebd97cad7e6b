"""How the golden outputs of the commands over the whole corpus were made: run once on
main 0c82b6b's code (before Polignac's summaries and statistics went behind the seam),
from the repository's root, with that code first on the path:

    PYTHONPATH=<main's checkout> .venv/bin/python tests/store/golden/make_outputs.py

Every ``<case>.toml`` is copied into a sessions folder as ``<case>.toml`` (its id), then
``list``, ``list --json``, ``stats``, ``stats --json``, ``export --game polignac --csv``
and ``export <case> --csv`` for each case are written under ``outputs/`` (the folder's
path replaced by ``<root>``; English; times in UTC). ``test_golden.py`` runs the same.
"""

from __future__ import annotations

import contextlib
import io
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


if __name__ == "__main__":
    os.environ["TZ"] = "UTC"
    folder = HERE / "outputs"
    folder.mkdir(exist_ok=True)
    for name, text in outputs().items():
        (folder / name).write_text(text, encoding="utf-8")
        print(name, file=sys.stderr)
