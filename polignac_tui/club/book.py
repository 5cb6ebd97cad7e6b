"""The club's book of a served host: every finished match at its tables, the players'
ratings per game, and the ledger of what the losers owe.

The session files stay the truth. The book is an SQLite database (stdlib ``sqlite3``, WAL
mode, its layout in ``PRAGMA user_version``) in the service's folder,
``club.sqlite3``, with one row per finished served session and one per seat; it is made
from the served sessions (read and replayed by the store, with all its checks), the
seats ``serve`` bound to identities (``club-seats.jsonl``) and the host's journal
(``club-journal.jsonl``: settlements and who left the standings), so ``rebuild`` makes
the same book again from them. A book that is missing or of another layout is rebuilt;
a damaged one is moved aside (``club.sqlite3.damaged``) with one line in the log, and
rebuilt. Ratings, standings and the ledger are worked out from the rows when asked
(``ratings``, ``ledger``; kept in memory until the book's generation, bumped by every
write, changes): nothing derived is stored.

What it shows holds names, never keys or identities; a player who left the standings
is shown to nobody but themself.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..games import game_names, get_game
from ..games.namewords import MAX_NAME
from ..i18n import _
from ..store import SessionStore, StoreError
from ..store.index import Summary
from .entries import ClubMatch, ClubSeat, EntryError, from_summary, identity_of, is_computer
from .journal import Journal, SeatLine, SeatsFile, Settlement
from .ledger import debts, netted
from .ratings import Rated, rate, shown, shown_mu, shown_sigma
from .records import Against, Debt, Period, PlayerPage, RatingPoint, Standing

BOOK_FILE = "club.sqlite3"
SCHEMA = 3       # PRAGMA user_version: another value means another layout, rebuilt
TABLES = {"matches", "seats", "meta"}
Log = Callable[[str], None]


def computer_name(level: str) -> str:
    """How a computer of ``level`` is named in the standings."""
    words = {"easy": _("computer (easy)"), "medium": _("computer (medium)"),
             "hard": _("computer (hard)"), "expert": _("computer (expert)")}
    return words.get(level, level)


def sessions_of(folder: Path) -> Path:
    """Where the sessions of the service whose folder is ``folder`` live: beside it
    (``…/polignac-tui/service`` and ``…/polignac-tui/sessions``)."""
    return folder.parent / "sessions"


class ClubError(ValueError):
    """What the host asked cannot be done; ``str()`` says why in one line."""


@dataclass(frozen=True, slots=True)
class Person:
    """A player found by name: their key and the name shown."""

    key: str
    name: str


def _create(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE IF EXISTS matches")
    db.execute("DROP TABLE IF EXISTS seats")
    db.execute("CREATE TABLE matches (session TEXT PRIMARY KEY, game TEXT NOT NULL, "
               "started TEXT NOT NULL, ended TEXT NOT NULL, value INTEGER, "
               "note TEXT)")
    db.execute("CREATE TABLE seats (session TEXT NOT NULL, seat INTEGER NOT NULL, "
               "key TEXT NOT NULL, identity TEXT, name TEXT NOT NULL, level TEXT, "
               "total INTEGER NOT NULL, rank INTEGER NOT NULL, won INTEGER NOT NULL, "
               "lost INTEGER NOT NULL, left_ INTEGER NOT NULL, PRIMARY KEY (session, seat))")
    db.execute("CREATE INDEX IF NOT EXISTS matches_order ON matches (game, ended, session)")
    db.execute("DROP TABLE IF EXISTS meta")
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('generation', 0)")
    db.execute(f"PRAGMA user_version={SCHEMA}")


class ClubBook:
    """The club's book of the service whose folder is ``folder``."""

    def __init__(self, folder: Path, sessions: Path | None = None, log: Log | None = None,
                 now: Callable[[], datetime] | None = None) -> None:
        self.folder = folder
        self.path = folder / BOOK_FILE
        self.store = SessionStore(sessions if sessions is not None else sessions_of(folder))
        self.seats_file = SeatsFile(folder)
        self.journal = Journal(folder)
        self.log: Log = log or (lambda line: None)
        self.now = now or (lambda: datetime.now(UTC))
        # what was read and worked out, per (game, since), with the book's generation
        self._cache: dict[tuple[str | None, str], tuple[int, list[ClubMatch]]] = {}
        self._rated: dict[tuple[str, str], tuple[list[ClubMatch], dict[str, Rated]]] = {}

    @classmethod
    def open(cls, folder: Path, sessions: Path | None = None, log: Log | None = None,
             now: Callable[[], datetime] | None = None) -> ClubBook:
        """The book of ``folder`` (the service's folder), rebuilt when missing, of another
        layout or damaged."""
        book = cls(folder, sessions, log, now)
        with book._db():
            pass
        return book

    # -- the database ----------------------------------------------------------------------
    def _connect(self) -> tuple[sqlite3.Connection, bool]:
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        db = sqlite3.connect(str(self.path), timeout=10.0, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            fresh = db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA
            if fresh:
                db.execute("BEGIN IMMEDIATE")
                if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
                    _create(db)
                else:
                    fresh = False       # another process made it meanwhile
                db.execute("COMMIT")
            tables = {row[0] for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables >= TABLES:
                raise sqlite3.DatabaseError("some of its tables are missing")
        except BaseException:
            db.close()
            raise
        with contextlib.suppress(OSError):
            os.chmod(self.path, 0o600)
        return db, fresh

    @contextlib.contextmanager
    def _db(self, fill: bool = True) -> Iterator[sqlite3.Connection]:
        """A connection to the book (a new book filled first, unless ``fill`` is False)."""
        try:
            db, fresh = self._connect()
        except sqlite3.OperationalError:
            raise
        except sqlite3.DatabaseError as error:
            self._move_aside(error)
            db, fresh = self._connect()
        try:
            if fresh and fill:
                self._fill(db)
            yield db
        finally:
            db.close()

    def _move_aside(self, error: Exception) -> None:
        aside = self.path.with_name(BOOK_FILE + ".damaged")
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(f"{self.path}{suffix}")
        with contextlib.suppress(OSError):
            os.replace(self.path, aside)
        self.log(_("the club's book {path} could not be read ({error}); it was moved to "
                   "{aside} and is rebuilt from the served sessions").format(
                       path=self.path, error=error, aside=aside))

    # -- entering matches --------------------------------------------------------------------
    def _served(self) -> list[Summary]:
        try:
            summaries = self.store.summaries()
        except StoreError as error:
            self.log(str(error))
            return []
        return [s for s in summaries if s.readable and s.served and s.finished]

    def _insert(self, db: sqlite3.Connection, summary: Summary,
                seats: dict[str, tuple[SeatLine, ...]]) -> bool:
        try:
            match = from_summary(summary, seats.get(summary.id))
        except (EntryError, ValueError) as error:
            self.log(_("the club's book leaves out session {session}: {error}").format(
                session=summary.id, error=error))
            return False
        db.execute("UPDATE meta SET value = value + 1 WHERE key = 'generation'")
        db.execute("INSERT OR REPLACE INTO matches VALUES (?, ?, ?, ?, ?, ?)",
                   (match.session, match.game, match.started, match.ended, match.value,
                    match.note))
        db.execute("DELETE FROM seats WHERE session = ?", (match.session,))
        db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            (match.session, index, s.key, s.identity, s.name, s.level, s.total, s.rank,
             int(s.won), int(s.lost), int(s.left)) for index, s in enumerate(match.seats)])
        return True

    def _fill(self, db: sqlite3.Connection) -> int:
        """Every finished served session entered (the book emptied first): how many."""
        summaries = self._served()
        seats = self.seats_file.read()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM matches")
            db.execute("DELETE FROM seats")
            db.execute("UPDATE meta SET value = value + 1 WHERE key = 'generation'")
            count = sum(self._insert(db, s, seats) for s in summaries)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return count

    def rebuild(self) -> int:
        """The book made again from the served sessions: how many matches it holds."""
        with self._db(fill=False) as db:
            return self._fill(db)

    def catch_up(self) -> int:
        """Every finished served session not in the book yet entered: how many."""
        with self._db() as db:
            known = {row[0] for row in db.execute("SELECT session FROM matches")}
            missing = [s for s in self._served() if s.id not in known]
            if not missing:
                return 0
            seats = self.seats_file.read()
            db.execute("BEGIN IMMEDIATE")
            count = sum(self._insert(db, s, seats) for s in missing)
            db.execute("COMMIT")
            return count

    def enter(self, session: str) -> bool:
        """The finished served session ``session`` entered (again): True if it could be."""
        path = self.store.path(session)
        summaries = self.store.index.summaries([path], drop_others=False)
        if not summaries or not summaries[0].readable:
            self.log(_("the club's book leaves out session {session}: {error}").format(
                session=session, error=summaries[0].error if summaries else "no file"))
            return False
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            done = self._insert(db, summaries[0], self.seats_file.read())
            db.execute("COMMIT")
            return done

    # -- reading -----------------------------------------------------------------------------
    def matches(self, game: str | None = None, since: str = "") -> list[ClubMatch]:
        """The book's matches (of ``game``; ended at ``since`` or later), in the order
        they ended."""
        where, args = "WHERE m.ended >= ?", [since]
        if game is not None:
            where += " AND m.game = ?"
            args.append(game)
        with self._db() as db:
            generation = db.execute(
                "SELECT value FROM meta WHERE key = 'generation'").fetchone()[0]
            cached = self._cache.get((game, since))
            if cached is not None and cached[0] == generation:
                return cached[1]
            rows = db.execute(
                "SELECT m.session, m.game, m.started, m.ended, m.value, m.note, s.key, "
                "s.identity, s.name, s.level, s.total, s.rank, s.won, s.lost, s.left_ "
                f"FROM matches m JOIN seats s ON s.session = m.session {where} "
                "ORDER BY m.ended, m.session, s.seat", args).fetchall()
        heads: dict[str, tuple[Any, ...]] = {}
        seats: dict[str, list[ClubSeat]] = {}
        for row in rows:
            heads.setdefault(row[0], row[:6])
            seats.setdefault(row[0], []).append(ClubSeat(
                row[6], row[7], row[8], row[9], row[10], row[11], bool(row[12]),
                bool(row[13]), bool(row[14])))
        matches = [ClubMatch(h[0], h[1], h[2], h[3], h[4], h[5],
                             tuple(seats[session])) for session, h in heads.items()]
        self._cache[(game, since)] = (generation, matches)
        return matches

    def _rate(self, game: str, since: str = "") -> dict[str, Rated]:
        """``rate`` of ``game``'s matches since ``since``, worked out again only when the
        book changed since last asked."""
        matches = self.matches(game, since)
        cached = self._rated.get((game, since))
        if cached is not None and cached[0] is matches:
            return cached[1]
        players = rate(matches)
        self._rated[(game, since)] = (matches, players)
        return players

    def dump(self) -> list[tuple[Any, ...]]:
        """Every row of the book, in order (to compare two books)."""
        with self._db() as db:
            return [*db.execute("SELECT * FROM matches ORDER BY session"),
                    *db.execute("SELECT * FROM seats ORDER BY session, seat")]

    def _month_start(self) -> str:
        return self.now().astimezone(UTC).strftime("%Y-%m-01")

    def _hidden(self) -> set[str]:
        return self.journal.read()[1]

    def _visible(self, key: str, viewer: str | None, hidden: set[str]) -> bool:
        """May ``viewer`` see the player ``key``? (None: the host, who sees everyone.)"""
        identity = identity_of(key)
        return viewer is None or identity is None or identity not in hidden \
            or identity == viewer

    def _standing(self, player: Rated, viewer: str | None) -> Standing:
        name = computer_name(player.level) if player.level is not None else player.name
        return Standing(name=name, computer=player.level,
                        rating=shown(player.mu, player.sigma), mu=shown_mu(player.mu),
                        sigma=shown_sigma(player.sigma), provisional=player.provisional,
                        matches=player.matches, wins=player.wins,
                        last_played=player.last[:10],
                        you=viewer is not None and identity_of(player.key) == viewer)

    def ratings(self, game: str, period: Period = "all") -> dict[str, Rated]:
        """Every player's rating in ``game`` (this month's matches only, or all)."""
        since = self._month_start() if period == "month" else ""
        return self._rate(game, since)

    def standings(self, game: str, period: Period, viewer: str | None) -> list[Standing]:
        """The standings of ``game``, the best first (hidden players left out, but for
        the viewer's own line)."""
        hidden = self._hidden()
        lines = [self._standing(p, viewer) for p in self.ratings(game, period).values()
                 if self._visible(p.key, viewer, hidden)]
        lines.sort(key=lambda s: (-s.rating, -s.wins, s.name.casefold()))
        return lines

    def find(self, game: str | None, name: str, viewer: str | None) -> Person | None:
        """The player called ``name`` (any case) that the viewer may see; the viewer's
        own first. ``ClubError`` when several people share the name."""
        if len(name) > MAX_NAME:            # nobody's name: never looked for
            return None
        folded = name.strip().casefold()
        hidden = self._hidden()
        found: dict[str, str] = {}
        for match in self.matches(game):
            for seat in match.seats:
                shown_name = computer_name(seat.level) if seat.level else seat.name
                if shown_name.casefold() == folded and self._visible(seat.key, viewer, hidden):
                    found[seat.key] = shown_name
        if viewer is not None:
            own = [k for k in found if identity_of(k) == viewer]
            if own:
                return Person(own[0], found[own[0]])
        if len(found) > 1:
            raise ClubError(_("{count} players are called {name}").format(
                count=len(found), name=name))
        return next((Person(k, n) for k, n in found.items()), None)

    def player_page(self, game: str, name: str, viewer: str | None) -> PlayerPage | None:
        """``name``'s page in ``game``: standing, rating after each rated match, record
        against each other player; None for nobody the viewer may see."""
        try:
            person = self.find(game, name, viewer)
        except ClubError:
            return None
        if person is None:
            return None
        matches = self.matches(game)
        players = self._rate(game)
        player = players.get(person.key)
        standing = self._standing(player, viewer) if player is not None else None
        history = tuple(RatingPoint(when, rating, sigma)
                        for when, rating, sigma in (player.history if player else []))
        hidden = self._hidden()
        record: dict[str, list[int]] = {}
        names: dict[str, str] = {}
        for match in matches:
            mine = [s for s in match.seats if s.key == person.key]
            if not mine:
                continue
            for other in match.seats:
                if other.key == person.key or not self._visible(other.key, viewer, hidden):
                    continue
                names[other.key] = computer_name(other.level) if other.level else other.name
                line = record.setdefault(other.key, [0, 0, 0])
                line[0] += 1
                line[1] += mine[0].rank < other.rank
                line[2] += mine[0].rank > other.rank
        against = tuple(sorted((Against(names[k], *v) for k, v in record.items()),
                               key=lambda a: (-a.matches, a.name.casefold())))
        return PlayerPage(game, standing, history, against)

    def _names(self) -> dict[str, str]:
        names: dict[str, str] = {}
        for match in self.matches():
            for seat in match.seats:
                names[seat.key] = seat.name
        return names

    def open_debts(self) -> list[tuple[str, str, str, int]]:
        """The debts still open, by key: (game, debtor, creditor, amount)."""
        settlements = self.journal.read()[0]
        return netted(debts(self.matches()), settlements)

    def ledger(self, viewer: str | None) -> list[Debt]:
        """The debts still open, netted per pair: those of a hidden player only to
        themself and to the other one of the pair (who is owed, or owes, all the same)."""
        hidden = self._hidden()
        names = self._names()

        def party(key: str) -> bool:
            return viewer is not None and identity_of(key) == viewer

        return [Debt(game, names.get(debtor, "?"), names.get(creditor, "?"),
                     get_game(game).stake or "",
                     amount)
                for game, debtor, creditor, amount in self.open_debts()
                if party(debtor) or party(creditor)
                or (self._visible(debtor, viewer, hidden)
                    and self._visible(creditor, viewer, hidden))]

    # -- the journal -------------------------------------------------------------------------
    def set_hidden(self, identity: str, hidden: bool) -> None:
        """``identity`` leaves the standings (``hidden``) or comes back."""
        self.journal.set_hidden(identity, hidden, self.now().isoformat())

    def hidden(self, identity: str) -> bool:
        return identity in self._hidden()

    def settle(self, debtor: str, creditor: str, game: str,
               amount: int | None = None) -> Debt:
        """The host settles ``debtor``'s debt to ``creditor`` in ``game`` (names): all of
        it, or ``amount``. The settlement is written to the journal, never to a session."""
        if game not in game_names() or get_game(game).stake is None:
            raise ClubError(_("{game} is not a game of the house").format(game=repr(game)))
        stake = get_game(game).stake or ""
        title = get_game(game).title
        who = []
        for name in (debtor, creditor):
            person = self.find(game, name, None)
            if person is None or is_computer(person.key):
                raise ClubError(_("nobody called {name} played {game} here").format(
                    name=repr(name), game=title))
            who.append(person)
        owed = next((a for g, d, c, a in self.open_debts()
                     if g == game and d == who[0].key and c == who[1].key), 0)
        if owed == 0:
            raise ClubError(_("{debtor} owes {creditor} nothing at {game}").format(
                debtor=who[0].name, creditor=who[1].name, game=title))
        if amount is None:
            amount = owed
        if not 0 < amount <= owed:
            raise ClubError(_("{debtor} owes {creditor} {owed}: settle between 1 and "
                              "{owed}").format(debtor=who[0].name, creditor=who[1].name,
                                               owed=owed))
        self.journal.settle(Settlement(self.now().isoformat(), game, who[0].key, who[1].key,
                                       stake, amount))
        return Debt(game, who[0].name, who[1].name, stake, amount)


__all__ = ["BOOK_FILE", "ClubBook", "ClubError", "computer_name", "sessions_of"]
