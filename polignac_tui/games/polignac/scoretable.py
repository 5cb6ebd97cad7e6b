"""Polignac's score table, the text ``show`` prints of a Polignac session
(``Polignac.score_table``): a row per deal with la générale and the chelem, a column per
player, the totals, then who pays the cognac or whose turn it is."""

from __future__ import annotations

from ...i18n import _, ngettext
from ..namewords import names_text, plural, possessive
from ..scoretext import ScoreText, session_title
from .engine import Session


def score_table(session: Session) -> str:
    """A plain-text table: a row per deal, a column per player, totals, and the state."""
    names = [p.name for p in session.players]
    table = ScoreText(names, session_title(session.name, session.id))
    lines = table.lines
    for i, d in enumerate(session.deals, start=1):
        points = d.points()
        cells = [""] * session.size if points is None else [str(p) for p in points]
        note = ""
        if d.declarer is not None:
            made = d.generale_made
            name = names[d.declarer]
            note = "  " + (_("générale {name}") if made is None else _("générale {name} made")
                           if made else _("générale {name} failed")).format(name=name)
        elif d.chelem is not None:
            note = "  " + _("chelem {name}").format(name=names[d.chelem])
        if points is None:
            note += "  " + _("(in play)")
        table.row(i, names[d.dealer], cells, note)
    table.totals(session.totals)
    rules = session.rules
    if rules.end == "points":
        lines.append(_("Point limit: {value}").format(value=rules.limit))
    else:
        lines.append(_("Deals: {done} of {limit}").format(done=session.finished_deals,
                                                         limit=rules.limit))
    if session.finished:
        loser_names = [names[s] for s in session.losers]
        winner_names = [names[s] for s in session.winners]
        losers = names_text(loser_names)    # one "You" takes the plural verb
        pays = ngettext("{names} pays the cognac", "{names} pay the cognac",
                        2 if plural(loser_names) else 1).format(names=losers)
        if winner_names:
            wins = ngettext("{names} wins", "{names} win",
                            2 if plural(winner_names) else 1).format(
                names=names_text(winner_names))
        else:
            wins = _("nobody wins")
        lines.append(_("Finished: {pays}; {wins}.").format(pays=pays, wins=wins))
    else:
        turn = session.turn
        if turn is None:
            lines.append(_("In play: deal {number} is to be dealt.").format(
                number=len(session.deals) + 1))
        else:
            deal = session.current
            generale = deal is not None and deal.phase == "generale"
            if possessive(names[turn]) == "your":      # a player named "You"
                lines.append(_("In play: your turn to declare or pass la générale.") if generale
                             else _("In play: your turn to play."))
            elif generale:
                lines.append(_("In play: {name}'s turn to declare or pass la générale.").format(
                    name=names[turn]))
            else:
                lines.append(_("In play: {name}'s turn to play.").format(name=names[turn]))
    return table.text()


__all__ = ["score_table"]
