"""One deal: scoring, chelem, the early end, la générale, trick variants (§3–§5, §7).

Deals are scripted trick by trick (see ``helpers.scripted``); every trick below is
one suit, so everyone can follow and the highest card decides. Seats: 0 Anna,
1 Bruno, 2 Carla, 3 Dario.
"""

from __future__ import annotations

import pytest

from polignac_tui.games.polignac.engine import Declare, Play, RuleError, preset
from polignac_tui.games.polignac.engine.deal import Deal

from .helpers import deal_tricks, scripted, table

# Dealer Dario (3), Anna leads. Jacks: Anna JS, Bruno JH, Dario JD, Carla JC, all by trick 4.
SPREAD = [
    "KS JS 7S 8S",   # Anna wins
    "7H KH JH 8H",   # Bruno wins
    "7D 8D KD JD",   # Dario wins
    "7C 8C JC KC",   # Carla wins: every jack is taken, two players have tricks
    "QS AS TS 9S", "QH AH TH 9H", "QD AD TD 9D", "QC AC TC 9C",  # Carla wins all four
]
# Dealer Dario, Anna wins the four tricks holding the jacks, then leads the queens.
SWEEP = [
    "KS JS 7S 8S", "KH JH 7H 8H", "KD JD 7D 8D", "KC JC 7C 8C",
    "QS AS TS 9S", "QH AH TH 9H", "QD AD TD 9D", "QC AC TC 9C",
]
# Like SWEEP, but Bruno takes the fifth trick.
SWEEP_BROKEN = [*SWEEP[:4], "9S QS TS AS", "QH AH TH 9H", "QD AD TD 9D", "QC AC TC 9C"]


def test_a_plain_deal_ends_once_every_jack_is_taken() -> None:
    session = table()
    deal = scripted(session, 3, SPREAD)
    assert deal.over and len(deal.tricks) == 4 and len(deal.plays) == 16
    assert deal.points() == [2, 1, 1, 1]
    assert sum(deal.points() or []) == 5
    assert deal.chelem is None
    assert session.totals == [2, 1, 1, 1]
    assert [len(h) for h in deal.hands] == [4, 4, 4, 4]


def test_play_out_plays_every_trick_for_the_same_score() -> None:
    deal = scripted(table(play_out=True), 3, SPREAD)
    assert len(deal.tricks) == 8 and deal.over
    assert deal.points() == [2, 1, 1, 1]


def test_last_trick_penalty_plays_out_and_scores_the_last_trick() -> None:
    deal = scripted(table(last_trick_penalty=True), 3, SPREAD)
    assert len(deal.tricks) == 8
    assert deal.tricks[-1].winner == 2
    assert deal.points() == [2, 1, 2, 1]


def test_first_trick_penalty() -> None:
    deal = scripted(table(first_trick_penalty=True), 3, SPREAD)
    assert len(deal.tricks) == 4
    assert deal.points() == [3, 1, 1, 1]


def test_a_deal_is_not_over_before_every_jack_is_taken() -> None:
    session = table()
    deal = scripted(session, 3, SPREAD, played=3)   # JC still out
    assert not deal.over and deal.points() is None and deal.chelem is None
    assert session.totals == [0, 0, 0, 0]
    assert session.current is deal


def test_automatic_chelem_winning_every_trick() -> None:
    deal = scripted(table(), 3, SWEEP)
    assert len(deal.tricks) == 8
    assert deal.chelem == 0
    assert deal.points() == [0, 5, 5, 5]
    assert sum(deal.points() or []) == 15


def test_automatic_chelem_keeps_the_deal_going_until_someone_else_wins_a_trick() -> None:
    deal = scripted(table(), 3, SWEEP_BROKEN)
    assert len(deal.tricks) == 5 and deal.over
    assert deal.chelem is None
    assert deal.points() == [5, 0, 0, 0]


@pytest.mark.parametrize("chelem", ["off", "declared"])
def test_without_automatic_chelem_the_deal_ends_with_the_last_jack(chelem: str) -> None:
    deal = scripted(table(chelem=chelem), 3, SWEEP)
    assert len(deal.tricks) == 4
    assert deal.chelem is None
    assert deal.points() == [5, 0, 0, 0]


@pytest.mark.parametrize("chelem", ["off", "declared"])
def test_winning_every_trick_undeclared_is_no_chelem(chelem: str) -> None:
    deal = scripted(table(chelem=chelem, play_out=True), 3, SWEEP)
    assert len(deal.tricks) == 8
    assert deal.chelem is None
    assert deal.points() == [5, 0, 0, 0]


def test_a_chelem_scores_zero_and_five_whatever_the_trick_penalties() -> None:
    deal = scripted(table(first_trick_penalty=True, last_trick_penalty=True), 3, SWEEP)
    assert deal.points() == [0, 5, 5, 5]


# -- la générale (dealer Bruno: Carla is asked first and, declaring, leads) ------------------
# Carla wins three tricks with JS and JH, loses the fourth (Bruno takes JD), Dario takes JC.
GENERALE_FAILS = [
    "KS JS 7S 8S",   # Carla
    "KH JH 7H 8H",   # Carla
    "KC 7C 8C 9C",   # Carla
    "7D JD QD KD",   # Bruno wins: the générale has failed
    "TC JC QC AC",   # Dario wins: every jack is taken
    "QS AS TS 9S", "QH AH TH 9H", "AD TD 9D 8D",
]
GENERALE_MADE = [
    "KS JS 7S 8S", "KH JH 7H 8H", "KC JC 8C 9C", "KD JD 7D 8D",
    "QS AS TS 9S", "QH AH TH 9H", "QC AC TC 7C", "QD AD TD 9D",
]
# Carla declares, Bruno wins every trick holding all the jacks.
GENERALE_STOLEN = [
    "7S 8S JS KS", "KH JH 7H 8H", "KD JD 7D 8D", "KC JC 7C 8C",
    "QS AS TS 9S", "QH AH TH 9H", "QD AD TD 9D", "QC AC TC 9C",
]


def test_worked_check_failed_generale_scores_exactly_five() -> None:
    session = table(generale=True, chelem="declared")
    deal = scripted(session, 1, GENERALE_FAILS, declarer=2)
    assert deal.declarer == 2
    assert deal.taken[2] == ["JS", "JH"]
    assert len(deal.tricks) == 5
    assert deal.generale_made is False and deal.chelem is None
    assert deal.points() == [0, 1, 5, 1]


def test_failed_generale_ignores_trick_penalties_for_the_declarer() -> None:
    session = table(generale=True, first_trick_penalty=True, last_trick_penalty=True)
    deal = scripted(session, 1, GENERALE_FAILS, declarer=2)
    assert len(deal.tricks) == 8
    assert deal.tricks[0].winner == 2 and deal.tricks[-1].winner == 3
    assert deal.points() == [0, 1, 5, 2]


@pytest.mark.parametrize("chelem", ["automatic", "declared", "off"])
def test_generale_made_scores_zero_and_five(chelem: str) -> None:
    session = table(generale=True, chelem=chelem, first_trick_penalty=True,
                    last_trick_penalty=True)
    deal = scripted(session, 1, GENERALE_MADE, declarer=2)
    assert deal.chelem == 2 and deal.generale_made is True
    assert deal.points() == [5, 5, 0, 5]


def test_generale_made_is_played_to_the_last_trick() -> None:
    session = table(generale=True)
    deal = scripted(session, 1, GENERALE_MADE, declarer=2, played=4)
    assert not deal.over, "the declarer still wins everything: play goes on"


def test_in_a_generale_deal_only_the_declarers_lost_trick_matters() -> None:
    # under automatic chelem Bruno could still win every trick, but la générale was declared
    session = table(generale=True, chelem="automatic")
    deal = scripted(session, 1, GENERALE_STOLEN, declarer=2)
    assert len(deal.tricks) == 4
    assert deal.points() == [0, 5, 5, 0]


def test_another_player_winning_every_trick_in_a_generale_deal_is_no_chelem() -> None:
    session = table(generale=True, chelem="automatic", play_out=True)
    deal = scripted(session, 1, GENERALE_STOLEN, declarer=2)
    assert len(deal.tricks) == 8 and all(t.winner == 1 for t in deal.tricks)
    assert deal.chelem is None and deal.generale_made is False
    assert deal.points() == [0, 5, 5, 0]


def test_generale_is_asked_in_turn_from_the_would_be_leader() -> None:
    session = table(generale=True)
    deal = deal_tricks(session, 1, SPREAD)
    assert deal.phase == "generale" and deal.asking == 2 and deal.turn == 2
    assert session.view(2).asked and not session.view(3).asked
    with pytest.raises(RuleError, match="Carla's turn to declare or pass, not Dario's"):
        session.apply(Declare(3, True))
    with pytest.raises(RuleError, match="before everyone was asked") as error:
        session.apply(Play(2, deal.hands[2][0]))
    assert error.value.rule == "generale_pending"
    session.apply(Declare(2, False))
    session.apply(Declare(3, False))
    assert deal.asking == 0
    session.apply(Declare(0, True))
    assert deal.phase == "play" and deal.declarer == 0 and deal.leader == 0 and deal.turn == 0
    assert deal.passed == 2
    with pytest.raises(RuleError, match="Anna has already declared"):
        session.apply(Declare(1, True))


def test_when_everyone_passes_the_player_after_the_dealer_leads() -> None:
    session = table(generale=True)
    deal = deal_tricks(session, 1, SPREAD)
    for seat in (2, 3, 0, 1):
        session.apply(Declare(seat, False))
    assert deal.phase == "play" and deal.declarer is None and deal.turn == 2
    assert deal.passed == 4
    with pytest.raises(RuleError, match="before the first card"):
        session.apply(Declare(2, True))


def test_generale_cannot_be_declared_when_the_setting_is_off() -> None:
    session = table()
    deal_tricks(session, 1, SPREAD)
    with pytest.raises(RuleError, match="not played in this session") as error:
        session.apply(Declare(2, True))
    assert error.value.rule == "generale_off"


# -- refusing illegal actions ---------------------------------------------------------------
def test_illegal_actions_name_the_player_and_the_rule() -> None:
    session = table()
    deal = deal_tricks(session, 3, SPREAD)
    assert "KH" not in deal.hands[0] and "KH" in deal.hands[1]
    with pytest.raises(RuleError, match="Anna's turn to play, not Bruno's") as error:
        session.apply(Play(1, "KH"))
    assert error.value.rule == "not_your_turn"
    with pytest.raises(RuleError, match="KH is not in the hand of Anna") as error:
        session.apply(Play(0, "KH"))
    assert error.value.rule == "not_held"
    with pytest.raises(RuleError, match="seat 7 is not at this table"):
        session.apply(Play(7, "KH"))
    assert deal.plays == []


def test_jack_guard_refuses_the_king_over_your_own_jack() -> None:
    session = table(jack_guard=True)
    session.add_deal(3, [
        ["KS", "JS", "7H", "8H", "9H", "TH", "AH", "QH"],
        ["7S", "8S", "KH", "JH", "9S", "TS", "AS", "QS"],
        ["KD", "JD", "7D", "8D", "9D", "TD", "AD", "QD"],
        ["KC", "JC", "7C", "8C", "9C", "TC", "AC", "QC"],
    ])
    with pytest.raises(RuleError, match="KS: you may not play the king of spades while you "
                                        "hold the jack of spades") as error:
        session.apply(Play(0, "KS"))
    assert error.value.rule == "illegal_card"
    session.apply(Play(0, "JS"))
    with pytest.raises(RuleError, match="KH: you must follow spades: you hold a spade"):
        session.apply(Play(1, "KH"))
    session.apply(Play(1, "7S"))
    assert session.current is not None and session.current.plays == ["JS", "7S"]


def test_a_deal_checks_its_hands() -> None:
    rules = preset("classique")
    good = [["KS"] * 8] * 4
    with pytest.raises(RuleError, match="dealt twice"):
        Deal(rules, 4, 0, good)
    with pytest.raises(RuleError, match="3 hands dealt for 4 players"):
        Deal(rules, 4, 0, good[:3])
    with pytest.raises(RuleError, match="dealer 4 is not a seat"):
        Deal(rules, 4, 4, good)
    session = table(3)
    hands = [["7H", "KS", "QS", "JS", "AS", "TS", "9S", "8S", "7S", "KH"],
             ["QH", "JH", "AH", "TH", "9H", "8H", "KD", "QD", "JD", "AD"],
             ["TD", "9D", "8D", "KC", "QC", "JC", "AC", "TC", "9C", "8C"]]
    with pytest.raises(RuleError, match="7H dealt to Anna is not in the 30-card deck of 3 "
                                        r"players \(red sevens removed\)"):
        session.add_deal(0, hands)
    with pytest.raises(RuleError, match="Bruno was dealt 9 cards, not 10"):
        session.add_deal(0, [[*hands[0][1:], "7C"], hands[1][1:], [*hands[2], hands[1][0]]])
