"""Events: what ``apply`` or ``deal`` says happened, in order, as small values.

A table tells each seat the events it may see (``visible``): an event with a ``to``
seat (a card ``Shown``, a word ``Said`` or points ``Scored`` to one seat) is told to that
seat only; everything else is public. Points first told to one seat only reach the others
later as ``Disclosed`` (no new points): what each seat is told of the points then adds up
to its view's ``totals``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeAlias

from .cards import Card
from .errors import RuleError
from .jsonform import JSON, read_list, read_str


@dataclass(frozen=True, slots=True)
class DealStarted:
    number: int          # 1-based
    dealer: int


@dataclass(frozen=True, slots=True)
class Said:
    """A seat's word (``propose``, ``refuse``, ``declare point``): public, or told to
    seat ``to`` only (Piquet's younger's declaration, before the elder's first lead)."""

    seat: int
    action: str
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat discarded ``count`` cards face down and drew as many: only the count is
    public."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken:
    winner: int
    cards: tuple[Card, ...]     # in the order played, the lead first
    # worth a longer look (Polignac's: a jack fell in it): a table holds it until it is
    # seen ("auto"), or for a longer pause the next lead does not cut short ("shared")
    worth_a_pause: bool


@dataclass(frozen=True, slots=True)
class Scored:
    """``points`` for ``seat``: public, or told to seat ``to`` only until a ``Disclosed``
    tells the others."""

    seat: int
    points: int
    reason: str                 # a stable code: ``king_marked``, ``vole``, ...
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Disclosed:
    """Points ``seat`` scored earlier for ``reason``, told then to seat ``told`` only (a
    ``Scored`` with ``to``), now told to the others: no new points."""

    seat: int
    points: int
    reason: str
    told: int


@dataclass(frozen=True, slots=True)
class Shown:
    """``cards`` of ``seat``'s hand (None: of no hand, as a turned-up card or a talon's)
    shown to ``to`` (a seat), or to everyone (None)."""

    seat: int | None
    cards: tuple[Card, ...]
    to: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class DealOver:
    points: tuple[int, ...]     # what each seat scored in this deal
    cut_short: bool             # ended by the end of the match


@dataclass(frozen=True, slots=True)
class MatchOver:
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    value: int | None


Event: TypeAlias = (DealStarted | Said | Discarded | CardPlayed | TrickTaken | Scored
                    | Disclosed | Shown | DealOver | MatchOver)


EVENTS: dict[str, type[Event]] = {cls.__name__: cls for cls in (
    DealStarted, Said, Discarded, CardPlayed, TrickTaken, Scored, Disclosed, Shown, DealOver,
    MatchOver)}


def event_to_json(event: Event) -> dict[str, JSON]:
    """``{"event": "Scored", "seat": 1, "points": 2, "reason": "vole"}``."""
    data: dict[str, JSON] = {"event": type(event).__name__}
    for item in fields(event):
        value = getattr(event, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    return data


def event_from_json(data: Mapping[str, JSON]) -> Event:
    cls = EVENTS.get(read_str(data.get("event")))
    if cls is None:
        raise RuleError("json", f"{data.get('event')!r} is not an event")
    # the service's own events read back: their fields' types are not checked one by one
    values: dict[str, Any] = {f.name: tuple(read_list(data[f.name]))
                              if isinstance(data.get(f.name), list) else data[f.name]
                              for f in fields(cls)}
    return cls(**values)


def visible(event: Event, seat: int | None) -> bool:
    """True when ``seat`` (None: a watcher) may be told ``event``."""
    if isinstance(event, Disclosed):
        return seat != event.told
    if isinstance(event, Shown | Said | Scored):
        return event.to is None or event.to == seat
    return True
