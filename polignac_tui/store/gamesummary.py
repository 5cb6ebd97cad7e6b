"""What the lists and the statistics say of a session of a game whose books keep no
summary of their own (``Bookkeeping.summary_part`` None: Écarté's and Piquet's), read
through the seam only: the match's totals, outcome, turn and settings, the game's
``file_summary`` for the deals, and the points each seat scored for each reason, counted
by replaying the log (``Scored.reason``).

The words are English, as a game's own ``summary_part`` writes them (the index keeps them;
``store.wording`` says them again in the current language):
``deal 3, to 5, Anna to play`` (Écarté), ``deal 4 of 6, Bruno to play`` (a partie of
Piquet), ``finished: Anna won a double game``, ``finished: Bruno won the partie, worth
230``, ``finished: the partie was drawn``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..games.base import DealLog, Event, Match, Scored
from ..games.namewords import join_names, possessive, who_plays
from ..games.session import GameSession

if TYPE_CHECKING:
    from .index import Summary



# -- the log replayed through the seam ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealTally:
    """One deal replayed: each seat's points (None while in play) and every ``Scored``."""

    dealer: int
    points: tuple[int, ...] | None
    scored: tuple[Scored, ...]


def replay_events(match: Match) -> list[list[Event]]:
    """The events of each deal of ``match``, from replaying its log into a fresh match of
    the same game (what a table saw, in order)."""
    log: Sequence[DealLog] = match.log
    first = log[0].dealt.dealer if log else match.first_dealer
    fresh = match.game.start(match.settings, match.names, first)
    deals: list[list[Event]] = []
    for entry in log:
        events = list(fresh.start_deal(entry.dealt))
        for action in entry.actions:
            events.extend(fresh.apply(action))
        deals.append(events)
    return deals


def deal_tallies(match: Match) -> list[DealTally]:
    """Each deal's dealer, points and ``Scored`` events, in order."""
    shown = match.game.books.file_summary(match)["deals"]
    assert isinstance(shown, list)
    out = []
    for entry, events, deal in zip(match.log, replay_events(match), shown, strict=True):
        assert isinstance(deal, dict)
        points = deal["points"]
        out.append(DealTally(
            entry.dealt.dealer,
            None if not isinstance(points, list) else tuple(int(p) for p in points
                                                            if isinstance(p, int)),
            tuple(e for e in events if isinstance(e, Scored))))
    return out


def reason_counts(tallies: Sequence[DealTally], seats: int) -> list[dict[str, int]]:
    """Per seat, how many times it scored for each reason over the session."""
    counts = [Counter[str]() for _ in range(seats)]
    for tally in tallies:
        for scored in tally.scored:
            counts[scored.seat][scored.reason] += 1
    return [dict(sorted(c.items())) for c in counts]


# -- the words -------------------------------------------------------------------------
def result(session: GameSession) -> str:
    """The result in the game's own English (``Game.books.summary_result``): ``Anna won a
    double game``, ``Bruno won the partie, worth 230``, ``Anna won by 37``."""
    match = session.match
    assert match.outcome is not None
    return match.game.books.summary_result(
        match, join_names(session.names[s] for s in match.outcome.winners))


def state(session: GameSession) -> str:
    """``in play, Anna's turn``, ``in play, deal 3 to be dealt``, ``finished, ...``."""
    if session.finished:
        return f"finished, {result(session)}"
    turn = session.match.turn
    if turn is None:
        return f"in play, deal {len(session.match.log) + 1} to be dealt"
    return f"in play, {possessive(session.names[turn])} turn"


def where(session: GameSession, short: bool = False) -> str:
    """Where a session stands: its deal and whose turn, or how it ended."""
    if session.finished:
        return result(session) if short else "finished: " + result(session)
    match = session.match
    end, limit = match.game.books.summary_bounds(match)
    dealt = len(match.log)
    number = max(dealt, 1)
    line = f"deal {number}"
    if end == "deals":
        line += f" of {limit}"
    elif not short:
        line += f", to {limit}"
    turn = match.turn
    if not dealt:
        return line + ", to be dealt"
    if match.needs_deal or turn is None:
        return line + " over" if short else line + " over, the next deal is to be dealt"
    return f"{line}, {session.names[turn]} to play"


def labels(session: GameSession) -> tuple[str, ...]:
    """Per seat: the name, or "Bruno (medium)" for a computer."""
    return tuple(name.strip() if seat.human else f"{name.strip()} ({seat.level})"
                 for name, seat in zip(session.names, session.seats, strict=True))


def summarize_game(id: str, path: Path, updated: datetime, session: GameSession) -> Summary:
    """The summary of a session of Écarté or Piquet read (or just saved)."""
    from .index import DealLine, Summary, deals_json
    match = session.match
    tallies = deal_tallies(match)
    lines = [DealLine(t.points) for t in tallies if t.points is not None]
    outcome = match.outcome
    end, limit = match.game.books.summary_bounds(match)
    humans = tuple(s.human for s in session.seats)
    return Summary(
        id=id, path=path, updated=updated, name=session.name, game=session.game,
        players=session.names, humans=humans, levels=tuple(s.level for s in session.seats),
        finished_deals=len(lines), deals_json=deals_json(lines),
        deal_in_play=any(t.points is None for t in tallies), totals=match.totals,
        finished=outcome is not None, turn=match.turn,
        losers=() if outcome is None else outcome.losers,
        winners=() if outcome is None else outcome.winners,
        value=None if outcome is None else outcome.value,
        end=end, limit=limit, created=session.created, state=state(session),
        where=where(session), where_short=where(session, short=True),
        title=session.name or who_plays(list(session.names), list(humans)),
        labels=labels(session), served=session.served,
        reasons_json=json.dumps(reason_counts(tallies, session.size),
                                separators=(",", ":")),
    )


__all__ = ["DealTally", "deal_tallies", "reason_counts", "replay_events",
           "state", "summarize_game", "where"]
