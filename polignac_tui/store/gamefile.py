"""Session files of every game: the house's header, the game's part.

The header (``format``, ``game``, ``id``, ``name``, ``created``, ``updated``, ``undo``,
``served``) and the players' ``[[players]]`` tables (a ``name``, a ``kind`` and a
computer's ``level``) are the house's. Everything else (``rules``, the players' names,
``deals``) is the game's part (``Game.books.file_part``), read back by the game and
replayed through its rules: a file breaking a rule is refused in one line. A file without
``game`` is of the house's first game (``DEFAULT_GAME``), whose files were written before
the house had others: its reader checks their header too (``Game.books.reads_header``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache
from json.encoder import encode_basestring_ascii
from pathlib import Path
from typing import Any

import tomli_w

from ..games import FIRST_GAME, LEVELS, RuleError, get_game
from ..games.base import Match
from ..games.filepart import FORMAT, TYPE_NAMES
from ..games.filepart import check_moment as _game_check_moment
from ..games.filepart import get as _game_get
from ..games.filepart import type_name as _type_name
from ..games.session import COMPUTER, HUMAN, MAX_SESSION_NAME, GameSession, SeatPlayer
from .errors import SessionFileError
from .ids import MAX_ID
from .textfile import FileRefused, FileTooLarge, parse_toml, read_bounded
from .visible import visible

DEFAULT_GAME = FIRST_GAME   # the game of a file naming none (the house's first)
MAX_MESSAGE = 300
MAX_BYTES = 4 * 2**20   # a 1000-deal, 8-player session is about half a megabyte


def _fail(message: str) -> SessionFileError:
    """The error for ``message``, kept to one line of reasonable length, any control
    character it quotes from the file made visible (``visible``)."""
    line = visible(" ".join(message.split()))
    if len(line) > MAX_MESSAGE:
        line = line[:MAX_MESSAGE - 1] + "…"
    return SessionFileError(line)


def _get(table: Mapping[str, Any], key: str, kind: type, where: str,
         default: Any = ...) -> Any:
    try:
        return _game_get(table, key, kind, where, default)
    except RuleError as error:
        raise _fail(error.message) from None


def _check_moment(key: str, moment: datetime) -> None:
    try:
        _game_check_moment(key, moment)
    except RuleError as error:
        raise _fail(error.message) from None


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


HEADER = ("format", "game", "id", "name", "created", "updated", "undo", "served")


def game_of(doc: object) -> str:
    """The game a parsed session file is of (``DEFAULT_GAME`` when it names none).

    Raises:
        SessionFileError: for a ``game`` that is not a name, or not a game of the house.
    """
    if not isinstance(doc, dict) or "game" not in doc:
        return DEFAULT_GAME
    name = doc["game"]
    if not isinstance(name, str):
        raise _fail(f"file: game must be a string, not {_type_name(name)}")
    try:
        return get_game(name).name
    except RuleError as error:
        raise _fail(f"file: {error.message}") from None


# -- writing -------------------------------------------------------------------------------
def to_document(session: GameSession) -> dict[str, Any]:
    """The session as a TOML-ready document: the header, then the game's part."""
    part = session.match.game.books.file_part(session.match)
    doc: dict[str, Any] = {"format": FORMAT}
    if "game" in part:    # the house's first game writes none (its files never had it)
        doc["game"] = part["game"]
    doc["id"] = session.id
    if session.name:
        doc["name"] = session.name
    if session.created is not None:
        doc["created"] = _stamp(session.created)
    if session.updated is not None:
        doc["updated"] = _stamp(session.updated)
    if not session.undo_on:
        doc["undo"] = False
    if session.served:
        doc["served"] = True
    doc["rules"] = part["rules"]
    players = []
    for name, seat in zip(session.names, session.seats, strict=True):
        entry: dict[str, Any] = {"name": name, "kind": seat.kind}
        if seat.level is not None:
            entry["level"] = seat.level
        players.append(entry)
    doc["players"] = players
    doc["deals"] = part["deals"]
    return doc


def dumps(session: GameSession) -> str:
    """The file's text: the header, ``[rules]``, ``[[players]]``, then ``[[deals]]``."""
    doc = to_document(session)
    rows = session.match.game.books.file_rows(session.match)
    head = {k: doc[k] for k in HEADER if k in doc}
    parts = [tomli_w.dumps(head), "\n", _table_text("rules", doc["rules"])]
    for player in doc["players"]:
        parts.append("\n[[players]]\n" + _table_text(None, player))
    for deal in doc["deals"]:
        parts.append("\n[[deals]]\n" + _deal_text(deal, rows))
    return "".join(parts)


def _table_text(name: str | None, table: Mapping[str, Any]) -> str:
    """``tomli_w``'s text of ``table`` (under ``[name]``), the same each time for the same
    plain values: the rules and the players, written again at every card, are written once."""
    try:
        return _plain_table_text(name, tuple((k, type(v), v) for k, v in table.items()))
    except TypeError:       # a value that is not plain (a list): written afresh
        return tomli_w.dumps(dict(table) if name is None else {name: dict(table)})


@lru_cache(maxsize=256)
def _plain_table_text(name: str | None, items: tuple[tuple[str, type, object], ...]) -> str:
    table = {key: value for key, _, value in items}
    return tomli_w.dumps(table if name is None else {name: table})


def _inline(value: object) -> str:
    """A list of card codes or actions (or of such lists) on one line: a JSON string is
    a TOML basic string, so ``json.dumps`` writes each item."""
    # A string as json.dumps writes it, without its dispatch: a file is written every card.
    if isinstance(value, list):
        if all(isinstance(item, str) for item in value):
            return "[" + ", ".join(map(encode_basestring_ascii, value)) + "]"
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    if isinstance(value, str):
        return encode_basestring_ascii(value)
    return json.dumps(value)


def _deal_text(deal: dict[str, Any], rows: Mapping[str, int]) -> str:
    """A deal's table: its scalars by tomli_w, its lists one line each (a hand per line),
    or ``rows[key]`` items a line."""
    lines = [tomli_w.dumps({k: v for k, v in deal.items() if not isinstance(v, list)})]
    for key, value in deal.items():
        if not isinstance(value, list):
            continue
        size = rows.get(key)
        if value and size:
            lines.append(f"{key} = [\n" + "".join(
                f"    {_inline(value[i:i + size])[1:-1]},\n"
                for i in range(0, len(value), size)) + "]\n")
        elif value and all(isinstance(item, list) for item in value):
            lines.append(f"{key} = [\n" + "".join(f"    {_inline(item)},\n" for item in value)
                         + "]\n")
        else:
            lines.append(f"{key} = {_inline(value)}\n")
    return "".join(lines)


# -- reading -------------------------------------------------------------------------------
def _seats(doc: dict[str, Any]) -> tuple[SeatPlayer, ...]:
    raw = doc.get("players")
    if not isinstance(raw, list):
        raise _fail("no players: add a [[players]] table for each player")
    seats = []
    for i, entry in enumerate(raw):
        where = f"player {i + 1}"
        if not isinstance(entry, dict):
            raise _fail(f"{where}: must be a table with a name and a kind")
        extra = sorted(str(k) for k in set(entry) - {"name", "kind", "level"})
        if extra:
            raise _fail(f"{where}: unknown key {extra[0]!r}")
        _get(entry, "name", str, where)
        kind = _get(entry, "kind", str, where, HUMAN)
        level = _get(entry, "level", str, where, None)
        if kind not in (HUMAN, COMPUTER):
            raise _fail(f"{where}: kind {kind[:20]!r} is neither human nor computer")
        if kind == COMPUTER and level not in LEVELS:
            raise _fail(f"{where}: a computer's level is one of {', '.join(LEVELS)}, "
                        f"not {str(level)[:20]!r}")
        seats.append(SeatPlayer(kind == HUMAN, level if kind == COMPUTER else None))
    return tuple(seats)


def from_document(doc: object) -> GameSession:
    """A parsed document checked and replayed into a ``GameSession``."""
    if not isinstance(doc, dict):
        raise _fail(f"a session file is a TOML table, not {_type_name(doc)}")
    match = None
    if "game" not in doc and get_game(DEFAULT_GAME).books.reads_header:
        match = _read_part(DEFAULT_GAME, doc)     # its own checks first, in its words
    fmt = doc.get("format")
    if type(fmt) is not int or fmt != FORMAT:
        raise _fail(f"unknown format {fmt!r} (this version reads format {FORMAT})")
    name = game_of(doc)
    unknown = sorted(str(k) for k in set(doc) - {*HEADER, "rules", "players", "deals"})
    if unknown:
        raise _fail(f"unknown key {unknown[0]!r}")
    meta = {
        "id": _get(doc, "id", str, "file", ""),
        "name": _get(doc, "name", str, "file", ""),
        "created": _get(doc, "created", datetime, "file", None),
        "updated": _get(doc, "updated", datetime, "file", None),
        "undo_on": _get(doc, "undo", bool, "file", True),
        "served": _get(doc, "served", bool, "file", False),
    }
    if not meta["id"].isprintable() or len(meta["id"]) > MAX_ID:
        raise _fail(f"file: id must be at most {MAX_ID} printable characters")
    if not meta["name"].isprintable() or len(meta["name"]) > MAX_SESSION_NAME:
        raise _fail(f"file: name must be at most {MAX_SESSION_NAME} printable characters "
                    "on one line")
    for key in ("created", "updated"):
        if meta[key] is not None:
            _check_moment(key, meta[key])
    seats = _seats(doc)
    if match is None:
        match = _read_part(name, doc)
    try:
        return GameSession(match, seats, **meta)
    except ValueError as error:
        raise _fail(str(error)) from None


def _read_part(name: str, doc: Mapping[str, object]) -> Match:
    try:
        return get_game(name).books.read_file_part(doc)
    except RuleError as error:
        raise _fail(error.message) from None


def read_document(path: Path | str, limit: int | None = None) -> dict[str, Any]:
    """A session file's TOML, bounded (``limit``: ``MAX_BYTES``) and parsed (any game)."""
    limit = MAX_BYTES if limit is None else limit
    try:
        raw = read_bounded(path, limit)
    except FileNotFoundError as error:
        raise _fail(f"cannot read the file: {error.strerror or error}") from None
    except FileTooLarge:
        raise _fail(f"too large for a session file (over {limit // 2**20} MB)") from None
    except FileRefused as error:
        raise _fail(str(error)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _fail("not a text file (not UTF-8)") from None
    try:
        return parse_toml(text)
    except FileRefused as error:
        raise _fail(str(error)) from None


def loads(text: str) -> GameSession:
    """The session of a file's ``text`` (received, not read: bounded as a file is)."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _fail(f"too large for a session file (over {MAX_BYTES // 2**20} MB)")
    try:
        doc = parse_toml(text)
    except FileRefused as error:
        raise _fail(str(error)) from None
    return from_document(doc)


def load(path: Path | str) -> GameSession:
    """Read and replay the session file at ``path``, whatever its game."""
    return from_document(read_document(path))


__all__ = [
    "DEFAULT_GAME",
    "FORMAT",
    "MAX_BYTES",
    "MAX_MESSAGE",
    "MAX_SESSION_NAME",
    "TYPE_NAMES",
    "SessionFileError",
    "dumps",
    "from_document",
    "game_of",
    "load",
    "loads",
    "read_document",
    "to_document",
]
