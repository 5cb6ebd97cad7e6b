"""Polignac's words of the index and of its files' refusals (English, as the index
keeps them and ``fileformat`` words them), said again in the current language
(``Polignac.say_again``): who paid the cognac, la générale asked, the players' count."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...i18n.translator import _
from ..namewords import names_again

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

STATE_RULES: list[Rule] = [
    (re.compile(r"finished, (?P<names>.+) paid the cognac"),
     lambda m: _("finished, {names} paid the cognac").format(names=names_again(m["names"]))),
    (re.compile(r"in play, (?P<name>.+) to declare or pass la générale"),
     lambda m: _("in play, {name} to declare or pass la générale").format(name=m["name"])),
]

FILE_RULES: list[Rule] = [
    (re.compile(r"no players: add a \[\[players\]\] table for each of 3 to 8 players"),
     lambda m: _("no players: add a [[players]] table for each of 3 to 8 players")),
    (re.compile(r"Polignac is played by 3 to 8 players, not (?P<n>\d+)"),
     lambda m: _("Polignac is played by 3 to 8 players, not {number}").format(number=m["n"])),
]

_COGNAC = re.compile(r"(?P<finished>finished: )?(?P<names>.+) (?P<verb>paid|shared) the cognac")


def _first(rules: list[Rule], english: str) -> str | None:
    for pattern, word in rules:
        match = pattern.fullmatch(english)
        if match:
            return word(match)
    return None


def where_again(english: str) -> str | None:
    """A finished session's line (who paid or shared the cognac), long or short."""
    match = _COGNAC.fullmatch(english)
    if not match:
        return None
    line = (_("{names} paid the cognac") if match["verb"] == "paid"
            else _("{names} shared the cognac")).format(names=names_again(match["names"]))
    return _("finished: {what}").format(what=line) if match["finished"] else line


def clause_again(rest: str, where: str) -> str | None:
    """What follows the deal in a session's line (``where``: the deal, said again)."""
    clause = re.fullmatch(r", la générale: (?P<name>.+)\?", rest)
    if clause:
        return _("{where}, la générale: {name}?").format(where=where, name=clause["name"])
    clause = re.fullmatch(r", (?P<name>.+) to declare or pass la générale", rest)
    if clause:
        return _("{where}, {name} to declare or pass la générale").format(
            where=where, name=clause["name"])
    return None


def say_again(kind: str, english: str, where: str = "") -> str | None:
    """``english`` of ``kind`` (``state``, ``where``, ``clause``, ``file``) in the current
    language, or None when it is not Polignac's."""
    if kind == "state":
        return _first(STATE_RULES, english)
    if kind == "file":
        return _first(FILE_RULES, english)
    if kind == "where":
        return where_again(english)
    if kind == "clause":
        return clause_again(english, where)
    return None


__all__ = ["say_again"]
