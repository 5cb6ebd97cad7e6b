"""Text that came from a file, made safe to meet a terminal.

Every control character (C0 but newline and tab, DEL, C1) and every bidi formatting
character (which reorders what a terminal shows) is written as its ``\\uXXXX`` escape:
it reads literally on a screen, and inside a JSON string it is the same string again, so
JSON output stays JSON. The files' readers refuse such characters in players' and
sessions' names; this is the second line of defence, where text meets the terminal.
"""

from __future__ import annotations

import re

# C0 but tab (\x09) and newline (\x0a), DEL and C1 (every character of category Cc but
# those two), then the bidi marks, embeddings, overrides and isolates.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                      "\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` with every control and bidi formatting character written as ``\\uXXXX``."""
    return _CONTROL.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


def has_control(text: str) -> bool:
    """True when ``visible`` would change ``text``."""
    return _CONTROL.search(text) is not None


__all__ = ["has_control", "visible"]
