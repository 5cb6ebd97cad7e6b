"""The client interface of a table of any game: how a screen sits at it, wherever it runs.

Every screen of a table speaks it, wherever the table runs:

- ``listen(listener)``: ``listener`` is called on the event loop with every
  ``GameUpdate``, the first as soon as the client is connected.
- ``send(command)``: fire and forget (``Act`` with an action's text, or a table command);
  a refusal comes back as a ``Refused`` event in the next update, the table untouched.
- ``hint(seat)``: awaits the expert's advice (a ``GameHint``) for a seat the client holds.
- ``close()``: leave the table; the client's seats become *gone*. Safe twice.
- ``lost``: None while the table can be reached; else why not.

``LocalGameClient`` (``table.gamerunner``) runs the table in this process; the table
service's remote client speaks the same contract over its socket.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from ..games.base import Settings, View
from ..games.session import GameSession
from .gameevents import GameCommand, GameHint, GameUpdate
from .talk import TalkRoom

GameListener = Callable[[GameUpdate], None]


class HintBusy(Exception):
    """The seat's last hint is still being worked out (the table service computes one hint
    per seat at a time): ask again once it has come."""


class PastDealsUnavailable(Exception):
    """A table that keeps its finished deals could not give them now: ``code`` says why
    (``too_large``, ``lost``, ``unreadable``, or the service's error code)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code
        self.detail = detail


class GameClient(ABC):
    """One client of one table of any game: its seats' views in, commands out."""

    #: The session's id (for the lobby).
    session_id: str = ""
    #: True for a table of the table service (leaving it goes back to its lobby).
    served: bool = False
    #: What is said at the table (a served table); None where there is no talk (a table
    #: in this process: everyone is at the same keyboard).
    talk: TalkRoom | None = None

    def __init__(self, game: str) -> None:
        self.game = game
        self.latest: GameUpdate | None = None
        self.lost: str | None = None
        self._listener: GameListener | None = None

    @property
    def session_name(self) -> str:
        return ""

    @property
    def settings(self) -> Settings | None:
        """The session's settings, when its table is in this process (else None)."""
        return None

    @property
    def preset(self) -> str:
        """The table's preset (its settings', else as the service lists it; "" unknown)."""
        settings = self.settings
        return settings.preset if settings is not None else ""

    @property
    @abstractmethod
    def seats(self) -> tuple[int, ...]:
        """The seats this client plays (empty: watching)."""

    @abstractmethod
    def listen(self, listener: GameListener) -> None:
        """Start receiving updates."""

    @abstractmethod
    def send(self, command: GameCommand) -> None:
        """Send ``command`` to the table."""

    @abstractmethod
    async def hint(self, seat: int) -> GameHint | None:
        """The expert's advice for ``seat``."""

    async def say(self, text: str) -> None:
        """Say ``text`` to everyone at the table (only where ``talk`` is not None); a
        refusal raises (a served table: the service's ``ServiceError``)."""
        raise NotImplementedError("no talk at this table")

    async def finished_session(self) -> GameSession | None:
        """The session with its finished deals only (every hand of them, for a replay),
        None where this client cannot give them.

        Raises:
            PastDealsUnavailable: a table that keeps them could not give them now.
        """
        return None

    @abstractmethod
    def close(self) -> None:
        """Leave the table."""

    def set_pace(self, pace: str,  # noqa: B027 - a served table keeps its pace
                 after_trick: str | None = None) -> None:
        """Follow the player's pace settings (local tables only)."""

    def _receive(self, update: GameUpdate) -> None:
        self.latest = update
        if self._listener is not None:
            self._listener(update)

    def view(self, seat: int | None = None) -> View:
        """The latest view of ``seat`` (default: the first seat held, or the watch view)."""
        if self.latest is None:
            raise LookupError("no update received yet")
        views = self.latest.views
        if seat is None or not self.seats:
            return views[0]
        return views[self.seats.index(seat)] if seat in self.seats else views[0]


__all__ = ["GameClient", "GameListener", "HintBusy", "PastDealsUnavailable"]
