"""What the lists and the statistics keep of a Polignac session (``Polignac.summary_part``):
its finished deals (each seat's points, la générale and the chelem), where it stands and
who paid the cognac, in the English words the index keeps (the screens say them again
in the current language)."""

from __future__ import annotations

import json

from ..base import JSON
from ..namewords import join_names, possessive
from .engine import Session


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


def deal_lines(session: Session) -> list[list[JSON]]:
    """Each finished deal: the points, then its marks (who declared la générale, whether
    it was made, who made the chelem)."""
    lines: list[list[JSON]] = []
    for deal in session.deals:
        points = deal.points()
        if points is not None:
            lines.append([list(points), deal.declarer, deal.generale_made, deal.chelem])
    return lines


def summary_part(session: Session) -> dict[str, JSON]:
    """What the index keeps of a Polignac session beyond the house's header."""
    lines = deal_lines(session)
    return {
        "finished_deals": len(lines),
        "deals": json.dumps(lines, separators=(",", ":")),
        "deal_in_play": session.current is not None,
        "totals": list(session.totals),
        "finished": session.finished,
        "turn": session.turn,
        "losers": list(session.losers),
        "winners": list(session.winners),
        "end": session.rules.end,
        "limit": session.rules.limit,
        "state": state(session),
        "where": state_line(session),
        "where_short": state_line(session, short=True),
        "undos": sum(deal.undos for deal in session.deals),
    }


__all__ = ["cognac_line", "deal_lines", "state", "state_line", "summary_part"]
