"""Session file format 1: a session's log as TOML (read with tomllib, written with tomli_w).

This module only reads and writes the log; the engine replays it
(``Session.replay_deal``) and so validates everything on load. A file
that cannot be accepted raises ``SessionFileError`` with one line naming the
deal, the play and the reason.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w

from ..games.polignac.engine import (
    PRESET_NAMES,
    Player,
    ReplayError,
    RuleError,
    Rules,
    Session,
    parse_card,
    preset,
)
from .textfile import FileRefused, FileTooLarge, parse_toml, read_bounded

FORMAT = 1


class SessionFileError(ValueError):
    """A session file that cannot be accepted; ``str()`` is one readable line."""


# -- writing -------------------------------------------------------------------------
class _Stamp(datetime):
    """A datetime that tomli_w writes in the spec's form, ``2026-11-22T20:15:00Z``.

    tomli_w writes a datetime with ``str()``; this subclass only changes that text
    (``T`` between date and time, ``Z`` for UTC). It compares equal to the original.
    """

    __slots__ = ()

    def __str__(self) -> str:
        offset = self.utcoffset()
        if offset is not None and not offset:
            return self.replace(tzinfo=None).isoformat() + "Z"
        return self.isoformat()


def _stamp(value: datetime) -> datetime:
    return _Stamp.combine(value.date(), value.timetz())


def to_document(session: Session) -> dict[str, Any]:
    """The session's log as a TOML-ready document (derived state is never written)."""
    doc: dict[str, Any] = {"format": FORMAT, "id": session.id}
    if session.name:
        doc["name"] = session.name
    if session.created is not None:
        doc["created"] = _stamp(session.created)
    if session.updated is not None:
        doc["updated"] = _stamp(session.updated)
    if not session.undo_on:      # written only when off: a file without it has undo on
        doc["undo"] = False
    if session.served:
        doc["served"] = True
    doc["rules"] = session.rules.to_dict()
    players = []
    for p in session.players:
        entry: dict[str, Any] = {"name": p.name, "kind": p.kind}
        if p.level is not None:
            entry["level"] = p.level
        players.append(entry)
    doc["players"] = players
    deals = []
    for d in session.deals:
        entry = {"dealer": d.dealer}
        if d.declarer is not None:
            entry["generale"] = d.declarer
        elif session.rules.generale:
            entry["passed"] = d.passed
        if d.undos:
            entry["undos"] = d.undos
        entry["hands"] = [list(h) for h in d.dealt]
        entry["plays"] = list(d.plays)
        deals.append(entry)
    doc["deals"] = deals
    return doc


def _cards(cards: list[str]) -> str:
    # cards come from the engine, so they are two plain characters: no escaping needed
    return "[" + ", ".join(f'"{c}"' for c in cards) + "]"


def _deal_text(entry: dict[str, Any], players: int) -> str:
    scalars = {k: v for k, v in entry.items() if k not in ("hands", "plays")}
    lines = ["[[deals]]\n", tomli_w.dumps(scalars), "hands = [\n"]
    lines.extend(f"    {_cards(hand)},\n" for hand in entry["hands"])
    lines.append("]\n")
    plays = entry["plays"]
    if plays:
        lines.append("plays = [\n")
        lines.extend(f"    {_cards(plays[i:i + players])[1:-1]},\n"
                     for i in range(0, len(plays), players))
        lines.append("]\n")
    else:
        lines.append("plays = []\n")
    return "".join(lines)


def dumps(session: Session) -> str:
    """The session file's text: the log in the layout of the README (format 1).

    Every value is written by tomli_w; only the layout is ours, so that a file
    reads like the spec: ``[[players]]`` tables, one hand per line and one trick
    of ``plays`` per line.
    """
    doc = to_document(session)
    head: dict[str, Any] = {k: doc[k] for k in ("format", "id", "name", "created", "updated",
                                                "undo", "served")
                            if k in doc}
    parts = [tomli_w.dumps(head), "\n", tomli_w.dumps({"rules": doc["rules"]})]
    for player in doc["players"]:
        parts.append("\n[[players]]\n" + tomli_w.dumps(player))
    for entry in doc["deals"]:
        parts.append("\n" + _deal_text(entry, session.size))
    return "".join(parts)


# -- reading -------------------------------------------------------------------------
MAX_MESSAGE = 300
MAX_BYTES = 4 * 2**20   # a 1000-deal, 8-player session is about half a megabyte
MAX_SESSION_NAME = 40
TYPE_NAMES: dict[type, str] = {
    bool: "true or false", int: "a whole number", float: "a decimal number", str: "a string",
    list: "an array", dict: "a table", datetime: "a date and time",
}


def _fail(message: str) -> SessionFileError:
    """The error for ``message``, kept to one line of reasonable length."""
    line = " ".join(message.split())
    if len(line) > MAX_MESSAGE:
        line = line[:MAX_MESSAGE - 1] + "…"
    return SessionFileError(line)


def _type_name(value: Any) -> str:
    for kind, name in TYPE_NAMES.items():
        if type(value) is kind:
            return name
    if isinstance(value, datetime):
        return TYPE_NAMES[datetime]
    return type(value).__name__


def loads(text: str) -> Session:
    """Parse and validate the text of a session file."""
    try:
        doc = parse_toml(text)
    except FileRefused as error:
        raise _fail(str(error)) from None
    return from_document(doc)


def load(path: Path | str) -> Session:
    """Read and validate a session file (a regular file of at most ``MAX_BYTES``)."""
    try:
        raw = read_bounded(path, MAX_BYTES)
    except FileNotFoundError as error:
        raise _fail(f"cannot read the file: {error.strerror or error}") from None
    except FileTooLarge:
        raise _fail(f"too large for a session file (over {MAX_BYTES // 2**20} MB)") from None
    except FileRefused as error:
        raise _fail(str(error)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _fail("not a text file (not UTF-8)") from None
    return loads(text)


def _get(table: dict[str, Any], key: str, kind: type, where: str, default: Any = ...) -> Any:
    """``table[key]`` checked to be of TOML type ``kind`` (bool is not a whole number)."""
    if key not in table:
        if default is ...:
            raise _fail(f"{where}: missing key {key!r}")
        return default
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _fail(f"{where}: {key} must be {TYPE_NAMES[kind]}, not {_type_name(value)}")
    return value


def _rules(table: Any, players: int) -> Rules:
    if table is None:
        raise _fail("missing [rules] table")
    if not isinstance(table, dict):
        raise _fail(f"rules must be a table, not {_type_name(table)}")
    name = table.get("preset", "custom")
    if not isinstance(name, str) or name not in PRESET_NAMES:
        raise _fail(f"rules: unknown preset {name!r} (one of {', '.join(PRESET_NAMES)})")
    try:
        base = preset(name, players).to_dict()
        base.update(table)
        return Rules.from_dict(base)
    except (RuleError, TypeError) as error:
        raise _fail(f"rules: {error}") from None


def _players(doc: dict[str, Any]) -> list[Player]:
    raw = doc.get("players")
    if raw is None:
        raise _fail("no players: add a [[players]] table for each of 3 to 8 players")
    if not isinstance(raw, list):
        raise _fail(f"players must be an array of [[players]] tables, not {_type_name(raw)}")
    players = []
    for i, entry in enumerate(raw):
        where = f"player {i + 1}"
        if not isinstance(entry, dict):
            raise _fail(f"{where}: must be a table with a name and a kind")
        extra = sorted(set(entry) - {"name", "kind", "level"})
        if extra:
            raise _fail(f"{where}: unknown key {extra[0]!r}")
        try:
            players.append(Player(_get(entry, "name", str, where),
                                  _get(entry, "kind", str, where, "human"),
                                  _get(entry, "level", str, where, None)))
        except RuleError as error:
            raise _fail(f"{where}: {error}") from None
    return players


def from_document(doc: dict[str, Any]) -> Session:
    """Validate a parsed document and replay it into a ``Session``."""
    if not isinstance(doc, dict):
        raise _fail(f"a session file is a TOML table, not {_type_name(doc)}")
    fmt = doc.get("format")
    if fmt is None:
        raise _fail("missing format = 1 (is this a polignac-tui session file?)")
    if type(fmt) is not int or fmt != FORMAT:
        raise _fail(f"unknown format {fmt!r} (this version reads format {FORMAT})")
    known = {"format", "id", "name", "created", "updated", "undo", "served", "rules", "players",
             "deals"}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise _fail(f"unknown key {unknown[0]!r}")
    meta = {
        "id": _get(doc, "id", str, "file", ""),
        "name": _get(doc, "name", str, "file", ""),
        "created": _get(doc, "created", datetime, "file", None),
        "updated": _get(doc, "updated", datetime, "file", None),
        "undo": _get(doc, "undo", bool, "file", True),    # optional: on when absent
        "served": _get(doc, "served", bool, "file", False),
    }
    if not meta["name"].isprintable():
        raise _fail("file: name must be printable text on one line")
    if len(meta["name"]) > MAX_SESSION_NAME:
        raise _fail(f"file: name must be at most {MAX_SESSION_NAME} characters, "
                    f"not {len(meta['name']):,}")
    for key in ("created", "updated"):
        if meta[key] is not None:
            _check_moment(key, meta[key])
    players = _players(doc)
    if not 3 <= len(players) <= 8:
        raise _fail(f"Polignac is played by 3 to 8 players, not {len(players)}")
    rules = _rules(doc.get("rules"), len(players))
    try:
        session = Session(rules, players, **meta)
    except RuleError as error:
        raise _fail(str(error)) from None
    deals = doc.get("deals", [])
    if not isinstance(deals, list):
        raise _fail(f"deals must be an array of [[deals]] tables, not {_type_name(deals)}")
    for number, entry in enumerate(deals, start=1):
        _replay_deal(session, number, entry)
    return session


def _check_moment(key: str, moment: datetime) -> None:
    """Refuse a date that cannot be shown in every time zone (``9999-12-31T23:59:59-23:59``
    is past the year 9999 in UTC: converting it raises ``OverflowError``)."""
    try:
        utc = moment.astimezone(UTC) if moment.tzinfo is not None else moment
        ok = 2 <= utc.year <= 9998
    except (OverflowError, ValueError):
        ok = False
    if not ok:
        raise _fail(f"file: {key} = {moment.isoformat()} is out of range (years 2 to 9998)")


def _who(session: Session, seat: int) -> str:
    return session.players[seat].name if 0 <= seat < session.size else f"seat {seat}"


def _replay_deal(session: Session, number: int, entry: Any) -> None:
    """Read deal ``number``'s entry and hand it to the engine, which replays it."""
    where = f"deal {number}"
    if not isinstance(entry, dict):
        raise _fail(f"{where}: must be a [[deals]] table, not {_type_name(entry)}")
    extra = sorted(set(entry) - {"dealer", "generale", "passed", "undos", "hands", "plays"})
    if extra:
        raise _fail(f"{where}: unknown key {extra[0]!r}")
    dealer = _get(entry, "dealer", int, where)
    hands: list[list[str]] = []
    for seat, hand in enumerate(_get(entry, "hands", list, where)):
        if not isinstance(hand, list):
            raise _fail(f"{where}: the hand of {_who(session, seat)} must be an array of "
                        f"cards, not {_type_name(hand)}")
        try:
            hands.append([parse_card(c) for c in hand])
        except RuleError as error:
            raise _fail(f"{where}, hand of {_who(session, seat)}: {error}") from None
    undos = _get(entry, "undos", int, where, 0)
    texts = _get(entry, "plays", list, where, [])
    declarer = _get(entry, "generale", int, where, None)
    passed = _get(entry, "passed", int, where, None)
    if not session.rules.generale and declarer is not None:
        raise _fail(f"{where}: la générale is declared but the setting generale is off")
    if not session.rules.generale and passed is not None:
        raise _fail(f"{where}: passed is written but the setting generale is off")
    if declarer is not None and passed is not None:
        raise _fail(f"{where}: write either generale (who declared) or passed, not both")
    plays: list[str] = []
    for k, text in enumerate(texts, start=1):
        try:
            plays.append(parse_card(text))
        except RuleError as error:
            raise _fail(f"{where}, play {k}: {error}") from None
    try:
        session.replay_deal(dealer, hands, plays, declarer=declarer, passed=passed,
                            undos=undos)
    except ReplayError as error:
        by = "" if error.seat is None else f" by {_who(session, error.seat)}"
        raise _fail(f"{where}, play {error.number} ({error.card}{by}): {error}") from None
    except RuleError as error:
        raise _fail(f"{where}: {error}") from None


# -- the score table as data (``show --json``) -------------------------------------------
def summary(session: Session) -> dict[str, Any]:
    """The ``show --json`` document."""
    return {
        "format": FORMAT,
        "players": [p.name for p in session.players],
        "deals": [
            {"dealer": d.dealer, "generale": d.declarer, "chelem": d.chelem,
             "points": d.points()}
            for d in session.deals
        ],
        "totals": session.totals,
        "finished": session.finished,
        "losers": session.losers,
        "winners": session.winners,
    }
