"""``polignac-tui export ID --csv``: a session's scores for a spreadsheet, one row per
finished deal, a column per player."""

from __future__ import annotations

import argparse
import csv
import io

from ..engine import Session
from ..i18n import _
from . import CommandError
from .sessions import _out
from .show import read


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help=_("export a session's scores (CSV)"),
                       description=_("Print a session's scores as CSV: a row per finished deal "
                       "(deal, dealer, each player's points, générale, chelem), a column per "
                       "player, names in the order of play. Redirect it to a file."))
    p.add_argument("session", metavar="FILE|ID",
                   help=_("path of a session file (.toml), or a saved session's id"))
    p.add_argument("--csv", action="store_true", help=_("CSV (the one format so far)"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not args.csv:
        raise CommandError(_("export needs a format: --csv"))
    _out(to_csv(read(args.session)).rstrip("\n"))
    return 0


def to_csv(session: Session) -> str:
    names = [p.name for p in session.players]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["deal", "dealer", *names, "generale", "chelem"])
    for number, deal in enumerate(session.deals, start=1):
        points = deal.points()
        if points is None:
            continue   # the deal in play has no score yet
        generale = ""
        if deal.declarer is not None:
            generale = f"{names[deal.declarer]} {'made' if deal.generale_made else 'failed'}"
        chelem = names[deal.chelem] if deal.chelem is not None and deal.declarer is None else ""
        writer.writerow([number, names[deal.dealer], *points, generale, chelem])
    return out.getvalue()
