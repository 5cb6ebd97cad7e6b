"""What a table tells its clients, and what a client may ask of it.

A client holds one seat (a player at a remote terminal), several (several people at
one keyboard), or none (someone watching). After every change of the table it
receives an ``Update``: the ``SeatView`` of each seat it holds (a watcher gets a view
with no hand), the table's public ``TableState``, and the ``events`` since the last
update (public ones, and the few meant for that client alone: a refusal, a hint).

A client asks with a *command*: an engine action (``Play``, ``Declare``) for a seat
it holds, or one of the table commands below. Every value here is frozen and made of
plain values (ints, strings, tuples), so it can travel as JSON (see
``polignac_tui.service.protocol``) and never reaches a live engine object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..games.polignac.engine import Card, Declare, Play, SeatView, Trick

# -- events ------------------------------------------------------------------------------


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
class TrickGathered:
    """The trick on show went to its winner; play goes on."""


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


PARAM_TEXT = 40      # the longest text of a refusal's or a reason's detail


def error_param(error: BaseException) -> tuple[str, str]:
    """An error's own words as a refusal's detail, shortened to what a detail may hold
    (the English sentence of the refusal keeps them whole)."""
    text = str(error)
    return ("error", text if len(text) <= PARAM_TEXT else text[:PARAM_TEXT - 1] + "…")


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
class HintGiven:
    """The expert's advice for ``seat`` (to that client alone): a card, or la générale."""

    seat: int
    card: Card | None
    why: str = ""       # the reason's code (``players.hint.Reason``), worded by each client
    params: tuple[tuple[str, str | int], ...] = ()   # its language-free details
    declare: bool | None = None


@dataclass(frozen=True, slots=True)
class SaveFailed:
    """The session could not be saved; the game goes on (``TableState.unsaved``)."""

    problem: str


@dataclass(frozen=True, slots=True)
class Saved:
    """A save succeeded again after a failure."""


Event = (CardPlayed | Declared | TrickTaken | TrickGathered | DealOver | DealDealt
         | SessionOver | SeatConnected | SeatGone | StandIn | Undone | Refused | HintGiven
         | SaveFailed | Saved)

# -- commands ----------------------------------------------------------------------------


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


Command = Play | Declare | Undo | AskHint | Seen | Looking | Ready | HandOver

# -- the table's public state ------------------------------------------------------------

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
    """What a client receives after every change: its views, the state, the events."""

    views: tuple[SeatView, ...]         # one per seat held, in the client's order
    state: TableState
    events: tuple[Event, ...]
    watching: bool = False              # the client holds no seat: views[0] has no hand
