"""Building sessions and deals for tests: scripted tricks and random legal play."""

from __future__ import annotations

import random
from collections.abc import Sequence

from polignac_tui.games.polignac.engine import Declare, Play, Player, Rules, Session, trick_winner
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.games.polignac.engine.deal import Deal

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio", "Gina", "Hugo")


def table(players: int = 4, **settings: object) -> Session:
    """A session with no deal yet, from Classique with ``settings`` changed."""
    return Session(Rules(**settings), [Player(n) for n in NAMES[:players]])  # type: ignore[arg-type]


def hands_from_tricks(players: int, leader: int, tricks: Sequence[str],
                      rules: Rules) -> list[list[str]]:
    """The hands that play ``tricks`` (each the cards in play order from its leader).

    The leader of each trick after the first is the winner of the one before.
    """
    hands: list[list[str]] = [[] for _ in range(players)]
    for trick in tricks:
        cards = trick.split()
        assert len(cards) == players, trick
        for i, card in enumerate(cards):
            hands[(leader + i) % players].append(card)
        leader = trick_winner(cards, leader, players, rules.order)
    return hands


def deal_tricks(session: Session, dealer: int, tricks: Sequence[str],
                leader: int | None = None) -> Deal:
    """Add a deal whose hands play ``tricks`` (led first by ``leader``); play nothing yet."""
    n = session.size
    first = leader if leader is not None else (dealer + 1) % n
    return session.add_deal(dealer, hands_from_tricks(n, first, tricks, session.rules))


def scripted(session: Session, dealer: int, tricks: Sequence[str],
             declarer: int | None = None, played: int | None = None) -> Deal:
    """Deal the hands that play ``tricks`` and play them until the deal is over.

    With la générale on, seats pass in turn until ``declarer`` declares (or all pass).
    ``played`` stops after that many tricks.
    """
    deal = deal_tricks(session, dealer, tricks, declarer)
    if session.rules.generale:
        while deal.phase == "generale":
            seat = deal.asking
            assert seat is not None
            session.apply(Declare(seat, seat == declarer))
    play_cards(session, " ".join(tricks[:played]))
    return deal


def play_cards(session: Session, cards: str) -> int:
    """Play ``cards`` in order, each by the seat whose turn it is, until the deal is over."""
    played = 0
    for card in cards.split():
        deal = session.current
        if deal is None:
            break
        seat = deal.turn
        assert seat is not None
        session.apply(Play(seat, card))
        played += 1
    return played


def random_session(rules: Rules, players: int, rng: random.Random,
                   steps: int | None = None) -> Session:
    """A session played at random to its end (or for ``steps`` actions)."""
    session = Session.new(rules, [Player(n) for n in NAMES[:players]], rng, id="test")
    done = 0
    while not session.finished and (steps is None or done < steps):
        random_step(session, rng)
        done += 1
    return session


def jack_points_by_trick(deal: Deal) -> list[int]:
    """Each seat's jack points recomputed from the tricks (not from the deal's own count)."""
    points = [0] * deal.players
    for trick in deal.tricks:
        for card in trick.cards:
            if card == "JS":
                points[trick.winner] += 2
            elif card[0] == "J":
                points[trick.winner] += 1
    return points

