"""The registry is the one source of the games (issue 34, point 4): an AST count.

Outside ``polignac_tui/games/``, the house names no game by a string literal (a short
name, ``"polignac"``, ``"ecarte"``, ``"piquet"``, or a title, ``"Écarté"``...): it asks
the registry (``game_names()``, ``FIRST_GAME``, ``get_game(name).title``). The bar allows
three (docstrings are prose and are not counted). And the levels, the arena's levels and
the default game are each defined once, in the registry.
"""

from __future__ import annotations

import argparse
import ast
import re
from collections.abc import Callable
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


def planted(tmp_path: Path, text: str, check: Callable[[Path, Path], list[str]]) -> list[str]:
    """What ``check`` finds in a module of ``text`` planted in ``tmp_path`` (each finding
    without its ``file:line: ``)."""
    module = tmp_path / "planted.py"
    module.write_text(text, encoding="utf-8")
    return [line.split(": ", 1)[1] for line in check(module, tmp_path)]


def test_the_house_names_no_game_outside_the_games() -> None:
    found = [line for path in outside_games() for line in game_literals(path, ROOT.parent)]
    assert len(found) <= BAR, (f"{len(found)} game names written outside games/ (at most "
                               f"{BAR}); ask the registry:\n" + "\n".join(found))


def test_the_count_sees_a_name_and_passes_over_prose(tmp_path: Path) -> None:
    assert planted(tmp_path, '"""Écarté, Piquet: prose."""\n'
                   'GAMES = ("ecarte", "piquet")\n'
                   'def title(game: str) -> str:\n'
                   '    """Polignac\'s title."""\n'
                   '    return "Polignac" if game == "polignac" else f"{game}"\n',
                   game_literals) == ["'ecarte'", "'piquet'", "'Polignac'", "'polignac'"]


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


def listed_games(path: Path, base: Path) -> list[str]:
    """Each string literal of ``path`` (docstrings aside) that writes out two or more of the
    games' short names, a list a fourth game would be missing from, as ``file:line: 'x'``."""
    from polignac_tui.games import game_names
    names = [re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])") for name in game_names()]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = docstrings(tree)
    return [f"{path.relative_to(base)}:{node.lineno}: {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in prose and sum(bool(n.search(node.value)) for n in names) >= 2]


def test_no_list_of_the_games_is_written_out_outside_the_games() -> None:
    """``help=_("only this game: polignac, ecarte or piquet")`` leaves a fourth game out:
    the list comes from ``game_names()``."""
    found = [line for path in outside_games() for line in listed_games(path, ROOT.parent)]
    assert not found, "list the games from the registry:\n" + "\n".join(found)


def test_the_list_check_sees_a_help_and_passes_over_one_name(tmp_path: Path) -> None:
    assert planted(tmp_path, '"""polignac, ecarte or piquet: prose."""\n'
                   'HELP = "only this game: polignac, ecarte or piquet"\n'
                   'ONE = "the piquet preset of polignac-tui"\n'
                   'PATH = "polignac_tui/games/ecarte"\n',
                   listed_games) == ["'only this game: polignac, ecarte or piquet'"]


# -- the registry's lists are written once: no copy under another name -------------------

def registry_lists() -> dict[frozenset[str], str]:
    """The registry's lists as sets, each with its name: a copy of one is the same set."""
    from polignac_tui.games import ARENA_LEVELS, LEVELS, game_names
    return {frozenset(LEVELS): "LEVELS", frozenset(ARENA_LEVELS): "ARENA_LEVELS",
            frozenset(game_names()): "game_names()"}


def copied_lists(path: Path, base: Path, lists: dict[frozenset[str], str]) -> list[str]:
    """Each literal tuple, list or set of ``path`` that holds the same strings as one of
    ``lists``, as ``file:line: NAME``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            held = frozenset(e.value for e in node.elts if isinstance(e, ast.Constant))
            if held in lists:
                found.append(f"{path.relative_to(base)}:{node.lineno}: {lists[held]}")
    return found


def test_the_levels_and_the_games_are_listed_in_the_registry_alone() -> None:
    """``LEVELS`` defined once is not enough if a module writes the four levels out again
    under another name (``DIFFICULTIES = ("easy", ...)``): no module but the registry
    lists them, nor the arena's levels, nor the games."""
    lists = registry_lists()
    found = [line for path in sorted(ROOT.rglob("*.py")) if path != REGISTRY
             for line in copied_lists(path, ROOT.parent, lists)]
    assert not found, "ask the registry for these:\n" + "\n".join(found)


def test_the_list_check_sees_a_copy_in_any_order(tmp_path: Path) -> None:
    lists = registry_lists()
    levels = sorted(next(k for k, v in lists.items() if v == "LEVELS"))
    games = sorted(next(k for k, v in lists.items() if v == "game_names()"))
    assert planted(tmp_path, f"DIFFICULTIES = {tuple(reversed(levels))!r}\n"
                   f"CHOICES = {[*games]!r}\n"
                   f"SOME = {tuple(levels[:2])!r}\n",
                   lambda path, base: copied_lists(path, base, lists)) == [
        "LEVELS", "game_names()"]


# -- no game's module named by a string outside the games ---------------------------------

def game_modules_named(path: Path, base: Path) -> list[str]:
    """Each string literal of ``path`` (docstrings aside) naming a game's module or folder
    (``"polignac_tui.games.piquet.tui"``, ``"games/ecarte"``), as ``file:line: 'x'``."""
    from polignac_tui.games import game_names
    named = re.compile(r"\bgames[./](" + "|".join(map(re.escape, game_names())) + r")(?![\w-])")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = docstrings(tree)
    return [f"{path.relative_to(base)}:{node.lineno}: {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in prose and named.search(node.value)]


def test_no_game_module_is_named_by_a_string_outside_the_games() -> None:
    """An import by a string (``import_module("...games.polignac.tui")``) names a game
    as surely as a literal ``"polignac"`` and hides it from the layers' check: the
    registry's entry points and each game's FACE are the way to a game's modules."""
    found = [line for path in outside_games() for line in game_modules_named(path, ROOT.parent)]
    assert not found, "reach a game through the registry or its FACE:\n" + "\n".join(found)


def test_the_module_check_passes_over_prose_and_the_package_name(tmp_path: Path) -> None:
    assert planted(tmp_path, '"""Preloads ``games/polignac/tui``: prose."""\n'
                   'import importlib\n'
                   'PRELOAD = ("polignac_tui.ui.app", "polignac_tui.games.piquet.tui")\n'
                   'SHOTS = "games/ecarte-shots"\n'
                   'importlib.import_module("polignac_tui.games.base")\n',
                   game_modules_named) == ["'polignac_tui.games.piquet.tui'"]


# -- the command line lists the registry's games ---------------------------------------

def game_options() -> dict[str, str]:
    """Each sub-command's ``--game`` help (sub-commands of sub-commands too), by its path."""

    from polignac_tui.cli import build_parser
    found: dict[str, str] = {}

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{path} {name}".strip())
            elif "--game" in action.option_strings:
                found[path] = str(action.help)
    walk(build_parser(), "")
    return found


def test_a_game_option_naming_games_names_the_registry_s() -> None:
    """A ``--game`` help that wrote "polignac, ecarte or piquet" out would leave a fourth
    game out of it: one that names a game (by its short name or a title) names every
    game of the registry, as its choices do; one that names none is left alone."""
    from polignac_tui.games import game_names
    helps = game_options()
    assert {"list", "stats", "export", "arena", "club", "new"} <= {p.split()[0] for p in helps}
    naming = [(path, text) for path, text in helps.items()
              if any(name in text for name in NAMES)]
    assert len(naming) >= 6           # list, stats, export, arena, new, the club's two
    for path, text in naming:
        missing = [name for name in game_names() if name not in text]
        assert not missing, f"polignac-tui {path} --game: {text!r} leaves out {missing}"
