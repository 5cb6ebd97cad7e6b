"""Polignac's session file (format 1), as TOML-able dicts: its part written, the whole
file read back and replayed through the engine.

The store writes the house's header (format, id, name, dates, undo, served, the
players' kinds and levels) and lays the text out; this module gives Polignac's part,
``rules``, the players' names and ``deals`` (who dealt, la générale declared or passed,
the cards taken back, the hands, the plays), and reads a file back. A Polignac file
names no ``game`` (it was written before the house had other games), so its reader
checks the header too, in the words it always had: a file it cannot accept is refused
with one line naming the deal, the play and the reason (``RuleError``, code ``file``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ..base import JSON
from ..filepart import FORMAT, check_moment, fail, get, player_name, type_name
from ..session import MAX_SESSION_NAME
from .engine import (
    PRESET_NAMES,
    Player,
    ReplayError,
    RuleError,
    Rules,
    Session,
    parse_card,
    preset,
)

HEADER_KEYS = ("format", "id", "name", "created", "updated", "undo", "served")
DEAL_KEYS = ("dealer", "generale", "passed", "undos", "hands", "plays")


# -- writing -------------------------------------------------------------------------
def deal_docs(session: Session) -> list[dict[str, Any]]:
    """Each deal of the log: who dealt, la générale (declared or passed when it is
    played), the cards taken back (when any), the hands dealt and the plays."""
    deals = []
    for d in session.deals:
        entry: dict[str, Any] = {"dealer": d.dealer}
        if d.declarer is not None:
            entry["generale"] = d.declarer
        elif session.rules.generale:
            entry["passed"] = d.passed
        if d.undos:
            entry["undos"] = d.undos
        entry["hands"] = [list(h) for h in d.dealt]
        entry["plays"] = list(d.plays)
        deals.append(entry)
    return deals


def to_doc(session: Session) -> dict[str, Any]:
    """Polignac's part of the file: ``rules``, the players' names and ``deals`` (no
    ``game``: a file naming none is Polignac's)."""
    return {"rules": session.rules.to_dict(),
            "players": [{"name": p.name} for p in session.players],
            "deals": deal_docs(session)}


def rows(session: Session) -> dict[str, int]:
    """How the plays are laid out: one trick a line."""
    return {"plays": session.size}


# -- reading -------------------------------------------------------------------------
def _rules(table: Any, players: int) -> Rules:
    if table is None:
        raise fail("missing [rules] table")
    if not isinstance(table, dict):
        raise fail(f"rules must be a table, not {type_name(table)}")
    name = table.get("preset", "custom")
    if not isinstance(name, str) or name not in PRESET_NAMES:
        raise fail(f"rules: unknown preset {name!r} (one of {', '.join(PRESET_NAMES)})")
    try:
        base = preset(name, players).to_dict()
        base.update(table)
        return Rules.from_dict(base)
    except (RuleError, TypeError) as error:
        raise fail(f"rules: {error}") from None


def _players(doc: Mapping[str, Any]) -> list[Player]:
    raw = doc.get("players")
    if raw is None:
        raise fail("no players: add a [[players]] table for each of 3 to 8 players")
    if not isinstance(raw, list):
        raise fail(f"players must be an array of [[players]] tables, not {type_name(raw)}")
    players = []
    for i, entry in enumerate(raw):
        where = f"player {i + 1}"
        if not isinstance(entry, dict):
            raise fail(f"{where}: must be a table with a name and a kind")
        extra = sorted(set(entry) - {"name", "kind", "level"})
        if extra:
            raise fail(f"{where}: unknown key {extra[0]!r}")
        try:
            players.append(Player(player_name(entry, where),
                                  get(entry, "kind", str, where, "human"),
                                  get(entry, "level", str, where, None)))
        except RuleError as error:
            raise fail(f"{where}: {error}") from None
    return players


def read_session(doc: object) -> Session:
    """A parsed Polignac file checked, header included, and replayed into a ``Session``.

    Raises:
        polignac_tui.games.RuleError: ``file``, one line naming what is wrong.
    """
    if not isinstance(doc, dict):
        raise fail(f"a session file is a TOML table, not {type_name(doc)}")
    fmt = doc.get("format")
    if fmt is None:
        raise fail("missing format = 1 (is this a polignac-tui session file?)")
    if type(fmt) is not int or fmt != FORMAT:
        raise fail(f"unknown format {fmt!r} (this version reads format {FORMAT})")
    unknown = sorted(set(doc) - {*HEADER_KEYS, "rules", "players", "deals"})
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}")
    meta = {
        "id": get(doc, "id", str, "file", ""),
        "name": get(doc, "name", str, "file", ""),
        "created": get(doc, "created", datetime, "file", None),
        "updated": get(doc, "updated", datetime, "file", None),
        "undo": get(doc, "undo", bool, "file", True),    # optional: on when absent
        "served": get(doc, "served", bool, "file", False),
    }
    if not meta["name"].isprintable():
        raise fail("file: name must be printable text on one line")
    if len(meta["name"]) > MAX_SESSION_NAME:
        raise fail(f"file: name must be at most {MAX_SESSION_NAME} characters, "
                   f"not {len(meta['name']):,}")
    for key in ("created", "updated"):
        if meta[key] is not None:
            check_moment(key, meta[key])
    players = _players(doc)
    if not 3 <= len(players) <= 8:
        raise fail(f"Polignac is played by 3 to 8 players, not {len(players)}")
    rules = _rules(doc.get("rules"), len(players))
    try:
        session = Session(rules, players, **meta)
    except RuleError as error:
        raise fail(str(error)) from None
    deals = doc.get("deals", [])
    if not isinstance(deals, list):
        raise fail(f"deals must be an array of [[deals]] tables, not {type_name(deals)}")
    for number, entry in enumerate(deals, start=1):
        _replay_deal(session, number, entry)
    return session


def _who(session: Session, seat: int) -> str:
    return session.players[seat].name if 0 <= seat < session.size else f"seat {seat}"


def _replay_deal(session: Session, number: int, entry: Any) -> None:
    """Read deal ``number``'s entry and hand it to the engine, which replays it."""
    where = f"deal {number}"
    if not isinstance(entry, dict):
        raise fail(f"{where}: must be a [[deals]] table, not {type_name(entry)}")
    extra = sorted(set(entry) - set(DEAL_KEYS))
    if extra:
        raise fail(f"{where}: unknown key {extra[0]!r}")
    dealer = get(entry, "dealer", int, where)
    hands: list[list[str]] = []
    for seat, hand in enumerate(get(entry, "hands", list, where)):
        if not isinstance(hand, list):
            raise fail(f"{where}: the hand of {_who(session, seat)} must be an array of "
                       f"cards, not {type_name(hand)}")
        try:
            hands.append([parse_card(c) for c in hand])
        except RuleError as error:
            raise fail(f"{where}, hand of {_who(session, seat)}: {error}") from None
    undos = get(entry, "undos", int, where, 0)
    texts = get(entry, "plays", list, where, [])
    declarer = get(entry, "generale", int, where, None)
    passed = get(entry, "passed", int, where, None)
    if not session.rules.generale and declarer is not None:
        raise fail(f"{where}: la générale is declared but the setting generale is off")
    if not session.rules.generale and passed is not None:
        raise fail(f"{where}: passed is written but the setting generale is off")
    if declarer is not None and passed is not None:
        raise fail(f"{where}: write either generale (who declared) or passed, not both")
    plays: list[str] = []
    for k, text in enumerate(texts, start=1):
        try:
            plays.append(parse_card(text))
        except RuleError as error:
            raise fail(f"{where}, play {k}: {error}") from None
    try:
        session.replay_deal(dealer, hands, plays, declarer=declarer, passed=passed,
                            undos=undos)
    except ReplayError as error:
        by = "" if error.seat is None else f" by {_who(session, error.seat)}"
        raise fail(f"{where}, play {error.number} ({error.card}{by}): {error}") from None
    except RuleError as error:
        raise fail(f"{where}: {error}") from None


# -- the score table as data (``show --json``) -------------------------------------------
def summary(session: Session) -> dict[str, JSON]:
    """The ``show --json`` document."""
    return {
        "format": FORMAT,
        "players": [p.name for p in session.players],
        "deals": [
            {"dealer": d.dealer, "generale": d.declarer, "chelem": d.chelem,
             "points": None if d.points() is None else list(d.points() or [])}
            for d in session.deals
        ],
        "totals": list(session.totals),
        "finished": session.finished,
        "losers": list(session.losers),
        "winners": list(session.winners),
    }


__all__ = ["deal_docs", "read_session", "rows", "summary", "to_doc"]
