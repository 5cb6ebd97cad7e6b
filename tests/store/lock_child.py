"""A second polignac-tui for the lock tests: ``python lock_child.py ROOT ID MODE``.

MODE ``hold``: take the lock, print ``locked``, then wait to be killed.
MODE ``try``: try to take the lock; print ``locked`` or ``refused: <message>``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from polignac_tui.store import SessionLocked, SessionStore


def main(root: str, id: str, mode: str) -> None:
    store = SessionStore(Path(root))
    try:
        lock = store.lock(id)
    except SessionLocked as error:
        print(f"refused: {error}", flush=True)
        return
    print("locked", flush=True)
    if mode == "hold":
        sys.stdin.read()  # until the parent kills us (or closes stdin)
    lock.release()


if __name__ == "__main__":
    main(*sys.argv[1:4])
