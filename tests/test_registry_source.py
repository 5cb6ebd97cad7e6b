"""The registry is the one source of the games (issue 34, point 4): an AST count.

Outside ``polignac_tui/games/``, the house names no game by a string literal (a short
name, ``"polignac"``, ``"ecarte"``, ``"piquet"``, or a title, ``"Écarté"``...): it asks
the registry (``game_names()``, ``FIRST_GAME``, ``get_game(name).title``). The bar allows
three (docstrings are prose and are not counted). And the levels, the arena's levels and
the default game are each defined once, in the registry.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "polignac_tui"
GAMES = ROOT / "games"
REGISTRY = GAMES / "__init__.py"
NAMES = frozenset({"polignac", "ecarte", "piquet", "Polignac", "Ecarte", "Écarté", "Piquet",
                   "écarté"})
BAR = 3                      # literals allowed outside games/ (the bar)
ONCE = ("LEVELS", "ARENA_LEVELS", "FIRST_GAME")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of ``tree`` (a module's, a class's, a function's)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_literals(path: Path, base: Path) -> list[str]:
    """Each string literal of ``path`` that is a game's name or title, as ``file:line: 'x'``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = docstrings(tree)
    return [f"{path.relative_to(base)}:{node.lineno}: {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value in NAMES and id(node) not in prose]


def outside_games() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py")) if GAMES not in p.parents]


def test_the_house_names_no_game_outside_the_games() -> None:
    found = [line for path in outside_games() for line in game_literals(path, ROOT.parent)]
    assert len(found) <= BAR, (f"{len(found)} game names written outside games/ (at most "
                               f"{BAR}); ask the registry:\n" + "\n".join(found))


def test_the_count_sees_a_name_and_passes_over_prose(tmp_path: Path) -> None:
    module = tmp_path / "screen.py"
    module.write_text('"""Écarté, Piquet: prose."""\n'
                      'GAMES = ("ecarte", "piquet")\n'
                      'def title(game: str) -> str:\n'
                      '    """Polignac\'s title."""\n'
                      '    return "Polignac" if game == "polignac" else f"{game}"\n',
                      encoding="utf-8")
    assert [line.split(": ", 1)[1] for line in game_literals(module, tmp_path)] == [
        "'ecarte'", "'piquet'", "'Polignac'", "'polignac'"]


def definitions(path: Path) -> list[tuple[str, str]]:
    """(name, where) of each module-level or class-level assignment of one of ``ONCE``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, str]] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name) and target.id in ONCE:
                out.append((target.id, f"{path.relative_to(ROOT.parent)}:{node.lineno}"))
    return out


def test_the_levels_and_the_first_game_are_defined_once_in_the_registry() -> None:
    found = [d for path in sorted(ROOT.rglob("*.py")) for d in definitions(path)]
    where = {name: [w for n, w in found if n == name] for name in ONCE}
    registry = str(REGISTRY.relative_to(ROOT.parent))
    for name in ONCE:
        assert len(where[name]) == 1 and where[name][0].startswith(registry + ":"), (
            f"{name} is defined at {where[name]}: once, in the registry")
