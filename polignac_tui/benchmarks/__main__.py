from __future__ import annotations

import importlib
import pkgutil
import sys

import polignac_tui.benchmarks as package


def benchmarks() -> dict[str, str]:
    """Every benchmark's module by its name: the house's (here) and each game's own
    (``Game.benchmarks``), in name order."""
    from polignac_tui.games import game_names, get_game
    found = {m.name: f"polignac_tui.benchmarks.{m.name}"
             for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_")}
    for game in game_names():
        for module in get_game(game).benchmarks:
            found.setdefault(module.rpartition(".")[2], module)
    return dict(sorted(found.items()))


def main(argv: list[str]) -> int:
    names = benchmarks()
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in names:
        print("usage: python -m polignac_tui.benchmarks NAME [ARGS]\n\nbenchmarks:")
        for name, path in names.items():
            module = importlib.import_module(path)
            print(f"  {name:<12} {getattr(module, 'HELP', '')}")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    module = importlib.import_module(names[argv[0]])
    return int(module.run(argv[1:]) or 0)


raise SystemExit(main(sys.argv[1:]))
