"""What the saved-sessions list says about sessions (data, no printing): a session's row
of ``list --json`` and who leads it. The words around players' names are the house's
(``games.namewords``, re-exported here); each game's own words and statistics are its
own (``Game.books.summary_part``, ``Game.books.stats``)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..games import get_game
from ..games.namewords import is_you, join_names, plural, possessive, who_plays

if TYPE_CHECKING:
    from .index import Summary


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
        **({"winners": [names[s] for s in summary.winners], "value": summary.value}
           if get_game(summary.game).books.lists_outcome else {}),
    }


def leaders(summary: Summary) -> list[int]:
    """The seats leading: with the most points, or the fewest at a game of penalty
    points (``Game.higher_wins``)."""
    best = max(summary.totals) if get_game(summary.game).higher_wins else min(summary.totals)
    return [s for s, t in enumerate(summary.totals) if t == best]


__all__ = ["is_you", "join_names", "leaders", "local_time", "plural", "possessive", "row",
           "who_plays"]
