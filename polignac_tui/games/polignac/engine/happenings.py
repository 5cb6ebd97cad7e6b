"""What an action made happen, as the engine tells it (``Deal.apply``, ``Session.apply``).

In order: the action itself (a card played, ``Play``; la générale declared or passed,
``Declare``), the trick it completed (``Trick``, with its winner), the end of the deal
with its points (``DealEnded``), the end of the session (``SessionEnded``). Nobody
learns what happened by comparing the deal before and after.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DealEnded:
    """The deal is over: each seat's penalty points (``Deal.points``) and the seat that
    made a chelem or its générale (None: nobody)."""

    points: tuple[int, ...]
    chelem: int | None


@dataclass(frozen=True, slots=True)
class SessionEnded:
    """The session is over: who wins, and who pays the cognac."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
