"""The requests of the lobby (docs/protocol.md): ``hello``, ``tables``, ``create``, ``sit``,
``watch``, ``start``, ``leave``, and the host's ``status``. Each is a function of the
service, the client that asked, the message (checked by ``protocol.decode_client``) and
its id; a refusal is a ``ProtocolError``."""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..games import get_game
from ..games.base import Game
from ..games.base import RuleError as GameRuleError
from ..games.session import SeatPlayer
from ..store import SessionLock, StoreError
from . import protocol
from .protocol import ProtocolError
from .saver import BackgroundSavedTable
from .state import TableRecord
from .status import peer_uid
from .tables import SeatBinding, ServedTable
from .thinker import has_players

if TYPE_CHECKING:
    from .connection import Client
    from .server import Service

COMPUTER_NAMES = ("Claire", "Denis", "Emma", "Félix", "Gaëlle", "Hugo", "Inès", "Jules",
                  "Lina", "Marc")


def hello(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    if client.identity is not None:
        raise ProtocolError("not_allowed", "hello was already said")
    if message["protocol"] != protocol.PROTOCOL:
        # One line an older (or newer) client shows as it is: what to do about it.
        said = protocol.version_refusal(message["protocol"], __version__)
        client.send(protocol.error("protocol", said, id_,
                                   (("protocol", protocol.PROTOCOL),)))
        client.drop(said)
        return
    client.identity = message["identity"]
    client.name = message["name"]
    service.reply(client, {"type": "welcome", "protocol": protocol.PROTOCOL,
                         "server": f"polignac-tui {__version__}",
                         "name": client.name, "games": list(protocol.GAMES)}, id_)
    service.lobby_news.send_list(client)

def tables(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    service.lobby_news.send_list(client, id_)


def create(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    assert client.identity is not None
    _check_room(service, client)
    name = message.get("name", "").strip()
    seats_in = message["seats"]
    game_name = message.get("game", protocol.GAME)
    game = get_game(game_name)       # the seats' count is checked (decode_client)
    rules_data = _table_settings(game, message, len(seats_in))
    if any(s["kind"] == "computer" for s in seats_in) and not has_players(game_name):
        raise ProtocolError("not_allowed", f"this service has no computer players for "
                            f"{game.title} yet: every seat is a person's",
                            params=(("game", game_name),))
    seats: list[SeatBinding] = []
    for spec in seats_in:
        if spec["kind"] == "you":
            seats.append(SeatBinding("human", client.name, None, client.identity))
        elif spec["kind"] == "open":
            seats.append(SeatBinding("open"))
        else:
            seats.append(SeatBinding("computer", spec.get("name", ""),
                              spec.get("level", "medium")))
    taken = {s.name.casefold() for s in seats if s.name}
    if len(taken) != sum(1 for s in seats if s.name):
        raise ProtocolError("name_taken", "every name at a table must be different")
    for seat in seats:
        if seat.kind == "computer" and not seat.name:
            seat.name = next(n for n in COMPUTER_NAMES if n.casefold() not in taken)
            taken.add(seat.name.casefold())
    try:
        table_id = service.store.new_id(name, client.name)
        reservation = service.store.reserve(table_id)
    except (StoreError, OSError, MemoryError) as error:
        if service.guard.trouble(error):
            service.guard.refuse_if_busy()
        raise ProtocolError("not_allowed", f"cannot create the table: {error}") from None
    record = TableRecord(table=table_id, name=name, state="waiting",
                         creator=client.identity, creator_name=client.name,
                         pace=message.get("pace", "normal"),
                         seed=int.from_bytes(os.urandom(8), "big") >> 1,
                         hand_over_after=service.hand_over_after, seats=[],
                         rules=rules_data, game=game_name)
    served = ServedTable(record)
    served.seats = seats
    served.reservation = reservation
    served.touched = service.clock()
    service.tables[table_id] = served
    service.save_state()
    service.reply(client, {"type": "created", "table": table_id}, id_)
    client.leave_table()
    _seat(service, client, served, next(i for i, s in enumerate(seats)
                                    if s.owned_by(client.identity, client.name)), None)

def _seat(service: Service, client: Client, served: ServedTable, seat: int,
          id_: int | None) -> None:
    """``client`` sits at ``seat`` (already bound to it)."""
    client.table = served
    client.seat = seat
    served.members.add(client)
    service.reply(client, {"type": "seated", "table": served.id, "seat": seat,
                         "game": served.game}, id_)
    if served.in_play:
        client.connection = served.connect(client, (seat,))
    service.lobby_news.table_changed(served, force=True)

def sit(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    assert client.identity is not None
    served = service.served(message["table"])
    index = message["seat"]
    if index >= len(served.seats):
        raise ProtocolError("bad_field", f"table {served.id} has {len(served.seats)} seats")
    seat = served.seats[index]
    mine = served.seat_of(client.identity, client.name)
    if seat.owned_by(client.identity, client.name):
        pass                                  # coming back to one's seat
    elif mine is not None:
        raise ProtocolError("not_allowed", f"you already sit at seat {mine} of this table")
    elif seat.kind != "open" or served.state != "waiting":
        raise ProtocolError("seat_taken", f"seat {index} is not free")
    elif served.name_taken(client.name):
        raise ProtocolError("name_taken", f"someone at this table is called {client.name} "
                            "already: choose another name")
    else:
        seat.kind, seat.name, seat.identity = "human", client.name, client.identity
        service.save_state()
    # the same person at another terminal gives the seat up to this one
    for other in list(served.members):
        if other is not client and other.seat == index:
            other.leave_table()
            other.drop("you sat at this seat from another terminal")
    client.leave_table()
    _seat(service, client, served, index, id_)

def watch(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    served = service.served(message["table"])
    client.leave_table()
    client.table = served
    served.members.add(client)
    service.reply(client, {"type": "watching", "table": served.id, "game": served.game}, id_)
    if served.in_play:
        client.connection = served.connect(client, ())
    service.lobby_news.table_changed(served, force=True)

def start(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    served = service.served(message["table"])
    if not served.created_by(client):
        raise ProtocolError("not_allowed", "only the table's creator starts it")
    if served.state != "waiting":
        raise ProtocolError("not_allowed", "the table has started already")
    served.touched = service.clock()
    service.guard.refuse_if_busy()
    fill = message.get("fill", "medium")
    if not has_players(served.game) and any(s.kind == "open" for s in served.seats):
        raise ProtocolError("not_allowed", f"this service has no computer players for "
                            f"{get_game(served.game).title} yet: start once a friend "
                            "sits at every open seat", params=(("game", served.game),))
    taken = {s.name.casefold() for s in served.seats if s.kind != "open"}
    names: list[str] = []
    who: list[SeatPlayer] = []
    for seat in served.seats:
        if seat.kind == "open":
            seat.kind, seat.level = "computer", fill
            seat.name = next(n for n in COMPUTER_NAMES if n.casefold() not in taken)
            taken.add(seat.name.casefold())
        computer = seat.kind == "computer"
        if computer and seat.level not in protocol.LEVELS:
            raise ProtocolError("not_allowed", f"the table cannot start: player "
                                f"{seat.name}: level {seat.level!r} is not one of "
                                f"{', '.join(protocol.LEVELS)}")
        names.append(seat.name)
        who.append(SeatPlayer(not computer, seat.level if computer else None))
    lock: SessionLock | None = None
    try:
        assert served.reservation is not None
        game = get_game(served.game)
        settings = game.kept_settings(served.rules_data)
        lock = served.reservation.take()
        table = BackgroundSavedTable.create(
            service.store, served.game, settings, names, who, served.name,
            served.seed, lock=lock, served=True)
    except (ValueError, StoreError, OSError, MemoryError) as error:   # ValueError: the
        if lock is not None:                                        # rules (RuleError)
            lock.release()
            with contextlib.suppress(StoreError):     # the id set aside again
                served.reservation = service.store.reserve(served.id)
        if service.guard.trouble(error):
            service.guard.refuse_if_busy()
        raise ProtocolError("not_allowed", f"the table cannot start: {error}") from None
    service.run_game(served, table)
    if table.session.finished:    # over at its first save, before the book was listening
        service.match_ended(served)        # (an Écarté king turned up reaching the target)
    service.save_state()
    service.reply(client, {"type": "started", "table": served.id}, id_)
    assert served.in_play
    for member in sorted(served.members, key=lambda m: -1 if m.seat is None else m.seat):
        seats = () if member.seat is None else (member.seat,)
        member.connection = served.connect(member, seats)
    service.lobby_news.table_changed(served, force=True)

def leave(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    served, seat = client.table, client.seat
    client.leave_table()
    if served is not None and served.state == "waiting" and seat is not None:
        if not served.created_by(client):
            served.seats[seat] = SeatBinding("open")   # a friend who leaves frees the seat
            service.save_state()
            service.lobby_news.table_changed(served, force=True)
        elif served.deserted(seat):
            service.close_waiting(served)      # its creator alone at it: it closes
    service.reply(client, {"type": "left"}, id_)
    service.lobby_news.send_list(client)


def status(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """The host's question (``serve --status``): a player never gets the answer."""
    if client.identity is not None:
        raise ProtocolError("not_allowed", "the status is for the host, not for a player")
    uid = peer_uid(client.writer.get_extra_info("socket"))
    if uid is None or uid != os.geteuid():
        raise ProtocolError("not_allowed", "the status is for the service's own user")
    service.reply(client, service.status().to_json(), id_)


def _check_room(service: Service, client: Client) -> None:
    """Refuse a new table over the limits: ``too_many`` / ``busy``."""
    waiting = sum(1 for t in service.tables.values()
                  if t.state == "waiting" and t.creator == client.identity)
    if waiting >= service.max_waiting_per_player:
        minutes = max(1, round(service.waiting_timeout / 60))
        raise ProtocolError(
            "too_many", f"you already have {waiting} tables waiting: start one of "
            f"them first (a waiting table nobody is at closes after {minutes} minutes)",
            params=(("what", "waiting"), ("count", waiting), ("minutes", minutes)))
    open_tables = sum(1 for t in service.tables.values() if t.state != "finished")
    if open_tables >= service.max_tables:
        raise ProtocolError(
            "too_many", f"the service has {open_tables} tables already: no new table "
            "until one ends", params=(("what", "tables"), ("count", open_tables)))
    service.guard.refuse_if_busy()


def _table_settings(game: Game, message: dict[str, Any], players: int) -> dict[str, Any]:
    """A new table of ``game``'s settings as its creator sent them (in the field the game
    reads them from, else ``settings``), checked by the game (``Game.table_settings``):
    what the waiting table keeps and starts with (``Game.kept_settings``)."""
    field = game.table_field
    try:
        return game.table_settings(message.get(field, message.get("settings", {})), players)
    except GameRuleError as error:
        raise ProtocolError("bad_field", f"{field}: {error.message}") from None

