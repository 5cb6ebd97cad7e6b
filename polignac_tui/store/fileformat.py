"""Session file format 1: a session's log as TOML (read with tomllib, written with tomli_w).

Everything is validated on load by replaying the log through the engine; a file
that cannot be accepted raises ``SessionFileError`` with one line naming the
deal, the play and the reason.
"""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

import tomli_w

from ..engine import Declare, Play, Player, RuleError, Rules, Session, parse_card
from ..engine.rules import PRESET_NAMES, preset

FORMAT = 1


class SessionFileError(ValueError):
    """A session file that cannot be accepted; ``str()`` is one readable line."""


def _fail(message: str) -> SessionFileError:
    return SessionFileError(message)


# -- writing -------------------------------------------------------------------------
def to_document(session: Session) -> dict[str, Any]:
    """The session's log as a TOML-ready document (derived state is never written)."""
    doc: dict[str, Any] = {"format": FORMAT, "id": session.id}
    if session.name:
        doc["name"] = session.name
    if session.created is not None:
        doc["created"] = session.created
    if session.updated is not None:
        doc["updated"] = session.updated
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


def dumps(session: Session) -> str:
    return tomli_w.dumps(to_document(session))


# -- reading -------------------------------------------------------------------------
def loads(text: str) -> Session:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _fail(f"not valid TOML: {error}") from None
    return from_document(doc)


def load(path: Path) -> Session:
    """Read and validate a session file."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise _fail(f"cannot read the file: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _fail("not a text file (not UTF-8)") from None
    return loads(text)


def _get(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str,
         default: Any = ..., ) -> Any:
    if key not in table:
        if default is ...:
            raise _fail(f"{where}: missing key {key!r}")
        return default
    value = table[key]
    if isinstance(value, bool) and kind is int:
        raise _fail(f"{where}: {key} must be a whole number, not {value!r}")
    if not isinstance(value, kind):
        raise _fail(f"{where}: {key} has the wrong type ({type(value).__name__})")
    return value


def _rules(table: Any, players: int) -> Rules:
    if not isinstance(table, dict):
        raise _fail("missing [rules] table")
    name = table.get("preset", "custom")
    if name not in PRESET_NAMES:
        raise _fail(f"rules: unknown preset {name!r} (one of {', '.join(PRESET_NAMES)})")
    base = preset(name, players).to_dict()
    base.update(table)
    try:
        return Rules.from_dict(base)
    except (RuleError, TypeError) as error:
        raise _fail(f"rules: {error}") from None


def from_document(doc: dict[str, Any]) -> Session:
    """Validate a parsed document and replay it into a ``Session``."""
    fmt = doc.get("format")
    if fmt != FORMAT:
        raise _fail(f"unknown format {fmt!r} (this version reads format {FORMAT})")
    known = {"format", "id", "name", "created", "updated", "rules", "players", "deals"}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise _fail(f"unknown key {unknown[0]!r}")
    meta = {
        "id": _get(doc, "id", str, "file", ""),
        "name": _get(doc, "name", str, "file", ""),
        "created": _get(doc, "created", datetime, "file", None),
        "updated": _get(doc, "updated", datetime, "file", None),
    }
    raw_players = _get(doc, "players", list, "file")
    players = []
    for i, entry in enumerate(raw_players):
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
    rules = _rules(doc.get("rules"), len(players))
    try:
        session = Session(rules, players, **meta)
    except RuleError as error:
        raise _fail(str(error)) from None
    for number, entry in enumerate(_get(doc, "deals", list, "file", []), start=1):
        _replay_deal(session, number, entry)
    return session


def _replay_deal(session: Session, number: int, entry: Any) -> None:
    where = f"deal {number}"
    if not isinstance(entry, dict):
        raise _fail(f"{where}: must be a table")
    extra = sorted(set(entry) - {"dealer", "generale", "passed", "undos", "hands", "plays"})
    if extra:
        raise _fail(f"{where}: unknown key {extra[0]!r}")
    dealer = _get(entry, "dealer", int, where)
    hands_raw = _get(entry, "hands", list, where)
    hands = []
    for seat, hand in enumerate(hands_raw):
        if not isinstance(hand, list):
            raise _fail(f"{where}: hand {seat + 1} must be a list of cards")
        try:
            hands.append([parse_card(c) for c in hand])
        except RuleError as error:
            raise _fail(f"{where}, hand of seat {seat}: {error}") from None
    try:
        deal = session.add_deal(dealer, hands)
    except RuleError as error:
        raise _fail(f"{where}: {session.named(str(error))}") from None
    deal.undos = _get(entry, "undos", int, where, 0)
    if deal.undos < 0:
        raise _fail(f"{where}: undos must not be negative")
    plays = _get(entry, "plays", list, where, [])
    declarer = _get(entry, "generale", int, where, None)
    passed = _get(entry, "passed", int, where, None)
    if (declarer is not None or passed) and not session.rules.generale:
        raise _fail(f"{where}: la générale is declared but the setting generale is off")
    if declarer is not None and passed is not None:
        raise _fail(f"{where}: write either generale (who declared) or passed, not both")
    try:
        if declarer is not None:
            if not 0 <= declarer < session.size:
                raise RuleError(f"générale by seat {declarer}, who is not at this table")
            while deal.asking != declarer:
                session.apply(Declare(deal.asking, False))  # type: ignore[arg-type]
            session.apply(Declare(declarer, True))
        elif session.rules.generale:
            count = passed if passed is not None else (session.size if plays else 0)
            if not 0 <= count <= session.size:
                raise RuleError(f"passed = {count}: between 0 and {session.size} players pass")
            for _ in range(count):
                session.apply(Declare(deal.asking, False))  # type: ignore[arg-type]
    except RuleError as error:
        raise _fail(f"{where}: {session.named(str(error))}") from None
    for k, text in enumerate(plays, start=1):
        try:
            card = parse_card(text)
        except RuleError as error:
            raise _fail(f"{where}, play {k}: {error}") from None
        if deal.over:
            raise _fail(f"{where}, play {k} ({card}): played after the deal was over")
        seat = deal.turn
        if seat is None or deal.phase != "play":
            raise _fail(f"{where}, play {k} ({card}): played before everyone was asked "
                        "about la générale")
        try:
            session.apply(Play(seat, card))
        except RuleError as error:
            name = session.players[seat].name
            raise _fail(f"{where}, play {k} ({card} by {name}): {error}") from None


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
