"""How the golden corpus of Polignac files was made: run once on main 0c82b6b (before
Polignac's file moved behind the seam), from the repository's root:

    .venv/bin/python tests/store/golden/make_corpus.py

Each case is a seeded session written by the format 1 writer of that day
(``store.fileformat.dumps``) as ``<case>.toml``, with what ``show --json`` and ``show``
printed for it then (``<case>.json``, ``<case>.txt``, English). The golden test
(``test_golden.py``) holds today's code to those bytes. Kept for the record: it imports
the modules of that day.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
from datetime import UTC, datetime
from pathlib import Path

from polignac_tui.cli import main
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.store.fileformat import dumps

HERE = Path(__file__).parent
CREATED = datetime(2026, 11, 22, 20, 15, tzinfo=UTC)
UPDATED = datetime(2026, 11, 23, 1, 2, 3, tzinfo=UTC)
NAMES = ("Anna", "Bob", "Zoé", "Dédé", "Eve", "Fanny", "Gus", "Hélène")
LEVELS = ("easy", "medium", "hard", "expert")


def make(count: int, preset_name: str, seed: int, actions: int | None, *, name: str = "",
         humans: int = 1, undo: bool = True, served: bool = False, undos: int = 0,
         declare_rate: float = 0.15, **changes: object) -> Session:
    rules = preset(preset_name, count)        # type: ignore[arg-type]
    if changes:
        rules = rules.replace(**changes)
    players = [Player(NAMES[i]) if i < humans else
               Player(NAMES[i], "computer", LEVELS[i % 4]) for i in range(count)]
    rng = random.Random(seed)
    session = Session.new(rules, players, rng, id=f"case-{seed}", name=name,
                          created=CREATED, undo=undo, served=served)
    done = 0
    while not session.finished and (actions is None or done < actions):
        done += 1
        random_step(session, rng, declare_rate=declare_rate)
        if undos and session.current is not None and done % 7 == 0:
            session.current.undos += 1
            undos -= 1
    session.updated = UPDATED
    return session


def chelem_seed(count: int, preset_name: str, want: str) -> int:
    """The first seed whose finished session has a chelem (or a générale made)."""
    for seed in range(1, 3000):
        s = make(count, preset_name, seed, None, declare_rate=0.3)
        for d in s.deals:
            if d.points() is None:
                continue
            if want == "chelem" and d.declarer is None and d.chelem is not None:
                return seed
            if want == "made" and d.declarer is not None and d.generale_made:
                return seed
    raise SystemExit(f"no {want} found")


def cases() -> dict[str, Session]:
    out: dict[str, Session] = {}
    for count in range(3, 9):
        for preset_name in ("classique", "italiana", "generale", "english"):
            seed = 100 * count + len(preset_name)
            out[f"{preset_name}-{count}-finished"] = make(count, preset_name, seed, None)
            out[f"{preset_name}-{count}-in-play"] = make(count, preset_name, seed + 1, 37)
    out["fresh-no-deal"] = make(4, "classique", 1, 0)
    out["named-undo-off"] = make(5, "generale", 2, 20, name="Friday night", undo=False)
    out["served"] = make(4, "classique", 3, 50, served=True, humans=3)
    out["undos"] = make(4, "classique", 4, None, undos=5)
    out["undos-in-play"] = make(6, "italiana", 5, 60, undos=3)
    out["all-computers"] = make(3, "english", 6, None, humans=0)
    out["all-humans"] = make(8, "generale", 7, 90, humans=8)
    out["deals-end"] = make(4, "classique", 8, None, end="deals", limit=3)
    out["custom"] = make(5, "classique", 9, None, chelem="automatic", limit=12)
    seed = chelem_seed(4, "classique", "chelem")
    out["chelem"] = make(4, "classique", seed, None, declare_rate=0.3)
    seed = chelem_seed(4, "generale", "made")
    out["generale-made"] = make(4, "generale", seed, None, declare_rate=0.3)
    out["generale-asked"] = make(4, "generale", 11, 0)
    return out


def run(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(args))
    assert status == 0, args
    return out.getvalue()


def write() -> None:
    for case, session in cases().items():
        path = HERE / f"{case}.toml"
        path.write_text(dumps(session), encoding="utf-8")
        (HERE / f"{case}.json").write_text(run("show", "--json", str(path)), encoding="utf-8")
        (HERE / f"{case}.txt").write_text(run("show", str(path)), encoding="utf-8")
        print(case, file=sys.stderr)


if __name__ == "__main__":
    write()
