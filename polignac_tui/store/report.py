"""What the saved-sessions list and the statistics say about sessions (data, no printing)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..games.polignac.engine import Session

if TYPE_CHECKING:
    from .index import Summary


def join_names(names: Iterable[str]) -> str:
    """``"Anna"``, ``"Anna and Bruno"``, ``"Anna, Bruno and Carla"`` (in English: what the
    index keeps; screens use ``store.wording.names_text``)."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def is_you(name: str) -> bool:
    """True for a player named "You" (the app's default name): the verb takes no -s."""
    return name.strip().casefold() == "you"


def possessive(name: str) -> str:
    """``Anna's``; ``your`` for a player named "You" (the app's default name)."""
    return "your" if is_you(name) else f"{name}'s"


def plural(names: list[str]) -> bool:
    """True when ``names`` take a plural verb: several of them, or one "You"."""
    return len(names) != 1 or is_you(names[0])


def state(session: Session) -> str:
    """``in play, Anna's turn`` or ``finished, Bob paid the cognac``."""
    names = [p.name for p in session.players]
    if session.finished:
        losers = [names[s] for s in session.losers]
        return f"finished, {join_names(losers)} paid the cognac"
    turn = session.turn
    if turn is None:
        return f"in play, deal {len(session.deals) + 1} to be dealt"
    deal = session.current
    if deal is not None and deal.phase == "generale":
        return f"in play, {names[turn]} to declare or pass la générale"
    return f"in play, {possessive(names[turn])} turn"


def cognac_line(session: Session) -> str:
    """Who paid the cognac, in words."""
    names = [session.players[s].name for s in session.losers]
    return f"{join_names(names)} {'paid' if len(names) == 1 else 'shared'} the cognac"


def state_line(session: Session, short: bool = False) -> str:
    """Where a session stands: finished (with the cognac), or its deal and whose turn."""
    if session.finished:
        return cognac_line(session) if short else "finished: " + cognac_line(session)
    deal = len(session.deals)
    where = f"deal {deal}"
    if session.rules.end == "deals":
        where += f" of {session.rules.limit}"
    elif not short:
        where += f", limit {session.rules.limit}"
    if session.needs_deal:
        return where + " over" if short else where + " over, the next deal is to be dealt"
    turn = session.turn
    if turn is None:
        return where
    deal_now = session.current
    if deal_now is not None and deal_now.phase == "generale":
        if short:
            return f"{where}, la générale: {session.players[turn].name}?"
        return f"{where}, {session.players[turn].name} to declare or pass la générale"
    return f"{where}, {session.players[turn].name} to play"


def players_line(session: Session) -> str:
    """The session's name, or who plays it: "Ana vs Bruno, Claire, Denis"."""
    if session.name:
        return session.name
    return who_plays([p.name for p in session.players], [p.is_human for p in session.players])


def who_plays(names: list[str], humans: list[bool],
              versus: str = "{people} vs {computers}") -> str:
    """"Ana vs Bruno, Claire, Denis": the humans, then the computers (``versus``: the
    words around them, in the caller's language)."""
    people = [n for n, h in zip(names, humans, strict=True) if h]
    others = [n for n, h in zip(names, humans, strict=True) if not h]
    if not others or not people:
        return ", ".join(names)
    return versus.format(people=", ".join(people), computers=", ".join(others))


def local_time(moment: datetime) -> str:
    """``2026-11-22 20:15`` in the user's time zone."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def row(summary: Summary) -> dict[str, Any]:
    """One session of ``list --json`` (an unreadable file: id, path and error only)."""
    if summary.error is not None:
        return {"id": summary.id, "path": str(summary.path), "error": summary.error}
    names = list(summary.players)
    lead = leaders(summary)
    turn = summary.turn
    return {
        "id": summary.id,
        "path": str(summary.path),
        "name": summary.name,
        "players": names,
        "deals": summary.finished_deals,
        "deal_in_play": summary.deal_in_play,
        "leaders": [names[s] for s in lead],
        "leader_points": summary.totals[lead[0]],
        "totals": list(summary.totals),
        "state": "finished" if summary.finished else "in play",
        "turn": names[turn] if turn is not None else None,
        "losers": [names[s] for s in summary.losers],
        "updated": summary.updated.isoformat().replace("+00:00", "Z"),
        "served": summary.served,
        "game": summary.game,
        **({} if summary.game == "polignac" else {
            "winners": [names[s] for s in summary.winners], "value": summary.value}),
    }


def leaders(summary: Summary) -> list[int]:
    """The seats leading: with the fewest points at Polignac (penalty points), with the
    most at the other games."""
    best = min(summary.totals) if summary.game == "polignac" else max(summary.totals)
    return [s for s, t in enumerate(summary.totals) if t == best]


@dataclass
class PlayerStats:
    """One player name over the finished sessions."""

    name: str
    sessions: int = 0
    won: int = 0             # clean wins: no card taken back in the session
    won_with_undos: int = 0  # wins in a session where a card was taken back (undo)
    paid: int = 0            # times paid the cognac
    deals: int = 0           # finished deals played
    points: int = 0          # penalty points over those deals
    chelems: int = 0         # chelems made without a générale
    generales_made: int = 0
    generales_failed: int = 0

    @property
    def won_words(self) -> str:
        """``2``, or ``2+1`` with a win where a card was taken back."""
        return f"{self.won}+{self.won_with_undos}" if self.won_with_undos else str(self.won)

    @property
    def average(self) -> float:
        """Average penalty points per deal."""
        return self.points / self.deals if self.deals else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["average"] = round(self.average, 3)
        return data


def player_stats(summaries: Iterable[Summary]) -> list[PlayerStats]:
    """Per player name (case-insensitive) across the finished ones of ``summaries``.

    A computer player is counted per name *and level* ("Bruno (medium)"), so that
    the default names the app gives computers do not mix different players.
    Most sessions played first, then by name.
    """
    table: dict[str, PlayerStats] = {}
    for summary in summaries:
        if not summary.finished or summary.error is not None:
            continue
        winners, losers = set(summary.winners), set(summary.losers)
        for seat, label in enumerate(summary.labels):
            stats = table.setdefault(label.casefold(), PlayerStats(label))
            stats.sessions += 1
            if summary.undos:
                stats.won_with_undos += seat in winners
            else:
                stats.won += seat in winners
            stats.paid += seat in losers
            for deal in summary.deals:
                stats.deals += 1
                stats.points += deal.points[seat]
                if deal.declarer == seat:
                    if deal.made:
                        stats.generales_made += 1
                    else:
                        stats.generales_failed += 1
                elif deal.declarer is None and deal.chelem == seat:
                    stats.chelems += 1
    return sorted(table.values(), key=lambda s: (-s.sessions, s.name.casefold()))
