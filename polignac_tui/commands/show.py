"""``polignac-tui show FILE|ID``: the score table of a session file or a saved session."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..games.polignac.engine import Session
from ..games.session import GameSession
from ..i18n import _, ngettext
from ..store.fileformat import SessionFileError, summary
from ..store.report import plural, possessive
from ..store.wording import file_error_text, names_text
from . import CommandError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("show", help=_("print the score table of a saved session"),
                       description=_("Print the score table of a session file, or of the "
                                   "saved session with that id (see polignac-tui list)."))
    p.add_argument("session", metavar="FILE|ID",
                   help=_("path of a session file (.toml), or a saved session's id"))
    p.add_argument("--json", action="store_true", help=_("print the scores as JSON"))
    p.set_defaults(handler=run)


def resolve(target: str) -> Path:
    """A path to a session file, or the file of the saved session with that id."""
    from ..store import SessionStore
    from ..store.ids import is_id

    path = Path(target)
    if not is_id(target) or path.exists():
        return path
    store = SessionStore()
    if not store.path(target).is_file():
        raise CommandError(_("{target}: no such file, nor a saved session with that id "
                             "(see polignac-tui list)").format(target=target))
    return store.path(target)


def read_any(target: str) -> Session | GameSession:
    """The session of ``target`` (a file or a saved session's id), whatever its game."""
    from ..store.anyfile import load_any
    from ..store.ids import is_id
    path = resolve(target)
    try:
        session = load_any(path)
    except SessionFileError as error:
        raise CommandError(f"{path}: {file_error_text(str(error))}") from None
    if isinstance(session, GameSession) and not session.id and is_id(path.stem):
        session.id = path.stem
    return session


def read(target: str) -> Session:
    """The Polignac session of ``target``; a session of another game is refused, saying
    which game it is."""
    session = read_any(target)
    if isinstance(session, GameSession):
        raise CommandError(_("{path}: a session of {game}; only Polignac sessions can be "
                             "read here").format(path=resolve(target),
                                                 game=session.match.game.title))
    return session


def run(args: argparse.Namespace) -> int:
    session = read_any(args.session)
    if isinstance(session, GameSession):
        from .gamescores import score_table as game_score_table
        if args.json:
            print(json.dumps(session.match.game.file_summary(session.match),
                             ensure_ascii=False))
        else:
            print(game_score_table(session))
        return 0
    if args.json:
        print(json.dumps(summary(session), ensure_ascii=False))
    else:
        print(score_table(session))
    return 0


def score_table(session: Session) -> str:
    """A plain-text table: a row per deal, a column per player, totals, and the state."""
    names = [p.name for p in session.players]
    width = max(5, *(len(n) for n in names))
    deal_word, dealer_word = _("deal"), _("dealer")
    number = max(4, len(deal_word))
    width = max(width, len(dealer_word), len(_("total")))
    head = f"{deal_word:>{number}}  {dealer_word:<{width}}  " + "  ".join(
        f"{n:>{width}}" for n in names)
    lines = [head, "-" * len(head)]
    title = session.name or session.id
    if session.name and session.id:
        title += f" ({session.id})"
    if title:
        lines.insert(0, title)
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
        lines.append(f"{i:>{number}}  {names[d.dealer]:<{width}}  "
                     + "  ".join(f"{c:>{width}}" for c in cells) + note)
    lines.append("-" * len(head))
    lines.append(f"{'':>{number}}  {_('total'):<{width}}  "
                 + "  ".join(f"{t:>{width}}" for t in session.totals))
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
    return "\n".join(lines)
