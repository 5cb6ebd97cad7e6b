"""The session across deals: dealer rotation, totals, the end, losers and winners (§2, §6, §9)."""

from __future__ import annotations

import random

import pytest

from polignac_tui.games.polignac.engine import Play, Player, RuleError, Rules, Session, deck, preset

from .helpers import NAMES, random_session, scripted, table
from .test_deal import SPREAD, SWEEP

# Worked check 3: Bruno takes JS, Anna JH and JD, Carla JC (dealer Dario, Anna leads).
LAST_DEAL = [
    "7S KS JS 8S",   # Bruno
    "7H JH 8H KH",   # Anna
    "KD JD 7D 8D",   # Anna
    "7C 8C KC JC",   # Carla
    "QS AS TS 9S", "QH AH TH 9H", "QD AD TD 9D", "QC AC TC 9C",
]


def test_worked_check_plain_deals_sum_to_five_or_a_chelem_to_fifteen() -> None:
    session = random_session(Rules(end="deals", limit=300), 4, random.Random(9))
    sums = {sum(d.points() or []) for d in session.deals}
    assert sums <= {5, 15} and 5 in sums
    for d in session.deals:
        assert sum(d.points() or []) == (15 if d.chelem is not None else 5)


def test_worked_check_three_players_with_red_sevens_removed() -> None:
    rng = random.Random(3)
    session = Session.new(Rules(end="deals", limit=40), [Player(n) for n in NAMES[:3]], rng)
    for _ in range(40):
        deal = session.current
        assert deal is not None
        dealt = [c for h in deal.dealt for c in h]
        assert len(dealt) == 30 == len(set(dealt))
        assert [len(h) for h in deal.dealt] == [10, 10, 10]
        assert "7H" not in dealt and "7D" not in dealt
        for card in ("7S", "7C"):
            assert card in dealt
        # play the deal out at random and deal the next
        while session.current is not None:
            seat = deal.turn
            assert seat is not None
            session.apply(Play(seat, rng.choice(deal.legal(seat))))
        if session.needs_deal:
            session.deal_next(rng)
    assert session.finished


def test_worked_check_the_point_limit_and_who_pays_the_cognac() -> None:
    session = table(limit=20)
    # the totals before the last deal (A 18, B 19, C 12, D 3): earlier deals are not the
    # point of this check, so they are set directly
    session._totals = [18, 19, 12, 3]
    assert not session.finished
    deal = scripted(session, 3, LAST_DEAL)
    assert deal.points() == [2, 2, 1, 0]
    assert session.totals == [20, 21, 13, 3]
    assert session.finished
    assert session.losers == [1]
    assert session.winners == [0, 2, 3]
    with pytest.raises(RuleError, match="session is already over"):
        session.deal_next(random.Random(0))
    with pytest.raises(RuleError, match="session is over"):
        session.apply(Play(0, "QS"))


def play_spread_round(session: Session) -> list[list[int]]:
    """Four SPREAD deals, each dealer in turn: the points rotate with the leader."""
    points = []
    for dealer in (3, 0, 1, 2):
        deal = scripted(session, dealer, SPREAD)
        points.append(deal.points() or [])
    return points


def test_points_rotate_with_the_dealer() -> None:
    session = table(end="deals", limit=4)
    points = play_spread_round(session)
    assert points == [[2, 1, 1, 1], [1, 2, 1, 1], [1, 1, 2, 1], [1, 1, 1, 2]]
    assert [d.dealer for d in session.deals] == [3, 0, 1, 2]


def test_number_of_deals_everyone_tied_pays_and_nobody_wins() -> None:
    session = table(end="deals", limit=4)
    play_spread_round(session)
    assert session.finished and session.totals == [5, 5, 5, 5]
    assert session.losers == [0, 1, 2, 3]
    assert session.winners == []


def test_point_limit_everyone_tied_all_lose() -> None:
    session = table(limit=5)
    play_spread_round(session)
    assert session.finished and session.totals == [5, 5, 5, 5]
    assert session.losers == [0, 1, 2, 3] and session.winners == []


def test_number_of_deals_ties_share_the_loss_and_the_win() -> None:
    session = table(end="deals", limit=2)
    scripted(session, 3, SPREAD)
    assert not session.finished and session.losers == [] and session.winners == []
    assert session.finished_deals == 1
    scripted(session, 0, SPREAD)
    assert session.totals == [3, 3, 2, 2]
    assert session.finished and session.finished_deals == 2
    assert session.losers == [0, 1]
    assert session.winners == [2, 3]


def test_number_of_deals_winners_are_the_lowest_of_the_rest() -> None:
    session = table(end="deals", limit=3)
    scripted(session, 3, SWEEP)   # Anna's chelem: 0 5 5 5
    scripted(session, 0, SPREAD)  # 1 2 1 1
    scripted(session, 1, SPREAD)  # 1 1 2 1
    assert session.totals == [2, 8, 8, 7]
    assert session.losers == [1, 2]
    assert session.winners == [0]


def test_point_limit_ties_all_lose_everyone_else_wins() -> None:
    session = table(limit=20)
    session._totals = [18, 19, 0, 0]   # set directly, as in the worked check
    scripted(session, 3, SPREAD)        # 2 1 1 1
    assert session.totals == [20, 20, 1, 1]
    assert session.losers == [0, 1] and session.winners == [2, 3]


def test_passing_the_limit_ends_the_session() -> None:
    session = table(limit=1)
    scripted(session, 3, SPREAD)
    assert session.finished and session.losers == [0] and session.winners == [1, 2, 3]
    assert session.current is None and not session.needs_deal and session.turn is None


def test_the_dealer_rotates_and_is_checked() -> None:
    rng = random.Random(5)
    session = Session.new(Rules(end="deals", limit=10), [Player(n) for n in NAMES[:5]], rng)
    first = session.deals[0].dealer
    with pytest.raises(RuleError, match="deal 1 is not over yet"):
        session.deal_next(rng)
    while not session.finished:
        deal = session.current
        if deal is None:
            session.deal_next(rng)
            continue
        seat = deal.turn
        assert seat is not None
        session.apply(Play(seat, rng.choice(deal.legal(seat))))
    assert [d.dealer for d in session.deals] == [(first + i) % 5 for i in range(10)]
    assert all(d.tricks[0].leader == (d.dealer + 1) % 5 for d in session.deals)


def test_a_wrong_dealer_is_refused_by_name() -> None:
    session = table()
    scripted(session, 3, SPREAD)
    hands = [list(h) for h in session.deals[0].dealt]
    with pytest.raises(RuleError, match="the dealer should be Anna, the next after the last "
                                        "dealer, not Carla") as error:
        session.add_deal(2, hands)
    assert error.value.rule == "dealer"
    with pytest.raises(RuleError, match="no deal is in play"):
        session.apply(Play(1, hands[1][0]))
    assert session.needs_deal


def test_the_first_dealer_is_drawn_with_the_rng_passed_in() -> None:
    players = [Player(n) for n in NAMES[:4]]
    dealers = {Session.new(Rules(), players, random.Random(s)).deals[0].dealer
               for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    a = Session.new(Rules(), players, random.Random(7))
    b = Session.new(Rules(), players, random.Random(7))
    assert a.deals[0].dealt == b.deals[0].dealt and a.deals[0].dealer == b.deals[0].dealer


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("sevens", ["red", "black"])
def test_every_table_size_deals_the_whole_deck(players: int, sevens: str) -> None:
    rng = random.Random(players)
    session = Session.new(Rules(sevens_removed=sevens), [Player(n) for n in NAMES[:players]],
                          rng)
    dealt = session.deals[0].dealt
    assert sorted(c for h in dealt for c in h) == sorted(deck(players, sevens))
    assert len({len(h) for h in dealt}) == 1
    if players == 7:
        assert not any(c[0] == "7" for h in dealt for c in h)
    if players == 8:
        assert [len(h) for h in dealt] == [4] * 8


def test_players_are_checked() -> None:
    with pytest.raises(RuleError, match="3 to 8 players, not 2"):
        Session(Rules(), [Player("A"), Player("B")])
    with pytest.raises(RuleError, match="3 to 8 players, not 9"):
        Session(Rules(), [Player(f"P{i}") for i in range(9)])
    with pytest.raises(RuleError, match="two players are named 'anna'"):
        Session(Rules(), [Player("Anna"), Player("Bruno"), Player("anna")])
    with pytest.raises(RuleError, match="needs a name"):
        Player(" ")
    with pytest.raises(RuleError, match="level None is not one of easy"):
        Player("Bot", "computer")
    with pytest.raises(RuleError, match="only computer players have a level"):
        Player("Anna", "human", "hard")
    with pytest.raises(RuleError, match="kind 'robot'"):
        Player("Anna", "robot")
    with pytest.raises(RuleError, match="at most 24 printable"):
        Player("a\nb")
    assert Player("Bot", "computer", "expert").level == "expert"


def test_the_english_preset_ends_after_two_deals_per_player() -> None:
    rng = random.Random(11)
    rules = preset("english", 3)
    session = random_session(rules, 3, rng)
    assert session.finished and len(session.deals) == 6
    assert session.losers and all(s not in session.losers for s in session.winners)
