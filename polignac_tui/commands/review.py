"""``polignac-tui review ID [--deal N] [--json]``: every card of a finished deal against
the expert's best card from the player's view at that moment: the review of the house's
first game, its own (its ``Game.review_module``); another game's is ``review_game``."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from importlib import import_module
from pathlib import Path
from typing import Any

from ..games import FIRST_GAME
from ..games.cardwords import glyph
from ..i18n import ENGLISH, _, ngettext, pgettext, speaking
from . import CommandError
from .sessions import _out
from .show import read, resolve

WIDTH = 80


def expert() -> Any:
    """The first game's own review against its expert (``Game.review_module``)."""
    from ..games import get_game
    module = get_game(FIRST_GAME).review_module
    assert module is not None
    return import_module(module)


def register(sub: argparse._SubParsersAction) -> None:
    marks = expert()
    p = sub.add_parser("review", help=_("review the deals of a session against the expert"),
                       description=_("Compare every card of a finished deal with the card "
                                     "the expert computer finds from that player's view at "
                                     "that moment (never from the open hands); '?' marks a "
                                     "card that cost more than {dubious} point, '??' more "
                                     "than {blunder}. The search is seeded: a review is the "
                                     "same every time. Every finished deal unless --deal."
                                     ).format(dubious=marks.DUBIOUS, blunder=marks.BLUNDER))
    p.add_argument("session", metavar="FILE|ID",
                   help=_("path of a session file (.toml), or a saved session's id"))
    p.add_argument("--deal", type=int, metavar="N", help=_("only deal N (from 1)"))
    p.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    p.set_defaults(handler=run)


def deals_to_review(session: Any, deal: int | None) -> list[int]:
    return chosen_deals(expert().finished_deals(session), len(session.deals), deal)


def chosen_deals(done: list[int], total: int, deal: int | None) -> list[int]:
    """The deals to review: ``deal`` alone (refused unless it is one of ``done``, the
    finished deals of ``total``), or every finished deal."""
    if deal is None:
        if not done:
            raise CommandError(_("no finished deal to review yet"))
        return done
    if not 1 <= deal <= total:
        raise CommandError(ngettext("no deal {deal}: the session has {count} deal",
                                    "no deal {deal}: the session has {count} deals",
                                    total).format(deal=deal, count=total))
    if deal not in done:
        raise CommandError(_("deal {deal} is not over yet: only finished deals are reviewed"
                             ).format(deal=deal))
    return [deal]


def run(args: argparse.Namespace) -> int:
    path = resolve(args.session)
    if _game_of(path) != FIRST_GAME:
        from .review_game import run as run_game
        return run_game(args, path)
    session = read(args.session)
    numbers = deals_to_review(session, args.deal)
    ascii = bool(getattr(args, "ascii", False))
    reviews: list[Any] = []
    for number in numbers:
        review = expert().review_deal(session, number)
        reviews.append(review)
        if not args.json:
            _out(deal_text(session, review, ascii) + "\n")
    if args.json:
        _out(json.dumps(to_json(session, reviews), ensure_ascii=False))
    else:
        _out(summary_text(session, reviews))
    sys.stdout.flush()
    return 0


def _game_of(path: Path) -> str:
    """The game of the session file at ``path`` (Polignac's when it cannot be read: its
    reader then says why)."""
    from ..store.errors import SessionFileError
    from ..store.gamefile import game_of, read_document
    try:
        return game_of(read_document(path))
    except SessionFileError:
        return FIRST_GAME


def _column(text: str, width: int) -> str:
    """``text`` in a column of ``width`` characters (cut when longer)."""
    return text[:width].ljust(width)


def deal_text(session: Any, review: Any, ascii: bool = False) -> str:
    """A line per card: trick, player, card and its expected points, the expert's card and
    its points, the mark; under a marked card, the expert's reason."""
    names = [p.name for p in session.players]
    deal = session.deals[review.deal - 1]
    lines = [_("Deal {number}, dealt by {name} (PTS: the expert's estimate of the points "
               "a card costs, from its player's view at that moment)").format(
                   number=review.deal, name=names[deal.dealer])]
    lines = textwrap.wrap(lines[0], WIDTH)
    heads = [pgettext("review column", "TRICK"), pgettext("review column", "PLAYER"),
             pgettext("review column", "CARD"), pgettext("review column", "PTS"),
             pgettext("review column", "EXPERT"), pgettext("review column", "PTS"),
             pgettext("review column", "MARK")]
    # Each column as wide as its head in this language, at least the English width.
    w = [max(n, len(h)) for n, h in zip((5, 12, 4, 6, 6, 6, 4), heads, strict=True)]

    def row(trick: str, player: str, card: str, points: str, best: str, best_points: str,
            mark: str) -> str:
        return (f"{trick.rjust(w[0])}  {_column(player, w[1])} {card.ljust(w[2])} "
                f"{points.rjust(w[3])}  {best.ljust(w[4])} {best_points.rjust(w[5])}  "
                f"{mark}").rstrip()

    lines.append(row(*heads))
    wrap = textwrap.TextWrapper(width=WIDTH, initial_indent=" " * 7,
                                subsequent_indent=" " * 9)
    same = pgettext("review: the expert's card is the card played", "same")
    for card in review.cards:
        best = same if card.best == card.card else glyph(card.best, ascii)
        lines.append(row(str(card.trick), names[card.seat], glyph(card.card, ascii),
                         f"{card.played_points:.2f}", best, f"{card.best_points:.2f}",
                         card.mark))
        if card.mark:
            reason = expert().reason_text(card.reason, names, ascii)
            lines.extend(wrap.wrap(_("expert: {reason}").format(reason=reason)))
    return "\n".join(lines)


def summary_text(session: Any, reviews: list[Any]) -> str:
    """Per player: the marked cards and the points they cost, over the deals reviewed."""
    count = len(reviews)
    lines = [ngettext("Summary over {count} deal: points lost to marked cards (? and ??)",
                      "Summary over {count} deals: points lost to marked cards (? and ??)",
                      count).format(count=count)]
    for seat, player in enumerate(session.players):
        dubious = sum(r.marks(seat)[0] for r in reviews)
        blunders = sum(r.marks(seat)[1] for r in reviews)
        lost = sum(r.lost(seat) for r in reviews)
        lines.append(f"  {player.name[:20]:<20} " + _(
            "{points} points  ({dubious} ?, {blunders} ??)").format(
                points=f"{lost:6.2f}", dubious=dubious, blunders=blunders))
    return "\n".join(lines)


def to_json(session: Any, reviews: list[Any]) -> dict[str, Any]:
    names = [p.name for p in session.players]
    marks = expert()
    return {
        "id": session.id,
        "players": names,
        "thresholds": {"?": marks.DUBIOUS, "??": marks.BLUNDER},
        "deals": [{
            "deal": r.deal,
            "cards": [{"number": c.number, "trick": c.trick, "player": names[c.seat],
                       "card": c.card, "points": round(c.played_points, 3),
                       "expert": c.best, "expert_points": round(c.best_points, 3),
                       "cost": round(c.cost, 3), "mark": c.mark,
                       "reason": _english(c.reason, names), "reason_code": c.reason.code}
                      for c in r.cards],
            "lost": {names[s]: round(r.lost(s), 3) for s in range(len(names))},
        } for r in reviews],
        "summary": [{"player": names[s],
                     "lost": round(sum(r.lost(s) for r in reviews), 3),
                     "dubious": sum(r.marks(s)[0] for r in reviews),
                     "blunders": sum(r.marks(s)[1] for r in reviews)}
                    for s in range(len(names))],
    }


def _english(reason: Any, names: list[str]) -> str:
    """The reason in English: ``--json`` is the same in every language."""
    with speaking(ENGLISH):
        return str(expert().reason_text(reason, names))
