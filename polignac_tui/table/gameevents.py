"""What a table of any game tells its clients, and what a client may ask of it.

Spoken through the games' seam: a client receives a ``GameUpdate`` after every change
(the ``View`` of each seat it holds, or a watcher's view; the table's ``GameTableState``;
the events since the last update), and sends ``Act`` (any action as its text, ``"KS"``,
``"discard 7D JC"``, ``"propose"``) or one of the table's commands (``Undo``,
``AskHint``, ``Seen``, ``Looking``, ``Ready``, ``HandOver``).

The events are the game's own (``games.events``: a card played, a trick taken, points
scored, a card shown, a deal over, the match over), each only to the clients whose seat
may be told it (``games.events.visible``), and the table's (a trick gathered, a seat
gone or back, a computer standing in, a refusal or a hint for this client alone, a
save failed). Every value is frozen and plain, so it travels as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..games.base import Event as GameEvent
from ..games.base import View
from ..games.cards import Card

# -- the table's own events and commands (every game's) -----------------------------------------
PARAM_TEXT = 40      # the longest text of a refusal's or a reason's detail


def error_param(error: BaseException) -> tuple[str, str]:
    """An error's own words as a refusal's detail, shortened to what a detail may hold
    (the English sentence of the refusal keeps them whole)."""
    text = str(error)
    return ("error", text if len(text) <= PARAM_TEXT else text[:PARAM_TEXT - 1] + "…")


@dataclass(frozen=True, slots=True)
class TrickGathered:
    """The trick on show went to its winner; play goes on."""


@dataclass(frozen=True, slots=True)
class SeatConnected:
    seat: int


@dataclass(frozen=True, slots=True)
class SeatGone:
    seat: int


@dataclass(frozen=True, slots=True)
class StandIn:
    """A computer (``level``) now plays for the absent ``seat``; None: its owner is back."""

    seat: int
    level: str | None


@dataclass(frozen=True, slots=True)
class Undone:
    """``seat`` took back its last card (and every card after it)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Refused:
    """A command of this client was refused (to that client alone); the table is untouched."""

    reason: str
    rule: str = ""      # the engine's rule code for an illegal action, else a table code
    # The rule's language-free details ((name, value) pairs: card codes, suit letters,
    # seats), from which each client words the refusal in its own language
    # (``engine.wording.refusal_text``); ``reason`` is the English sentence.
    params: tuple[tuple[str, str | int], ...] = ()


@dataclass(frozen=True, slots=True)
class SaveFailed:
    """The session could not be saved; the game goes on (``TableState.unsaved``)."""

    problem: str


@dataclass(frozen=True, slots=True)
class Saved:
    """A save succeeded again after a failure."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back ``seat``'s last card of this deal (only at a table with one human)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AskHint:
    seat: int


@dataclass(frozen=True, slots=True)
class Seen:
    """This client has seen the trick on show: gather it now (else it goes after the
    pace's pause)."""


@dataclass(frozen=True, slots=True)
class Looking:
    """This client looks at something over the table (the last trick, the trick log, the
    rules) (``on``) or is back (not ``on``): while a deciding client looks, no computer's
    card is shown and a trick on show stays."""

    on: bool


@dataclass(frozen=True, slots=True)
class Ready:
    """This client has seen the deal's summary: deal the next one when everyone is."""


@dataclass(frozen=True, slots=True)
class HandOver:
    """Give the absent ``seat`` to a computer until its owner comes back."""

    seat: int



@dataclass(frozen=True, slots=True)
class Act:
    """``seat`` (held by the client) takes ``action``, in its text form."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class GameHint:
    """The expert's advice for ``seat`` (to that client alone): ``action`` as text and
    ``why`` a reason code each client words in its language (``params`` its details)."""

    seat: int
    action: str
    why: str = ""
    params: tuple[tuple[str, str | int], ...] = ()


TableEvent = (TrickGathered | SeatConnected | SeatGone | StandIn | Undone | Refused
              | GameHint | SaveFailed | Saved)
Happened = GameEvent | TableEvent
TABLE_EVENTS = (TrickGathered, SeatConnected, SeatGone, StandIn, Undone, Refused, GameHint,
                SaveFailed, Saved)

GameCommand = Act | Undo | AskHint | Seen | Looking | Ready | HandOver

# What the table waits for now.
#   turn: a seat's action (GameTableState.turn says whose; a computer thinks)
#   hold: the finished trick on show     ready: the deal's end to be seen
#   absent: a human seat's turn while its owner is gone    paused: no human is here
#   over: the match is over
GameWaiting = Literal["turn", "hold", "ready", "absent", "paused", "over"]


@dataclass(frozen=True, slots=True)
class HeldTrick:
    """A finished trick on show: its cards as played (lead first) and its winner."""

    cards: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class GameTableState:
    """What every client of a table may know of it, beyond its ``View``."""

    game: str
    waiting: GameWaiting
    held: HeldTrick | None              # the finished trick on show
    thinking: int | None                # the computer seat thinking now
    humans: tuple[bool, ...]            # per seat: a person plays it
    levels: tuple[str | None, ...]      # per seat: a computer's level
    connected: tuple[bool, ...]         # per seat: someone (or a computer) is there
    gone_for: tuple[float | None, ...]  # per seat: seconds its owner has been gone
    stand_ins: tuple[str | None, ...]   # per seat: level of the computer standing in
    hand_over_after: float              # seconds before an absent seat may be handed over
    ready: tuple[bool, ...]             # per seat: has seen the deal's end (waiting "ready")
    unsaved: str | None                 # why the last save failed, until one succeeds
    can_undo: bool                      # this client may undo now
    held_until_seen: bool = False       # the trick on show waits for "seen" (no pause)
    undo_off: bool = False              # the session's setting: undo is off


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """What a client receives after every change: its views, the state, the events."""

    views: tuple[View, ...]             # one per seat held, in the client's order
    state: GameTableState
    events: tuple[Happened, ...]
    watching: bool = False              # the client holds no seat: views[0] is a watcher's


__all__ = [
    "PARAM_TEXT",
    "TABLE_EVENTS",
    "Act",
    "AskHint",
    "GameCommand",
    "GameEvent",
    "GameHint",
    "GameTableState",
    "GameUpdate",
    "GameWaiting",
    "HandOver",
    "Happened",
    "HeldTrick",
    "Looking",
    "Ready",
    "Refused",
    "SaveFailed",
    "Saved",
    "SeatConnected",
    "SeatGone",
    "Seen",
    "StandIn",
    "TableEvent",
    "TrickGathered",
    "Undo",
    "Undone",
    "error_param",
]
