"""The summary index of the saved sessions: what the list, the statistics and Home's
Continue need, without replaying every file each time.

The TOML files stay the only truth. The index is an SQLite database (stdlib
``sqlite3``, WAL mode) beside the sessions folder, ``<folder>-index.sqlite3``
(``~/.local/share/polignac-tui/sessions-index.sqlite3``), with one row per
session file keyed by the file's name, size and modification time. A row that
does not match its file is rebuilt from the file (read by the store, with all its
checks); rows of files gone are dropped; an index that is missing, damaged, of
another schema or of another folder is rebuilt silently; deleting it loses
nothing. A file that cannot be read has a row too, with the reason. When the
index cannot be written at all (a read-only folder), the summaries are made in
memory, as without an index.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..games.jsonform import JSON, read_bool, read_int, read_ints, read_str
from ..games.namewords import name_problem, who_plays
from ..games.session import GameSession
from .gamefile import DEFAULT_GAME
from .visible import has_control

if TYPE_CHECKING:
    from .folder import Entry

INDEX_SUFFIX = "-index.sqlite3"
SCHEMA = 3   # PRAGMA user_version: another value means another layout, rebuilt
# (3: the game of each session, its value and the reasons each seat scored for)


def index_path(root: Path) -> Path:
    """The index of the sessions folder ``root``: ``<root>-index.sqlite3`` beside it."""
    return root.parent / f"{root.name}{INDEX_SUFFIX}"


class DealLine(NamedTuple):
    """One finished deal: each seat's points, then the game's own marks of it (what its
    ``summary_part`` writes after the points; none for a game read through the seam)."""

    points: tuple[int, ...]
    marks: tuple[JSON, ...] = ()


@dataclass(frozen=True)
class Summary:
    """What the lists and the statistics say of one session file (or why it is unreadable)."""

    id: str
    path: Path
    updated: datetime                  # UTC: the session's ``updated``, else the file's mtime
    error: str | None = None
    name: str = ""
    players: tuple[str, ...] = ()
    humans: tuple[bool, ...] = ()
    levels: tuple[str | None, ...] = ()
    finished_deals: int = 0
    deals_json: str = "[]"             # the finished deals (``deals``), decoded when asked
    deal_in_play: bool = False
    totals: tuple[int, ...] = ()
    finished: bool = False
    turn: int | None = None
    losers: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    end: str = "points"
    limit: int = 0
    undos: int = 0                     # cards taken back over the session (``Deal.undos``)
    created: datetime | None = None
    state: str = ""          # "in play, Anna's turn" (the game's summary, in English)
    where: str = ""          # "deal 3, limit 20, Anna to play" (the same)
    where_short: str = ""    # the same, short
    title: str = ""          # the session's name, or "Ana vs Bruno, Claire" (players_line)
    labels: tuple[str, ...] = field(default=())   # per seat: the name, "Bruno (medium)"
    served: bool = False     # played at a served table (``polignac-tui serve``)
    game: str = DEFAULT_GAME     # ``polignac``, ``ecarte``, ``piquet``
    value: int | None = None     # a finished Écarté game's or Piquet partie's value
    reasons_json: str = "[]"     # per seat: how often it scored for each reason (not Polignac)

    @property
    def readable(self) -> bool:
        return self.error is None

    @cached_property
    def deals(self) -> tuple[DealLine, ...]:
        """The finished deals, in order (the list needs only their number: decoded here)."""
        return tuple([DealLine(tuple(line[0]), tuple(line[1:]))
                      for line in json.loads(self.deals_json)])

    @cached_property
    def reasons(self) -> tuple[dict[str, int], ...]:
        """Per seat, how many times it scored for each reason (``Scored.reason``) over the
        session: Écarté and Piquet only (empty for Polignac)."""
        return tuple({str(k): int(v) for k, v in seat.items()}
                     for seat in json.loads(self.reasons_json))


def summarize(id: str, path: Path, updated: datetime, session: GameSession) -> Summary:
    """The summary of a session of any game read (or just saved): the house's header,
    and what its game keeps of it (``Game.books.summary_part``), else what the house reads
    through the seam (``gamesummary``)."""
    part = session.match.game.books.summary_part(session)
    if part is None:
        from .gamesummary import summarize_game
        return summarize_game(id, path, updated, session)
    from .gamesummary import labels
    humans = tuple(seat.human for seat in session.seats)
    return Summary(
        id=id, path=path, updated=updated, name=session.name, game=session.game,
        players=session.names, humans=humans, levels=tuple(s.level for s in session.seats),
        created=session.created,
        title=session.name or who_plays(list(session.names), list(humans)),
        labels=labels(session), served=session.served,
        finished_deals=read_int(part["finished_deals"]), deals_json=read_str(part["deals"]),
        deal_in_play=read_bool(part["deal_in_play"]), totals=read_ints(part["totals"]),
        finished=read_bool(part["finished"]),
        turn=None if part["turn"] is None else read_int(part["turn"]),
        losers=read_ints(part["losers"]), winners=read_ints(part["winners"]),
        end=read_str(part["end"]), limit=read_int(part["limit"]), state=read_str(part["state"]),
        where=read_str(part["where"]), where_short=read_str(part["where_short"]),
        undos=read_int(part["undos"]),
    )


def deals_json(lines: list[DealLine]) -> str:
    """The finished deals as a row keeps them (a deal without marks keeps three empty
    ones, as the rows always had)."""
    return json.dumps([[list(d.points), *(d.marks or (None, None, None))] for d in lines],
                      separators=(",", ":"))


def from_entry(entry: Entry) -> Summary:
    session = entry.game_session
    if session is None:
        return Summary(entry.id, entry.path, entry.updated, error=entry.error or "unreadable")
    return summarize(entry.id, entry.path, entry.updated, session)


# -- rows: a summary as JSON -------------------------------------------------------------
def _stamp(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _moment(text: Any) -> datetime | None:
    if text is None:
        return None
    moment = datetime.fromisoformat(str(text))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def to_json(summary: Summary) -> str:
    data: dict[str, Any] = {
        "id": summary.id, "updated": _stamp(summary.updated), "error": summary.error,
    }
    if summary.error is None:
        data.update(
            name=summary.name, players=summary.players, humans=summary.humans,
            levels=summary.levels,
            finished_deals=summary.finished_deals, deals=summary.deals_json,
            deal_in_play=summary.deal_in_play, totals=summary.totals,
            finished=summary.finished, turn=summary.turn, losers=summary.losers,
            winners=summary.winners, end=summary.end, limit=summary.limit,
            created=_stamp(summary.created), state=summary.state, where=summary.where,
            where_short=summary.where_short, title=summary.title, labels=summary.labels,
            undos=summary.undos, served=summary.served, game=summary.game,
            value=summary.value, reasons=summary.reasons_json)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _plain(value: object) -> bool:
    """True when no text in ``value`` (a row's JSON, decoded) holds a control character."""
    if isinstance(value, str):
        return not has_control(value)
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    if isinstance(value, dict):
        return all(_plain(item) for item in value.values())
    return True


def from_json(path: Path, text: str) -> Summary:
    """The summary of a row; ``ValueError``/``KeyError``/``TypeError`` if it is not one.

    The index is a file too: a row holding a control character (but in its ``id``, the
    file's own name), or a player's name the files' readers refuse
    (``namewords.name_problem``), is not one (it is read again from its file, which says
    why it cannot be read)."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("a row is a JSON object")
    texts = [value for key, value in data.items() if key != "id"]
    names = data.get("players", ())
    if not _plain(texts) or any(not isinstance(name, str) or name_problem(name) is not None
                                for name in names):
        raise ValueError("a row the files' readers would refuse")
    updated = _moment(data["updated"])
    assert updated is not None
    if data["error"] is not None:
        return Summary(str(data["id"]), path, updated, error=str(data["error"]))
    return Summary(
        id=str(data["id"]), path=path, updated=updated, name=str(data["name"]),
        players=tuple(data["players"]), humans=tuple(bool(h) for h in data["humans"]),
        levels=tuple(data["levels"]),
        finished_deals=int(data["finished_deals"]), deals_json=str(data["deals"]),
        deal_in_play=bool(data["deal_in_play"]), totals=tuple(data["totals"]),
        finished=bool(data["finished"]), turn=data["turn"], losers=tuple(data["losers"]),
        winners=tuple(data["winners"]), end=str(data["end"]), limit=int(data["limit"]),
        created=_moment(data["created"]), state=str(data["state"]), where=str(data["where"]),
        where_short=str(data["where_short"]), title=str(data["title"]),
        labels=tuple(data["labels"]), undos=int(data.get("undos", 0)),
        served=bool(data.get("served", False)), game=str(data["game"]),
        value=None if data["value"] is None else int(data["value"]),
        reasons_json=str(data["reasons"]),
    )


Key = tuple[int, int]   # the file's size and modification time (ns)


def file_key(path: Path) -> Key | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_size, stat.st_mtime_ns


# -- the database ------------------------------------------------------------------------
class SessionIndex:
    """The summaries of a sessions folder, kept in SQLite and checked against the files.

    ``read(path)`` is the store's own reading of one file (an ``Entry``: the session,
    or why it cannot be read). Safe to use from several threads.
    """

    def __init__(self, root: Path, read: Callable[[Path], Entry]) -> None:
        self.root = root
        self.path = index_path(root)
        self.read = read
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self.rebuilt = 0   # rows read again from their file (for the benchmark and tests)

    # -- connection ----------------------------------------------------------------------
    def _open(self, target: str) -> sqlite3.Connection:
        db = sqlite3.connect(target, timeout=5.0, check_same_thread=False,
                             isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version != SCHEMA:
                db.execute("DROP TABLE IF EXISTS sessions")
                db.execute("DROP TABLE IF EXISTS meta")
                db.execute("CREATE TABLE sessions (file TEXT PRIMARY KEY, size INTEGER NOT "
                           "NULL, mtime_ns INTEGER NOT NULL, summary TEXT NOT NULL)")
                db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                db.execute(f"PRAGMA user_version={SCHEMA}")
            row = db.execute("SELECT value FROM meta WHERE key='folder'").fetchone()
            folder = str(self.root.resolve())
            if row is None or row[0] != folder:   # an index of another folder: start over
                db.execute("DELETE FROM sessions")
                db.execute("INSERT OR REPLACE INTO meta VALUES ('folder', ?)", (folder,))
        except BaseException:
            db.close()
            raise
        return db

    def _connect(self) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        try:
            self._db = self._open(str(self.path))
        except sqlite3.OperationalError:
            # busy, or the folder cannot be written: do without the file this time
            # (never removed for that: it may be sound and in use by another polignac-tui)
            self._db = self._open(":memory:")
        except sqlite3.DatabaseError:
            # damaged (or not a database at all): it is only a cache, start a new one
            self._discard()
            try:
                self._db = self._open(str(self.path))
            except sqlite3.Error:
                self._db = self._open(":memory:")   # cannot be written: work in memory
        return self._db

    def _discard(self) -> None:
        """Close and remove the database files (a damaged index)."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                os.unlink(f"{self.path}{suffix}")

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._db.close()
                self._db = None

    # -- reading -------------------------------------------------------------------------
    def summaries(self, paths: list[Path], drop_others: bool = True) -> list[Summary]:
        """The summaries of the files ``paths`` (in that order), rows rebuilt where stale;
        with ``drop_others``, rows of files not in ``paths`` are removed."""
        if not paths and not self.path.exists():
            return []   # nothing saved yet: no index to create
        with self._lock:
            try:
                return self._summaries(paths, drop_others) or []
            except sqlite3.OperationalError:   # busy: read the files, keep the index
                return [from_entry(self.read(p)) for p in paths]
            except sqlite3.DatabaseError:
                self._discard()   # damaged while in use: rebuilt from the files
                try:
                    return self._summaries(paths, drop_others) or []
                except sqlite3.Error:
                    self._discard()
                    return [from_entry(self.read(p)) for p in paths]

    def current(self, paths: list[Path]) -> list[Summary] | None:
        """The summaries of ``paths`` if every row is current (no file read: quick enough
        for the UI thread), else None."""
        if not self.path.exists():
            return [] if not paths else None
        with self._lock:
            try:
                return self._summaries(paths, drop_others=False, read=False)
            except sqlite3.Error:
                return None

    def _summaries(self, paths: list[Path], drop_others: bool,
                   read: bool = True) -> list[Summary] | None:
        db = self._connect()
        names = {p.name for p in paths}
        if drop_others or len(paths) > 50:
            rows = {f: (s, m, t) for f, s, m, t in
                    db.execute("SELECT file, size, mtime_ns, summary FROM sessions")}
        else:
            rows = {}
            for p in paths:
                found = db.execute("SELECT file, size, mtime_ns, summary FROM sessions "
                                   "WHERE file=?", (p.name,)).fetchone()
                if found is not None:
                    rows[found[0]] = found[1:]
        out: list[Summary] = []
        changed: list[tuple[str, int, int, str]] = []
        for path in paths:
            key = file_key(path)
            row = rows.get(path.name)
            summary = None
            if row is not None and key is not None and (row[0], row[1]) == key:
                with contextlib.suppress(ValueError, KeyError, TypeError, AssertionError):
                    summary = from_json(path, row[2])
            if summary is None:
                if not read:
                    return None
                summary = from_entry(self.read(path))
                self.rebuilt += 1
                if key is not None:
                    changed.append((path.name, key[0], key[1], to_json(summary)))
            out.append(summary)
        gone = [f for f in rows if f not in names] if drop_others else []
        if changed or gone:
            self._write(db, changed, gone)
        return out

    def _write(self, db: sqlite3.Connection, rows: Iterable[tuple[str, int, int, str]],
               gone: Iterable[str] = ()) -> None:
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany("INSERT OR REPLACE INTO sessions VALUES (?, ?, ?, ?)", rows)
            db.executemany("DELETE FROM sessions WHERE file=?", ((f,) for f in gone))
            db.execute("COMMIT")
        except sqlite3.OperationalError:
            # busy (another polignac-tui writing) or read-only: the rows are rebuilt later
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")

    # -- writing -------------------------------------------------------------------------
    def saved(self, session: GameSession, path: Path) -> None:
        """``session`` was just written to ``path``: its row follows (never an error: the
        index is a cache, a row left behind is rebuilt from the file)."""
        key = file_key(path)
        if key is None or session.updated is None:
            return
        summary = summarize(path.stem, path, session.updated, session)
        with self._lock:
            try:
                self._write(self._connect(), [(path.name, key[0], key[1], to_json(summary))])
            except sqlite3.OperationalError:
                pass   # busy: the row is rebuilt from the file when next listed
            except sqlite3.DatabaseError:
                self._discard()

    def forget(self, path: Path) -> None:
        """The file at ``path`` was deleted: its row goes too."""
        if not self.path.exists():
            return
        with self._lock:
            try:
                self._write(self._connect(), [], [path.name])
            except sqlite3.OperationalError:
                pass   # busy: the row of a file gone is dropped when next listed
            except sqlite3.DatabaseError:
                self._discard()
