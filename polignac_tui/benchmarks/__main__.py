from __future__ import annotations

import importlib
import pkgutil
import sys

import polignac_tui.benchmarks as package


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                   if not m.name.startswith("_"))
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in names:
        print("usage: python -m polignac_tui.benchmarks NAME [ARGS]\n\nbenchmarks:")
        for name in names:
            module = importlib.import_module(f"polignac_tui.benchmarks.{name}")
            print(f"  {name:<12} {getattr(module, 'HELP', '')}")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    module = importlib.import_module(f"polignac_tui.benchmarks.{argv[0]}")
    return int(module.run(argv[1:]) or 0)


raise SystemExit(main(sys.argv[1:]))
