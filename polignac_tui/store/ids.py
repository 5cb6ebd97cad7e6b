"""Session ids: readable, unique in the folder, and safe as file names.

An id is the date and time the session was created and a short slug of its
name (or of the first human's name), e.g. ``20261122-2015-anna``; only
``a-z``, ``0-9`` and ``-``, so it can never point outside the folder.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

from .errors import BadSessionId

MAX_ID = 64
MAX_SLUG = 20
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def is_id(text: str) -> bool:
    return len(text) <= MAX_ID and ID_PATTERN.fullmatch(text) is not None


def check_id(text: object) -> str:
    """``text`` if it is a session id, else ``BadSessionId`` saying why."""
    if not isinstance(text, str) or not is_id(text):
        shown = text if isinstance(text, str) else type(text).__name__
        raise BadSessionId(f"{shown!r} is not a session id (ids are at most {MAX_ID} "
                           "characters: a-z, 0-9 and single dashes)")
    return text


def slug(text: str) -> str:
    """Lower-case ASCII words joined by dashes, at most ``MAX_SLUG`` characters ('' if none)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    out = ""
    for word in words:
        candidate = f"{out}-{word}" if out else word
        if len(candidate) > MAX_SLUG:
            if not out:
                out = word[:MAX_SLUG]
            break
        out = candidate
    return out


def base_id(session_name: str, first_human: str, now: datetime) -> str:
    """``YYYYMMDD-HHMM-slug``: the slug of the session name, else of the first human."""
    name = slug(session_name) or slug(first_human) or "session"
    return f"{now:%Y%m%d-%H%M}-{name}"
