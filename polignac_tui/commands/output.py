"""What the commands print: to stdout, every control character that came from a file
made visible (``store.visible``), JSON included (it stays JSON). A reader that goes away
(``| head``) is the command line's to handle, once for every command (``cli.main``)."""

from __future__ import annotations

from ..store.visible import visible


def out(text: str) -> None:
    """Print ``text`` and a newline to stdout, flushed, its control characters visible."""
    print(visible(text), flush=True)


__all__ = ["out"]
