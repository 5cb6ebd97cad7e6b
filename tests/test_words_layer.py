"""Polignac's own words stay behind the seam (issue 24, point 6): an AST and text check.

No module of ``polignac_tui/`` outside ``games/polignac/`` (a) imports
``polignac_tui.games.polignac`` (the registry's entry-point string excepted), or
(b) names Polignac's own words, in code, strings, msgids, identifiers or comments: la
générale, the chelem, the cognac, its jack scoring (jack points, jacks taken, the jack
guard, ``JACKS``), its constant ``POLIGNAC`` and its 3–8 range of players. "jack" alone
is a card's rank (every game has jacks) and "Polignac" alone the game's title: neither is
held.

Modules the other branches of issue 24 still have to move sit in
``NOT_YET_BEHIND_THE_SEAM``: the check passes over them, and fails once one no longer
breaks the rule, so that the list only shrinks.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PROJECT = "polignac_tui"
ROOT = Path(__file__).resolve().parent.parent / PROJECT
BEHIND = "polignac_tui.games.polignac"          # Polignac's own folder
REGISTRY = ("polignac_tui.games", '"polignac_tui.games.polignac:GAME"')

# Polignac's own words, each with what it is called in a report. Case-insensitive but
# for the identifiers written in capitals (``JACKS`` is a constant, "jacks" a rank).
WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("générale", re.compile(r"g[eé]n[eé]rale", re.IGNORECASE)),     # GeneraleScreen too
    ("chelem", re.compile(r"chelem", re.IGNORECASE)),
    ("cognac", re.compile(r"cognac", re.IGNORECASE)),                # MatchOverBox too
    ("jack scoring", re.compile(
        r"jacks?[ _-]?(?:points?|penalt(?:y|ies)|taken|guard|outcome)|must_discard_jack",
        re.IGNORECASE)),
    ("JACKS", re.compile(r"\bJACKS\b")),
    ("POLIGNAC", re.compile(r"\bPOLIGNAC\b")),
    ("the 3-8 range", re.compile(
        r"\b(?:3|three|trois|tre)\s*(?:to|-|–|—|à|a)\s*(?:8|eight|huit|otto)\b"
        r"|range\(\s*3\s*,\s*9\s*\)", re.IGNORECASE)),
)
# A dotted name of Polignac's folder in a string (``import_module(...)``), as an import
# (a path in a comment, ``games/polignac/tui/``, only says where a thing went).
NAMED = re.compile(r"games\.polignac\b")

# Modules that break the rule while Polignac moves behind the seam: none since the move
# ended (issue 24). The mechanism stays for a later move of the same kind: a listed module
# is passed over, and the check fails once it keeps the rule; never add a name.
NOT_YET_BEHIND_THE_SEAM: frozenset[str] = frozenset()


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The absolute names an import statement loads (``from a import b``: ``a`` and
    ``a.b``, since ``b`` may be a module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = module.split(".")
        if not is_package:
            base = base[:-1]
        base = base[:len(base) - node.level + 1]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    return [source, *(f"{source}.{alias.name}" for alias in node.names)]


def problems_of(path: Path, root: Path) -> list[str]:
    """What ``path`` (a module outside Polignac's folder) says of Polignac, in words."""
    module = module_name(path, root)
    text = path.read_text(encoding="utf-8")
    found: list[str] = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            targets = imported(node, module, path.name == "__init__.py")
            if any(under(target, BEHIND) for target in targets):
                found.append(f"{module}:{node.lineno} imports {BEHIND}")
    for number, line in enumerate(text.splitlines(), start=1):
        if module == REGISTRY[0] and REGISTRY[1] in line:
            line = line.replace(REGISTRY[1], "")
        if NAMED.search(line) and not line.lstrip().startswith(("from ", "import ")):
            found.append(f"{module}:{number} names {BEHIND}")
        found.extend(f"{module}:{number} names {word}"
                     for word, pattern in WORDS if pattern.search(line))
    return found


def violations(root: Path) -> dict[str, list[str]]:
    """Every module outside ``games/polignac/`` that speaks Polignac, with how."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        if under(module_name(path, root), BEHIND):
            continue
        problems = problems_of(path, root)
        if problems:
            found[module_name(path, root)] = problems
    return found


def check(root: Path, allowed: frozenset[str]) -> list[str]:
    """The failures: a module off the list that speaks Polignac, a listed one that no
    longer does (or no longer exists)."""
    found = violations(root)
    failures = [problem for module, problems in sorted(found.items())
                if module not in allowed for problem in problems]
    failures += [f"{module} keeps the rule now: remove it from NOT_YET_BEHIND_THE_SEAM"
                 for module in sorted(allowed - set(found))]
    return failures


# -- the project -----------------------------------------------------------------------------
def test_only_polignac_speaks_polignac() -> None:
    assert (ROOT / "games" / "polignac" / "engine").is_dir()
    assert check(ROOT, NOT_YET_BEHIND_THE_SEAM) == []


def test_the_check_is_not_blind_to_polignacs_own_folder() -> None:
    """Polignac's folder does speak its words; only being there makes it fine."""
    words = problems_of(ROOT / "games" / "polignac" / "engine" / "rules.py", ROOT)
    assert any("générale" in w for w in words) and any("chelem" in w for w in words)


# -- the check itself, against a planted tree ----------------------------------------------
PLANTED = {
    "__init__.py": "",
    "games/__init__.py": 'ENTRY_POINTS = {"polignac": "polignac_tui.games.polignac:GAME"}\n',
    "games/polignac/__init__.py": "GENERALE = 'la générale'\nCHELEM = 'chelem'\n",  # its own
    "games/polignac/engine.py": "JACKS = ('JS',)\ndef jack_points(card): ...\n",  # its own
    "games/polignac/tui/summary.py": "# the cognac\nPOLIGNAC = 'polignac'\n",  # its own
    "ui/__init__.py": "",
    "ui/a.py": "from ..games.polignac.engine import JACKS\n",                     # 1, 2
    "ui/b.py": "from ..games import polignac\n",                                  # 3
    "ui/c.py": "import polignac_tui.games.polignac as p\n",                       # 4
    "ui/d.py": "import importlib\nm = importlib.import_module('polignac_tui.games.polignac')\n",
    "ui/e.py": "class GeneraleScreen: ...\n",                                     # 6
    "ui/f.py": "# a générale made\n",                                             # 7
    "ui/g.py": 'TITLE = _("Chelems")\n',                                          # 8
    "ui/h.py": 'def f():\n    """Who pays the cognac."""\n',                      # 9
    "ui/i.py": "x = view.jacks_taken\n",                                          # 10
    "ui/j.py": 'WHY = N_("the jack penalty")\n',                                  # 11
    "ui/k.py": "from .cards import JACKS\n",                                      # 12
    "ui/l.py": 'POLIGNAC = "polignac"\n',                                         # 13
    "ui/m.py": 'HELP = "Polignac is played by 3 to 8 players"\n',                 # 14
    "ui/n.py": "PLAYERS = range(3, 9)\n",                                         # 15
    "ui/o.py": "# three to eight seats\n",                                        # 16
    "ui/p.py": "if rules.jack_guard: ...\n",                                      # 17
    # fine: a card's rank, the game's title, another game, the registry's string
    "ui/fine.py": ('RANK = "jack"  # the jack of spades, four jacks\n'
                   'TITLE = "Polignac"\nfrom ..games import ecarte\n'
                   'A = "general settings, 3 to 9, 13-8, 4 to 8"\nimport polignac_tui.ui\n'
                   "# its own dialogs: games/polignac/tui/\n"),
}


def plant(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / PROJECT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / PROJECT


def test_the_check_catches_every_kind_planted(tmp_path: Path) -> None:
    root = plant(tmp_path, PLANTED)
    assert sorted(check(root, frozenset())) == sorted([
        "polignac_tui.ui.a:1 imports polignac_tui.games.polignac",
        "polignac_tui.ui.a:1 names JACKS",
        "polignac_tui.ui.b:1 imports polignac_tui.games.polignac",
        "polignac_tui.ui.c:1 imports polignac_tui.games.polignac",
        "polignac_tui.ui.d:2 names polignac_tui.games.polignac",
        "polignac_tui.ui.e:1 names générale",
        "polignac_tui.ui.f:1 names générale",
        "polignac_tui.ui.g:1 names chelem",
        "polignac_tui.ui.h:2 names cognac",
        "polignac_tui.ui.i:1 names jack scoring",
        "polignac_tui.ui.j:1 names jack scoring",
        "polignac_tui.ui.k:1 names JACKS",
        "polignac_tui.ui.l:1 names POLIGNAC",
        "polignac_tui.ui.m:1 names the 3-8 range",
        "polignac_tui.ui.n:1 names the 3-8 range",
        "polignac_tui.ui.o:1 names the 3-8 range",
        "polignac_tui.ui.p:1 names jack scoring",
    ])


def test_the_allowlist_passes_over_a_module_and_only_shrinks(tmp_path: Path) -> None:
    root = plant(tmp_path, {"__init__.py": "", "ui/__init__.py": "",
                            "ui/table.py": "from ..games.polignac import GAME\n",
                            "ui/home.py": "TITLE = 'Polignac'\n"})
    assert check(root, frozenset({"polignac_tui.ui.table"})) == []
    assert check(root, frozenset({"polignac_tui.ui.table", "polignac_tui.ui.home",
                                  "polignac_tui.ui.gone"})) == [
        "polignac_tui.ui.gone keeps the rule now: remove it from NOT_YET_BEHIND_THE_SEAM",
        "polignac_tui.ui.home keeps the rule now: remove it from NOT_YET_BEHIND_THE_SEAM",
    ]
