"""The requests about the club's book (docs/protocol.md): ``club`` (a game's standings, this
month or all time), ``club_player`` (one player's page), ``club_ledger`` (the debts still
open) and ``club_hidden`` (whether the asking player is shown in the standings; with
``hidden``, leave or rejoin them: 5 times a minute at most, each change being a line of
the book's journal).

Each is answered from the host's ``ClubBook`` with the asking client's identity as the
viewer: a hidden player is shown to nobody but themself, and an answer carries names,
never an identity (``club_wire``). The book is SQLite: it is opened and read in a thread of
its own, one question at a time, never on the service's loop, and a client has one
such request on its way at a time (another, meanwhile, is told ``busy``, not counted
against it).
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from ..club.book import ClubBook
from . import club_wire, protocol
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .connection import Client
    from .server import Service

CANNOT_READ = "the club's book cannot be read now: the host's log says why"
HIDDEN_CHANGES = 5         # a client leaves or rejoins the standings this often at most ...
HIDDEN_SECONDS = 60.0      # ... in this many seconds (each change is a line of the journal)
# the one thread that asks the book (a question rates a game's every match: 0.25 s for
# 2,000 of them; one at a time, the service's loop keeps its share of the interpreter)
_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="club-reader")
# clients with a question about the book on its way (one each at a time)
_ASKING: weakref.WeakSet[Client] = weakref.WeakSet()
# when each client last changed whether it is hidden
_CHANGED: weakref.WeakKeyDictionary[Client, deque[float]] = weakref.WeakKeyDictionary()


def _answer(service: Service, client: Client, id_: int | None, kind: str,
            question: Callable[[ClubBook], dict[str, Any]]) -> None:
    """Ask the book on its thread; reply ``kind`` with what ``question`` made of it."""
    if client in _ASKING:
        client.send(protocol.error("busy", "your last question about the club's book is "
                                   "still being answered", id_, (("what", "club_asking"),)))
        return
    _ASKING.add(client)

    async def answer() -> None:
        try:
            # the book (opened, or rebuilt, the first time) is SQLite, and rates every
            # match of a game when asked: off the loop, one question at a time
            body = await asyncio.get_running_loop().run_in_executor(
                _READER, lambda: question(service.club.book))
        except Exception as error:        # the book's trouble, never the player's
            service.log(f"club's book: {error!r}")
            client.send(protocol.error("busy", CANNOT_READ, id_, (("what", "club_book"),)))
            return
        finally:
            _ASKING.discard(client)
        service.reply(client, {"type": kind, **body}, id_)
    client.spawn(answer())


def club(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """A game's standings for a period, as the asking player may see them."""
    identity = _identity(client)
    game, period = message["game"], message["period"]

    def question(book: ClubBook) -> dict[str, Any]:
        return {"game": game, "period": period, "hidden": book.hidden(identity),
                "standings": club_wire.standings_to_json(
                    book.standings(game, period, identity))}
    _answer(service, client, id_, "club", question)


def club_player(service: Service, client: Client, message: dict[str, Any],
                id_: int | None) -> None:
    """One player's page in one game (null: no such player, or hidden from the asker)."""
    identity = _identity(client)
    game, name = message["game"], message["name"]

    def question(book: ClubBook) -> dict[str, Any]:
        return {"game": game, "name": name,
                "page": club_wire.page_to_json(book.player_page(game, name, identity))}
    _answer(service, client, id_, "club_player", question)


def club_ledger(service: Service, client: Client, message: dict[str, Any],
                id_: int | None) -> None:
    """The debts still open, netted per pair, as the asking player may see them."""
    identity = _identity(client)

    def question(book: ClubBook) -> dict[str, Any]:
        return {"debts": club_wire.debts_to_json(book.ledger(identity))}
    _answer(service, client, id_, "club_ledger", question)


def club_hidden(service: Service, client: Client, message: dict[str, Any],
                id_: int | None) -> None:
    """Whether the asking player is hidden from the standings; with ``hidden``, leave
    (true) or rejoin (false) them first."""
    identity = _identity(client)
    wanted: bool | None = message.get("hidden")
    if wanted is not None:
        changed = _CHANGED.setdefault(client, deque(maxlen=HIDDEN_CHANGES))
        now = service.clock()
        if len(changed) == changed.maxlen and now - changed[0] < HIDDEN_SECONDS:
            raise ProtocolError("busy", f"at most {HIDDEN_CHANGES} changes in "
                                f"{HIDDEN_SECONDS:.0f} seconds: wait a moment",
                                params=(("what", "club_changes"), ("count", HIDDEN_CHANGES),
                                        ("seconds", round(HIDDEN_SECONDS))))
        changed.append(now)

    def question(book: ClubBook) -> dict[str, Any]:
        if wanted is not None and wanted != book.hidden(identity):
            book.set_hidden(identity, wanted)
        return {"hidden": book.hidden(identity)}
    _answer(service, client, id_, "club_hidden", question)


def _identity(client: Client) -> str:
    if client.identity is None:          # the service asks for hello first
        raise ProtocolError("protocol", "say hello first")
    return client.identity
