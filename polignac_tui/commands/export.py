"""``polignac-tui export ID --csv``: a session's scores for a spreadsheet, one row per
finished deal, a column per player (a Polignac session's as ever); ``export --game G
--csv``: every saved session of a game, a row per deal with the game and the session."""

from __future__ import annotations

import argparse
import csv
import io

from ..games import game_names, get_game
from ..games.session import GameSession
from ..i18n import _, tr
from ..store import SessionFileError, SessionStore, StoreError
from ..store.gamefile import DEFAULT_GAME as FIRST_GAME
from ..store.wording import game_title
from . import CommandError, game_list
from .gamescores import csv_rows
from .output import out
from .show import read_any


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help=_("export a session's scores (CSV)"),
                       description=tr(get_game(FIRST_GAME).books.command_words["export"]))
    p.add_argument("session", metavar="FILE|ID", nargs="?",
                   help=_("path of a session file (.toml), or a saved session's id"))
    p.add_argument("--csv", action="store_true", help=_("CSV (the one format so far)"))
    p.add_argument("--game", choices=game_names(), metavar="GAME",
                   help=_("every saved session of this game (one of {games}), oldest "
                          "first: a row per deal with the game, the session, the deal, the "
                          "dealer and each player's name, points and tricks").format(
                              games=game_list()))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not args.csv:
        raise CommandError(_("export needs a format: --csv"))
    game = getattr(args, "game", None)
    if args.session is None:
        if game is None:
            raise CommandError(_("export needs a session (FILE or ID) or --game GAME"))
        out(games_csv(saved_sessions(game)).rstrip("\n"))
        return 0
    session = read_any(args.session)
    if game is not None and session.game != game:
        raise CommandError(_("{target} is not a session of {game}").format(
            target=args.session, game=game_title(game)))
    own = session.match.game.books.csv_table(session)
    out((games_csv([session]) if own is None else _csv(own)).rstrip("\n"))
    return 0


def _csv(rows: list[list[object]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def saved_sessions(game: str) -> list[GameSession]:
    """Every readable saved session of ``game``, oldest first."""
    store = SessionStore()
    try:
        summaries = [s for s in store.summaries() if s.readable and s.game == game]
    except StoreError as error:
        raise CommandError(str(error)) from None
    sessions: list[GameSession] = []
    for summary in reversed(summaries):
        try:
            sessions.append(store.load_game(summary.id))
        except (StoreError, SessionFileError):
            continue   # changed or removed since it was listed: `list` says why
    return sessions


def games_csv(sessions: list[GameSession]) -> str:
    """A row per finished deal of each session: game, session, deal, dealer, then per
    seat the player's name, points and tricks, then ``scored``: the points of a deal
    other than tricks', each "name reason points" (a game may give its own rows:
    ``Game.books.csv_rows``)."""
    seats = max((len(s.names) for s in sessions), default=2)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head: list[str] = ["game", "session", "deal", "dealer"]
    for seat in range(1, seats + 1):
        head.extend([f"player{seat}", f"points{seat}", f"tricks{seat}"])
    writer.writerow([*head, "scored"])
    for session in sessions:
        own = session.match.game.books.csv_rows(session, seats)
        writer.writerows(csv_rows(session, seats) if own is None else own)
    return out.getvalue()
