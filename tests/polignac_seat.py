"""The tests' reader of a Polignac table of the house: the seam's updates in Polignac's
words (the table screen's own reader before every game sat at the one table screen;
the runner's and the service's tests keep their assertions through it).

A table of the house (``table.gamerunner``, locally or served) tells every client a
``GameUpdate``: the seam's ``View`` of each seat it holds, the table's
``GameTableState`` and the game's events. Polignac's table screen draws an ``Update``:
the engine's ``SeatView`` of each seat, a ``TableState`` and Polignac's events (a card
played, la générale declared or passed, a trick taken, a deal dealt or over, the
session over). ``PolignacSeat`` is the screen's client over any ``GameClient``: it
translates each update into that, and the screen's commands (``Play``, ``Declare``)
into the seam's ``Act``. Nothing here draws; the screen's look is its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from polignac_tui.games.base import CardPlayed as SeamCardPlayed
from polignac_tui.games.base import DealOver as SeamDealOver
from polignac_tui.games.base import DealStarted, MatchOver, Said, View
from polignac_tui.games.base import TrickTaken as SeamTrickTaken
from polignac_tui.games.polignac.engine import Card, Declare, Play, SeatView, Session, Trick
from polignac_tui.games.polignac.players.seen import seat_view
from polignac_tui.table.gameevents import (
    Act,
    AskHint,
    GameHint,
    GameTableState,
    GameUpdate,
    HandOver,
    Happened,
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
)

if TYPE_CHECKING:
    from polignac_tui.table.gameclient import GameClient
    from polignac_tui.table.talk import TalkRoom


# -- Polignac's events, as its screen reads them -----------------------------------------
@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Declared:
    """``seat`` declared la générale (``declare``) or passed."""

    seat: int
    declare: bool


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick is complete; it stays on show (``TableState.held``) until gathered."""

    trick: Trick


@dataclass(frozen=True, slots=True)
class DealOver:
    number: int


@dataclass(frozen=True, slots=True)
class DealDealt:
    number: int


@dataclass(frozen=True, slots=True)
class SessionOver:
    """The session is finished: ``SeatView.losers`` pay the cognac."""


@dataclass(frozen=True, slots=True)
class HintGiven:
    """The expert's advice for ``seat``: a card, or la générale (``declare``)."""

    seat: int
    card: Card | None
    why: str = ""       # the reason's code (``players.hint.Reason``), worded by each client
    params: tuple[tuple[str, str | int], ...] = ()   # its language-free details
    declare: bool | None = None


Event = (CardPlayed | Declared | TrickTaken | TrickGathered | DealOver | DealDealt
         | SessionOver | SeatConnected | SeatGone | StandIn | Undone | Refused | HintGiven
         | SaveFailed | Saved)
Command = Play | Declare | Undo | AskHint | Seen | Looking | Ready | HandOver

# What the table waits for now.
#   card / generale: a seat's card or answer (TableState.turn says whose; a computer thinks)
#   hold: the finished trick on show   ready: the deal's summary to be seen
#   absent: a human seat's turn while its owner is gone   paused: no human is here
#   over: the session is finished
Waiting = Literal["card", "generale", "hold", "ready", "absent", "paused", "over"]


@dataclass(frozen=True, slots=True)
class TableState:
    """What every client of a table may know of it, beyond the ``SeatView``."""

    waiting: Waiting
    held: Trick | None                  # the finished trick on show
    thinking: int | None                # the computer seat thinking now
    connected: tuple[bool, ...]         # per seat: someone (or a computer) is there
    gone_for: tuple[float | None, ...]  # per seat: seconds its owner has been gone
    stand_ins: tuple[str | None, ...]   # per seat: level of the computer standing in
    hand_over_after: float              # seconds before an absent seat may be handed over
    ready: tuple[bool, ...]             # per seat: has seen the summary (waiting "ready")
    unsaved: str | None                 # why the last save failed, until one succeeds
    can_undo: bool                      # this client may undo now
    held_until_seen: bool = False       # the trick on show waits for "seen" (no pause)
    undo_off: bool = False              # the session's setting: undo is off


@dataclass(frozen=True, slots=True)
class Update:
    """What the screen draws after every change: its views, the state, the events."""

    views: tuple[SeatView, ...]         # one per seat held, in the client's order
    state: TableState
    events: tuple[Event, ...]
    watching: bool = False              # the client holds no seat: views[0] has no hand


Listener = Callable[[Update], None]


# -- from the seam ------------------------------------------------------------------------
def table_state(state: GameTableState, view: SeatView) -> TableState:
    """The table's state as Polignac's screen reads it (``view``: any seat's)."""
    waiting: Waiting
    if state.waiting == "turn":
        waiting = "generale" if view.phase == "generale" else "card"
    else:
        waiting = state.waiting
    held = None
    if state.held is not None and state.held.cards:
        held = Trick(state.held.cards[0][0], tuple(c for _, c in state.held.cards),
                     state.held.winner)
    return TableState(
        waiting=waiting, held=held, thinking=state.thinking, connected=state.connected,
        gone_for=state.gone_for, stand_ins=state.stand_ins,
        hand_over_after=state.hand_over_after, ready=state.ready, unsaved=state.unsaved,
        can_undo=state.can_undo, held_until_seen=state.held_until_seen,
        undo_off=state.undo_off)


def _taken(event: SeamTrickTaken, view: SeatView) -> Trick:
    """The trick just taken, with its leader (the view's last trick is it)."""
    last = view.tricks[-1] if view.tricks else None
    if last is not None and last.cards == event.cards:
        return last
    return Trick(event.winner, event.cards, event.winner)


def events_of(happened: Sequence[Happened], view: SeatView) -> tuple[Event, ...]:
    """Polignac's events of a seam update (points scored are in the views)."""
    events: list[Event] = []
    for event in happened:
        if isinstance(event, SeamCardPlayed):
            events.append(CardPlayed(event.seat, event.card))
        elif isinstance(event, Said):
            events.append(Declared(event.seat, event.action == "declare"))
        elif isinstance(event, SeamTrickTaken):
            events.append(TrickTaken(_taken(event, view)))
        elif isinstance(event, DealStarted):
            events.append(DealDealt(event.number))
        elif isinstance(event, SeamDealOver):
            events.append(DealOver(view.deal_number))
        elif isinstance(event, MatchOver):
            events.append(SessionOver())
        elif isinstance(event, GameHint):
            events.append(hint_given(event))
        elif isinstance(event, (TrickGathered, SeatConnected, SeatGone, StandIn, Undone,
                                Refused, SaveFailed, Saved)):
            events.append(event)
    return tuple(events)


def hint_given(hint: GameHint) -> HintGiven:
    if hint.action in ("declare", "pass"):
        return HintGiven(hint.seat, None, hint.why, hint.params, hint.action == "declare")
    return HintGiven(hint.seat, hint.action or None, hint.why, hint.params)


def update_of(update: GameUpdate) -> Update:
    """A seam update as Polignac's screen reads it."""
    humans = update.state.humans
    views = tuple(view_of(v, humans) for v in update.views)
    return Update(views, table_state(update.state, views[0]),
                  events_of(update.events, views[0]), update.watching)


def view_of(view: View, humans: Sequence[bool]) -> SeatView:
    return replace(seat_view(view), humans=tuple(humans))


# -- the screen's client ------------------------------------------------------------------
class PolignacSeat:
    """Polignac's table screen's client over any client of a table of the house."""

    def __init__(self, client: GameClient) -> None:
        self.client = client
        self._listener: Listener | None = None
        self._read: tuple[GameUpdate, Update] | None = None   # the last update translated

    @property
    def latest(self) -> Update | None:
        """The client's latest update, in Polignac's words."""
        update = self.client.latest
        if update is None:
            return None
        if self._read is None or self._read[0] is not update:
            self._read = (update, update_of(update))
        return self._read[1]

    # what the client is
    @property
    def session_id(self) -> str:
        return self.client.session_id

    @property
    def served(self) -> bool:
        return self.client.served

    @property
    def talk(self) -> TalkRoom | None:
        talk: TalkRoom | None = getattr(self.client, "talk", None)
        return talk

    @property
    def table(self) -> Any:
        """The table in this process (a local client's), for tests and the app."""
        return getattr(self.client, "table", None)

    @property
    def runner(self) -> Any:
        """The runner of a table in this process (a local client's), for tests."""
        return getattr(self.client, "runner", None)

    @property
    def lost(self) -> str | None:
        return self.client.lost

    @property
    def session_name(self) -> str:
        return self.client.session_name

    @property
    def seats(self) -> tuple[int, ...]:
        return self.client.seats

    @property
    def humans(self) -> int:
        """How many people play at this table (from the latest view)."""
        return sum(self.view().humans) if self.latest is not None else 0

    # in and out
    def listen(self, listener: Listener) -> None:
        self._listener = listener
        self.client.listen(self._receive)

    def _receive(self, update: GameUpdate) -> None:
        self._read = (update, update_of(update))
        if self._listener is not None:
            self._listener(self._read[1])

    def send(self, command: Command) -> None:
        if isinstance(command, Play):
            self.client.send(Act(command.seat, command.card))
        elif isinstance(command, Declare):
            self.client.send(Act(command.seat, "declare" if command.declare else "pass"))
        else:
            self.client.send(command)

    async def hint(self, seat: int) -> HintGiven | None:
        given = await self.client.hint(seat)
        return None if given is None else hint_given(given)

    async def say(self, text: str) -> None:
        say: Callable[[str], Any] | None = getattr(self.client, "say", None)
        if say is None:
            raise NotImplementedError("no talk at this table")
        await say(text)

    async def finished_session(self) -> Session | None:
        """The session with its finished deals only (for a replay), or None."""
        finished: Callable[[], Any] | None = getattr(self.client, "finished_session", None)
        if finished is not None:     # a served table's: a session of the house
            got = await finished()
            engine = getattr(getattr(got, "match", None), "session", got)
            return engine if isinstance(engine, Session) else None
        table = getattr(self.client, "table", None)
        match = getattr(getattr(table, "session", None), "match", None)
        engine = getattr(match, "session", None)
        if not isinstance(engine, Session):
            return None
        from polignac_tui.games.polignac.players.review import finished_session
        return finished_session(engine)

    def set_pace(self, pace: str, after_trick: str | None = None) -> None:
        self.client.set_pace(pace, after_trick)

    def close(self) -> None:
        self.client.close()

    def view(self, seat: int | None = None) -> SeatView:
        """The latest view of ``seat`` (default: the first seat held, or the watch view)."""
        if self.latest is None:
            raise LookupError("no update received yet")
        views = self.latest.views
        if seat is None or not self.seats:
            return views[0]
        return views[self.seats.index(seat)] if seat in self.seats else views[0]


__all__ = [
    "CardPlayed", "Command", "DealDealt", "DealOver", "Declared", "Event", "HintGiven",
    "Listener", "PolignacSeat", "SessionOver", "TableState", "TrickTaken", "Update",
    "Waiting", "events_of", "table_state", "update_of",
]
