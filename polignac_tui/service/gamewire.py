"""A table of any game on the wire (protocol version 3).

``update_to_json`` writes a ``GameUpdate`` for one client: its views as the seam writes
them (``View.to_json``), the table's ``GameTableState``, and the events that client's seat
may be told (``games.events.visible``: a word, a card or points told to one seat reach
nobody else, whatever the runner passed on). A game's event travels as
``{"type": "game", "event": "Scored", ...}`` (the seam's ``event_to_json``); the table's
own events as every table writes them (``trick_gathered``, ``seat_gone``, ...).
``update_from_json`` is the remote client's half: everything read is checked as it is read
(``ValueError`` for a message that is not an update).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..games.base import Event as GameEvent
from ..games.base import View, event_from_json, event_to_json, visible
from ..games.errors import RuleError
from ..games.events import EVENTS
from ..games.jsonform import JSON
from ..table.gameevents import (
    GameHint,
    GameTableState,
    GameUpdate,
    Happened,
    HeldTrick,
    Refused,
    Saved,
    SaveFailed,
    SeatConnected,
    SeatGone,
    StandIn,
    TrickGathered,
    Undone,
)
from . import protocol

GAME_EVENT = "game"          # the type of a game's event on the wire
GAME_HINT = "game_hint"
WAITING = ("turn", "hold", "ready", "absent", "paused", "over")
SHARED_EVENTS: tuple[type, ...] = (TrickGathered, SeatConnected, SeatGone, StandIn, Undone,
                                  Refused, SaveFailed, Saved)
MAX_EVENTS = 200             # events of one update read back


def told(event: Happened, seat: int | None) -> bool:
    """May the client of ``seat`` (None: a watcher) be told ``event``?"""
    if isinstance(event, tuple(EVENTS.values())):
        return visible(cast(GameEvent, event), seat)
    if isinstance(event, GameHint):
        return event.seat == seat
    return True


# -- to JSON ---------------------------------------------------------------------------------
def held_to_json(held: HeldTrick | None) -> dict[str, Any] | None:
    if held is None:
        return None
    return {"cards": [[seat, card] for seat, card in held.cards], "winner": held.winner}


def state_to_json(state: GameTableState) -> dict[str, Any]:
    """The table's state; ``undo_off`` only when undo is off (a table where it is on says
    nothing new)."""
    out = {
        "game": state.game, "waiting": state.waiting, "held": held_to_json(state.held),
        "thinking": state.thinking, "humans": list(state.humans), "levels": list(state.levels),
        "connected": list(state.connected), "gone_for": list(state.gone_for),
        "stand_ins": list(state.stand_ins), "hand_over_after": state.hand_over_after,
        "ready": list(state.ready), "unsaved": state.unsaved, "can_undo": state.can_undo,
        "held_until_seen": state.held_until_seen,
    }
    if state.undo_off:
        out["undo_off"] = True
    return out


def event_json(event: Happened) -> dict[str, Any]:
    if isinstance(event, GameHint):
        return {"type": GAME_HINT, "seat": event.seat, "action": event.action,
                "why": event.why, "params": [list(p) for p in event.params]}
    if isinstance(event, SHARED_EVENTS):
        return protocol.event_to_json(cast(protocol.Event, event))
    return {"type": GAME_EVENT, **event_to_json(cast(GameEvent, event))}


def update_to_json(table: str, update: GameUpdate, seat: int | None) -> dict[str, Any]:
    """The ``update`` message for the client of ``seat`` (None: a watcher)."""
    return {
        "type": "update", "table": table, "game": update.state.game,
        "watching": update.watching,
        "views": [view.to_json() for view in update.views],
        "state": state_to_json(update.state),
        "events": [event_json(e) for e in update.events if told(e, seat)],
    }


def hint_to_json(hint: GameHint | None) -> dict[str, Any] | None:
    """A ``hint`` answer's advice at a table of a game (None: no advice now)."""
    if hint is None:
        return None
    return {"action": hint.action, "why": hint.why, "params": [list(p) for p in hint.params]}


# -- back from JSON (the remote client) ---------------------------------------------------------
def _int_or_none(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _tuple(value: Any, item: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{str(value)[:40]!r} is not a list")
    return tuple(item(v) for v in value)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{value!r} is not true or false")
    return value


def _str_or_none(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"{value!r} is not a string")
    return value


def _float_or_none(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{value!r} is not a number")
    return float(value)


def held_from_json(data: Any) -> HeldTrick | None:
    if data is None:
        return None
    cards = _tuple(data["cards"], lambda p: (int(p[0]), str(p[1])))
    winner = _int_or_none(data["winner"])
    if winner is None:
        raise ValueError("a trick on show has a winner")
    return HeldTrick(cards, winner)


def state_from_json(data: Mapping[str, Any]) -> GameTableState:
    waiting = data["waiting"]
    if waiting not in WAITING:
        raise ValueError(f"{str(waiting)[:40]!r} is not what a table waits for")
    after = _float_or_none(data["hand_over_after"])
    return GameTableState(
        game=str(data["game"]), waiting=waiting, held=held_from_json(data["held"]),
        thinking=_int_or_none(data["thinking"]), humans=_tuple(data["humans"], _bool),
        levels=_tuple(data["levels"], _str_or_none),
        connected=_tuple(data["connected"], _bool),
        gone_for=_tuple(data["gone_for"], _float_or_none),
        stand_ins=_tuple(data["stand_ins"], _str_or_none),
        hand_over_after=after if after is not None else 0.0,
        ready=_tuple(data["ready"], _bool), unsaved=_str_or_none(data["unsaved"]),
        can_undo=_bool(data["can_undo"]),
        held_until_seen=data.get("held_until_seen") is True,
        undo_off=data.get("undo_off") is True)


def hint_from_json(seat: int, data: object) -> GameHint | None:
    """The ``hint`` answer's advice (None: none now, or not readable)."""
    if not isinstance(data, dict):
        return None
    action, why = data.get("action"), data.get("why")
    if not isinstance(action, str) or not 0 < len(action) <= 80:
        return None
    return GameHint(seat, action, why if isinstance(why, str) and len(why) <= 40 else "",
                    protocol.params_from_json(data.get("params")))


def event_from_wire(data: Any) -> Happened:
    if not isinstance(data, dict):
        raise ValueError("an event is not an object")
    kind = data.get("type")
    if kind == GAME_EVENT:
        body = cast(Mapping[str, JSON], {k: v for k, v in data.items() if k != "type"})
        return event_from_json(body)
    if kind == GAME_HINT:
        hint = hint_from_json(int(data["seat"]), data)
        if hint is None:
            raise ValueError("a hint that cannot be read")
        return hint
    event = protocol.event_from_json(data)
    if not isinstance(event, SHARED_EVENTS):
        raise ValueError(f"{str(kind)[:40]!r} is not an event of a table of this game")
    return cast(Happened, event)


def update_from_json(data: Mapping[str, Any]) -> GameUpdate:
    """An ``update`` message of a table of a game back to a ``GameUpdate``; ``ValueError``
    (or ``KeyError``, ``TypeError``) for a message that is not one."""
    try:
        views = _tuple(data["views"], View.from_json)
        events = _tuple(data["events"][:MAX_EVENTS], event_from_wire)
    except RuleError as error:
        raise ValueError(error.message) from None
    return GameUpdate(views=views, state=state_from_json(data["state"]), events=events,
                      watching=data["watching"] is True)


__all__ = ["hint_from_json", "hint_to_json", "state_from_json", "state_to_json", "told",
           "update_from_json", "update_to_json"]
