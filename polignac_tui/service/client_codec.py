"""The client's JSON codec (docs/protocol.md): until the service's ``protocol`` module
exists, the one place where the client turns messages into ``Update`` objects."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from ..engine import Rules, SeatView, Trick
from ..engine.view import DealResult
from ..table import events as ev
from ..table.events import HintGiven, TableState, Update

PROTOCOL = 1


def encode(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _trick(data: Any) -> Trick:
    return Trick(int(data["leader"]), tuple(data["cards"]), int(data["winner"]))


def decode_view(data: dict[str, Any]) -> SeatView:
    values: dict[str, Any] = {}
    for f in fields(SeatView):
        value = data[f.name]
        if f.name == "rules":
            value = Rules.from_dict(value)
        elif f.name == "tricks":
            value = tuple(_trick(t) for t in value)
        elif f.name == "results":
            value = tuple(DealResult(r["number"], r["dealer"], r["declarer"], r["chelem"],
                                     _tuples(r["points"]), r["undos"]) for r in value)
        else:
            value = _tuples(value)
        values[f.name] = value
    return SeatView(**values)


def decode_state(data: dict[str, Any]) -> TableState:
    values = {f.name: _tuples(data[f.name]) for f in fields(TableState)}
    if values["held"] is not None:
        values["held"] = _trick(data["held"])
    return TableState(**values)


EVENTS: dict[str, type] = {
    "card_played": ev.CardPlayed, "declared": ev.Declared, "trick_taken": ev.TrickTaken,
    "trick_gathered": ev.TrickGathered, "deal_over": ev.DealOver, "deal_dealt": ev.DealDealt,
    "session_over": ev.SessionOver, "seat_connected": ev.SeatConnected,
    "seat_gone": ev.SeatGone, "stand_in": ev.StandIn, "undone": ev.Undone,
    "refused": ev.Refused, "save_failed": ev.SaveFailed, "saved": ev.Saved,
}


def decode_event(data: dict[str, Any]) -> ev.Event | None:
    kind = EVENTS.get(data.get("type", ""))
    if kind is None:
        return None
    values = {}
    for f in fields(kind):
        if f.name in data:
            values[f.name] = _trick(data[f.name]) if f.name == "trick" else data[f.name]
    return kind(**values)  # type: ignore[no-any-return]


def decode_update(message: dict[str, Any]) -> Update:
    events = tuple(e for d in message.get("events", ()) if (e := decode_event(d)) is not None)
    return Update(tuple(decode_view(v) for v in message["views"]),
                  decode_state(message["state"]), events, bool(message.get("watching")))


def decode_hint(seat: int, data: Any) -> HintGiven | None:
    if not isinstance(data, dict):
        return None
    return HintGiven(seat, data.get("card"), str(data.get("reason", "")), data.get("declare"))
