"""Reading a small TOML file someone else may have crafted: bounded before it is parsed.

Shared by session files and ``settings.toml``. ``read_toml`` opens only a
regular file (a FIFO is opened without waiting for a writer, then refused, as
are devices and folders), reads at most ``max_bytes`` of it, bounds the number
of dotted-key parts (tomllib's handling of dotted keys is quadratic: 20,000
parts took 17 s) and turns every failure of the parser (invalid TOML, an
integer of more than 4,300 digits, an out-of-range date, nesting too deep) into
``FileRefused`` with one line saying why. Nothing is ever written.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

# Dots outside strings and comments: a dotted key's parts, or a decimal point. The
# files the app writes have none; a hand-written one has a few.
MAX_DOTS = 1000

# A string (multi-line ones first), a comment, or a dot: the dots found are the ones
# outside strings and comments. Every token matches where it starts and goes forward
# only (possessive repeats, runs of plain characters between escapes): the scan is
# linear in time and takes no memory per character, whatever the text (a repeated group
# that could fail once kept a state per character, 557 MB for a string of 3.9 MB, and an
# unterminated string was scanned again from each quote after it, hours for 4 MB). An
# unterminated string runs to the end of its line (of the text for a multi-line one):
# TOML stops there with an error, so no dotted key after it is ever parsed.
_TOKENS = re.compile(
    r'"""[^"\\]*+(?:(?:\\.?|"(?!""))[^"\\]*+)*+(?:"""|\Z)'     # multi-line basic
    r"|'''.*?(?:'''|\Z)"                                      # multi-line literal
    r'|"[^"\\\n]*+(?:\\.?[^"\\\n]*+)*+"?'                     # basic
    r"|'[^'\n]*+'?"                                           # literal
    r"|#[^\n]*+"                                              # comment
    r"|(\.)",                                                 # a dot
    re.DOTALL,
)


class FileRefused(ValueError):
    """A file that is not read or not accepted; ``str()`` is one line saying why."""


class FileTooLarge(FileRefused):
    """A file of more than the bytes allowed (not read)."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "Is a directory"
    if stat.S_ISFIFO(mode):
        return "Is a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "Is a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "Is a device"
    return "Is not a regular file"


def read_bounded(path: Path | str, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes``; else ``FileRefused``.

    Raises ``FileNotFoundError`` (untouched) when there is no such file, so that a
    caller can tell "missing" from "refused".
    """
    path = Path(path)
    try:
        before = os.stat(path)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileRefused(f"cannot read the file: {error.strerror or error}") from None
    if not stat.S_ISREG(before.st_mode):
        raise FileRefused(f"cannot read the file: {_kind(before.st_mode)}")
    if before.st_size > max_bytes:
        raise FileTooLarge(f"too large ({before.st_size:,} bytes; at most {max_bytes:,})")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: replaced by a FIFO since, it cannot hang
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileRefused(f"cannot read the file: {error.strerror or error}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(f"cannot read the file: {_kind(mode)}")
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise FileRefused(f"cannot read the file: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if size > max_bytes:
        raise FileTooLarge(f"too large (over {max_bytes:,} bytes)")
    return b"".join(chunks)


def count_dots(text: str) -> int:
    """The dots of ``text`` outside its strings and comments (``_TOKENS``)."""
    return sum(1 for m in _TOKENS.finditer(text) if m.group(1) is not None)


def parse_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, its shape bounded first; ``FileRefused`` if not accepted."""
    dots = count_dots(text)
    if dots > MAX_DOTS:
        raise FileRefused(f"not accepted: {dots:,} dotted-key parts or decimal points "
                          f"(at most {MAX_DOTS:,})")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FileRefused(f"not valid TOML: {error}") from None
    except RecursionError:
        raise FileRefused("not valid TOML: nested too deeply") from None
    except (ValueError, OverflowError) as error:  # 4,301-digit integers, dates out of range
        raise FileRefused(f"not valid TOML: {_first_line(error)}") from None
    except MemoryError:
        raise FileRefused("not valid TOML: too large to parse") from None


def read_toml(path: Path | str, max_bytes: int) -> dict[str, Any]:
    """``read_bounded`` then ``parse_toml`` (UTF-8, an optional BOM)."""
    raw = read_bounded(path, max_bytes)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileRefused("not a text file (not UTF-8)") from None
    return parse_toml(text)


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
