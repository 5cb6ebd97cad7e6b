"""What the club's book cannot find in the session files, kept in two small files of the
service's folder (JSON lines, both private, 0600):

- ``club-seats.jsonl``: who sat at each served table when its match ended (each seat's
  kind, name, computer level and the identity bound to it: an SSH key's fingerprint or
  the web's name and code). The session files hold names and levels but no identity;
  ``serve`` appends a table's line (flushed to disk) before it forgets the table.
  Appended only; a line cut short by a crash is skipped.
- ``club-journal.jsonl``: the host's settlements (``club settle``) and the players' choice
  to leave the standings (``set_hidden``). Rewritten whole and atomically
  (``store.atomic``), under a lock (``flock``) so that ``serve`` and ``polignac-tui club``
  never lose each other's line.

Both are read as untrusted: every field is checked and bounded, a bad line is skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..games import LEVELS, game_names, get_game
from ..games.namewords import name_problem
from ..store.atomic import sync_folder, write_atomic

try:
    import fcntl
except ImportError:             # pragma: no cover - not on the platforms served
    fcntl = None  # type: ignore[assignment]  # mypy's idiom for an optional module

SEATS_FILE = "club-seats.jsonl"
JOURNAL_FILE = "club-journal.jsonl"
MAX_LINE = 16 * 1024          # bytes: a line longer than this is not read
MAX_IDENTITY = 200            # characters of an identity (as the protocol bounds it)
MAX_SEATS = 8
MAX_AMOUNT = 10**9            # of a stake (``Game.stake``) settled at once


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of a served table as ``serve`` bound it."""

    kind: str                   # "human" | "computer"
    name: str
    level: str | None
    identity: str | None
    left: bool = False          # its player left and a computer finished the match


@dataclass(frozen=True, slots=True)
class Settlement:
    """A debt settled by the host: ``debtor`` paid ``creditor`` ``amount`` of ``what``."""

    when: str
    game: str
    debtor: str                 # a player's key (``book.player_key``)
    creditor: str
    what: str
    amount: int


def _private(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)


def _text(value: Any, limit: int) -> str | None:
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        return None
    return value


def _seat(data: Any) -> SeatLine | None:
    if not isinstance(data, dict):
        return None
    kind, name, level = data.get("kind"), data.get("name"), data.get("level")
    identity = data.get("identity")
    if kind not in ("human", "computer") or not isinstance(name, str) or name_problem(name):
        return None
    if level is not None and level not in LEVELS:
        return None
    if identity is not None and _text(identity, MAX_IDENTITY) is None:
        return None
    return SeatLine(kind, name, level, identity, data.get("left") is True)


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of ``path``, one a line; a line too long, cut or not JSON is
    skipped (a crash may cut the last one)."""
    try:
        with path.open("rb") as file:
            for raw in file:
                if len(raw) > MAX_LINE or not raw.endswith(b"\n"):
                    continue
                try:
                    data = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(data, dict):
                    yield data
    except FileNotFoundError:
        return


class SeatsFile:
    """``club-seats.jsonl``: each served table's seats at its match's end."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / SEATS_FILE

    def append(self, table: str, seats: list[SeatLine]) -> None:
        """Add ``table``'s line, on disk when this returns (``OSError`` if it cannot be)."""
        line = json.dumps({"table": table, "seats": [
            {"kind": s.kind, "name": s.name, "level": s.level, "identity": s.identity,
             "left": s.left}
            for s in seats]}, ensure_ascii=False, separators=(",", ":")) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        sync_folder(self.path.parent)

    def read(self) -> dict[str, tuple[SeatLine, ...]]:
        """Each table's seats (its last line wins); lines that do not hold are skipped."""
        tables: dict[str, tuple[SeatLine, ...]] = {}
        for data in _lines(self.path):
            table, raw = data.get("table"), data.get("seats")
            if _text(table, 200) is None or not isinstance(raw, list) \
                    or not 1 <= len(raw) <= MAX_SEATS:
                continue
            seats = [_seat(s) for s in raw]
            if all(s is not None for s in seats):
                tables[str(table)] = tuple(s for s in seats if s is not None)
        return tables


class Journal:
    """``club-journal.jsonl``: the settlements and who left the standings."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / JOURNAL_FILE

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(self.folder / (JOURNAL_FILE + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def _add(self, entry: dict[str, Any]) -> None:
        line = json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._locked():
            try:
                old = self.path.read_bytes()
            except FileNotFoundError:
                old = b""
            if old and not old.endswith(b"\n"):
                old += b"\n"
            write_atomic(self.path, old + line.encode("utf-8"), durable=True)
            _private(self.path)

    def settle(self, settlement: Settlement) -> None:
        self._add({"kind": "settle", "when": settlement.when, "game": settlement.game,
                   "debtor": settlement.debtor, "creditor": settlement.creditor,
                   "what": settlement.what, "amount": settlement.amount})

    def set_hidden(self, identity: str, hidden: bool, when: str) -> None:
        """``identity`` leaves the standings or comes back; ``ValueError`` for one that is
        not an identity (too long, or not printable)."""
        if not identity or _text(identity, MAX_IDENTITY) is None:
            raise ValueError(f"not an identity: {identity[:40]!r}")
        self._add({"kind": "hidden", "identity": identity, "hidden": hidden, "when": when})

    def read(self) -> tuple[list[Settlement], set[str]]:
        """The settlements in order, and the identities that left the standings."""
        settlements: list[Settlement] = []
        hidden: set[str] = set()
        for data in _lines(self.path):
            if data.get("kind") == "hidden":
                identity = _text(data.get("identity"), MAX_IDENTITY)
                if identity is not None and isinstance(data.get("hidden"), bool):
                    (hidden.add if data["hidden"] else hidden.discard)(identity)
            elif data.get("kind") == "settle":
                settlement = _settlement(data)
                if settlement is not None:
                    settlements.append(settlement)
        return settlements, hidden


def _settlement(data: dict[str, Any]) -> Settlement | None:
    when, game = _text(data.get("when"), 40), _text(data.get("game"), 20)
    debtor = _text(data.get("debtor"), MAX_IDENTITY + 40)
    creditor = _text(data.get("creditor"), MAX_IDENTITY + 40)
    amount = data.get("amount")
    stakes = {get_game(name).stake for name in game_names()}
    if None in (when, game, debtor, creditor) or data.get("what") not in stakes \
            or isinstance(amount, bool) or not isinstance(amount, int) \
            or not 0 < amount <= MAX_AMOUNT:
        return None
    assert when is not None and game is not None and debtor is not None \
        and creditor is not None
    return Settlement(when, game, debtor, creditor, data["what"], amount)
