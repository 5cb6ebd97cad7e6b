"""``polignac-tui review`` for a session of a game other than Polignac: each choice of the
people at the table, in the finished deals, against the expert's from the same view."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..games.arena import players_of as players_module
from ..games.review import DealReview, finished_deals, reason_words, review_deal
from ..games.session import GameSession
from ..i18n import _, ngettext, pgettext
from ..store.errors import SessionFileError
from ..store.gamefile import load
from ..store.wording import file_error_text
from . import CommandError
from .review import chosen_deals
from .sessions import _out


def read_game(path: Path) -> GameSession:
    try:
        return load(path)
    except SessionFileError as error:
        raise CommandError(f"{path}: {file_error_text(str(error))}") from None


def deals_to_review(session: GameSession, deal: int | None) -> list[int]:
    return chosen_deals(finished_deals(session.match), len(session.match.log), deal)


def reviews_of(session: GameSession, numbers: list[int]) -> list[DealReview]:
    seats = session.humans() or tuple(range(session.size))
    advise = players_module(session.game).advise
    match = session.match
    return [review_deal(match.game, match.settings, match.names, match, n, seats, advise)
            for n in numbers]


def deal_text(session: GameSession, review: DealReview) -> str:
    names = session.names
    same = pgettext("review: the expert's card is the card played", "same")
    heads = (pgettext("review column", "PLAYER"), _("ACTION"), pgettext("review column",
                                                                         "EXPERT"))
    lines = [_("Deal {number}").format(number=review.number),
             f"{'#':>3}  {heads[0]:<12} {heads[1]:<22} {heads[2]}"]
    for step in review.steps:
        expert = (same if step.agrees
                  else f"{step.expert}  ({reason_words(session.game, step.why)})")
        lines.append(f"{step.index:>3}  {names[step.seat][:12]:<12} {step.action[:22]:<22} "
                     f"{expert}")
    return "\n".join(lines)


def summary_text(session: GameSession, reviews: list[DealReview]) -> str:
    lines = [ngettext("Summary over {count} deal: choices the same as the expert's",
                      "Summary over {count} deals: choices the same as the expert's",
                      len(reviews)).format(count=len(reviews))]
    for seat in sorted({s.seat for r in reviews for s in r.steps}):
        steps = [s for r in reviews for s in r.steps if s.seat == seat]
        agreed = sum(s.agrees for s in steps)
        lines.append(f"  {session.names[seat][:20]:<20} " + _("{agreed} of {count}").format(
            agreed=agreed, count=len(steps)))
    return "\n".join(lines)


def run(args: argparse.Namespace, path: Path) -> int:
    session = read_game(path)
    reviews = reviews_of(session, deals_to_review(session, args.deal))
    if args.json:
        _out(json.dumps({"id": session.id, "game": session.game,
                         "players": list(session.names),
                         "deals": [r.to_json() for r in reviews]}, ensure_ascii=False))
        return 0
    for review in reviews:
        _out(deal_text(session, review) + "\n\n")
    _out(summary_text(session, reviews) + "\n")
    return 0
