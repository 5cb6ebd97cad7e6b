"""The tables of the service: ``ServedTable`` (waiting for its seats, then in play with a
``GameRunner`` over a ``BackgroundSavedTable``, whatever the game) and ``SeatBinding`` (a seat's
binding to a person, a computer player, or nobody yet)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..store.lock import Reservation
from ..table.gamerunner import GameConnection, GameRunner
from .saver import BackgroundSavedTable
from .state import SeatRecord, TableRecord

if TYPE_CHECKING:
    from .connection import Client

Link = GameConnection      # a client's place at a runner


@dataclass
class SeatBinding:
    """Who a seat of a served table is bound to."""

    kind: str                  # "human" | "computer" | "open" (waiting for a friend)
    name: str = ""
    level: str | None = None
    identity: str | None = None

    def owned_by(self, identity: str | None, name: str) -> bool:
        """Is this seat that person's? A person is an identity and a name: two people
        sharing one account (``local:<uid>``) are told apart by their names."""
        return (identity is not None and self.identity == identity
                and self.name.casefold() == name.casefold())


class ServedTable:
    """One table of the service: waiting for its seats, then in play."""

    def __init__(self, record: TableRecord) -> None:
        self.id = record.table
        self.game = record.game                 # polignac, ecarte, piquet
        self.name = record.name
        self.state = record.state           # waiting | playing | finished
        self.creator = record.creator
        self.creator_name = record.creator_name
        self.pace = record.pace
        self.seed = record.seed
        self.hand_over_after = record.hand_over_after
        self.rules_data = dict(record.rules)
        self.seats = [SeatBinding(s.kind, s.name, s.level, s.identity) for s in record.seats]
        self.reservation: Reservation | None = None     # the id set aside while waiting
        self.touched = 0.0                              # the service's clock, last request
        self.game_table: BackgroundSavedTable | None = None    # the table in play
        self.game_runner: GameRunner | None = None
        self.members: set[Client] = set()               # seated here, or watching
        self._seen: tuple[object, ...] = ()
        self.deals_file: tuple[object, str] | None = None  # finished deals' log, its file

    def record(self) -> TableRecord:
        return TableRecord(
            table=self.id, name=self.name,
            state="waiting" if self.state == "waiting" else "playing",
            creator=self.creator, creator_name=self.creator_name, pace=self.pace,
            seed=self.seed, hand_over_after=self.hand_over_after,
            seats=[SeatRecord(s.kind, s.name, s.level, s.identity) for s in self.seats],
            rules=self.rules_data if self.state == "waiting" else {}, game=self.game)

    def seat_of(self, identity: str | None, name: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.owned_by(identity, name):
                return index
        return None

    def created_by(self, client: Client) -> bool:
        return client.identity == self.creator and \
            client.name.casefold() == self.creator_name.casefold()

    def deserted(self, but: int) -> bool:
        """Nobody but seat ``but`` sits here: no other person's seat (those watching do
        not keep a waiting table)."""
        return not any(i != but and s.kind == "human" for i, s in enumerate(self.seats))

    @property
    def seated(self) -> bool:
        """Someone sits here now (a member with a seat, not a watcher)."""
        return any(m.seat is not None for m in self.members)

    def name_taken(self, name: str, but: int | None = None) -> bool:
        folded = name.strip().casefold()
        return any(i != but and s.name.strip().casefold() == folded
                   for i, s in enumerate(self.seats) if s.kind != "open")

    def deal(self) -> int:
        if self.game_table is not None:
            return self.game_table.session.match.deals_dealt
        return 0

    @property
    def in_play(self) -> bool:
        """A runner runs this table (it started)."""
        return self.game_runner is not None

    def held_by(self, seat: int) -> bool:
        return self.game_runner is not None and self.game_runner.held_by(seat)

    @property
    def finished(self) -> bool:
        return self.game_table is not None and self.game_table.session.finished

    def connect(self, client: Client, seats: tuple[int, ...]) -> Link:
        """``client``'s connection to the runner of this table in play."""
        assert self.game_runner is not None
        return self.game_runner.connect(client.on_game_update, seats)

    def gate(self, send: Callable[[], None]) -> None:
        """``send`` once the table's last action is on disk."""
        if self.game_table is not None:
            self.game_table.gate(send)
        else:
            send()

    def info(self, identity: str | None, name: str = "") -> dict[str, Any]:
        seats = []
        for index, seat in enumerate(self.seats):
            if seat.kind == "computer":
                connected = True
            elif self.in_play:
                connected = self.held_by(index)
            else:
                connected = any(m.seat == index for m in self.members)
            seats.append({"name": seat.name, "kind": "computer" if seat.kind == "computer"
                          else "human", "level": seat.level, "open": seat.kind == "open",
                          "connected": connected,
                          "yours": seat.owned_by(identity, name)})
        if self.game_table is not None:
            rules = self.game_table.session.match.settings.preset
        else:
            rules = str(self.rules_data.get("preset", "classique"))
        return {"table": self.id, "game": self.game, "name": self.name, "preset": rules,
                "players": len(self.seats), "seats": seats, "state": self.state,
                "deal": self.deal(), "creator": self.creator_name,
                "watchers": sum(1 for m in self.members if m.seat is None)}

    def observe(self) -> bool:
        """True when what the lobby shows of this table changed since last asked."""
        held = self.game_runner.held_seats() if self.game_runner is not None else None
        now: tuple[object, ...] = (self.state, self.deal(),
                                   tuple(s in held for s in range(len(self.seats)))
                                   if held is not None else ())
        changed = now != self._seen
        self._seen = now
        return changed
