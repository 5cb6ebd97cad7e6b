"""Polignac's own part of the seam's ``View`` (``view.game_part``), read once, typed and
checked: the session's rules, la générale (who declared it, how many passed, whether
this seat is asked), the cards this seat may play, the jacks each seat has taken, the
deals with their marks (dealer, générale, chelem, undos) and who pays the cognac.

What every game has (phase, leader, tricks, deals' points, totals) is the ``View``'s
frame: read it there. Polignac's FACE and its computer players share this reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from ..base import View
from ..errors import RuleError
from ..jsonform import (
    JSON,
    read_bool,
    read_dict,
    read_int,
    read_ints,
    read_list,
    read_str,
    read_strs,
)
from .engine.names import PRESET_NAMES
from .engine.rules import BOOLEANS, CHOICES, Rules
from .engine.view import DealResult

Cards = tuple[str, ...]


def _optional(value: JSON) -> int | None:
    return None if value is None else read_int(value)


def read_rules(data: Mapping[str, JSON]) -> Rules:
    """The session's rules as the view tells them, each setting checked."""
    known = {f.name for f in fields(Rules)}
    values: dict[str, object] = {}
    for name, value in data.items():
        if name not in known:
            raise RuleError("json", f"unknown setting {name!r}")
        if name in BOOLEANS:
            values[name] = read_bool(value)
        elif name == "limit":
            values[name] = read_int(value)
        else:
            word = read_str(value)
            allowed = PRESET_NAMES if name == "preset" else CHOICES[name]
            if word not in allowed:
                raise RuleError("json", f"{name}: {word!r} is not one of {', '.join(allowed)}")
            values[name] = word
    return Rules.from_dict(values)


def _deal(number: int, data: Mapping[str, JSON]) -> DealResult:
    points = data["points"]
    return DealResult(number, read_int(data["dealer"]), _optional(data["declarer"]),
                      _optional(data["chelem"]), None if points is None else read_ints(points),
                      read_int(data.get("undos") or 0))


@dataclass(frozen=True, slots=True)
class PolignacPart:
    """What a Polignac ``View`` adds to the frame."""

    rules: Rules
    declarer: int | None               # who declared la générale this deal
    passed: int                        # seats that passed on la générale so far
    asked: bool                        # this seat is asked about la générale now
    legal: Cards                       # what this seat may play now
    tricks_total: int                  # the tricks of a whole deal
    jacks_taken: tuple[Cards, ...]     # per seat, face up
    results: tuple[DealResult, ...]    # every deal so far, the last may be in play
    winners: tuple[int, ...]
    losers: tuple[int, ...]            # who pays the cognac (a finished session)

    @classmethod
    def from_json(cls, part: Mapping[str, JSON], players: int) -> PolignacPart:
        """``part`` read and checked (``RuleError``, code ``json``, naming what is wrong)."""
        jacks = tuple(read_strs(j) for j in read_list(part.get("jacks_taken") or []))
        return cls(
            rules=read_rules(read_dict(part.get("rules") or {})),
            declarer=_optional(part.get("declarer")),
            passed=read_int(part.get("passed") or 0),
            asked=read_bool(part.get("asked") or False),
            legal=read_strs(part.get("legal") or []),
            tricks_total=read_int(part.get("tricks_total") or 0),
            jacks_taken=jacks or ((),) * players,
            results=tuple(_deal(i, read_dict(d)) for i, d in
                          enumerate(read_list(part.get("deals") or []), start=1)),
            winners=read_ints(part.get("winners") or []),
            losers=read_ints(part.get("losers") or []),
        )

    def generale_failed(self, view: View) -> bool:
        """True once the declarer of la générale has lost a trick of this deal."""
        return self.declarer is not None and any(t.winner != self.declarer
                                                 for t in view.tricks)


_last: tuple[Mapping[str, JSON], PolignacPart] | None = None


def part_of(view: View) -> PolignacPart:
    """Polignac's part of ``view``, read once per view (the screen's widgets each ask; a
    computer's thread may ask meanwhile: the last one read is taken once, whole)."""
    global _last
    last = _last
    if last is not None and last[0] is view.game_part:
        return last[1]
    part = PolignacPart.from_json(view.game_part, len(view.names))
    _last = (view.game_part, part)
    return part


__all__ = ["PolignacPart", "part_of", "read_rules"]
