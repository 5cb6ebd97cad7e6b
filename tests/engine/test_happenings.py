"""The engine says what an action made happen: the action, the trick it took, the deal's
end with its points, the session's end (``Deal.apply``, ``Session.apply``)."""

from __future__ import annotations

import random

import pytest

from polignac_tui.games.polignac.engine import (
    DealEnded,
    Declare,
    Play,
    Player,
    Rules,
    Session,
    SessionEnded,
    Trick,
    preset,
)

from .helpers import NAMES, scripted, table


def play_to_the_end(rules: Rules, players: int, seed: int) -> None:
    """A session played at random to its end; per action what the engine told, checked
    against the state it left (the only place anything is compared before and after)."""
    rng = random.Random(seed)
    session = Session(rules, [Player(n) for n in NAMES[:players]])
    told = 0
    while not session.finished:
        if session.needs_deal:
            session.deal_next(rng)
            continue
        deal = session.current
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        action = (Declare(seat, rng.random() < 0.2) if deal.phase == "generale"
                  else Play(seat, rng.choice(deal.legal(seat))))
        tricks, totals = len(deal.tricks), session.totals
        happened = session.apply(action)
        assert happened[0] == action
        rest = list(happened[1:])
        if len(deal.tricks) > tricks:
            assert rest.pop(0) == deal.tricks[-1]
        if deal.over:
            points = deal.points()
            assert points is not None
            assert rest.pop(0) == DealEnded(tuple(points), deal.chelem)
            assert session.totals == [t + p for t, p in zip(totals, points, strict=True)]
        if session.finished:
            assert rest.pop(0) == SessionEnded(tuple(session.winners), tuple(session.losers))
        assert rest == []
        told += len(happened)
    assert told > 0


@pytest.mark.parametrize(("name", "players", "seed"), [
    ("classique", 3, 1), ("classique", 8, 2), ("generale", 4, 3), ("generale", 6, 4),
    ("english", 5, 5), ("italiana", 4, 6)])
def test_every_action_tells_what_it_made_happen(name: str, players: int, seed: int) -> None:
    play_to_the_end(preset(name, players), players, seed)  # type: ignore[arg-type]


def test_a_trick_is_told_with_its_winner_and_the_deal_with_its_points() -> None:
    session = table(4, limit=50)
    tricks = ["AS KS QS TS", "AH KH QH TH", "AD KD QD TD", "AC KC QC TC",
              "JS 9S 8S 7S", "JH 9H 8H 7H", "JD 9D 8D 7D", "JC 9C 8C 7C"]
    deal = scripted(session, 3, tricks, played=7)
    last = tricks[-1].split()
    for card in last[:-1]:
        seat = deal.turn
        assert seat is not None
        assert session.apply(Play(seat, card)) == (Play(seat, card),)
    seat = deal.turn
    assert seat is not None
    happened = session.apply(Play(seat, last[-1]))
    points = deal.points()
    assert points is not None and sum(points) > 0
    assert happened == (Play(seat, last[-1]), Trick(deal.tricks[-1].leader, tuple(last),
                                                   deal.tricks[-1].winner),
                        DealEnded(tuple(points), deal.chelem))


def test_a_declaration_and_a_pass_are_told_as_they_were_made() -> None:
    session = table(4, generale=True)
    session.deal_next(random.Random(9))
    deal = session.current
    assert deal is not None
    first = deal.asking
    assert first is not None
    assert session.apply(Declare(first, False)) == (Declare(first, False),)
    second = deal.asking
    assert second is not None and second != first
    assert session.apply(Declare(second, True)) == (Declare(second, True),)
    assert deal.declarer == second


def test_a_refused_action_tells_nothing_and_changes_nothing() -> None:
    session = table(4)
    session.deal_next(random.Random(2))
    deal = session.current
    assert deal is not None and deal.turn is not None
    other = (deal.turn + 1) % 4
    with pytest.raises(ValueError):
        session.apply(Play(other, deal.hands[other][0]))
    assert deal.actions == [] and deal.plays == []
