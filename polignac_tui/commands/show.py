"""``polignac-tui show FILE|ID``: the score table of a session file or a saved session."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..engine import Session
from ..store.fileformat import SessionFileError, load, summary
from ..store.report import join_names, plural, possessive
from . import CommandError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("show", help="print the score table of a saved session",
                       description="Print the score table of a session file, or of the "
                                   "saved session with that id (see polignac-tui list).")
    p.add_argument("session", metavar="FILE|ID",
                   help="path of a session file (.toml), or a saved session's id")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
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
        raise CommandError(f"{target}: no such file, nor a saved session with that id "
                           "(see polignac-tui list)")
    return store.path(target)


def read(target: str) -> Session:
    path = resolve(target)
    try:
        return load(path)
    except SessionFileError as error:
        raise CommandError(f"{path}: {error}") from None


def run(args: argparse.Namespace) -> int:
    session = read(args.session)
    if args.json:
        print(json.dumps(summary(session), ensure_ascii=False))
    else:
        print(score_table(session))
    return 0


def score_table(session: Session) -> str:
    """A plain-text table: a row per deal, a column per player, totals, and the state."""
    names = [p.name for p in session.players]
    width = max(5, *(len(n) for n in names))
    head = f"{'deal':>4}  {'dealer':<{width}}  " + "  ".join(f"{n:>{width}}" for n in names)
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
            note = f"  générale {names[d.declarer]}" + (
                "" if made is None else (" made" if made else " failed"))
        elif d.chelem is not None:
            note = f"  chelem {names[d.chelem]}"
        if points is None:
            note += "  (in play)"
        lines.append(f"{i:>4}  {names[d.dealer]:<{width}}  "
                     + "  ".join(f"{c:>{width}}" for c in cells) + note)
    lines.append("-" * len(head))
    lines.append(f"{'':>4}  {'total':<{width}}  "
                 + "  ".join(f"{t:>{width}}" for t in session.totals))
    rules = session.rules
    if rules.end == "points":
        lines.append(f"Point limit: {rules.limit}")
    else:
        lines.append(f"Deals: {session.finished_deals} of {rules.limit}")
    if session.finished:
        loser_names = [names[s] for s in session.losers]
        winner_names = [names[s] for s in session.winners]
        losers = join_names(loser_names)
        winners = join_names(winner_names) or "nobody"
        pays = (f"{losers} pay the cognac" if plural(loser_names)
                else f"{losers} pays the cognac")
        wins = (f"{winners} win" if winner_names and plural(winner_names)
                else f"{winners} wins")
        lines.append(f"Finished: {pays}; {wins}.")
    else:
        turn = session.turn
        if turn is None:
            lines.append(f"In play: deal {len(session.deals) + 1} is to be dealt.")
        else:
            deal = session.current
            what = ("to declare or pass la générale"
                    if deal is not None and deal.phase == "generale" else "to play")
            lines.append(f"In play: {possessive(names[turn])} turn {what}.")
    return "\n".join(lines)
