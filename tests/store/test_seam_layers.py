"""The store and the commands that read files speak to Polignac through the seam only:
none of their modules imports ``games.polignac`` or names Polignac's own words (the shim
``store/fileformat.py`` that the engine session's old table path went through is gone, and
so is that path: the store saves and loads a ``GameSession`` of any game, nothing else)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import polignac_tui

PACKAGE = Path(polignac_tui.__file__).parent
SHIM = "polignac_tui.store.fileformat"
WORDS = re.compile(r"g[ée]n[ée]rale|chelem|cognac|jack|3 to 8|3[–-]8", re.IGNORECASE)
AREA = [*sorted((PACKAGE / "store").glob("*.py")),
        *(PACKAGE / "commands" / f"{name}.py" for name in ("show", "sessions", "export",
                                                           "gamescores"))]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (relative imports resolved), with its line."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            target = ".".join([*base, node.module] if node.module else base)
            found.append((node.lineno, target))
            found.extend((node.lineno, f"{target}.{alias.name}") for alias in node.names)
    return found


def test_the_area_is_what_it_claims() -> None:
    names = {module_name(p) for p in AREA}
    assert {"polignac_tui.store.index", "polignac_tui.store.report",
            "polignac_tui.store.gamefile", "polignac_tui.commands.show"} <= names
    assert SHIM not in names and not (PACKAGE / "store" / "fileformat.py").exists()


def test_no_module_of_the_area_imports_polignac() -> None:
    wrong = [f"{module_name(p)}:{line} imports {target}" for p in AREA
             for line, target in imports(p)
             if target.startswith("polignac_tui.games.polignac")]
    assert wrong == []
    assert any(t.startswith("polignac_tui.games.polignac") for _, t in   # the check sees
               imports(PACKAGE / "games" / "polignac" / "tui" / "scenes.py"))  # imports


def test_the_store_saves_and_loads_only_the_houses_sessions() -> None:
    """The old path (an engine session saved by ``SessionStore.save``, read back by
    ``load``, listed as ``Entry.session``) is gone: every session, whatever its game, goes
    through ``save_game``/``load_game`` as a ``GameSession``."""
    reaching = sorted({module_name(p) for p in AREA
                       for _, target in imports(p) if target.startswith(SHIM)})
    assert reaching == []
    from polignac_tui.store import Entry, SessionStore, gamefile
    assert not hasattr(SessionStore, "save") and not hasattr(SessionStore, "load")
    assert not hasattr(Entry, "session") and not hasattr(gamefile, "as_game_session")
    assert callable(SessionStore.save_game) and callable(SessionStore.load_game)


def test_no_module_of_the_area_names_polignacs_own_words() -> None:
    wrong = [f"{module_name(p)}:{n}: {line.strip()}" for p in AREA
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
             if WORDS.search(line)]
    assert wrong == []
    assert WORDS.search((PACKAGE / "games" / "polignac" / "summary.py").read_text())
