"""What the saved-sessions list and the statistics say about sessions (data, no printing)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from ..engine import Session
from .folder import Entry


def join_names(names: Iterable[str]) -> str:
    """``"Anna"``, ``"Anna and Bruno"``, ``"Anna, Bruno and Carla"``."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def possessive(name: str) -> str:
    """``Anna's``; ``your`` for a player named "You" (the app's default name)."""
    return "your" if name.strip().casefold() == "you" else f"{name}'s"


def leaders(session: Session) -> list[int]:
    """The seats with the fewest points (penalty points: fewer is better)."""
    totals = session.totals
    best = min(totals)
    return [s for s, t in enumerate(totals) if t == best]


def state(session: Session) -> str:
    """``in play, Anna's turn`` or ``finished, Bob paid the cognac``."""
    names = [p.name for p in session.players]
    if session.finished:
        losers = [names[s] for s in session.losers]
        return f"finished, {join_names(losers)} paid the cognac"
    turn = session.turn
    if turn is None:
        return "in play, next deal to deal"
    deal = session.current
    if deal is not None and deal.phase == "generale":
        return f"in play, {names[turn]} to declare or pass la générale"
    return f"in play, {possessive(names[turn])} turn"


def local_time(moment: datetime) -> str:
    """``2026-11-22 20:15`` in the user's time zone."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def row(entry: Entry) -> dict[str, Any]:
    """One session of ``list --json`` (an unreadable file: id, path and error only)."""
    if entry.session is None:
        return {"id": entry.id, "path": str(entry.path), "error": entry.error}
    session = entry.session
    names = [p.name for p in session.players]
    lead = leaders(session)
    turn = session.turn
    return {
        "id": entry.id,
        "path": str(entry.path),
        "name": session.name,
        "players": names,
        "deals": session.finished_deals,
        "deal_in_play": session.current is not None,
        "leaders": [names[s] for s in lead],
        "leader_points": session.totals[lead[0]],
        "totals": session.totals,
        "state": "finished" if session.finished else "in play",
        "turn": names[turn] if turn is not None else None,
        "losers": [names[s] for s in session.losers],
        "updated": entry.updated.isoformat().replace("+00:00", "Z"),
    }


@dataclass
class PlayerStats:
    """One player name over the finished sessions."""

    name: str
    sessions: int = 0
    won: int = 0
    paid: int = 0            # times paid the cognac
    deals: int = 0           # finished deals played
    points: int = 0          # penalty points over those deals
    chelems: int = 0         # chelems made without a générale
    generales_made: int = 0
    generales_failed: int = 0

    @property
    def average(self) -> float:
        """Average penalty points per deal."""
        return self.points / self.deals if self.deals else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["average"] = round(self.average, 3)
        return data


def player_stats(sessions: list[Session]) -> list[PlayerStats]:
    """Per player name (case-insensitive) across the finished ones of ``sessions``.

    A computer player is counted per name *and level* ("Bruno (medium)"), so that
    the default names the app gives computers do not mix different players.
    Most sessions played first, then by name.
    """
    table: dict[str, PlayerStats] = {}
    for session in sessions:
        if not session.finished:
            continue
        winners, losers = set(session.winners), set(session.losers)
        for seat, player in enumerate(session.players):
            label = player.name.strip()
            if not player.is_human:
                label = f"{label} ({player.level})"
            stats = table.setdefault(label.casefold(), PlayerStats(label))
            stats.sessions += 1
            stats.won += seat in winners
            stats.paid += seat in losers
            for deal in session.deals:
                points = deal.points()
                if points is None:
                    continue
                stats.deals += 1
                stats.points += points[seat]
                if deal.declarer == seat:
                    if deal.generale_made:
                        stats.generales_made += 1
                    else:
                        stats.generales_failed += 1
                elif deal.declarer is None and deal.chelem == seat:
                    stats.chelems += 1
    return sorted(table.values(), key=lambda s: (-s.sessions, s.name.casefold()))
