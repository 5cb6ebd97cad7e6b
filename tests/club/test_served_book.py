"""The club's book fed by a real ``polignac-tui serve``: matches of the three games played
to their end through its socket by the protocol's own client enter the book with each
seat's identity, the rebuild makes the same book, and a SIGKILL right after a match ends
loses nothing."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from service.lobbytools import running_service

from polignac_tui.club.book import ClubBook
from polignac_tui.service.paths import service_folder
from polignac_tui.store.folder import default_root

from .play import match

ANNA = ("ssh:SHA256:annaKEYannaKEY", "Anouk")
BRUNO = ("ssh:SHA256:brunoKEYbrunoKEY", "Basile")
CLAIRE = ("web:Claire#4321", "Cosette")


def book() -> ClubBook:
    return ClubBook.open(service_folder(), default_root())


def until_in_book(table: str, limit: float = 20.0) -> ClubBook:
    """The book once it holds ``table`` (serve enters it off its loop)."""
    deadline = time.monotonic() + limit
    while True:
        opened = book()
        if any(m.session == table for m in opened.matches()):
            return opened
        assert time.monotonic() < deadline, f"{table} never entered the book"
        time.sleep(0.05)    # polling another process's writes, bounded by ``limit``


def test_every_game_enters_the_book_and_the_rebuild_makes_the_same(tmp_path: Path) -> None:
    async def club_night(socket: Path) -> list[str]:
        return [await match(socket, "ecarte", [ANNA, BRUNO]),
                await match(socket, "polignac", [ANNA, BRUNO, CLAIRE], computers=1),
                await match(socket, "piquet", [BRUNO, CLAIRE])]

    with running_service(tmp_path) as service:
        tables = asyncio.run(club_night(service.socket))
        for table in tables:
            until_in_book(table)
    assert "club" not in service.log.read_text()        # nothing went wrong with the book
    kept = book()
    matches = {m.session: m for m in kept.matches()}
    assert set(matches) == set(tables)
    ecarte, polignac, piquet = (matches[t] for t in tables)
    assert [m.game for m in (ecarte, polignac, piquet)] == ["ecarte", "polignac", "piquet"]
    assert [(s.identity, s.name) for s in ecarte.seats] == [ANNA, BRUNO]
    assert [(s.identity, s.name, s.level) for s in polignac.seats][3] == \
        (None, polignac.seats[3].name, "easy")
    assert [s.identity for s in polignac.seats[:3]] == [ANNA[0], BRUNO[0], CLAIRE[0]]
    assert ecarte.value in (1, 2, 3) and max(s.total for s in ecarte.seats) >= 2
    assert piquet.value == abs(piquet.seats[0].total - piquet.seats[1].total)
    assert all(m.ended >= m.started for m in matches.values())
    # the ledger: each person who lost the Polignac pays each person who won a cognac,
    # the loser of the Écarté game the ices, the loser of the partie its points
    people = [s for s in polignac.seats if s.level is None]
    cognacs = {(d.debtor, d.creditor, d.amount) for d in kept.ledger(None)
               if d.what == "cognac"}
    assert cognacs == {(lost.name, won.name, 1) for lost in people if lost.lost
                       for won in people if won.won}
    (ices,) = [d for d in kept.ledger(None) if d.what == "ices"]
    assert ices.amount == ecarte.value and ices.debtor == next(
        s.name for s in ecarte.seats if s.lost)
    partie = [(d.debtor, d.amount) for d in kept.ledger(None) if d.what == "partie"]
    assert partie == [(s.name, piquet.value) for s in piquet.seats if s.lost]
    before = kept.dump()
    assert kept.rebuild() == 3
    assert kept.dump() == before
    # a book lost is the same book again
    (service_folder() / "club.sqlite3").unlink()
    assert book().dump() == before
    # the standings show names and never an identity
    standings = kept.standings("polignac", "all", None)
    assert {s.name for s in standings} >= {"Anouk", "Basile", "Cosette"}
    assert all(s.matches == 1 and s.provisional == (s.computer is None) for s in standings)
    text = repr(standings) + repr(kept.ledger(None)) + repr(
        kept.player_page("ecarte", "Anouk", None))
    assert not any(identity in text for identity, _ in (ANNA, BRUNO, CLAIRE))


def test_a_sigkill_right_after_a_match_ends_loses_nothing(tmp_path: Path) -> None:
    with running_service(tmp_path) as service:
        table = asyncio.run(match(service.socket, "ecarte", [ANNA, BRUNO]))
        service.kill()          # the players saw the end: it is on disk, the book may lag
        seats = (service_folder() / "club-seats.jsonl").read_text()
        assert ANNA[0] in seats and seats.count(f'"table":"{table}"') == 1     # told once
        # killed before the match entered the book: as if it never had
        with sqlite3.connect(service_folder() / "club.sqlite3") as db:
            db.execute("DELETE FROM matches WHERE session = ?", (table,))
            db.execute("DELETE FROM seats WHERE session = ?", (table,))
        assert not book().matches()
        service.start()
        held = until_in_book(table)
    (entry,) = [m for m in held.matches() if m.session == table]
    assert [(s.identity, s.name) for s in entry.seats] == [ANNA, BRUNO]
    before = held.dump()
    held.rebuild()
    assert held.dump() == before
