"""Atomic file replacement: a crash at any moment leaves the old or the new file, complete.

The new content goes to a temporary file in the same folder, is flushed and
fsynced, then ``os.replace``d over the old file. A killed process leaves the
old or the new file (the rename is atomic); a power cut too, since the data is
on disk before the rename. The folder is fsynced only when asked
(``durable=True``): that makes the rename itself survive a power cut, at the
cost of another disk flush, which an autosave after every card does without
(after a power cut it may come back one or a few actions earlier, complete).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def temporary_path(path: Path) -> Path:
    """Where ``path``'s next version is written before the rename (hidden, never ``*.toml``)."""
    return path.with_name(f".{path.name}.tmp")


def write_atomic(path: Path, data: bytes, durable: bool = False) -> None:
    """Replace ``path`` by ``data`` atomically; raise ``OSError`` and leave ``path`` as it was.

    One writer per file at a time (the session lock sees to it): the temporary
    file name is fixed, so a file left by a killed writer is simply overwritten.
    """
    tmp = temporary_path(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """fsync a folder so a rename in it is durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
