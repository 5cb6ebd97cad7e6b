"""Polignac's ``SeatView`` read back from the seam's ``View`` (and its ``game_part``).

The engine's players and Polignac's table screen read a ``SeatView``; a table of the
house hands out ``View``s. ``seat_view`` rebuilds the one from the other, for a seat or
for someone watching (no hand, nobody is "you"), from what the view tells and nothing
else: a seat's view holds its own hand only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..base import JSON, View
from .engine import Rules, SeatView, Trick
from .engine.names import Phase
from .engine.view import DealResult


def _ints(value: JSON) -> tuple[int, ...]:
    return tuple(int(cast(int, v)) for v in cast(list[JSON], value or []))


def _strs(value: JSON) -> tuple[str, ...]:
    return tuple(str(v) for v in cast(list[JSON], value or []))


def _opt(value: JSON) -> int | None:
    return None if value is None else int(cast(int, value))


# The last views read, each with its ``humans`` and what it gave: a table screen reads the
# same (frozen) view some six times a card, through its FACE (side panel, prompt, header,
# the card the cursor rests on). Kept by identity, the view itself held so that its id is
# not given to another.
_RECENT: list[tuple[View, tuple[bool, ...] | None, SeatView]] = []
RECENT_KEPT = 4


def seat_view(view: View, humans: Sequence[bool] | None = None) -> SeatView:
    """The engine's view of ``view.seat`` (seat 0 placing the table for a watcher, who
    gets no hand); ``humans``: who plays each seat, when the caller knows (the table)."""
    who = None if humans is None else tuple(humans)
    for seen, seen_who, found in _RECENT:
        if seen is view and seen_who == who:
            return found
    found = _read(view, who)
    _RECENT.append((view, who, found))
    del _RECENT[:-RECENT_KEPT]
    return found


def _read(view: View, humans: tuple[bool, ...] | None) -> SeatView:
    part: Mapping[str, JSON] = view.game_part
    n = len(view.names)
    rules = Rules.from_dict(dict(cast(Mapping[str, Any], part.get("rules") or {})))
    tricks = tuple(Trick(int(cast(int, t["leader"])), _strs(t["cards"]),
                         int(cast(int, t["winner"])))
                   for t in cast(list[dict[str, JSON]], part.get("tricks") or []))
    results = tuple(
        DealResult(i + 1, int(cast(int, r["dealer"])), _opt(r["declarer"]), _opt(r["chelem"]),
                   None if r["points"] is None else _ints(r["points"]),
                   int(cast(int, r.get("undos") or 0)))
        for i, r in enumerate(cast(list[dict[str, JSON]], part.get("deals") or [])))
    watching = view.seat is None
    return SeatView(
        seat=0 if view.seat is None else view.seat, names=tuple(view.names),
        humans=humans if humans is not None else (False,) * n,
        rules=rules, deal_number=view.deal_number, dealer=view.dealer,
        phase=cast(Phase, str(part.get("phase") or "none")), turn=view.turn,
        hand=tuple(view.hand), legal=_strs(part.get("legal")),
        asked=bool(part.get("asked")), declarer=_opt(part.get("declarer")),
        passed=int(cast(int, part.get("passed") or 0)), leader=int(cast(int, part.get("leader")
                                                                        or 0)),
        trick=tuple((int(s), str(c)) for s, c in view.trick), tricks=tricks,
        tricks_total=int(cast(int, part.get("tricks_total") or 0)),
        tricks_won=tuple(view.tricks_won) or (0,) * n,
        jacks_taken=tuple(_strs(j) for j in cast(list[JSON], part.get("jacks_taken") or []))
        or ((),) * n,
        cards_left=tuple(view.cards_left) or (0,) * n, results=results,
        totals=tuple(view.totals), finished=view.outcome is not None,
        losers=_ints(part.get("losers")), winners=_ints(part.get("winners")),
        watching=watching,
    )


__all__ = ["seat_view"]
