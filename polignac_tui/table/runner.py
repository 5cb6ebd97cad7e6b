"""The game loop of one table, below the UI: a table that runs by itself.

``TableRunner`` moves a ``Table`` forward on an asyncio event loop: it asks the
computer players (through a ``Thinker``, off the loop) and shows their cards at the
table's pace, leaves a finished trick on show, waits for the deal's summary to be seen
before dealing the next, ends the session, and keeps track of the seats' clients.

Clients connect with ``connect(listener, seats)`` and get a ``Connection``: they send
commands through it and receive an ``Update`` after every change. The runner never
reads a screen; a screen, a test or the service's socket are all the same to it.

Who must have seen a trick or a summary before play goes on: every connection that
holds a human seat (or, at a table of computers only, every connection). A finished
trick stays on show for the pace's pause, or until it is seen (``after_trick``: "key",
or "auto" when a player won it or a jack fell in it); at a served table ("shared") a
trick in which a jack fell stays for a longer pause (``JACK_HOLD``) that the next lead
does not cut short (it is played when the trick goes), and a key from every seated
player ends it sooner: nobody misses
a jack, and one idle player holds nobody up for long. While one of those connections
*looks* at something over the table (``Looking``), no computer's card is shown and the
trick on show stays; its pause starts again when the looking ends. A human
seat with no connection is *gone*: the table waits at its turn; after
``hand_over_after`` seconds a seated player may hand it to a computer, until its owner
connects again. With no human connected the table pauses.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..games.polignac.engine import Declare, Play, RuleError, SeatView
from .events import (
    AskHint,
    CardPlayed,
    Command,
    DealDealt,
    DealOver,
    Declared,
    Event,
    HandOver,
    HintGiven,
    Looking,
    Ready,
    Refused,
    Saved,
    SaveFailed,
    SeatConnected,
    SeatGone,
    Seen,
    SessionOver,
    StandIn,
    TableState,
    TrickGathered,
    TrickTaken,
    Undo,
    Undone,
    Update,
    Waiting,
    error_param,
)
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

if TYPE_CHECKING:
    from ..games.polignac.engine import Trick
    from .core import Table
    from .thinker import Thinker

Listener = Callable[[Update], None]

# The level of a computer that stands in for an absent player.
STAND_IN_LEVEL = "hard"


class Connection:
    """One client's place at a table: the seats it holds (none: watching)."""

    def __init__(self, runner: TableRunner, listener: Listener, seats: tuple[int, ...]) -> None:
        self.runner = runner
        self.listener = listener
        self.seats = seats
        self.closed = False

    @property
    def watching(self) -> bool:
        return not self.seats

    def send(self, command: Command) -> None:
        """Ask the table for ``command``; the answer comes as an ``Update``."""
        if not self.closed:
            self.runner.handle(self, command)

    async def hint(self, seat: int) -> HintGiven | None:
        """The expert's advice for ``seat`` (held by this connection), or None."""
        if self.closed or seat not in self.seats:
            return None
        return await self.runner.hint(seat)

    def close(self) -> None:
        """Leave the table (the seats become gone; the table goes on without them)."""
        if not self.closed:
            self.closed = True
            self.runner.disconnect(self)


class TableRunner:
    """Runs one table: every change goes through here, on one event loop."""

    def __init__(self, table: Table, thinker: Thinker, *, pace: str = "normal",
                 after_trick: str = "auto", hand_over_after: float = 120.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table
        self.thinker = thinker
        self.pace: Pace = pace_or_normal(pace)
        self.after_trick: AfterTrick = after_trick_or_auto(after_trick)
        self.hand_over_after = hand_over_after
        self.clock = clock
        self.closed = False
        self.connections: list[Connection] = []
        n = table.session.size
        self._gone_since: dict[int, float] = {
            s: clock() for s in range(n) if table.session.players[s].is_human}
        self._stand_ins: dict[int, str] = {}
        self._held: Trick | None = None
        self._hold_timer: asyncio.TimerHandle | None = None
        self._until_seen = False          # the held trick waits for "seen" (no timer)
        self._firm = False                # ... stays its whole pause (a lead waits)
        self._hold_for = 0.0              # ... its pause, in seconds
        self._queued: tuple[Play | Declare, Connection] | None = None   # a lead it holds
        self._seen: set[int] = set()      # ids of connections that saw the held trick
        self._looking: set[int] = set()   # ... that look at something over the table
        self._pending: tuple[Play | Declare, int] | None = None   # a card held back
        self._ready: set[int] = set()     # ... that saw the deal's summary
        self._thinking: int | None = None
        self._think_task: asyncio.Task[None] | None = None
        self._move_timer: asyncio.TimerHandle | None = None
        self._generation = 0              # bumped by every change: stale thoughts drop
        self._unsaved: str | None = None
        self._advance_scheduled = False
        self._started = False

    # -- clients -------------------------------------------------------------------------
    def connect(self, listener: Listener, seats: Sequence[int] = ()) -> Connection:
        """A client takes ``seats`` (human seats; none to watch). It is sent an ``Update``
        at once and after every change. Raises ``ValueError`` for a seat that is not a
        human seat of this table."""
        session = self.table.session
        for seat in seats:
            if not (0 <= seat < session.size and session.players[seat].is_human):
                raise ValueError(f"seat {seat} is not a player's seat at this table")
        connection = Connection(self, listener, tuple(seats))
        self.connections.append(connection)
        events: list[Event] = []
        for seat in connection.seats:
            if self._gone_since.pop(seat, None) is not None:
                events.append(SeatConnected(seat))
            if self._stand_ins.pop(seat, None) is not None:
                events.append(StandIn(seat, None))
                if self._thinking == seat:
                    self._forget_thought()
        if not self._started:
            self._started = True
            self._show_last_trick_again()
        self._broadcast(events)
        self._schedule_advance()
        return connection

    def disconnect(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
        if self._queued is not None and self._queued[1] is connection:
            self._queued = None
        self._seen.discard(id(connection))
        self._ready.discard(id(connection))
        self._looking.discard(id(connection))
        held = {s for c in self.connections for s in c.seats}
        events: list[Event] = []
        for seat in connection.seats:
            if seat not in held:
                self._gone_since[seat] = self.clock()
                events.append(SeatGone(seat))
        self._broadcast(events)
        self._looking_changed()
        self._schedule_advance()

    def held_by(self, seat: int) -> bool:
        return any(seat in c.seats for c in self.connections)

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
    def view(self, seat: int) -> SeatView:
        return self.table.view(seat)

    def watch_view(self) -> SeatView:
        """The table as someone watching sees it: no hand, and no seat is theirs (seat 0
        only places the table on the screen)."""
        return replace(self.table.view(0), hand=(), legal=(), asked=False, watching=True)

    def state(self, connection: Connection | None = None) -> TableState:
        session = self.table.session
        n = session.size
        now = self.clock()
        humans = [s for s in range(n) if session.players[s].is_human]
        can_undo = (connection is not None and len(humans) == 1
                    and humans == list(connection.seats)
                    and self.table.can_undo(humans[0]) and not session.finished)
        deciders = {id(c) for c in self._deciders()}
        ready = tuple(any(s in c.seats and id(c) in self._ready for c in self.connections)
                      for s in range(n))
        return TableState(
            waiting=self.waiting(),
            held=self._held,
            thinking=self._thinking,
            connected=tuple(not session.players[s].is_human or s not in self._gone_since
                            or s in self._stand_ins for s in range(n)),
            gone_for=tuple(round(now - self._gone_since[s], 1) if s in self._gone_since
                           else None for s in range(n)),
            stand_ins=tuple(self._stand_ins.get(s) for s in range(n)),
            hand_over_after=self.hand_over_after,
            ready=ready if deciders else (False,) * n,
            unsaved=self._unsaved,
            can_undo=can_undo,
            undo_off=not session.undo_on,
            held_until_seen=self._held is not None and self._until_seen,
        )

    def waiting(self) -> Waiting:
        session = self.table.session
        if session.finished and self._held is None:
            return "over"
        if self._held is not None:
            return "hold"
        if self.paused():
            return "paused"
        if session.needs_deal:
            return "ready"
        turn = session.turn
        if turn is not None and self._is_absent(turn):
            return "absent"
        deal = session.current
        return "generale" if deal is not None and deal.phase == "generale" else "card"

    def paused(self) -> bool:
        """No human is here (at a table of computers only: nobody at all)."""
        session = self.table.session
        if any(p.is_human for p in session.players):
            return not any(c.seats for c in self.connections)
        return not self.connections

    def _is_absent(self, seat: int) -> bool:
        return (self.table.session.players[seat].is_human and seat in self._gone_since
                and seat not in self._stand_ins)

    def _plays_by_computer(self, seat: int) -> str | None:
        """The level of the computer playing ``seat`` now, or None for a person."""
        player = self.table.session.players[seat]
        if not player.is_human:
            return player.level or "medium"
        return self._stand_ins.get(seat)

    def _deciders(self) -> list[Connection]:
        """The connections whose "seen" and "ready" count."""
        seated = [c for c in self.connections if c.seats]
        return seated or list(self.connections)

    def _update_for(self, connection: Connection, events: Sequence[Event]) -> Update:
        if connection.seats:
            views = tuple(self.view(s) for s in connection.seats)
        else:
            views = (self.watch_view(),)
        return Update(views, self.state(connection), tuple(events), connection.watching)

    def _broadcast(self, events: Sequence[Event], only: Connection | None = None,
                   private: Sequence[Event] = ()) -> None:
        """Send every connection its update; ``private`` events go to ``only`` alone."""
        for connection in list(self.connections):
            mine = [*events, *private] if connection is only else list(events)
            self._deliver(connection, self._update_for(connection, mine))

    def _deliver(self, connection: Connection, update: Update) -> None:
        try:
            connection.listener(update)
        except Exception:
            # A client that cannot take its update is gone; the table goes on.
            connection.close()

    def _tell(self, connection: Connection, event: Event) -> None:
        """An event for ``connection`` alone (a refusal)."""
        if connection in self.connections:
            self._deliver(connection, self._update_for(connection, [event]))

    # -- commands --------------------------------------------------------------------------
    def handle(self, connection: Connection, command: Command) -> None:
        """Carry out ``command`` from ``connection``, or tell it why not."""
        if self.closed or connection not in self.connections:
            return
        if isinstance(command, (Play, Declare)):
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
                self._broadcast([])       # everyone sees who is still to come
                self._schedule_advance()
        elif isinstance(command, Undo):
            self._undo(connection, command.seat)
        elif isinstance(command, HandOver):
            self._hand_over(connection, command.seat)
        elif isinstance(command, AskHint):
            self._tell(connection, Refused("ask for a hint with Connection.hint", "hint"))
        else:  # pragma: no cover - the types guard this
            self._tell(connection, Refused(f"unknown command {command!r}", "command"))

    def _act_for(self, connection: Connection, action: Play | Declare) -> None:
        if action.seat not in connection.seats:
            self._tell(connection, Refused("that seat is not yours", "not_your_seat"))
            return
        if self._held is not None and (self._until_seen or self.looked_at()):
            self._tell(connection, Refused("wait: the last trick is still on the table",
                                           "wait"))
            return
        if self._held is not None and self._firm:
            # A jack's trick at a served table stays its whole pause: the lead is played
            # when it goes (the others see the jacks first).
            self._queued = (action, connection)
            return
        if self._held is not None:
            # A trick on show for a pause only: leading the next card sweeps it away, as
            # at a real table.
            self._gather()
        if self._thinking is not None or self.paused():
            self._tell(connection, Refused("wait: it is not your turn", "not_your_turn"))
            return
        self._apply(action, connection)

    def _apply(self, action: Play | Declare, by: Connection | None = None) -> None:
        session = self.table.session
        deals = len(session.deals)
        tricks = len(session.deals[-1].tricks) if session.deals else 0
        try:
            self.table.apply(action, save=False)
        except RuleError as error:
            if by is not None:
                self._tell(by, Refused(str(error), error.rule,
                                       tuple(sorted(error.params.items()))))
            return
        self._generation += 1
        events: list[Event] = [CardPlayed(action.seat, action.card) if isinstance(action, Play)
                               else Declared(action.seat, action.declare)]
        deal = session.deals[-1]
        if len(session.deals) == deals and len(deal.tricks) > tricks:
            trick = deal.tricks[-1]
            events.append(TrickTaken(trick))
            self._hold(trick)
        if deal.over:
            events.append(DealOver(len(session.deals)))
            self._ready.clear()
            if session.finished:
                events.append(SessionOver())
        events.extend(self._save())
        self._broadcast(events)
        self._schedule_advance()

    def _save(self) -> list[Event]:
        try:
            self.table.save()
        except Exception as error:  # a full disk: say so until a save succeeds
            self._unsaved = str(error) or type(error).__name__
            return [SaveFailed(self._unsaved)]
        if self._unsaved is not None:
            self._unsaved = None
            return [Saved()]
        return []

    def _undo(self, connection: Connection, seat: int) -> None:
        humans = self.table.humans()
        if seat not in connection.seats or humans != [seat]:
            self._tell(connection, Refused("undo is off when more than one person plays",
                                           "undo_off"))
            return
        if not self.table.session.undo_on:
            self._tell(connection, Refused("undo is off in this session", "undo_disabled"))
            return
        if self.table.session.finished or not self.table.can_undo(seat):
            self._tell(connection, Refused("nothing to undo: you have not played a card in "
                                           "this deal", "undo_nothing"))
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
        self._generation += 1
        self._broadcast([Undone(seat), *self._save()])
        self._schedule_advance()

    def _hand_over(self, connection: Connection, seat: int) -> None:
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
                f"wait {seconds} s more before handing "
                f"{session.players[seat].name}'s seat to a computer", "hand_over",
                (("why", "wait"), ("seconds", seconds), ("seat", seat))))
            return
        self._stand_ins[seat] = STAND_IN_LEVEL
        self._broadcast([StandIn(seat, STAND_IN_LEVEL)])
        self._schedule_advance()

    async def hint(self, seat: int) -> HintGiven | None:
        """The expert's advice for ``seat`` now (None when it is not its turn)."""
        view = self.view(seat)
        if not (view.asked or (view.my_turn and view.legal)):
            return None
        try:
            advice = await self.thinker.hint(view)
        except Exception:
            return None
        return HintGiven(seat, advice.card, why=advice.reason.code,
                         params=advice.reason.params, declare=advice.declare)

    # -- moving forward ------------------------------------------------------------------------
    def _schedule_advance(self) -> None:
        """Look at what comes next once the current change is told to everyone."""
        if self._advance_scheduled or self.closed:
            return
        self._advance_scheduled = True
        asyncio.get_running_loop().call_soon(self._advance)

    def _advance(self) -> None:
        self._advance_scheduled = False
        if self.closed:
            return
        session = self.table.session
        waiting = self.waiting()
        if waiting == "paused":
            self._forget_thought()
            return
        if waiting == "ready":
            deciders = self._deciders()
            if deciders and all(id(c) in self._ready for c in deciders):
                self._deal_next()
            return
        if waiting not in ("card", "generale"):
            return
        seat = session.turn
        if seat is None:
            return
        level = self._plays_by_computer(seat)
        if level is not None and self._thinking != seat:
            self._start_thinking(seat, level)

    def _deal_next(self) -> None:
        self._ready.clear()
        try:
            self.table.deal_next(save=False)
        except Exception as error:  # pragma: no cover - dealing is pure
            self._broadcast([Refused(f"the next deal could not be dealt: {error}", "deal",
                                     (error_param(error),))])
            return
        self._generation += 1
        self._broadcast([DealDealt(len(self.table.session.deals)), *self._save()])
        self._schedule_advance()

    def _start_thinking(self, seat: int, level: str) -> None:
        self._forget_thought()
        self._thinking = seat
        generation = self._generation
        started = self.clock()
        view = self.view(seat)
        self._think_task = asyncio.get_running_loop().create_task(
            self._think(seat, level, view, generation, started))
        self._broadcast([])

    async def _think(self, seat: int, level: str, view: SeatView, generation: int,
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
        loop = asyncio.get_running_loop()
        if remaining > 0:
            self._move_timer = loop.call_later(remaining, self._computer_moves, action,
                                               generation)
        else:
            self._computer_moves(action, generation)

    def _computer_moves(self, action: Play | Declare, generation: int) -> None:
        self._move_timer = None
        if generation != self._generation or self.closed:
            return
        if self.looked_at():   # shown when the looking ends
            self._pending = (action, generation)
            return
        self._thinking = None
        self._think_task = None
        self._apply(action)

    def _forget_thought(self) -> None:
        """Drop the thought in progress (its answer will be ignored)."""
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
    def _hold(self, trick: Trick) -> None:
        self._cancel_hold()
        self._held = trick
        self._seen.clear()
        self._until_seen = self._holds_until_seen(trick)
        self._firm = self.after_trick == SHARED and self._jack_fell(trick)
        self._hold_for = JACK_HOLD[self.pace] if self._firm else TRICK_HOLD[self.pace]
        self._start_hold_timer()

    def _holds_until_seen(self, trick: Trick) -> bool:
        """Whether ``trick`` stays until it is seen rather than for the pace's pause."""
        if self.after_trick != "auto":
            return self.after_trick == "key"
        won_by_player = self.table.session.players[trick.winner].is_human
        return won_by_player or self._jack_fell(trick)

    @staticmethod
    def _jack_fell(trick: Trick) -> bool:
        return any(card[0] == "J" for card in trick.cards)

    def _start_hold_timer(self) -> None:
        if self._held is None or self._until_seen or self.looked_at():
            return
        self._cancel_hold()
        with contextlib.suppress(RuntimeError):  # no loop: shown until a client sees it
            self._hold_timer = asyncio.get_running_loop().call_later(
                self._hold_for, self._gather)

    # -- looking over the table -------------------------------------------------------------
    def looked_at(self) -> bool:
        """A deciding client looks at something over the table: the game waits."""
        return any(id(c) in self._looking for c in self._deciders())

    def _looking_changed(self) -> None:
        """Looking started: the trick on show stays. It ended: the pause starts again and
        a computer's card held back comes after the pace's delay."""
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
            with contextlib.suppress(RuntimeError):
                self._move_timer = asyncio.get_running_loop().call_later(
                    PACE_DELAY[self.pace], self._computer_moves, action, generation)

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

    def _show_last_trick_again(self) -> None:
        """Resumed between tricks: the last trick may never have been on show (the
        terminal closed while it was played), so it is shown again first."""
        session = self.table.session
        deal = session.current
        if deal is not None and deal.phase == "play" and not deal.current and deal.tricks:
            self._hold(deal.tricks[-1])
