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
# what a name bound to one of them is bound from, by the last word of the expression
SEAM_TAIL = re.compile(r"(^|_)(match|face|game|players|session)$"
                       r"|^(face_of|get_game|players_of|players_module)$")


def seam_aliases(tree: ast.AST, source: str) -> set[str]:
    """The plain names bound to a game's object under a name of their own
    (``own = face_of(game)``, ``m = self.session.match``): a lookup in one is a lookup in
    the game's object."""
    aliases: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr):
            targets, value = [node.target], node.value
        if value is not None and SEAM_TAIL.search(tail_word(value)):
            aliases.update(t.id for t in targets if isinstance(t, ast.Name))
    return aliases


def tail_word(value: ast.expr) -> str:
    """The word an expression ends with: ``face_of`` for ``face_of(game)``, ``match`` for
    ``self.session.match``; "" for any other form (a subscript, an operation...)."""
    if isinstance(value, ast.Call):
        value = value.func
    if isinstance(value, ast.Attribute):
        return value.attr
    return value.id if isinstance(value, ast.Name) else ""


def lookups_in(path: Path, base: Path = ROOT.parent) -> list[str]:
    """Each ``getattr``/``hasattr`` of ``path`` on a game's object, as ``file:line: call``
    (the file's path from ``base``)."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    aliases = seam_aliases(tree, source)
    found: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in LOOKUPS and node.args):
            continue
        looked_in = ast.get_source_segment(source, node.args[0]) or ""
        if SEAM_OBJECT.search(looked_in) or looked_in in aliases:
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
                      'lang = getattr(args, "lang", None)\n'
                      'own = face_of(name)\n'
                      'screen = getattr(own, "table_screen", None)\n'
                      'if (m := self.session.match) and hasattr(m, "keep"):\n'
                      '    pass\n'
                      'width = getattr(widget, "width", 0)\n'
                      'settings = card_games_app(app).settings\n'
                      'ascii = getattr(settings, "ascii", False)\n', encoding="utf-8")
    found = sorted(line.split(": ", 1)[1] for line in lookups_in(module, tmp_path))
    assert found == sorted(['getattr(face_of(client.game), "table_screen", None)',
                            'getattr(players, "SEEDED", False)',
                            'hasattr(self.session.match, "keep")',
                            'getattr(own, "table_screen", None)',
                            'hasattr(m, "keep")'])

