"""The requests about the club's book (docs/protocol.md): ``club`` (a game's standings, this
month or all time), ``club_player`` (one player's page), ``club_ledger`` (the debts still
open) and ``club_hidden`` (whether the asking player is shown in the standings; with
``hidden``, leave or rejoin them).

Each is answered from the host's ``ClubBook`` with the asking client's identity as the
viewer: a hidden player is shown to nobody but themself, and an answer carries names,
never an identity (``club_wire``). The book is SQLite: it is opened and read on one
thread of its own (``ClubDesk``), never on the service's loop, and a client has one
such request on its way at a time (another, meanwhile, is told ``busy``, not counted
against it).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..club.records import Debt, Period, PlayerPage, Standing
from . import club_wire, protocol
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .connection import Client
    from .server import Service

T = TypeVar("T")
CANNOT_READ = "the club's book cannot be read now: the host's log says why"


class Book(Protocol):
    """What the service asks of the club's book (``club.book.ClubBook``)."""

    def standings(self, game: str, period: Period, viewer: str | None) -> list[Standing]: ...
    def player_page(self, game: str, name: str, viewer: str | None) -> PlayerPage | None: ...
    def ledger(self, viewer: str | None) -> list[Debt]: ...
    def set_hidden(self, identity: str, hidden: bool) -> None: ...
    def hidden(self, identity: str) -> bool: ...


def open_book(folder: Path) -> Book:
    """The host's book in ``folder`` (the service's own folder)."""
    from ..club.book import ClubBook
    return ClubBook.open(folder)


class ClubDesk:
    """The service's book, opened when first asked, read on one thread of its own."""

    def __init__(self, folder: Path, opener: Callable[[Path], Book] = open_book) -> None:
        self.folder = folder
        self.opener = opener
        self.book: Book | None = None
        self.asking: weakref.WeakSet[Client] = weakref.WeakSet()
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="club-book")

    def _opened(self) -> Book:
        if self.book is None:
            self.book = self.opener(self.folder)
        return self.book

    async def ask(self, question: Callable[[Book], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, lambda: question(self._opened()))

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)


_DESKS: weakref.WeakKeyDictionary[Service, ClubDesk] = weakref.WeakKeyDictionary()


def desk_of(service: Service) -> ClubDesk:
    """The club's desk of ``service`` (its book beside the service's state)."""
    desk = _DESKS.get(service)
    if desk is None:
        desk = _DESKS[service] = ClubDesk(service.state.folder)
    return desk


def _answer(service: Service, client: Client, id_: int | None, kind: str,
            question: Callable[[Book], dict[str, Any]]) -> None:
    """Ask the book on its thread; reply ``kind`` with what ``question`` made of it."""
    desk = desk_of(service)
    if client in desk.asking:
        client.send(protocol.error("busy", "your last question about the club's book is "
                                   "still being answered", id_))
        return
    desk.asking.add(client)

    async def answer() -> None:
        try:
            body = await desk.ask(question)
        except Exception as error:        # the book's trouble, never the player's
            service.log(f"club's book: {error!r}")
            client.send(protocol.error("busy", CANNOT_READ, id_))
            return
        finally:
            desk.asking.discard(client)
        service.reply(client, {"type": kind, **body}, id_)
    client.spawn(answer())


def club(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """A game's standings for a period, as the asking player may see them."""
    identity = _identity(client)
    game, period = message["game"], message["period"]

    def question(book: Book) -> dict[str, Any]:
        return {"game": game, "period": period, "hidden": book.hidden(identity),
                "standings": club_wire.standings_to_json(
                    book.standings(game, period, identity))}
    _answer(service, client, id_, "club", question)


def club_player(service: Service, client: Client, message: dict[str, Any],
                id_: int | None) -> None:
    """One player's page in one game (null: no such player, or hidden from the asker)."""
    identity = _identity(client)
    game, name = message["game"], message["name"]

    def question(book: Book) -> dict[str, Any]:
        return {"game": game, "name": name,
                "page": club_wire.page_to_json(book.player_page(game, name, identity))}
    _answer(service, client, id_, "club_player", question)


def club_ledger(service: Service, client: Client, message: dict[str, Any],
                id_: int | None) -> None:
    """The debts still open, netted per pair, as the asking player may see them."""
    identity = _identity(client)

    def question(book: Book) -> dict[str, Any]:
        return {"debts": club_wire.debts_to_json(book.ledger(identity))}
    _answer(service, client, id_, "club_ledger", question)


def club_hidden(service: Service, client: Client, message: dict[str, Any],
                id_: int | None) -> None:
    """Whether the asking player is hidden from the standings; with ``hidden``, leave
    (true) or rejoin (false) them first."""
    identity = _identity(client)
    wanted: bool | None = message.get("hidden")

    def question(book: Book) -> dict[str, Any]:
        if wanted is not None:
            book.set_hidden(identity, wanted)
        return {"hidden": book.hidden(identity)}
    _answer(service, client, id_, "club_hidden", question)


def _identity(client: Client) -> str:
    if client.identity is None:          # the service asks for hello first
        raise ProtocolError("protocol", "say hello first")
    return client.identity
