"""``polignac-tui club``: the club's book of this host's served tables (``club.book``):
the standings, a player's page, the ledger, a settlement, a rebuild. It reads the folder
``polignac-tui serve`` keeps (the same data folder), and prints names, never keys."""

from __future__ import annotations

import argparse
import functools
import json
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from ..club.book import ClubBook, ClubError
from ..club.records import Debt, Period, PlayerPage, Standing
from ..games import game_names, get_game
from ..games.statstext import clip
from ..i18n import _, ngettext
from ..service.paths import service_folder
from ..store import StoreError
from ..store.folder import default_root
from . import CommandError, game_list
from .output import out

NAME_COLUMN = 24      # a name's width (MAX_NAME): a line is at most 79 characters


def register(sub: argparse._SubParsersAction) -> None:
    shared = argparse.ArgumentParser(add_help=False)
    shared.add_argument("--json", action="store_true", help=_("print it as JSON"))
    p = sub.add_parser("club", parents=[shared],
                       help=_("the club's book of this host: standings, ledger"),
                       description=_("The club's book of the tables this host serves "
                                     "(polignac-tui serve): every finished match, the "
                                     "players' ratings per game and who owes what."))
    p.add_argument("--game", choices=game_names(), metavar="GAME",
                   help=_("only this game: one of {games}").format(games=game_list()))
    p.add_argument("--month", action="store_true",
                   help=_("this calendar month's matches only (UTC)"))
    p.set_defaults(handler=run_standings)
    actions = p.add_subparsers(title=_("what to show or do"), metavar=_("ACTION"))

    q = actions.add_parser("player", parents=[shared], help=_("one player's page"),
                           description=_("A player's rating after each match and "
                                         "record against each other player."))
    q.add_argument("name", metavar="NAME", help=_("the player's name"))
    q.add_argument("--game", choices=game_names(), metavar="GAME", default=None,
                   help=_("the game (every game the player played if not given)"))
    q.set_defaults(handler=run_player)

    q = actions.add_parser("ledger", parents=[shared], help=_("who owes what to whom"),
                           description=_("The debts still open, netted per pair: what "
                                         "the losers owe the winners, as each game's "
                                         "rules say."))
    q.set_defaults(handler=run_ledger)

    q = actions.add_parser("settle", parents=[shared], help=_("record a debt as paid"),
                           description=_("Record that DEBTOR paid CREDITOR (all the debt, "
                                         "or --amount of it). The book keeps it; no "
                                         "session is changed."))
    q.add_argument("debtor", metavar="DEBTOR", help=_("the name of who paid"))
    q.add_argument("creditor", metavar="CREDITOR", help=_("the name of who was paid"))
    q.add_argument("--game", choices=game_names(), metavar="GAME", required=True,
                   help=_("the game of the debt: one of {games}").format(games=game_list()))
    q.add_argument("--amount", metavar="N", type=int, default=None,
                   help=_("how much was paid (all of it if not given)"))
    q.set_defaults(handler=run_settle)

    q = actions.add_parser("rebuild", parents=[shared],
                           help=_("make the book again from the served sessions"),
                           description=_("Make the club's book again from the served "
                                         "sessions, the seats serve kept and the "
                                         "settlements."))
    q.set_defaults(handler=run_rebuild)


Handler = Callable[[argparse.Namespace], int]


def _told(handler: Handler) -> Handler:
    """``handler``, a book that cannot be read or written said in one line (status 2)."""
    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except BrokenPipeError:         # the reader went away: the command line's to say
            raise
        except (sqlite3.Error, OSError, StoreError) as error:
            raise CommandError(_("the club's book cannot be read: {error}").format(
                error=error)) from None
    return run


def _book() -> ClubBook:
    lines: list[str] = []
    try:
        book = ClubBook.open(service_folder(), default_root(), lines.append)
        book.catch_up()
    except (sqlite3.Error, OSError, StoreError) as error:
        raise CommandError(_("the club's book cannot be read: {error}").format(
            error=error)) from None
    for line in lines:
        print(line, file=sys.stderr)
    return book


def _json(data: Any) -> None:
    out(json.dumps(data, ensure_ascii=False, indent=2))


def standing_lines(game: str, standings: list[Standing], month: bool) -> list[str]:
    """The standings of ``game`` as text (at most 79 columns, "provisional" included)."""
    title = get_game(game).title
    lines = [_("{game}: this month's standings").format(game=title) if month
             else _("{game}: standings, all time").format(game=title)]
    if not standings:
        lines.append("  " + _("no finished match yet"))
        return lines
    lines.append(f"{'#':>3}  {_('player'):<{NAME_COLUMN}} {_('rating'):>11} "
                 f"{_('matches'):>7} {_('wins'):>5}  {_('last played')}")
    for place, line in enumerate(standings, start=1):
        rating = f"{line.rating:.0f} ± {line.sigma:.0f}"
        note = " " + _("provisional") if line.provisional else ""
        lines.append(f"{place:>3}  {clip(line.name, NAME_COLUMN):<{NAME_COLUMN}} {rating:>11} "
                     f"{line.matches:>7} {line.wins:>5}  {line.last_played}{note}")
    return lines


@_told
def run_standings(args: argparse.Namespace) -> int:
    book = _book()
    period: Period = "month" if args.month else "all"
    games = [args.game] if args.game else list(game_names())
    tables = {game: book.standings(game, period, None) for game in games}
    if args.json:
        _json({"period": period, "standings": {
            game: [asdict(s) for s in lines] for game, lines in tables.items()}})
        return 0
    shown = [game for game in games if tables[game] or args.game]
    for index, game in enumerate(shown or games[:1]):
        if index:
            out("")
        out("\n".join(standing_lines(game, tables[game], args.month)))
    return 0


def page_lines(page: PlayerPage) -> list[str]:
    lines = [f"{get_game(page.game).title}: {page.standing.name if page.standing else ''}"]
    if page.standing is not None:
        s = page.standing
        lines.append(_("rating {rating:.0f} ± {sigma:.0f} · matches {matches} · wins {wins} · "
                       "last played {last}").format(rating=s.rating, sigma=s.sigma,
                                                   matches=s.matches, wins=s.wins,
                                                   last=s.last_played)
                     + (" (" + _("provisional") + ")" if s.provisional else ""))
    if page.history:
        lines.append(_("rating after each rated match:"))
        lines.extend(f"  {p.when[:16].replace('T', ' ')}  {p.rating:.0f} ± {p.sigma:.0f}"
                     for p in page.history)
    if page.against:
        lines.append(_("against each other player (matches, ahead, behind):"))
        lines.extend(f"  {clip(a.name, NAME_COLUMN):<{NAME_COLUMN}} {a.matches:>5} {a.wins:>5} "
                     f"{a.losses:>5}" for a in page.against)
    return lines


@_told
def run_player(args: argparse.Namespace) -> int:
    book = _book()
    games = [args.game] if args.game else list(game_names())
    try:
        for game in games:
            book.find(game, args.name, None)
    except ClubError as error:
        raise CommandError(str(error)) from None
    pages = [p for p in (book.player_page(g, args.name, None) for g in games) if p]
    if not pages:
        raise CommandError(_("nobody called {name} is in the club's book").format(
            name=repr(args.name)))
    if args.json:
        _json([asdict(p) for p in pages])
        return 0
    out("\n\n".join("\n".join(page_lines(p)) for p in pages))
    return 0


def amount_words(debt: Debt) -> str:
    """``3 ices``: what the debt is, in the game's words."""
    return get_game(debt.game).stake_words(debt.amount)


def debt_line(debt: Debt) -> str:
    return _("{debtor} owes {creditor} {amount} ({game})").format(
        debtor=debt.debtor, creditor=debt.creditor, amount=amount_words(debt),
        game=get_game(debt.game).title)


@_told
def run_ledger(args: argparse.Namespace) -> int:
    debts = _book().ledger(None)
    if args.json:
        _json([asdict(d) for d in debts])
        return 0
    out("\n".join(debt_line(d) for d in debts) if debts else _("nobody owes anything"))
    return 0


@_told
def run_settle(args: argparse.Namespace) -> int:
    book = _book()
    try:
        debt = book.settle(args.debtor, args.creditor, args.game, args.amount)
    except ClubError as error:
        raise CommandError(str(error)) from None
    except OSError as error:
        raise CommandError(_("the settlement could not be written: {error}").format(
            error=error.strerror or error)) from None
    if args.json:
        _json(asdict(debt))
        return 0
    out(_("recorded: {debtor} paid {creditor} {amount} ({game})").format(
        debtor=debt.debtor, creditor=debt.creditor, amount=amount_words(debt),
        game=get_game(debt.game).title))
    return 0


@_told
def run_rebuild(args: argparse.Namespace) -> int:
    book = _book()
    try:
        count = book.rebuild()
    except (sqlite3.Error, OSError) as error:
        raise CommandError(_("the club's book could not be rebuilt: {error}").format(
            error=error)) from None
    if args.json:
        _json({"matches": count})
        return 0
    out(ngettext("the club's book was rebuilt: {count} match",
                 "the club's book was rebuilt: {count} matches", count).format(count=count))
    return 0
