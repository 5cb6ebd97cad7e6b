"""The review of a finished deal: every card compared with the expert's best card *from
that seat's view at that moment* (never from the open hands).

The deal is replayed with the engine's history (``Session.rewind``) to the moment of
each card; the seat's ``SeatView`` then goes to the expert's search, which gives the
mean points of every candidate card over the worlds it samples. The card played is
compared with the expert's card: the difference is what the card cost, on the
expert's estimate; more than ``DUBIOUS`` points is marked "?", more than
``BLUNDER`` "??". The search is seeded from the view and ``seed``, so a review is the
same every time. ``review_match`` gives it in the house's form (``games.review``), which
the one replay screen shows for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...base import Match
from ...review import DealReview as HouseReview
from ...review import Step
from ..engine import Play, Session
from .bots import SearchPlayer
from .hint import Reason, reason
from .search import EXPERT, candidates, representative
from .wording import reason_text as reason_text  # the reasons in words, for the review

DUBIOUS = 0.5   # a card that cost more than this is marked "?"
BLUNDER = 1.0   # and more than this "??"
SEED = 0        # the review's seed: the same review every time


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card of the deal, as the expert saw it from the seat that played it."""

    index: int            # the action's index in the deal (0-based: générale answers count)
    number: int           # 1-based among the cards played
    trick: int            # 1-based
    seat: int
    card: str
    best: str             # the expert's card from that seat's view
    played_points: float  # the expert's expected points of the card played
    best_points: float    # and of its own card
    reason: Reason        # the expert's reason for its card (``players.wording``)

    @property
    def cost(self) -> float:
        """Points the card cost on the expert's estimate (never below 0)."""
        return max(0.0, self.played_points - self.best_points)

    @property
    def mark(self) -> str:
        """``"??"`` above ``BLUNDER`` points, ``"?"`` above ``DUBIOUS``, else ``""``."""
        if self.cost > BLUNDER:
            return "??"
        if self.cost > DUBIOUS:
            return "?"
        return ""


@dataclass(frozen=True, slots=True)
class DealReview:
    """Every card of one finished deal, reviewed."""

    deal: int                         # 1-based
    names: tuple[str, ...]
    cards: tuple[CardReview, ...]

    def lost(self, seat: int) -> float:
        """Points ``seat`` lost to its marked cards."""
        return sum(c.cost for c in self.cards if c.seat == seat and c.mark)

    def marks(self, seat: int) -> tuple[int, int]:
        """How many "?" and "??" cards ``seat`` played."""
        own = [c.mark for c in self.cards if c.seat == seat]
        return own.count("?"), own.count("??")


def deal_session(session: Session, number: int) -> Session:
    """A copy of ``session`` with its deals up to ``number`` (1-based) replayed from the log:
    the last one is deal ``number``, whose history can be rewound."""
    if not 1 <= number <= len(session.deals):
        raise ValueError(f"no deal {number}: the session has {len(session.deals)} "
                         f"deal{'s' if len(session.deals) != 1 else ''}")
    copy = Session(session.rules, session.players, id=session.id, name=session.name,
                   created=session.created, updated=session.updated, undo=session.undo_on)
    for deal in session.deals[:number]:
        copy.replay_deal(deal.dealer, deal.dealt, deal.plays, declarer=deal.declarer,
                         passed=deal.passed if deal.declarer is None else None,
                         undos=deal.undos)
    return copy


def finished_session(session: Session) -> Session:
    """A copy of ``session`` with only its finished deals, replayed from the log: the deal
    in play, whose hands are hidden, is not in it (what a table gives a replay)."""
    copy = Session(session.rules, session.players, id=session.id, name=session.name,
                   created=session.created, updated=session.updated, undo=session.undo_on)
    for deal in session.deals:
        if not deal.over:
            break
        copy.replay_deal(deal.dealer, deal.dealt, deal.plays, declarer=deal.declarer,
                         passed=deal.passed if deal.declarer is None else None,
                         undos=deal.undos)
    return copy


def finished_deals(session: Session) -> list[int]:
    """The numbers (1-based) of the deals that are over: those a review can look at."""
    return [i for i, d in enumerate(session.deals, start=1) if d.over]


def review_deal(session: Session, number: int, seed: int = SEED,
                progress: Callable[[int, int], None] | None = None) -> DealReview:
    """Review deal ``number`` (1-based) of ``session``; ``ValueError`` if it is not over.

    ``progress(done, total)`` is called after every card (for a progress bar).
    """
    copy = deal_session(session, number)
    deal = copy.deals[-1]
    if not deal.over:
        raise ValueError(f"deal {number} is not over yet: only finished deals are reviewed")
    actions = copy.rewind(0)   # back to the dealt hands, then forward card by card
    total = sum(1 for a in actions if isinstance(a, Play))
    expert = SearchPlayer("expert", EXPERT, seed)
    reviewed: list[CardReview] = []
    size = copy.size
    for index, action in enumerate(actions):
        if isinstance(action, Play):
            reviewed.append(_review_card(copy, action, index, len(reviewed), size, expert))
            if progress is not None:
                progress(len(reviewed), total)
        copy.apply(action)
    return DealReview(number, tuple(p.name for p in session.players), tuple(reviewed))


def review_match(match: Match, number: int,
                 progress: Callable[[int, int], None] | None = None) -> HouseReview:
    """Deal ``number`` of a Polignac ``match`` reviewed (``review_deal``), every card a
    step of the house's review: its place among the deal's actions (la générale's answers
    count), the expert's card, its reason's code and details, both cards' points expected
    and the mark."""
    session = match.own_session()
    if not isinstance(session, Session):
        raise TypeError("not a match of Polignac")
    review = review_deal(session, number, progress=progress)
    return HouseReview(number, tuple(
        Step(c.index + 1, c.seat, c.card, c.best, c.reason.code, c.reason.params,
             (c.played_points, c.best_points), c.mark) for c in review.cards))


def _review_card(session: Session, action: Play, index: int, count: int, size: int,
                 expert: SearchPlayer) -> CardReview:
    """The card ``action`` about to be played in ``session``, against the expert's."""
    view = session.view(action.seat)
    chosen, means, k = expert.decide(view)
    assert isinstance(chosen, Play)
    cards = candidates(k, k.cx.mask(view.legal))
    played = representative(cards, k.cx.to_int[action.card])
    best = representative(cards, k.cx.to_int[chosen.card])
    return CardReview(
        index=index, number=count + 1, trick=count // size + 1, seat=action.seat,
        card=action.card, best=chosen.card,
        played_points=means.get(played, 0.0), best_points=means.get(best, 0.0),
        reason=reason(view, chosen.card, k))
