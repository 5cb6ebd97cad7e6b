"""Every hook the house calls on a game is declared (issue 34, point 4): an AST check.

Outside ``polignac_tui/games/``, no module looks for an attribute of a game, a match, a
game's FACE, its computer players or a game's session by name (``getattr``,
``hasattr``): what the house needs of a game is a member of ``Game``, ``Match``
(``games/base.py``) or the FACE's protocol (``ui/gameface.py``), which a type checker
follows. A hook found by ``getattr(face, "table_screen", None)`` is one nobody can see.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "polignac_tui"
GAMES = ROOT / "games"
LOOKUPS = ("getattr", "hasattr")
# what the looked-in object is, by the words of its expression
SEAM_OBJECT = re.compile(r"match|face|game|players|session", re.IGNORECASE)


def lookups_in(path: Path, base: Path = ROOT.parent) -> list[str]:
    """Each ``getattr``/``hasattr`` of ``path`` on a game's object, as ``file:line: call``
    (the file's path from ``base``)."""
    source = path.read_text(encoding="utf-8")
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in LOOKUPS and node.args):
            continue
        looked_in = ast.get_source_segment(source, node.args[0]) or ""
        if SEAM_OBJECT.search(looked_in):
            call = ast.get_source_segment(source, node) or node.func.id
            found.append(f"{path.relative_to(base)}:{node.lineno}: {call}")
    return found


def test_no_hook_of_a_game_is_reached_by_name_outside_the_games() -> None:
    found = [line for path in sorted(ROOT.rglob("*.py")) if GAMES not in path.parents
             for line in lookups_in(path)]
    assert not found, "declare these on Game, Match or the FACE:\n" + "\n".join(found)


def test_the_check_sees_a_hook_looked_for_by_name(tmp_path: Path) -> None:
    module = tmp_path / "screen.py"
    module.write_text('own = getattr(face_of(client.game), "table_screen", None)\n'
                      'seeded = getattr(players, "SEEDED", False)\n'
                      'keep = hasattr(self.session.match, "keep")\n'
                      'lang = getattr(args, "lang", None)\n', encoding="utf-8")
    found = [line.split(": ", 1)[1] for line in lookups_in(module, tmp_path)]
    assert found == ['getattr(face_of(client.game), "table_screen", None)',
                     'getattr(players, "SEEDED", False)',
                     'hasattr(self.session.match, "keep")']

