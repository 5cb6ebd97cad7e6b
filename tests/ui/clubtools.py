"""The club's screens fed without a service: ``BookSource`` asks a book (``ClubBook``'s read
API) as the service does and hands its answers through the wire's own writing and reading
(``club_wire``), as the lobby's client receives them."""

from __future__ import annotations

import asyncio
from typing import Any

from polignac_tui.club.book import ClubBook
from polignac_tui.club.records import Debt, Period, PlayerPage
from polignac_tui.service import club_wire
from polignac_tui.service.club_wire import ClubStandings


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
