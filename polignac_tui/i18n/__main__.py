"""``python -m polignac_tui.i18n update|compile|check``: keep the catalogs."""

from __future__ import annotations

import sys

from .tools import TRANSLATED, compile_all, problems, update


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        for language in TRANSLATED:
            catalog = update(language)
            missing = sum(not m.translated for m in catalog.messages.values())
            print(f"{language}: {len(catalog.messages)} messages, {missing} untranslated")
        return 0
    if command == "compile":
        for path in compile_all():
            print(f"wrote {path}")
        return 0
    if command == "check":
        found = [p for language in TRANSLATED for p in problems(language)]
        print("\n".join(found) or "catalogs complete")
        return 1 if found else 0
    print("usage: python -m polignac_tui.i18n update|compile|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
