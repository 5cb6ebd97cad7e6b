"""The table service protocol, version ``PROTOCOL`` (3, docs/protocol.md): messages as
JSON lines.

Both sides use this module: ``decode_client`` validates every message a client sends
(strictly: broken JSON, an unknown type, an unknown, missing or mistyped field, a line
over 64 KiB, unbounded strings or integers are refused with a ``ProtocolError`` naming
what and why); ``encode`` writes any message as one line; a table's own events (a seat
gone, a refusal...) go to JSON and back with ``event_to_json`` / ``event_from_json``.
The updates of a table of every game (its views, state and events) travel as
``gamewire`` writes them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ..games import FIRST_GAME, game_names, get_game
from ..games import LEVELS as LEVELS  # the levels a seat may take, the house's
from ..games.actions import MAX_ACTION
from ..games.cards import DECK as FULL_DECK
from ..games.settings import CUSTOM
from ..table import talk
from ..table.gameevents import (
    PARAM_TEXT,
    Refused,
    Saved,
    SaveFailed,
    SeatConnected,
    SeatGone,
    StandIn,
    TrickGathered,
    Undone,
)

PROTOCOL = 3
GAME = FIRST_GAME          # the game of a table when ``create`` names none
GAMES = game_names()       # the games a table may be of
MAX_LINE = 65_536          # bytes, the newline included
MAX_ID = 2**31
MAX_NAME = 24              # a player's display name
MAX_TABLE_NAME = 40        # a table's name
MAX_IDENTITY = 200
MAX_TABLE_ID = 120
MAX_SEATS = 8
MIN_SEATS = 2              # a game's own bounds are checked by the service (Polignac: 3)
MAX_SETTINGS = 16          # keys of a ``create``'s ``rules`` or ``settings``
MAX_DEALS_REPLY = 1000 * 1024  # bytes of the line that sends a replay's file (clients read 1 MiB)
PACES = ("instant", "fast", "normal", "slow")
CLUB_PERIODS = ("month", "all")   # the club's standings: this calendar month, all time

ERROR_CODES = ("bad_json", "too_long", "unknown_type", "bad_field", "protocol", "not_allowed",
               "no_table", "seat_taken", "name_taken", "not_seated", "too_large", "too_many",
               "busy", "say_bad", "say_too_fast")
SAY_LINES = 5              # lines of talk a client says ...
SAY_SECONDS = 10.0         # ... in this many seconds at most

Params = tuple[tuple[str, str | int], ...]


class ProtocolError(Exception):
    """A message that is refused: ``code`` (see ERROR_CODES), a readable ``message``, and
    the request's ``id`` when it could be read."""

    def __init__(self, code: str, message: str, id: int | None = None,
                 params: Params = ()) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id
        self.params = params


def error(code: str, message: str, id: int | None = None,
          params: Params = ()) -> dict[str, Any]:
    """An ``error`` message; ``params``, the refusal's details free of language (from
    which each client words it), only when there are some."""
    out: dict[str, Any] = {"type": "error"}
    if id is not None:
        out["id"] = id
    out["code"] = code
    out["message"] = message
    if params:
        out["params"] = [list(pair) for pair in params]
    return out


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line (compact UTF-8 JSON and ``\\n``)."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


# -- validating what a client sends ------------------------------------------------------------
Check = Callable[[str, Any], Any]


def _int(low: int, high: int) -> Check:
    """An integer with ``low <= value < high`` (never a bool)."""
    def check(name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number")
        if not low <= value < high:
            raise ValueError(f"{name} must be from {low} to {high - 1}")
        return value
    return check


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
    return value


def _text(low: int, high: int, ascii_only: bool = False) -> Callable[[str, Any], str]:
    """A string of ``low`` to ``high`` printable characters."""
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError(f"{name} must be a string")
        if not low <= len(value) <= high:
            raise ValueError(f"{name} must be {low} to {high} characters long")
        if any(not ch.isprintable() for ch in value) or (ascii_only and not value.isascii()):
            kind = "printable ASCII" if ascii_only else "printable"
            raise ValueError(f"{name} must be made of {kind} characters")
        return value
    return check


def _name(name: str, value: Any) -> str:
    text = _text(1, MAX_NAME)(name, value)
    if not text.strip():
        raise ValueError(f"{name} must not be blank")
    return text


def _choice(*allowed: str) -> Check:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        return value
    return check


def _card(name: str, value: Any) -> str:
    if not isinstance(value, str) or value not in FULL_DECK:
        raise ValueError(f"{name} must be a card like JS or TH")
    return value


def _settings(name: str, value: Any) -> dict[str, Any]:
    """A game's settings as sent: a few short keys to booleans, numbers or short words
    (the game validates them: ``Game.settings``)."""
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object")
    if len(value) > MAX_SETTINGS:
        raise ValueError(f"{name} has at most {MAX_SETTINGS} settings")
    for key, item in value.items():
        if not 0 < len(key) <= 40 or not key.isascii() or not key.isprintable():
            raise ValueError(f"{name}: {key[:40]!r} is not a setting's name")
        if not isinstance(item, (bool, int, str)) or (isinstance(item, str) and len(item) > 40) \
                or (isinstance(item, int) and not isinstance(item, bool) and abs(item) >= MAX_ID):
            raise ValueError(f"{name}.{key} must be a short string, a number or true/false")
    return dict(value)


def _rules(name: str, value: Any) -> dict[str, Any]:
    """The settings of a table of the house's first game as its first clients sent them
    (``rules``): its settings' names and its presets (the game checks the values)."""
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object")
    game = get_game(GAME)
    known = {"preset", *(setting.name for setting in game.described)}
    for key, item in value.items():
        if key not in known:
            raise ValueError(f"{name}: unknown setting {key!r}")
        if not isinstance(item, (bool, int, str)) or (isinstance(item, str) and len(item) > 40):
            raise ValueError(f"{name}.{key} must be a short string, a number or true/false")
    presets = (*game.presets, CUSTOM)
    if "preset" in value and value["preset"] not in presets:
        raise ValueError(f"{name}.preset must be one of {', '.join(presets)}")
    return dict(value)


def _as_sent(name: str, value: Any) -> Any:
    """Any value (bounded by the line's length): a handler checks it."""
    return value


SEAT_FIELDS: dict[str, tuple[Check, bool]] = {
    "kind": (_choice("you", "open", "computer"), True),
    "name": (_name, False),
    "level": (_choice(*LEVELS), False),
}


def _seats(name: str, value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise ValueError(f"{name} must be a list of {MIN_SEATS} to {MAX_SEATS} seats")
    seats = [_object(f"{name}[{i}]", item, SEAT_FIELDS) for i, item in enumerate(value)]
    if sum(1 for s in seats if s["kind"] == "you") != 1:
        raise ValueError(f"{name} must have exactly one seat of kind \"you\"")
    for i, seat in enumerate(seats):
        if seat["kind"] != "computer" and ("level" in seat or "name" in seat):
            raise ValueError(f"{name}[{i}]: only a computer seat has a name and a level")
    return seats


def _object(name: str, value: Any, fields: Mapping[str, tuple[Check, bool]]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object")
    unknown = sorted(set(value) - set(fields))
    if unknown:
        raise ValueError(f"{name}: unknown field {unknown[0]!r}")
    out: dict[str, Any] = {}
    for key, (check, required) in fields.items():
        if key in value:
            out[key] = check(f"{name}.{key}", value[key])
        elif required:
            raise ValueError(f"{name}: missing field {key!r}")
    return out


_SEAT = _int(0, MAX_SEATS)
_TABLE = _text(1, MAX_TABLE_ID, ascii_only=True)

# type -> field -> (check, required); every request may also carry "id".
STOPPING = "the service is stopping"
"""The reason of the ``bye`` every client is sent when the host stops the service."""

CLIENT_MESSAGES: dict[str, dict[str, tuple[Check, bool]]] = {
    "hello": {"protocol": (_int(0, MAX_ID), True),
              "identity": (_text(1, MAX_IDENTITY, ascii_only=True), True),
              "name": (_name, True)},
    "tables": {},
    "create": {"name": (_text(0, MAX_TABLE_NAME), False), "game": (_choice(*GAMES), False),
               "rules": (_rules, False), "settings": (_settings, False),
               "seats": (_seats, True), "pace": (_choice(*PACES), False)},
    "sit": {"table": (_TABLE, True), "seat": (_SEAT, True)},
    "watch": {"table": (_TABLE, True)},
    "start": {"table": (_TABLE, True), "fill": (_choice(*LEVELS), False)},
    "leave": {},
    "play": {"seat": (_SEAT, True), "card": (_card, True)},
    "declare": {"seat": (_SEAT, True), "declare": (_bool, True)},
    "act": {"seat": (_SEAT, True), "action": (_text(1, MAX_ACTION), True)},
    "seen": {},
    "ready": {},
    "undo": {"seat": (_SEAT, True)},
    "hand_over": {"seat": (_SEAT, True)},
    "hint": {"seat": (_SEAT, True)},
    "deals": {},
    "status": {},          # the host's, before hello (server.py, status.py)
    # a line of talk: checked by the service (``say_bad``), not here (``bad_field``)
    "say": {"text": (_as_sent, True)},
    # the club's book (club_requests.py)
    "club": {"game": (_choice(*GAMES), True), "period": (_choice(*CLUB_PERIODS), True)},
    "club_player": {"game": (_choice(*GAMES), True), "name": (_name, True)},
    "club_ledger": {},
    "club_hidden": {"hidden": (_bool, False)},
}


def version_refusal(theirs: int, server_version: str) -> str:
    """The one line a client of another protocol version is told (and shows)."""
    return (f"this table service (polignac-tui {server_version}) speaks protocol {PROTOCOL} "
            f"and your polignac-tui speaks protocol {theirs}: install the same version "
            "as the service to play here")


def decode_client(line: bytes) -> dict[str, Any]:
    """One client line, validated: a dict with ``type``, the type's fields, and ``id``
    when given. Raises ``ProtocolError`` (with the request's id when it was readable)."""
    if len(line) > MAX_LINE:
        raise ProtocolError("too_long", f"a line is at most {MAX_LINE} bytes")
    try:
        data = json.loads(line)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("bad_json", "the line is not a JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object")
    id_ = data.get("id")
    if isinstance(id_, bool) or not isinstance(id_, int) or not 0 <= id_ < MAX_ID:
        if "id" in data:
            raise ProtocolError("bad_field", f"id must be a whole number from 0 to {MAX_ID - 1}")
        id_ = None
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_field", "a message needs a string \"type\"", id_)
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}", id_)
    body = {k: v for k, v in data.items() if k not in ("type", "id")}
    version = body.get("protocol")
    if kind == "hello" and isinstance(version, int) and not isinstance(version, bool) \
            and version != PROTOCOL and 0 <= version < MAX_ID:
        # Another version's hello may carry other fields: it is told about the version
        # (never a bad_field it would not understand).
        out = {"type": kind, "protocol": version}
        return out if id_ is None else {**out, "id": id_}
    try:
        out = _object(kind, body, fields)
    except ValueError as problem:
        raise ProtocolError("bad_field", str(problem), id_) from None
    if kind == "create":
        try:
            _check_create(out)
        except ValueError as problem:
            raise ProtocolError("bad_field", str(problem), id_) from None
    out["type"] = kind
    if id_ is not None:
        out["id"] = id_
    return out


def _check_create(message: dict[str, Any]) -> None:
    """What a ``create`` holds, for its game: as many seats as it is played by, and
    Polignac's ``rules`` or another game's ``settings``."""
    name = message.get("game", GAME)
    game = get_game(name)
    low, high = game.min_players, game.max_players
    if not low <= len(message["seats"]) <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"create.seats must be a list of {span} seats at a table of "
                         f"{game.title}")
    if "rules" in message and "settings" in message:
        raise ValueError("create: rules or settings, not both")
    if name != GAME and "rules" in message:
        raise ValueError(f"create.rules are Polignac's: a table of {game.title} takes settings")


def said(name: str, seat: int | None, text: str, table: str | None) -> dict[str, Any]:
    """A line of talk as everyone in its room receives it (``table``: None in the lobby)."""
    return {"type": "said", "table": table, "name": name, "seat": seat, "text": text}


def say_problem(text: object) -> ProtocolError | None:
    """The refusal of a line of talk that is not 1 to 200 printable characters."""
    why = talk.text_problem(text)
    return None if why is None else ProtocolError("say_bad", why,
                                                   params=(("most", talk.MAX_TEXT),))


# -- the views, the state and the events as JSON -----------------------------------------------
EVENT_NAMES: dict[type, str] = {
    TrickGathered: "trick_gathered", SeatConnected: "seat_connected", SeatGone: "seat_gone",
    StandIn: "stand_in", Undone: "undone", Refused: "refused", SaveFailed: "save_failed",
    Saved: "saved",
}
EVENT_TYPES: dict[str, type] = {name: kind for kind, name in EVENT_NAMES.items()}
Event = (TrickGathered | SeatConnected | SeatGone | StandIn | Undone | Refused | SaveFailed
         | Saved)


MAX_PARAMS = 8           # details of a refusal or a hint's reason
MAX_PARAM_TEXT = PARAM_TEXT


def params_from_json(value: object) -> tuple[tuple[str, str | int], ...]:
    """A refusal's or a reason's details as sent: ``[name, value]`` pairs, names short
    text, values short text or whole numbers. Whatever else was sent is left out (the
    words are then the English fallback, or none)."""
    if not isinstance(value, list):
        return ()
    out: list[tuple[str, str | int]] = []
    for pair in value[:MAX_PARAMS]:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
                and 0 < len(pair[0]) <= MAX_PARAM_TEXT):
            continue
        item = pair[1]
        if (isinstance(item, str) and len(item) <= MAX_PARAM_TEXT) or \
                (isinstance(item, int) and not isinstance(item, bool) and abs(item) < MAX_ID):
            out.append((pair[0], item))
    return tuple(out)


def event_to_json(event: Event) -> dict[str, Any]:
    """A table's own event (a seat gone, a refusal...) as its message part; a game's own
    events travel in ``gamewire``'s form."""
    out: dict[str, Any] = {"type": EVENT_NAMES[type(event)]}
    for name in type(event).__dataclass_fields__:
        value = getattr(event, name)
        if isinstance(event, Refused) and name == "params" and not value:
            continue      # a refusal without details travels as before
        out[name] = value
    return out


def event_from_json(data: Mapping[str, Any]) -> Event:
    kind = EVENT_TYPES[data["type"]]
    values = {k: v for k, v in data.items() if k != "type"}
    if kind is Refused:
        values["params"] = params_from_json(values.get("params", []))
    event: Event = kind(**values)
    return event
