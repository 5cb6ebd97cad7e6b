"""The games stay pure: an AST check of every module under ``polignac_tui/games/``.

No Textual or rich (a game's ``games/<game>/tui/`` excepted, and its benchmarks,
``games/<game>/benchmarks/``, tools run by hand), no file or network I/O,
no global random (only ``random.Random``, passed in), and of the project only the
seam (``games/*.py``), the game's own folder and the words (``i18n``): a game never
imports another game.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "polignac_tui" / "games"
UI = ("textual", "rich")
IO_MODULES = ("pathlib", "socket", "os", "io", "shutil", "subprocess", "urllib", "http",
              "asyncio", "tempfile", "sqlite3", "ssl", "select", "glob", "tomllib",
              "tomli_w", "platformdirs")
IO_CALLS = ("open", "print", "input")
PROJECT_ALLOWED = ("polignac_tui.games", "polignac_tui.i18n")


def _module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _game_of(module: str, root: Path) -> str | None:
    """The game whose folder holds ``module`` (None: the seam, or not a game's)."""
    parts = module.split(".")
    if parts[:2] != ["polignac_tui", "games"] or len(parts) < 3:
        return None
    return parts[2] if (root / parts[2]).is_dir() else None


def problems(root: Path) -> list[str]:
    """Every rule broken under ``root`` (a ``polignac_tui/games`` folder), in words."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).parts
        if len(relative) > 2 and relative[1] in ("tui", "benchmarks"):
            continue           # games/<game>/tui/ may draw; its benchmarks are tools
        module = _module(path, root)
        where = f"{module}"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(node, module, path.name == "__init__.py")
                targets = [source]
                if source == "random":
                    found.extend(f"{where}:{node.lineno} imports random.{a.name}"
                                 for a in node.names if a.name != "Random")
            for target in targets:
                top = target.partition(".")[0]
                if top in UI:
                    found.append(f"{where}:{node.lineno} imports {target}")
                if top in IO_MODULES:
                    found.append(f"{where}:{node.lineno} imports {target} (I/O)")
                if top == "polignac_tui" and not target.startswith(PROJECT_ALLOWED):
                    found.append(f"{where}:{node.lineno} imports {target}")
                other = _game_of(target, root)
                if other is not None and other != _game_of(module, root):
                    found.append(f"{where}:{node.lineno} imports {target} (another game)")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                    node.func.id in IO_CALLS):
                found.append(f"{where}:{node.lineno} calls {node.func.id}()")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                    node.value.id == "random" and node.attr != "Random"):
                found.append(f"{where}:{node.lineno} uses random.{node.attr} (global random)")
    return found


def test_the_games_do_no_io_draw_nothing_and_take_their_randomness() -> None:
    assert (GAMES / "base.py").is_file() and (GAMES / "ecarte" / "match.py").is_file()
    assert problems(GAMES) == []


def test_the_check_sees_what_is_planted(tmp_path: Path) -> None:
    root = tmp_path / "polignac_tui" / "games"
    planted = {
        "__init__.py": "",
        "base.py": "import random\nrng = random.Random(1)\n",            # fine
        "ecarte/__init__.py": "from textual.app import App\n",          # 1
        "ecarte/match.py": ("import random\nfrom pathlib import Path\n"  # 2
                            "def f():\n    random.shuffle([])\n"        # 3
                            "    return open('x')\n"),                  # 4
        "ecarte/bot.py": "from random import choice\nfrom ..polignac.engine import Deal\n",  # 5, 6
        "ecarte/tui/board.py": "from textual.widget import Widget\n",   # the game's own UI
        "polignac/__init__.py": "from .engine import Session\n",       # its own: fine
        "polignac/engine/__init__.py": "from ..cards import DECK\n",   # the seam: fine
        "piquet/net.py": "import socket\nfrom ...store import save\n",  # 7, 8
    }
    for name, text in planted.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    assert sorted(problems(root)) == sorted([
        "polignac_tui.games.ecarte:1 imports textual.app",
        "polignac_tui.games.ecarte.match:2 imports pathlib (I/O)",
        "polignac_tui.games.ecarte.match:4 uses random.shuffle (global random)",
        "polignac_tui.games.ecarte.match:5 calls open()",
        "polignac_tui.games.ecarte.bot:1 imports random.choice",
        "polignac_tui.games.ecarte.bot:2 imports polignac_tui.games.polignac.engine "
        "(another game)",
        "polignac_tui.games.piquet.net:1 imports socket (I/O)",
        "polignac_tui.games.piquet.net:2 imports polignac_tui.store",
    ])
