"""The game loop of a table of any game, below the UI: a table that runs by itself.

``GameRunner`` moves a ``GameTable`` forward on an asyncio event loop: it asks the computer players
(through a ``GameThinker``, off the loop) and shows their actions at the table's pace,
leaves a finished trick on show, waits for the end of a deal to be seen before dealing the
next, and keeps track of the seats' clients (gone seats, a computer standing in).

Everything a seat is told comes from the seam: the ``View`` of each seat held (a watcher's
view for a connection holding none) and the game's events, each only to the connections
whose seat may be told it (``games.events.visible``: a discard's cards, a card shown to
one seat, the younger's declarations at Piquet before the elder's first lead).

A finished trick stays on show for the pace's pause (``TRICK_HOLD``), or until it is
seen (``after_trick``: "key"; "auto": when a person won it); at a served table ("shared")
for the pause, a key from every seated player ending it sooner. While a deciding
connection *looks* at something over the table (``Looking``), no computer's action is
shown and the trick on show stays.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Protocol

from ..games.base import DealOver, MatchOver, RuleError, Settings, TrickTaken, View, visible
from ..games.session import GameSession
from .gameclient import GameClient, GameListener
from .gameevents import (
    TABLE_EVENTS,
    Act,
    AskHint,
    GameCommand,
    GameHint,
    GameTableState,
    GameUpdate,
    GameWaiting,
    HandOver,
    Happened,
    HeldTrick,
    Looking,
    Ready,
    Refused,
    Saved,
    SaveFailed,
    SeatConnected,
    SeatGone,
    Seen,
    StandIn,
    TrickGathered,
    Undo,
    Undone,
    error_param,
)
from .gametable import GameTable, Params
from .pace import (
    JACK_HOLD,
    PACE_DELAY,
    SHARED,
    TRICK_HOLD,
    AfterTrick,
    Pace,
    after_trick_or_auto,
    pace_or_normal,
)

# The level of a computer that stands in for an absent player.
STAND_IN_LEVEL = "hard"


class GameThinker(Protocol):
    """Computes a computer seat's action and the hint, off the event loop."""

    async def think(self, seat: int, level: str, view: View) -> str:
        """The action (text) of the computer of ``level`` in ``seat``, from ``view`` only."""
        ...

    async def hint(self, view: View) -> tuple[str, str, Params]:
        """The expert's action for ``view``'s seat, the reason's code and its details."""
        ...

    def close(self) -> None:
        """Stop; a thought still running is abandoned (its answer is dropped)."""
        ...


class ThreadGameThinker:
    """Local play: the table's computer players, in one worker thread."""

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="game-think")

    async def think(self, seat: int, level: str, view: View) -> str:
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, self.table.choose, seat, level, view)

    async def hint(self, view: View) -> tuple[str, str, Params]:
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, self.table.hint, view)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class GameConnection:
    """One client's place at a table: the seats it holds (none: watching)."""

    def __init__(self, runner: GameRunner, listener: GameListener,
                 seats: tuple[int, ...]) -> None:
        self.runner = runner
        self.listener = listener
        self.seats = seats
        self.closed = False

    @property
    def watching(self) -> bool:
        return not self.seats

    def may_see(self, event: Happened) -> bool:
        """True when one of this connection's seats (or a watcher) may be told ``event``."""
        if isinstance(event, TABLE_EVENTS):
            return True
        if not self.seats:
            return visible(event, None)
        return any(visible(event, s) for s in self.seats)

    def send(self, command: GameCommand) -> None:
        if not self.closed:
            self.runner.handle(self, command)

    async def hint(self, seat: int) -> GameHint | None:
        if self.closed or seat not in self.seats:
            return None
        return await self.runner.hint(seat)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.runner.disconnect(self)


class GameRunner:
    """Runs one table of any game: every change goes through here, on one event loop."""

    def __init__(self, table: GameTable, thinker: GameThinker, *, pace: str = "normal",
                 after_trick: str = "auto", hand_over_after: float = 120.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table
        self.thinker = thinker
        self.pace: Pace = pace_or_normal(pace)
        self.after_trick: AfterTrick = after_trick_or_auto(after_trick)
        self.hand_over_after = hand_over_after
        self.clock = clock
        self.closed = False
        self.connections: list[GameConnection] = []
        session = table.session
        self._gone_since: dict[int, float] = {s: clock() for s in session.humans()}
        self._stand_ins: dict[int, str] = {}
        self._held: HeldTrick | None = None
        self._hold_timer: asyncio.TimerHandle | None = None
        self._until_seen = False
        self._firm = False                 # ... stays its whole pause (a lead waits)
        self._hold_for = 0.0               # ... its pause, in seconds
        self._queued: tuple[Act, GameConnection] | None = None   # a lead it holds
        self._seen: set[int] = set()
        self._looking: set[int] = set()
        self._ready: set[int] = set()
        self._deal_over = False            # a deal ended: "ready" until the humans saw it
        self._pending: tuple[str, int] | None = None
        self._thinking: int | None = None
        self._think_task: asyncio.Task[None] | None = None
        self._move_timer: asyncio.TimerHandle | None = None
        self._generation = 0
        self._broadcasts = 0               # broadcasts begun (one may begin in another)
        self._unsaved: str | None = None
        self._advance_scheduled = False
        self._started = False

    # -- clients -------------------------------------------------------------------------
    def connect(self, listener: GameListener, seats: Sequence[int] = ()) -> GameConnection:
        """A client takes ``seats`` (human seats; none to watch); it gets an update at once
        and after every change. Raises ``ValueError`` for a seat that is not a person's."""
        humans = self.table.session.humans()
        for seat in seats:
            if seat not in humans:
                raise ValueError(f"seat {seat} is not a player's seat at this table")
        connection = GameConnection(self, listener, tuple(seats))
        self.connections.append(connection)
        events: list[Happened] = []
        for seat in connection.seats:
            if self._gone_since.pop(seat, None) is not None:
                events.append(SeatConnected(seat))
            if self._stand_ins.pop(seat, None) is not None:
                events.append(StandIn(seat, None))
                if self._thinking == seat:
                    self._forget_thought()
        if not self._started:
            self._started = True
            taken = self.table.session.match.trick_to_show_again()
            if taken is not None:   # resumed between tricks: the last one on show first
                self._hold(taken)
        self._broadcast(events)
        self._schedule_advance()
        return connection

    def disconnect(self, connection: GameConnection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
        if self._queued is not None and self._queued[1] is connection:
            self._queued = None
        for marks in (self._seen, self._ready, self._looking):
            marks.discard(id(connection))
        held = {s for c in self.connections for s in c.seats}
        events: list[Happened] = []
        for seat in connection.seats:
            if seat not in held:
                self._gone_since[seat] = self.clock()
                events.append(SeatGone(seat))
        self._broadcast(events)
        self._looking_changed()
        self._schedule_advance()

    def held_by(self, seat: int) -> bool:
        return any(seat in c.seats for c in self.connections)

    def held_seats(self) -> set[int]:
        """The seats a client holds now."""
        return {s for c in self.connections for s in c.seats}

    def close(self) -> None:
        """Stop: timers and thoughts are dropped (everything is already saved)."""
        if self.closed:
            return
        self.closed = True
        self._forget_thought()
        self._cancel_hold()
        self.thinker.close()
        for connection in list(self.connections):
            connection.closed = True
        self.connections.clear()

    # -- what each client sees ------------------------------------------------------------
    def state(self, connection: GameConnection | None = None) -> GameTableState:
        return self._state_for(connection, self._table_state())

    def _table_state(self) -> GameTableState:
        """The state as every client is told it (``can_undo`` aside: ``_state_for``)."""
        session = self.table.session
        n = session.size
        now = self.clock()
        deciders = {id(c) for c in self._deciders()}
        ready = tuple(any(s in c.seats and id(c) in self._ready for c in self.connections)
                      for s in range(n))
        return GameTableState(
            game=session.game,
            waiting=self.waiting(),
            held=self._held,
            thinking=self._thinking,
            humans=tuple(seat.human for seat in session.seats),
            levels=tuple(seat.level for seat in session.seats),
            connected=tuple(not session.seats[s].human or s not in self._gone_since
                            or s in self._stand_ins for s in range(n)),
            gone_for=tuple(round(now - self._gone_since[s], 1) if s in self._gone_since
                           else None for s in range(n)),
            stand_ins=tuple(self._stand_ins.get(s) for s in range(n)),
            hand_over_after=self.hand_over_after,
            ready=ready if deciders else (False,) * n,
            unsaved=self._unsaved,
            can_undo=False,
            held_until_seen=self._held is not None and self._until_seen,
            undo_off=not session.undo_on,
        )

    def _state_for(self, connection: GameConnection | None,
                   shared: GameTableState) -> GameTableState:
        """``shared`` as ``connection``'s client is told it: the one person at the table
        may undo (the same object when it may not)."""
        if connection is None:
            return shared
        humans = self.table.session.humans()
        if len(humans) == 1 and humans == connection.seats and self.table.can_undo(humans[0]):
            return replace(shared, can_undo=True)
        return shared

    def waiting(self) -> GameWaiting:
        match = self.table.session.match
        if match.outcome is not None and self._held is None:
            return "over"
        if self._held is not None:
            return "hold"
        if self.paused():
            return "paused"
        if match.needs_deal or self._deal_over:
            return "ready"
        turn = match.turn
        if turn is not None and self._is_absent(turn):
            return "absent"
        return "turn"

    def paused(self) -> bool:
        """No human is here (at a table of computers only: nobody at all)."""
        if self.table.session.humans():
            return not any(c.seats for c in self.connections)
        return not self.connections

    def _is_absent(self, seat: int) -> bool:
        return (self.table.session.seats[seat].human and seat in self._gone_since
                and seat not in self._stand_ins)

    def _plays_by_computer(self, seat: int) -> str | None:
        """The level of the computer playing ``seat`` now, or None for a person."""
        seat_of = self.table.session.seats[seat]
        if not seat_of.human:
            return seat_of.level or "medium"
        return self._stand_ins.get(seat)

    def _deciders(self) -> list[GameConnection]:
        """The connections whose "seen" and "ready" count."""
        seated = [c for c in self.connections if c.seats]
        return seated or list(self.connections)

    def _update_for(self, connection: GameConnection, events: Sequence[Happened],
                    shared: tuple[GameTableState, Mapping[int | None, View]] | None = None
                    ) -> GameUpdate:
        """``connection``'s update (``shared``: the table's state and the views just built
        for every client, else built now)."""
        if shared is None:
            seats = connection.seats or (None,)
            views: Mapping[int | None, View] = dict(zip(seats, self.table.views(seats),
                                                        strict=True))
            state = self._table_state()
        else:
            state, views = shared
        mine = tuple(e for e in events if connection.may_see(e))
        return GameUpdate(tuple(views[s] for s in connection.seats or (None,)),
                          self._state_for(connection, state), mine, connection.watching)

    def _broadcast(self, events: Sequence[Happened], only: GameConnection | None = None,
                   private: Sequence[Happened] = ()) -> None:
        """Every client's update. The table's state and the views are built once for them
        all, afresh when a client's listener made the runner tell something first (a
        client gone)."""
        self._broadcasts += 1
        told, shared = self._broadcasts, None
        connections = list(self.connections)
        for connection in connections:
            if shared is None or told != self._broadcasts:
                told, shared = self._broadcasts, self._everyones(connections)
            mine = [*events, *private] if connection is only else list(events)
            self._deliver(connection, self._update_for(connection, mine, shared))

    def _everyones(self, connections: Sequence[GameConnection]
                   ) -> tuple[GameTableState, Mapping[int | None, View]]:
        """The table's state and the view of every seat ``connections`` hold (None: one
        watching), now."""
        seats = tuple(dict.fromkeys(s for c in connections for s in c.seats or (None,)))
        return self._table_state(), dict(zip(seats, self.table.views(seats), strict=True))

    def _deliver(self, connection: GameConnection, update: GameUpdate) -> None:
        try:
            connection.listener(update)
        except Exception:
            connection.close()     # a client that cannot take its update is gone

    def _tell(self, connection: GameConnection, event: Happened) -> None:
        if connection in self.connections:
            self._deliver(connection, self._update_for(connection, [event]))

    # -- commands --------------------------------------------------------------------------
    def handle(self, connection: GameConnection, command: GameCommand) -> None:
        """Carry out ``command`` from ``connection``, or tell it why not."""
        if self.closed or connection not in self.connections:
            return
        if isinstance(command, Act):
            self._act_for(connection, command)
        elif isinstance(command, Seen):
            if self._held is not None and connection in self._deciders():
                self._seen.add(id(connection))
                if all(id(c) in self._seen for c in self._deciders()):
                    self._gather()
        elif isinstance(command, Looking):
            if command.on:
                self._looking.add(id(connection))
            else:
                self._looking.discard(id(connection))
            self._looking_changed()
        elif isinstance(command, Ready):
            if connection in self._deciders() and id(connection) not in self._ready:
                self._ready.add(id(connection))
                self._broadcast([])
                self._schedule_advance()
        elif isinstance(command, Undo):
            self._undo(connection, command.seat)
        elif isinstance(command, HandOver):
            self._hand_over(connection, command.seat)
        elif isinstance(command, AskHint):
            self._tell(connection, Refused("ask for a hint with GameConnection.hint", "hint"))
        else:  # pragma: no cover - the types guard this
            self._tell(connection, Refused(f"unknown command {command!r}", "command"))

    def _act_for(self, connection: GameConnection, act: Act) -> None:
        if act.seat not in connection.seats:
            self._tell(connection, Refused("that seat is not yours", "not_your_seat"))
            return
        if self._held is not None and (self._until_seen or self.looked_at()):
            self._tell(connection, Refused("wait: the last trick is still on the table",
                                           "wait"))
            return
        if self._held is not None and self._firm:
            # a trick worth a look at a served table stays its whole pause: the lead is
            # played when it goes (the others see it first)
            self._queued = (act, connection)
            return
        if self._held is not None:
            self._gather()     # leading the next card sweeps a trick on show away
        if self._thinking is not None or self.paused() or self._deal_over:
            self._tell(connection, Refused("wait: it is not your turn", "not_your_turn"))
            return
        self._apply(act.action, act.seat, connection)

    def _apply(self, action: str, seat: int, by: GameConnection | None = None) -> None:
        try:
            events = self.table.apply(action, seat, save=False)
        except RuleError as error:
            if by is not None:
                params = tuple(sorted((str(k), v if isinstance(v, int | str) else str(v))
                                      for k, v in error.params.items()))
                self._tell(by, Refused(error.message, error.code, params))
            return
        self._generation += 1
        happened: list[Happened] = list(events)
        self._after(happened)

    def _after(self, events: list[Happened]) -> None:
        """Hold a finished trick, wait for the end of a deal to be seen, save, tell."""
        for event in events:
            if isinstance(event, TrickTaken):
                self._hold(event)
            elif isinstance(event, DealOver | MatchOver):
                self._deal_over = not isinstance(event, MatchOver) and (
                    self.table.session.match.outcome is None)
                self._ready.clear()
        if self.table.session.match.outcome is not None:
            self._deal_over = False
        events.extend(self._save())
        self._broadcast(events)
        self._schedule_advance()

    def _save(self) -> list[Happened]:
        try:
            self.table.save()
        except Exception as error:  # a full disk: say so until a save succeeds
            self._unsaved = str(error) or type(error).__name__
            return [SaveFailed(self._unsaved)]
        if self._unsaved is not None:
            self._unsaved = None
            return [Saved()]
        return []

    def _undo(self, connection: GameConnection, seat: int) -> None:
        humans = self.table.humans()
        if seat not in connection.seats or humans != [seat]:
            self._tell(connection, Refused("undo is off when more than one person plays",
                                           "undo_off"))
            return
        if not self.table.session.undo_on:
            self._tell(connection, Refused("undo is off in this session", "undo_disabled"))
            return
        if not self.table.can_undo(seat):
            self._tell(connection, Refused("nothing to undo in this deal", "undo_nothing"))
            return
        self._forget_thought()
        self._cancel_hold()
        self._held, self._firm, self._queued = None, False, None
        try:
            self.table.undo(seat, save=False)
        except Exception as error:
            self._tell(connection, Refused(f"undo failed: {error}", "undo_failed",
                                           (error_param(error),)))
            return
        self._deal_over = False
        self._generation += 1
        self._broadcast([Undone(seat), *self._save()])
        self._schedule_advance()

    def _hand_over(self, connection: GameConnection, seat: int) -> None:
        session = self.table.session
        if not connection.seats:
            self._tell(connection, Refused("only a seated player may hand a seat over",
                                           "hand_over", (("why", "not_seated"),)))
            return
        if not (0 <= seat < session.size) or not self._is_absent(seat):
            self._tell(connection, Refused("that seat's player is not gone", "hand_over",
                                           (("why", "not_gone"),)))
            return
        gone = self.clock() - self._gone_since[seat]
        if gone < self.hand_over_after:
            seconds = max(1, math.ceil(self.hand_over_after - gone))
            self._tell(connection, Refused(
                f"wait {seconds} s more before handing {session.names[seat]}'s seat to a "
                "computer", "hand_over", (("why", "wait"), ("seconds", seconds),
                                          ("seat", seat))))
            return
        self._stand_ins[seat] = STAND_IN_LEVEL
        self._broadcast([StandIn(seat, STAND_IN_LEVEL)])
        self._schedule_advance()

    async def hint(self, seat: int) -> GameHint | None:
        """The expert's advice for ``seat`` now (None when it has nothing to choose)."""
        view = self.table.view(seat)
        if view.choice is None:
            return None
        try:
            action, why, params = await self.thinker.hint(view)
        except Exception:
            return None
        return GameHint(seat, action, why, params)

    # -- moving forward ------------------------------------------------------------------------
    def _schedule_advance(self) -> None:
        if self._advance_scheduled or self.closed:
            return
        self._advance_scheduled = True
        asyncio.get_running_loop().call_soon(self._advance)

    def _advance(self) -> None:
        self._advance_scheduled = False
        if self.closed:
            return
        waiting = self.waiting()
        if waiting == "paused":
            self._forget_thought()
            return
        if waiting == "ready":
            deciders = self._deciders()
            if deciders and all(id(c) in self._ready for c in deciders):
                self._deal_next()
            return
        if waiting != "turn":
            return
        seat = self.table.session.match.turn
        if seat is None:
            return
        level = self._plays_by_computer(seat)
        if level is not None and self._thinking != seat:
            self._start_thinking(seat, level)

    def _deal_next(self) -> None:
        self._ready.clear()
        self._deal_over = False
        if not self.table.session.match.needs_deal:
            self._broadcast([])
            self._schedule_advance()
            return
        try:
            events: list[Happened] = list(self.table.deal_next(save=False))
        except Exception as error:  # pragma: no cover - dealing is pure
            self._broadcast([Refused(f"the next deal could not be dealt: {error}", "deal",
                                     (error_param(error),))])
            return
        self._generation += 1
        self._after(events)

    def _start_thinking(self, seat: int, level: str) -> None:
        self._forget_thought()
        self._thinking = seat
        generation = self._generation
        started = self.clock()
        view = self.table.view(seat)
        self._think_task = asyncio.get_running_loop().create_task(
            self._think(seat, level, view, generation, started))
        self._broadcast([])

    async def _think(self, seat: int, level: str, view: View, generation: int,
                     started: float) -> None:
        try:
            action = await self.thinker.think(seat, level, view)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # reported to every client, never a traceback
            if generation == self._generation and not self.closed:
                self._thinking = None
                self._broadcast([Refused(f"a computer player failed: {error}", "computer",
                                         (error_param(error),))])
            return
        if generation != self._generation or self.closed:
            return
        remaining = PACE_DELAY[self.pace] - (self.clock() - started)
        if remaining > 0:
            self._move_timer = asyncio.get_running_loop().call_later(
                remaining, self._computer_moves, seat, action, generation)
        else:
            self._computer_moves(seat, action, generation)

    def _computer_moves(self, seat: int, action: str, generation: int) -> None:
        self._move_timer = None
        if generation != self._generation or self.closed:
            return
        if self.looked_at():   # shown when the looking ends
            self._pending = (action, generation)
            return
        self._thinking = None
        self._think_task = None
        self._apply(action, seat)

    def _forget_thought(self) -> None:
        self._generation += 1
        self._thinking = None
        self._pending = None
        if self._move_timer is not None:
            self._move_timer.cancel()
            self._move_timer = None
        if self._think_task is not None:
            self._think_task.cancel()
            self._think_task = None

    # -- the trick on show ----------------------------------------------------------------------
    def _hold(self, taken: TrickTaken) -> None:
        self._cancel_hold()
        n = self.table.session.size
        leader = (taken.winner if not taken.cards else
                  self._leader_of(taken, n))
        self._held = HeldTrick(tuple(((leader + i) % n, card)
                                     for i, card in enumerate(taken.cards)), taken.winner)
        self._seen.clear()
        if self.after_trick == "auto":
            self._until_seen = (self.table.session.seats[taken.winner].human
                                or taken.worth_a_pause)
        else:
            self._until_seen = self.after_trick == "key"
        if self.after_trick == SHARED:
            self._until_seen = False
        # at a served table a trick worth a look stays its whole, longer pause
        self._firm = self.after_trick == SHARED and taken.worth_a_pause
        self._hold_for = JACK_HOLD[self.pace] if self._firm else TRICK_HOLD[self.pace]
        self._start_hold_timer()

    def _leader_of(self, taken: TrickTaken, n: int) -> int:
        """Who led the trick just taken: read from the match's history (the last ``n``
        card actions)."""
        cards = set(taken.cards)
        seats = [s for s, text in self.table.session.match.history if text in cards]
        return seats[-len(taken.cards)] if len(seats) >= len(taken.cards) else taken.winner

    def _start_hold_timer(self) -> None:
        if self._held is None or self._until_seen or self.looked_at():
            return
        self._cancel_hold()
        with contextlib.suppress(RuntimeError):  # no loop: shown until a client sees it
            self._hold_timer = asyncio.get_running_loop().call_later(
                self._hold_for, self._gather)

    def looked_at(self) -> bool:
        return any(id(c) in self._looking for c in self._deciders())

    def _looking_changed(self) -> None:
        if self.closed:
            return
        if self.looked_at():
            self._cancel_hold()
            return
        if self._held is not None and self._hold_timer is None:
            self._start_hold_timer()
        if self._pending is not None and self._move_timer is None:
            action, generation = self._pending
            self._pending = None
            seat = self._thinking
            if seat is not None:
                with contextlib.suppress(RuntimeError):
                    self._move_timer = asyncio.get_running_loop().call_later(
                        PACE_DELAY[self.pace], self._computer_moves, seat, action,
                        generation)

    def _cancel_hold(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.cancel()
            self._hold_timer = None

    def _gather(self) -> None:
        if self._held is None or self.closed:
            return
        self._cancel_hold()
        self._held = None
        self._firm = False
        self._seen.clear()
        self._broadcast([TrickGathered()])
        self._schedule_advance()
        queued, self._queued = self._queued, None
        if queued is not None and queued[1] in self.connections:
            self._act_for(queued[1], queued[0])


class LocalGameClient(GameClient):
    """A table of any game run in this process: the client owns its ``GameRunner``.

    Holds every human seat (several people at one keyboard take turns), or watches a
    table of computers. The runner starts when ``listen`` is called (on the app's loop).
    """

    def __init__(self, table: GameTable, pace: str = "normal", after_trick: str = "auto") -> None:
        super().__init__(table.game)
        self.table = table
        self.runner = GameRunner(table, ThreadGameThinker(table), pace=pace,
                                 after_trick=after_trick)
        self.session_id = table.session.id
        self._seats = tuple(table.humans())
        self._connection: GameConnection | None = None

    @property
    def session_name(self) -> str:
        return self.table.session.name

    @property
    def settings(self) -> Settings:
        return self.table.session.match.settings

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    def set_pace(self, pace: str, after_trick: str | None = None) -> None:
        self.runner.pace = pace_or_normal(pace)
        if after_trick is not None:
            self.runner.after_trick = after_trick_or_auto(after_trick)

    def listen(self, listener: GameListener) -> None:
        self._listener = listener
        if self._connection is None:
            self._connection = self.runner.connect(self._receive, self._seats)
        elif self.latest is not None:
            listener(self.latest)

    def send(self, command: GameCommand) -> None:
        if self._connection is not None:
            self._connection.send(command)

    async def hint(self, seat: int) -> GameHint | None:
        if self._connection is None:
            return None
        return await self._connection.hint(seat)

    async def finished_session(self) -> GameSession:
        """The session with its finished deals only, replayed from the table's log."""
        session = self.table.session
        return replace(session, match=session.match.finished_deals())

    def close(self) -> None:
        """Leave, stop the runner and release the session's lock (all is saved)."""
        if self._connection is not None:
            self._connection.close()
        self.runner.close()
        self.table.close()


__all__ = ["GameConnection", "GameRunner", "GameThinker", "LocalGameClient",
           "ThreadGameThinker"]
