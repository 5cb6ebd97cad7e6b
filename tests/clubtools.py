"""The club's screens fed without a service: ``BookSource`` asks a book (``ClubBook``'s read
API) as the service does and hands its answers through the wire's own writing and reading
(``club_wire``), as the lobby's client receives them."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from polignac_file import save_session

from polignac_tui.club.book import ClubBook
from polignac_tui.club.journal import SeatLine, SeatsFile
from polignac_tui.club.records import Debt, Period, PlayerPage
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.service import club_wire
from polignac_tui.service.club_wire import ClubStandings
from polignac_tui.store.folder import SessionStore


class BookSource:
    """A ``ClubSource`` over ``book`` for the viewer ``identity`` (named ``name``)."""

    def __init__(self, book: ClubBook, identity: str, name: str,
                 games: tuple[str, ...] = ("polignac", "ecarte", "piquet")) -> None:
        self.book = book
        self.identity = identity
        self.name = name
        self.games = games
        self.asked: list[tuple[Any, ...]] = []

    async def club(self, game: str, period: str) -> ClubStandings:
        self.asked.append(("club", game, period))
        await asyncio.sleep(0)
        p: Period = "month" if period == "month" else "all"
        return club_wire.standings_answer({
            "type": "club", "game": game, "period": period,
            "hidden": self.book.hidden(self.identity),
            "standings": club_wire.standings_to_json(
                self.book.standings(game, p, self.identity))})

    async def club_player(self, game: str, name: str) -> PlayerPage | None:
        self.asked.append(("club_player", game, name))
        await asyncio.sleep(0)
        return club_wire.player_answer({"page": club_wire.page_to_json(
            self.book.player_page(game, name, self.identity))})

    async def club_ledger(self) -> list[Debt]:
        self.asked.append(("club_ledger",))
        await asyncio.sleep(0)
        return club_wire.ledger_answer({"debts": club_wire.debts_to_json(
            self.book.ledger(self.identity))})

    async def club_hidden(self, hidden: bool | None = None) -> bool:
        self.asked.append(("club_hidden", hidden))
        await asyncio.sleep(0)
        if hidden is not None:
            self.book.set_hidden(self.identity, hidden)
        return club_wire.hidden_answer({"hidden": self.book.hidden(self.identity)})


# -- a book of the club filled with played matches ---------------------------------------------
PEOPLE = {"Anna": "ssh:SHA256:anna-4fQ", "Bruno": "ssh:SHA256:bruno-9xZ",
          "Céleste": "web:celeste:2718", "Dédé": "web:dede:1414"}
TABLES = (("Anna", "Bruno", "Céleste", "hard"), ("Anna", "Bruno", "Dédé", "easy"),
          ("Bruno", "Céleste", "Dédé", "medium"), ("Anna", "Céleste", "Dédé", "hard"),
          ("Anna", "Bruno", "Céleste", "Dédé"), ("Anna", "Bruno", "Céleste", "hard"))


def filled_book(base: Path, monkeypatch: pytest.MonkeyPatch,
                tables: tuple[tuple[str, ...], ...] = TABLES) -> ClubBook:
    """A book of the club in ``base``, every table of ``tables`` (people, and a computer by
    its level) played to its end at Polignac (seeded, to 5 points), saved as a served
    session finished on its own day of November 2026 (the store's clock held there), its
    seats bound as ``serve`` binds them, and entered in the book (``ClubBook.enter``)."""
    from polignac_tui.store import folder as store_folder
    store = SessionStore(base / "sessions")
    service = base / "service"
    book = ClubBook.open(service, store.root, now=lambda: datetime(2026, 11, 28, tzinfo=UTC))
    for number, seated in enumerate(tables):
        when = datetime(2026, 11, 2 + number, 21, 30, tzinfo=UTC)
        monkeypatch.setattr(store_folder, "utc_now", lambda when=when: when)
        computer = [(f"Robot{i}", who) for i, who in enumerate(seated) if who not in PEOPLE]
        players = [Player(who) if who in PEOPLE else Player(computer[0][0], "computer", who)
                   for who in seated]
        session = Session.new(preset("classique", len(players)).replace(limit=5), players,
                              random.Random(number), name="Friday", created=when,
                              updated=when)
        rng = random.Random(number)
        while not session.finished:
            random_step(session, rng, declare_rate=None)
        session.served = True
        session.id = store.new_id("Friday", seated[0], now=when)
        save_session(store, session)
        SeatsFile(service).append(session.id, [
            SeatLine("human", who, None, PEOPLE[who]) if who in PEOPLE
            else SeatLine("computer", computer[0][0], who, None) for who in seated])
        assert book.enter(session.id)
    return book
