"""The folder of saved sessions: one ``<id>.toml`` per session, written atomically.

``platformdirs.user_data_path("polignac-tui") / "sessions"`` unless told
otherwise; created on the first write, never written outside. Beside each
session file may sit ``<id>.lock`` (the writer's lock) and, for an instant
while saving, ``.<id>.toml.tmp``. A file that cannot be read is listed with the
reason and never deleted nor overwritten.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from ..games.namewords import name_problem, quoted
from ..games.session import MAX_SESSION_NAME, GameSession
from . import lock as _lock
from .atomic import temporary_path, write_atomic
from .errors import (
    PlayedServed,
    ResumeError,
    SaveError,
    SessionFileError,
    SessionLocked,
    StoreError,
    UnknownSession,
)
from .gamefile import load
from .ids import base_id, check_id, is_id
from .index import SessionIndex, Summary
from .lock import SessionLock
from .visible import visible

APP = "polignac-tui"
SUFFIX = ".toml"
LOCK_SUFFIX = ".lock"


def default_root() -> Path:
    """Where saved sessions live (honours ``XDG_DATA_HOME`` on Linux)."""
    return platformdirs.user_data_path(APP) / "sessions"


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def as_utc(moment: datetime) -> datetime:
    """An aware UTC datetime (a naive one from a file is taken as UTC)."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``*.toml`` of the folder: a session, or the reason it cannot be read."""

    id: str
    path: Path
    game_session: GameSession | None     # the session, whatever its game
    error: str | None
    updated: datetime  # UTC: the session's ``updated``, else the file's modification time

    @property
    def readable(self) -> bool:
        return self.game_session is not None

    @property
    def game(self) -> str | None:
        """The game of a readable file (None for one that cannot be read)."""
        return None if self.game_session is None else self.game_session.game


class SessionStore:
    """Saved sessions: ids, atomic saves, locks, listing, deleting, what to resume."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self._saving = threading.Lock()  # one save at a time (bots answer off the UI thread)
        # entries() replays every file; a file unchanged since (same inode, size and
        # modification time: a save always makes a new inode) is not replayed again
        self._seen: dict[Path, tuple[tuple[int, int, int], Entry]] = {}
        self._listing = threading.Lock()  # entries() runs in a thread worker of the UI
        # the summaries of the lists, statistics and Continue (store/index.py)
        self.index = SessionIndex(self.root, self._entry)

    # -- ids and paths ---------------------------------------------------------------
    def path(self, id: str) -> Path:
        """The file of session ``id``; ``BadSessionId`` for anything that is not an id."""
        return self.root / f"{check_id(id)}{SUFFIX}"

    def lock_path(self, id: str) -> Path:
        return self.root / f"{check_id(id)}{LOCK_SUFFIX}"

    def exists(self, id: str) -> bool:
        return is_id(id) and self.path(id).is_file()

    def new_id(self, session_name: str, first_human: str, now: datetime | None = None) -> str:
        """A readable id not yet used in the folder (``-2``, ``-3``… appended if taken)."""
        base = base_id(session_name, first_human, now or datetime.now())
        candidate, n = base, 1
        while self._taken(candidate):
            n += 1
            candidate = f"{base}-{n}"
        return candidate

    def _taken(self, id: str) -> bool:
        path = self.path(id)
        return any(p.exists() for p in (path, self.lock_path(id), temporary_path(path)))

    # -- one session -----------------------------------------------------------------
    def save_game(self, session: GameSession) -> None:
        """Write a session of any game atomically and set its ``updated`` (the caller
        holds its lock).

        Raises ``SaveError`` (the previous save, if any, is left complete).
        """
        from .gamefile import dumps as dumps_game
        if not session.id:
            raise StoreError("the session has no id yet (SessionStore.new_id gives one)")
        path = self.path(session.id)
        if len(session.name) > MAX_SESSION_NAME or not session.name.isprintable():
            raise SaveError(f"cannot save session {session.id}: its name must be at most "
                            f"{MAX_SESSION_NAME} printable characters on one line")
        for name in session.names:     # never a file it could not read back
            problem = name_problem(name)
            if problem is not None:
                raise SaveError(f"cannot save session {session.id}: player name "
                                f"{quoted(name)} {problem}")
        with self._saving:
            previous = session.updated
            session.updated = utc_now()
            try:
                data = dumps_game(session).encode("utf-8")
                try:
                    write_atomic(path, data)
                except FileNotFoundError:
                    if self.root.is_dir():
                        raise
                    self.root.mkdir(parents=True, exist_ok=True)
                    write_atomic(path, data, durable=True)
            except OSError as error:
                session.updated = previous
                raise SaveError(f"cannot save session {session.id} to {path}: "
                                f"{error.strerror or error}") from None
            except BaseException:
                session.updated = previous
                raise
            self.index.saved(session, path)

    def load_game(self, id: str) -> GameSession:
        """Read and replay session ``id``, whatever its game."""
        path = self.path(id)
        if not path.is_file():
            raise UnknownSession(f"no saved session {id} (see polignac-tui list)")
        session = load(path)
        session.id = id  # the file name is the id (a renamed file stays reachable)
        return session

    def game_of(self, id: str) -> str:
        """The game of saved session ``id`` (``polignac`` for a file naming none)."""
        from .gamefile import game_of, read_document
        path = self.path(id)
        if not path.is_file():
            raise UnknownSession(f"no saved session {id} (see polignac-tui list)")
        return game_of(read_document(path))

    def delete(self, id: str) -> None:
        """Remove session ``id``: refused while it is open elsewhere or if it is unreadable."""
        path = self.path(id)
        if not path.is_file():
            raise UnknownSession(f"no saved session {id} (see polignac-tui list)")
        try:
            load(path)
        except SessionFileError as error:
            raise StoreError(f"session {id} is unreadable ({error}); damaged files are left "
                             f"untouched: move or remove {path} yourself") from None
        with self.lock(id):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as error:
                raise StoreError(f"cannot delete {path}: {error.strerror or error}") from None
            with contextlib.suppress(OSError):
                temporary_path(path).unlink()
            self.index.forget(path)

    def lock(self, id: str) -> SessionLock:
        """Hold session ``id`` for writing, or raise ``SessionLocked`` naming the holder
        (``PlayedServed`` when the holder is the table service)."""
        try:
            return _lock.acquire(id, self.lock_path(id))
        except SessionLocked as error:
            if self.served(id):
                raise PlayedServed(id, error.pid) from None
            raise

    def served(self, id: str) -> bool:
        """True when session ``id`` is played at a served table: its file says so, or its
        id is set aside by a service for a table still waiting for its players."""
        if _lock.reserved(self.lock_path(id)):
            return True
        path = self.path(id)
        if not path.is_file():
            return False
        summaries = self.index.summaries([path], drop_others=False)
        return bool(summaries) and summaries[0].served

    def reserve(self, id: str, take_over: bool = False) -> _lock.Reservation:
        """Set id aside for a session to come, holding no file open (``lock.reserve``)."""
        return _lock.reserve(id, self.lock_path(id), take_over)

    def locked_by(self, id: str) -> int | None:
        """The pid holding session ``id`` now (None if nobody, or the lock is stale)."""
        try:
            with self.lock(id):
                return None
        except SessionLocked as error:
            return error.pid if error.pid is not None else -1

    # -- the folder ------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """Every ``*.toml`` in the folder, newest first; unreadable ones with their reason.

        The sessions of the entries are for reading (lists, scores): one that is
        unchanged on disk is the same object on the next call. ``load`` gives a
        session of one's own to play on.
        """
        try:
            paths = self._session_paths()
        except FileNotFoundError:
            return []
        except OSError as error:
            raise StoreError(f"cannot read the sessions folder {self.root}: "
                             f"{error.strerror or error}") from None
        with self._listing:
            entries = [self._cached_entry(p) for p in paths]
            self._seen = {p: self._seen[p] for p in paths if p in self._seen}
        entries.sort(key=lambda e: (e.updated, e.id), reverse=True)
        return entries

    def summaries(self) -> list[Summary]:
        """What the lists and the statistics need of every ``*.toml``, newest first, from
        the summary index (a file changed since its row is read again)."""
        try:
            paths = self._session_paths()
        except FileNotFoundError:
            paths = []
        except OSError as error:
            raise StoreError(f"cannot read the sessions folder {self.root}: "
                             f"{error.strerror or error}") from None
        summaries = self.index.summaries(paths)
        summaries.sort(key=lambda s: (s.updated, s.id), reverse=True)
        return summaries

    def current_summaries(self) -> list[Summary] | None:
        """``summaries()`` when every row of the index is current (no file is read: quick
        enough for the UI thread); None when some file must be read first."""
        try:
            paths = self._session_paths()
        except FileNotFoundError:
            return []
        except OSError:
            return None
        summaries = self.index.current(paths)
        if summaries is not None:
            summaries.sort(key=lambda s: (s.updated, s.id), reverse=True)
        return summaries

    def _session_paths(self) -> list[Path]:
        return [p for p in self.root.iterdir()
                if p.suffix == SUFFIX and not p.name.startswith(".") and p.is_file()]

    def latest_unfinished(self, scan: int, prefer: str | None = None) -> Summary | None:
        """The session ``prefer`` (the one just left) if it is still in play, else the most
        recently written one still in play, looking at the ``scan`` newest files only
        (quick with hundreds of sessions; unreadable files are skipped: the list says
        why)."""
        try:
            paths = sorted(self._session_paths(), key=lambda p: p.stat().st_mtime,
                           reverse=True)[:scan]
        except OSError:
            return None
        if prefer is not None and self.path(prefer).is_file():
            first = self.path(prefer)
            paths = [first] + [p for p in paths if p != first]
        for summary in self.index.summaries(paths, drop_others=False):
            if summary.readable and not summary.finished and not summary.served:
                return summary
        return None

    def _cached_entry(self, path: Path) -> Entry:
        try:
            stat = path.stat()
        except OSError:
            return self._entry(path)
        key = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
        seen = self._seen.get(path)
        if seen is not None and seen[0] == key:
            return seen[1]
        entry = self._entry(path)
        self._seen[path] = (key, entry)
        return entry

    def _entry(self, path: Path) -> Entry:
        id = path.stem
        try:
            mtime = datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(microsecond=0)
        except OSError:
            mtime = datetime.fromtimestamp(0, UTC)
        try:
            session = load(path)
        except SessionFileError as error:
            return Entry(id, path, None, str(error), mtime)
        except Exception as error:  # one odd file never hides the others
            return Entry(id, path, None, f"cannot be read ({type(error).__name__}: "
                         f"{visible(str(error)[:200])})", mtime)
        if not is_id(id):
            return Entry(id, path, None, "the file name is not a session id (a-z, 0-9 and "
                         "single dashes): rename it to open it by id", mtime)
        session.id = id
        updated = as_utc(session.updated) if session.updated is not None else mtime
        return Entry(id, path, session, None, updated)

    def resolve_resume(self, id: str | None) -> str:
        """The id of the session to resume: ``id`` itself, or the last one played still in
        play here (a session played at a served table is the service's: ``PlayedServed``
        for its id, never chosen without one)."""
        if id is None:
            unreadable = 0
            for summary in self.summaries():
                if not summary.readable:
                    unreadable += 1
                elif not summary.finished and not summary.served:
                    return summary.id
            more = (f" ({unreadable} unreadable file{'s' if unreadable > 1 else ''} left "
                    "aside, see polignac-tui list)") if unreadable else ""
            raise ResumeError(f"no session in play to resume{more}; start a new one")
        try:
            session = self.load_game(id)
        except UnknownSession as error:
            if _lock.reserved(self.lock_path(id)):    # a served table waiting for players
                raise PlayedServed(id) from None
            raise ResumeError(str(error)) from None
        except SessionFileError as error:
            raise ResumeError(f"session {id} cannot be resumed: {error}") from None
        except StoreError as error:
            raise ResumeError(str(error)) from None
        if session.finished:
            raise ResumeError(f"session {id} is finished; nothing left to play "
                              f"(see polignac-tui show {id})")
        if session.served:
            raise PlayedServed(id)
        return id
