"""The JSON form the seam's values travel in (views, choices, events), and its readers.

Each reader returns its value typed, or raises ``RuleError`` (code ``json``) for
anything else: a view or an event read back is checked as it is read.
"""

from __future__ import annotations

from typing import TypeAlias

from .errors import RuleError

JSON: TypeAlias = "bool | int | str | list[JSON] | dict[str, JSON] | None"


def read_str(value: JSON) -> str:
    if not isinstance(value, str):
        raise RuleError("json", f"{value!r} is not a string")
    return value


def read_int(value: JSON) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError("json", f"{value!r} is not a whole number")
    return value


def read_list(value: JSON) -> list[JSON]:
    if not isinstance(value, list):
        raise RuleError("json", f"{value!r} is not a list")
    return value


def read_dict(value: JSON) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise RuleError("json", f"{value!r} is not a table")
    return value


def read_strs(value: JSON) -> tuple[str, ...]:
    return tuple(read_str(v) for v in read_list(value))


def read_ints(value: JSON) -> tuple[int, ...]:
    return tuple(read_int(v) for v in read_list(value))


def read_bool(value: JSON) -> bool:
    if not isinstance(value, bool):
        raise RuleError("json", f"{value!r} is not true or false")
    return value
