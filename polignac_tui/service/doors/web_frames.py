"""The frames a page of the web door sends, read strictly: what textual-serve's page sends
and nothing else.

``["stdin", TEXT]`` (keys), ``["resize", {"width": W, "height": H}]``, ``["ping", TEXT]``,
``["focus"]`` and ``["blur"]``. Anything else (not JSON, NaN, another type, a size that is
text, negative or not a whole number) is a ``BadFrame``, whose message says briefly what
was wrong without repeating more than a few characters of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .limits import MAX_SIZE

MAX_FRAME = 64 * 1024
"""Bytes in one frame; a longer one closes the tab (a page sends keys as they come)."""
MAX_PING = 64


class BadFrame(Exception):
    """A frame no page of ours sends."""


def _no_constant(name: str) -> Any:
    raise BadFrame(f"{name} in a frame")


def shown(value: object, limit: int = 40) -> str:
    """``value`` as a short literal for a log line."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def read_frame(text: str) -> tuple[str, Any]:
    """The kind of the frame ``text`` and what it carries: ``("stdin", str)``,
    ``("resize", (columns, rows))`` made 1 to ``MAX_SIZE`` each, ``("ping", str)``,
    ``("focus", None)`` or ``("blur", None)``. Raises ``BadFrame``."""
    try:
        envelope = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadFrame(f"not JSON: {shown(text)}") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise BadFrame(f"not a [kind, …] list: {shown(text)}")
    kind, args = envelope[0], envelope[1:]
    if kind in ("focus", "blur") and not args:
        return kind, None
    if kind in ("stdin", "ping") and len(args) == 1 and isinstance(args[0], str):
        data = args[0]
        if kind == "ping" and len(data) > MAX_PING:
            raise BadFrame(f"a ping of {len(data)} characters")
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            raise BadFrame(f"{kind} that is not text: {shown(data)}") from None
        return kind, data
    if kind == "resize" and len(args) == 1 and isinstance(args[0], Mapping):
        return kind, size_of(args[0].get("width"), args[0].get("height"))
    raise BadFrame(f"not a frame of a page: {shown(text)}")


def size_of(width: object, height: object) -> tuple[int, int]:
    """A size from a page: whole numbers from 0, made 1 to ``MAX_SIZE``. Raises
    ``BadFrame`` for anything else."""
    for value in (width, height):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadFrame(f"a size of {shown(width, 20)}×{shown(height, 20)}")
    assert isinstance(width, int) and isinstance(height, int)
    return max(1, min(width, MAX_SIZE)), max(1, min(height, MAX_SIZE))


def query_size(query: Mapping[str, str]) -> tuple[int, int]:
    """The size a page asks for in the websocket's address (``?width=W&height=H``; 80×24
    if it asks none), made 1 to ``MAX_SIZE``. Raises ``BadFrame``."""
    numbers = []
    for name, default in (("width", "80"), ("height", "24")):
        value = query.get(name, default)
        if not (0 < len(value) <= 12 and value.isascii() and value.isdigit()):
            raise BadFrame(f"a {name} of {shown(value, 20)} in the address")
        numbers.append(int(value))
    return size_of(*numbers)
