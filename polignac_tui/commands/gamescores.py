"""The scores of a session of Écarté or Piquet for ``show`` and ``export``: a row per
deal, a column per player, read through the seam (the game's ``file_summary`` and the
log replayed for the reasons each point was scored)."""

from __future__ import annotations

from ..games.scoretext import ScoreText, session_title
from ..games.session import GameSession
from ..i18n import _
from ..store.gamesummary import DealTally, deal_tallies, result
from ..store.report import possessive
from ..store.wording import result_words

# Points of play scored trick by trick (Piquet): in the deal's points, not written one
# by one in an export's ``scored`` column.
TRICK_REASONS = frozenset({"lead", "win", "last_trick"})


def scored_words(names: tuple[str, ...], tally: DealTally) -> str:
    """``Anna sequence 4; Bruno pique 30``: the deal's points other than tricks' leads
    and wins, in the order they were scored (reason codes, as ``Scored.reason``)."""
    return "; ".join(f"{names[s.seat]} {s.reason} {s.points}" for s in tally.scored
                     if s.reason not in TRICK_REASONS)


def score_table(session: GameSession) -> str:
    """A plain-text table: a row per deal, a column per player, totals, the state."""
    match = session.match
    names = session.names
    title = session_title(session.name, session.id)
    table = ScoreText(names, f"{match.game.title}: {title}" if title else match.game.title)
    lines = table.lines
    tallies = deal_tallies(match)
    for i, tally in enumerate(tallies, start=1):
        cells = [""] * session.size if tally.points is None else [str(p) for p in tally.points]
        note = "  " + _("(in play)") if tally.points is None else ""
        table.row(i, names[tally.dealer], cells, note)
    table.totals(match.totals)
    end, limit = match.game.books.summary_bounds(match)
    if end == "deals":
        done = sum(1 for t in tallies if t.points is not None)
        lines.append(_("Deals: {done} of {limit}").format(done=done, limit=limit))
    else:
        lines.append(_("Game to {value} points").format(value=limit))
    if session.finished:
        lines.append(_("Finished: {result}.").format(result=result_words(result(session))))
    elif match.turn is None:
        lines.append(_("In play: deal {number} is to be dealt.").format(
            number=len(match.log) + 1))
    elif possessive(names[match.turn]) == "your":      # a player named "You"
        lines.append(_("In play: your turn to play."))
    else:
        lines.append(_("In play: {name}'s turn to play.").format(name=names[match.turn]))
    return table.text()


def csv_rows(session: GameSession, seats: int) -> list[list[object]]:
    """A row per finished deal: game, session, deal, dealer, then per seat (up to
    ``seats``) the player's name, points and tricks, then what was ``scored``."""
    names = session.names
    shown = session.match.game.books.file_summary(session.match)["deals"]
    assert isinstance(shown, list)
    rows: list[list[object]] = []
    for number, (tally, deal) in enumerate(zip(deal_tallies(session.match), shown,
                                               strict=True), start=1):
        if tally.points is None:
            continue   # the deal in play has no score yet
        tricks = deal.get("tricks") if isinstance(deal, dict) else None
        row: list[object] = [session.game, session.id, number, names[tally.dealer]]
        for seat in range(seats):
            if seat < len(names):
                won = tricks[seat] if isinstance(tricks, list) else ""
                row.extend([names[seat], tally.points[seat], won])
            else:
                row.extend(["", "", ""])
        row.append(scored_words(names, tally))
        rows.append(row)
    return rows


__all__ = ["TRICK_REASONS", "csv_rows", "score_table", "scored_words"]
