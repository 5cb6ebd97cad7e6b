"""The client interface: how a screen sits at a table, wherever the table runs.

A screen is a client of its seat(s): it draws the last ``Update`` it received and
sends commands. Two implementations keep one contract:

- ``LocalClient`` (here): the table runs in this process, on the app's event loop
  (one terminal: computers, one person, or several people at one keyboard).
- ``polignac_tui.service.client.RemoteClient``: the table runs in the table service;
  updates and commands travel as JSON lines over its socket.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from ..games.polignac.engine import SeatView, Session
from ..games.polignac.players.review import finished_session
from .core import Table
from .events import Command, HintGiven, Update
from .gameclient import HintBusy, PastDealsUnavailable
from .pace import after_trick_or_auto, pace_or_normal
from .runner import Connection, TableRunner
from .talk import TalkRoom
from .thinker import ThreadThinker

Listener = Callable[[Update], None]

__all__ = ["HintBusy", "LocalClient", "PastDealsUnavailable", "TableClient"]


class TableClient(ABC):
    """One client of one table: its seats' views in, commands out.

    Contract for both implementations:
    - ``listen(listener)``: ``listener`` is called on the event loop with every
      ``Update``, the first as soon as the client is connected.
    - ``send(command)``: fire and forget; a refusal comes back as a ``Refused`` event
      in the next update, and the table is untouched.
    - ``hint(seat)``: awaits the expert's advice for a seat the client holds (None when
      there is none to give); raises ``HintBusy`` while the seat's last hint is still
      being worked out (a served table).
    - ``close()``: leave the table; the client's seats become *gone*. Safe twice.
    - ``lost``: None while the table can be reached; else why not (the service
      stopped, the connection broke). The listener is called once more when it is set.
    - ``set_pace(pace, after_trick)``: the player's pace settings (``after_trick``:
      see ``pace.AFTER_TRICK``); a local table follows them, a served table keeps those
      chosen when it was created.
    """

    #: The session's id (for the lobby).
    session_id: str = ""
    #: True for a table of the table service (leaving it goes back to its lobby).
    served: bool = False
    #: What is said at the table (a served table); None where there is no talk (a table
    #: in this process: everyone is at the same keyboard).
    talk: TalkRoom | None = None

    @property
    def session_name(self) -> str:
        """The session's name (for the header)."""
        return ""

    def __init__(self) -> None:
        self.latest: Update | None = None
        self.lost: str | None = None
        self._listener: Listener | None = None

    @property
    @abstractmethod
    def seats(self) -> tuple[int, ...]:
        """The seats this client plays (empty: watching)."""

    @abstractmethod
    def listen(self, listener: Listener) -> None:
        """Start receiving updates (see the class docstring)."""

    @abstractmethod
    def send(self, command: Command) -> None:
        """Send ``command`` to the table."""

    @abstractmethod
    async def hint(self, seat: int) -> HintGiven | None:
        """The expert's advice for ``seat``."""

    @abstractmethod
    def close(self) -> None:
        """Leave the table."""

    async def finished_session(self) -> Session | None:
        """The session with its finished deals only (every hand of them, for a replay; the
        deal in play is never in it); None when this table cannot give them. Raises
        ``PastDealsUnavailable`` when it could but did not (a served table that refused)."""
        return None

    async def say(self, text: str) -> None:
        """Say ``text`` to everyone at the table (only where ``talk`` is not None); a
        refusal raises (a served table: the service's ``ServiceError``)."""
        raise NotImplementedError("no talk at this table")

    def set_pace(self, pace: str,  # noqa: B027 - a served table keeps its pace
                 after_trick: str | None = None) -> None:
        """Follow the player's pace settings (local tables only)."""

    # -- shared ------------------------------------------------------------------------------
    def _receive(self, update: Update) -> None:
        self.latest = update
        if self._listener is not None:
            self._listener(update)

    def view(self, seat: int | None = None) -> SeatView:
        """The latest view of ``seat`` (default: the first seat held, or the watch view)."""
        if self.latest is None:
            raise LookupError("no update received yet")
        views = self.latest.views
        if seat is None or not self.seats:
            return views[0]
        return views[self.seats.index(seat)] if seat in self.seats else views[0]

    @property
    def humans(self) -> int:
        """How many people play at this table (from the latest view)."""
        return sum(self.view().humans) if self.latest is not None else 0


class LocalClient(TableClient):
    """A table run in this process: the client owns its ``TableRunner``.

    Holds every human seat of the table (several people at one keyboard take turns;
    the screen shows a privacy screen between them), or watches a table of computers.
    The runner starts when ``listen`` is called (on the app's event loop).
    """

    def __init__(self, table: Table, pace: str = "normal", after_trick: str = "auto") -> None:
        super().__init__()
        self.table = table
        self.runner = TableRunner(table, ThreadThinker(table), pace=pace,
                                  after_trick=after_trick)
        self.session_id = table.session.id
        self._seats = tuple(table.humans())
        self._connection: Connection | None = None

    @property
    def session_name(self) -> str:
        return self.table.session.name

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    def set_pace(self, pace: str, after_trick: str | None = None) -> None:
        self.runner.pace = pace_or_normal(pace)
        if after_trick is not None:
            self.runner.after_trick = after_trick_or_auto(after_trick)

    def listen(self, listener: Listener) -> None:
        self._listener = listener
        if self._connection is None:
            self._connection = self.runner.connect(self._receive, self._seats)
        elif self.latest is not None:
            listener(self.latest)

    def send(self, command: Command) -> None:
        if self._connection is not None:
            self._connection.send(command)

    async def hint(self, seat: int) -> HintGiven | None:
        if self._connection is None:
            return None
        return await self._connection.hint(seat)

    async def finished_session(self) -> Session | None:
        return finished_session(self.table.session)

    def close(self) -> None:
        """Leave, stop the runner and release the session's lock (all is saved)."""
        if self._connection is not None:
            self._connection.close()
        self.runner.close()
        self.table.close()
