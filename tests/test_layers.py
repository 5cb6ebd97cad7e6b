"""The layers, held by a test: an AST check of every import in ``polignac_tui/``.

games (each game's rules and players) → store → table, service, commands → ui: an
arrow never runs the other way, and what runs without a screen never loads Textual or
rich, not even through the project's own imports (top-level or inside a function; imports
under ``if TYPE_CHECKING:`` are not run, so they count only for the arrows).

The rules are the tables just below; adjust them there.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

PROJECT = "polignac_tui"
UI_LIBRARIES = ("textual", "rich")

# A module of the package on the left imports, of the project, only what lies under the
# prefixes on the right (a layer sees itself and what is below it) ...
# (``polignac_tui.i18n``, the words in each language, lies under them all: it imports
# nothing of the project.)
MAY_IMPORT: dict[str, tuple[str, ...]] = {
    "polignac_tui.i18n": ("polignac_tui.i18n",),
    # the games: the seam and each game's rules and computer players (their own screens,
    # ``games/<game>/tui/``, are the UI's: see GAME_UI)
    "polignac_tui.games": ("polignac_tui.games", "polignac_tui.i18n"),
    "polignac_tui.store": ("polignac_tui.games", "polignac_tui.store", "polignac_tui.i18n"),
    # the club's book: made from the store's sessions (the service only tells it, and
    # its types are named for the checker alone)
    "polignac_tui.club": ("polignac_tui.games", "polignac_tui.store", "polignac_tui.club",
                          "polignac_tui.i18n", "polignac_tui.service"),
}
# ... and, of everything else, only the standard library and these.
LIBRARIES: dict[str, tuple[str, ...]] = {
    "polignac_tui.i18n": (),
    "polignac_tui.games": (),
    "polignac_tui.store": ("tomli_w", "platformdirs"),
    "polignac_tui.club": ("openskill",),
}
# A game's own screens and words for them: UI modules, held to no layer above.
GAME_UI: tuple[str, ...] = ("polignac_tui.games.*.tui", "polignac_tui.games.*.tui.*")
# A game's own benchmarks: tools run by hand (they time the store), held to no layer above;
# no module of the pure ``games`` layer imports them.
GAME_TOOLS: tuple[str, ...] = ("polignac_tui.games.*.benchmarks",
                               "polignac_tui.games.*.benchmarks.*")
# Modules (and packages) that run without a screen: they must not load Textual or rich,
# directly or through any project module they import ...
NO_UI: tuple[str, ...] = (
    "polignac_tui.i18n",
    "polignac_tui.games",
    "polignac_tui.store",
    "polignac_tui.table",          # a module today, maybe a package tomorrow
    "polignac_tui.service",
    "polignac_tui.commands.show",
    "polignac_tui.commands.sessions",
    "polignac_tui.commands.arena",
    "polignac_tui.commands.review",
    "polignac_tui.commands.export",
    "polignac_tui.club",
    "polignac_tui.commands.club",
)
# ... except these, which the UI owns (fnmatch patterns on module names).
UI_OWNED: tuple[str, ...] = (
    *GAME_UI,
    "polignac_tui.service.doors",
    "polignac_tui.service.doors.*",
    "polignac_tui.service.*client*",
    "polignac_tui.service.lobby",
    "polignac_tui.service.lobby.*",
    "polignac_tui.service.app",
    "polignac_tui.service.app.*",
)

# The UI reaches a table only through its client interface (a table in this process and
# a table of the service look the same to a screen); the app, which opens local tables,
# is the one exception.
TABLE_INTERFACE: tuple[str, ...] = (
    "polignac_tui.table.pace", "polignac_tui.table.talk",
    # the one interface for a table of any game
    "polignac_tui.table.gameclient", "polignac_tui.table.gameevents")
TABLE_OPENERS: tuple[str, ...] = ("polignac_tui.ui.app",)

ROOT = Path(__file__).resolve().parent.parent / PROJECT


@dataclass(frozen=True)
class Import:
    """``module`` imports ``target`` (a project module, or a library's top name)."""

    module: str
    target: str
    line: int
    runs: bool          # False under ``if TYPE_CHECKING:``
    project: bool


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def find_modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root``, by dotted name."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(tree: ast.AST, runs: bool = True) -> Iterator[tuple[ast.stmt, bool]]:
    """Every import statement, at any depth, and whether it runs."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, runs
        elif isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.body:
                yield from _statements(ast.Module(body=[child], type_ignores=[]), False)
            for child in node.orelse:
                yield from _statements(ast.Module(body=[child], type_ignores=[]), runs)
        else:
            yield from _statements(node, runs)


def imports(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """What module ``name`` imports: project modules resolved, libraries by top name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []

    def add(target: str, line: int, runs: bool) -> None:
        if under(target, PROJECT):
            while target not in modules and "." in target:   # an attribute, not a module
                target = target.rpartition(".")[0]
            found.append(Import(name, target, line, runs, True))
        else:
            found.append(Import(name, target.partition(".")[0], line, runs, False))

    for node, runs in _statements(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno, runs)
            continue
        assert isinstance(node, ast.ImportFrom)
        if node.level:
            base = package.split(".")
            base = base[:len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        if source == "__future__":
            continue
        add(source, node.lineno, runs)
        for alias in node.names:                 # ``from . import x``: x may be a module
            if f"{source}.{alias.name}" in modules:
                add(f"{source}.{alias.name}", node.lineno, runs)
    return found


def parents(name: str) -> list[str]:
    """The packages Python imports before ``name``."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def violations(root: Path) -> list[str]:
    """Every arrow that runs the wrong way in the package at ``root``, in words."""
    modules = find_modules(root)
    graph = {name: imports(name, path, modules) for name, path in modules.items()}
    problems: list[str] = []
    for name, found in graph.items():
        layer = next((p for p in MAY_IMPORT if under(name, p)), None)
        if layer is None or any(fnmatchcase(name, pattern)
                                for pattern in (*GAME_UI, *GAME_TOOLS)):
            continue
        for imp in found:
            if layer == "polignac_tui.games" and any(
                    fnmatchcase(imp.target, pattern) for pattern in GAME_TOOLS):
                problems.append(f"{name}:{imp.line} imports {imp.target} (a game's "
                                "benchmark, a tool run by hand)")
            if imp.project and not any(under(imp.target, p) for p in MAY_IMPORT[layer]):
                problems.append(f"{name}:{imp.line} imports {imp.target} (above {layer})")
            if not imp.project and imp.target not in sys.stdlib_module_names \
                    and imp.target not in LIBRARIES[layer]:
                problems.append(f"{name}:{imp.line} imports the library {imp.target} "
                                f"(not allowed in {layer})")
    for name, found in graph.items():
        if not under(name, "polignac_tui.ui") or name in TABLE_OPENERS:
            continue
        for imp in found:
            if under(imp.target, "polignac_tui.table") and imp.target not in TABLE_INTERFACE:
                problems.append(f"{name}:{imp.line} imports {imp.target} (the UI reaches "
                                "a table through its client)")
    for name in graph:
        if not any(under(name, p) for p in NO_UI):
            continue
        if any(fnmatchcase(name, pattern) for pattern in UI_OWNED):
            continue
        chain = _ui_chain(name, graph)
        if chain:
            problems.append(f"{name} loads {' -> '.join(chain)}")
    return problems


def _ui_chain(start: str, graph: dict[str, list[Import]]) -> list[str] | None:
    """The shortest run of imports from ``start`` to Textual or rich, if there is one."""
    path_to = {name: [name] for name in [*parents(start), start] if name in graph}
    queue = list(path_to)
    while queue:
        name = queue.pop(0)
        for imp in graph.get(name, []):
            if not imp.runs:
                continue
            if not imp.project:
                if imp.target in UI_LIBRARIES:
                    return [*path_to[name], imp.target]
                continue
            for target in [*parents(imp.target), imp.target]:
                if target in graph and target not in path_to:
                    path_to[target] = [*path_to[name], target]
                    queue.append(target)
    return None


# -- the project -----------------------------------------------------------------------------
def test_the_project_keeps_its_layers() -> None:
    modules = find_modules(ROOT)
    assert {"polignac_tui.games.polignac.engine.session", "polignac_tui.store.gamefile",
            "polignac_tui.commands.show"} <= set(modules)
    assert any(under(m, "polignac_tui.table") for m in modules)
    assert violations(ROOT) == []


def test_the_ui_does_load_textual_so_the_check_can_see_it() -> None:
    """The check is not blind: the app itself is reported if it were held to NO_UI."""
    modules = find_modules(ROOT)
    graph = {name: imports(name, path, modules) for name, path in modules.items()}
    chain = _ui_chain("polignac_tui.ui.app", graph)
    assert chain is not None and chain[-1] in UI_LIBRARIES


# -- the check itself, against a planted tree ----------------------------------------------
PLANTED = {
    "__init__.py": "",
    "games/__init__.py": "",
    "games/polignac/__init__.py": "",
    "games/polignac/engine/__init__.py": "from .deal import Deal\n",
    "games/polignac/engine/deal.py": "from ....store import save\nclass Deal: ...\n",  # 1
    "games/polignac/engine/view.py": ("from typing import TYPE_CHECKING\n"
                                      "if TYPE_CHECKING:\n"
                                      "    from ....table import Table\n"),    # 2 (an arrow)
    "games/polignac/players/__init__.py": "",
    "games/polignac/players/bot.py": "import numpy\nfrom ..engine import Deal\n",  # 3
    "games/polignac/tui/__init__.py": ("from textual.widget import Widget\n"  # its own UI
                                       "from ....ui.app import App\n"),
    "store/__init__.py": "def save(): ...\n",
    "store/load.py": "def load():\n    from ..table import Table\n",               # 4
    "table.py": "from .helpers import pace\n",                                     # 5 (through)
    "helpers.py": "def pace():\n    import textual.app\n",
    "commands/__init__.py": "",
    "commands/show.py": "from rich.text import Text\n",                            # 6
    "commands/sessions.py": "from .. import table\n",                              # 7 (through)
    "commands/arena.py": "from ..games.polignac.players import bot\n",
    "commands/play.py": "import textual\n",                       # not held: the app's command
    "service/__init__.py": "",
    "service/hub.py": "from . import doors\n",                                     # 8 (through)
    "service/doors/__init__.py": "from ..lobby import Lobby\n",   # the UI's own
    "service/lobby.py": "from textual.app import App\nclass Lobby(App): ...\n",
    "service/remote_client.py": "import rich\n",
    "service/protocol.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                            "    import textual\n"),          # never run: fine
    "ui/__init__.py": "",
    "ui/app.py": "from ..table import Table\n",                # the app opens tables: fine
    "ui/board.py": "from ..table import Table\n",                                  # 9
}


def plant(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / PROJECT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / PROJECT


def test_the_check_catches_every_arrow_planted_the_wrong_way(tmp_path: Path) -> None:
    problems = violations(plant(tmp_path, PLANTED))
    expected = [
        "polignac_tui.games.polignac.engine.deal:1 imports polignac_tui.store "
        "(above polignac_tui.games)",
        "polignac_tui.games.polignac.engine.view:3 imports polignac_tui.table "
        "(above polignac_tui.games)",
        "polignac_tui.games.polignac.players.bot:1 imports the library numpy (not allowed in "
        "polignac_tui.games)",
        "polignac_tui.store.load:2 imports polignac_tui.table (above polignac_tui.store)",
        "polignac_tui.store.load loads polignac_tui.store.load -> polignac_tui.table -> "
        "polignac_tui.helpers -> textual",
        "polignac_tui.table loads polignac_tui.table -> polignac_tui.helpers -> textual",
        "polignac_tui.commands.show loads polignac_tui.commands.show -> rich",
        "polignac_tui.commands.sessions loads polignac_tui.commands.sessions -> "
        "polignac_tui.table -> polignac_tui.helpers -> textual",
        "polignac_tui.service.hub loads polignac_tui.service.hub -> "
        "polignac_tui.service.doors -> polignac_tui.service.lobby -> textual",
        "polignac_tui.ui.board:1 imports polignac_tui.table (the UI reaches a table "
        "through its client)",
    ]
    assert sorted(problems) == sorted(expected)


def test_a_package_that_loads_textual_taints_its_modules(tmp_path: Path) -> None:
    """Importing ``commands.arena`` runs ``commands/__init__.py`` first."""
    root = plant(tmp_path, {"__init__.py": "", "commands/__init__.py": "import rich.console\n",
                            "commands/arena.py": "import json\n"})
    assert violations(root) == [
        "polignac_tui.commands.arena loads polignac_tui.commands -> rich"]


@pytest.mark.parametrize(("text", "target"), [
    ("from . import deal\n", "polignac_tui.engine.deal"),
    ("from .deal import Deal\n", "polignac_tui.engine.deal"),
    ("import polignac_tui.engine.deal as d\n", "polignac_tui.engine.deal"),
    ("from polignac_tui.engine.deal import Deal\n", "polignac_tui.engine.deal"),
    ("from ..store.load import load\n", "polignac_tui.store.load"),
    ("def f():\n    if True:\n        from ..store import load\n", "polignac_tui.store.load"),
])
def test_imports_are_resolved_to_project_modules(tmp_path: Path, text: str,
                                                 target: str) -> None:
    root = plant(tmp_path, {name: "" for name in (
        "__init__.py", "engine/__init__.py", "engine/deal.py", "store/__init__.py",
        "store/load.py")} | {"engine/view.py": text})
    found = imports("polignac_tui.engine.view", root / "engine" / "view.py",
                    find_modules(root))
    assert target in {i.target for i in found if i.project}
