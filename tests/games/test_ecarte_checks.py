"""Every worked check of RULES-ecarte.md §10, each its own test, through the seam."""

from __future__ import annotations

import pytest

from polignac_tui.games.base import CardChoice, DealOver, MatchOver, Said, Scored, Shown
from polignac_tui.games.ecarte.match import EcarteMatch
from polignac_tui.games.ecarte.rules import game_value, legal_cards
from polignac_tui.games.errors import RuleError

from .helpers import ecarte_dealt, ecarte_match, play_out, scored, vole_dealt

# The elder (seat 1) wins the first two tricks and the dealer (seat 0) the last three
# when the elder leads KS, QS, 7C (no hearts held, hearts trumps): see each check.
WEAK_ELDER = ("8S 9S KC QC KD", "KS QS 7C 8C 9D")     # seat 0 (dealer), seat 1 (elder)
STRONG_ELDER = ("KS QS 7C 8C 9D", "8S 9S KC QC KD")


def test_a_king_turned_up_scores_for_the_dealer_before_a_card_is_played() -> None:
    match = ecarte_match(first_dealer=0)
    events = match.start_deal(ecarte_dealt(0, WEAK_ELDER, "KH"))
    assert Scored(0, 1, "king_turned_up") in events
    assert Shown(None, ("KH",), None, "turnup") in events
    assert match.totals == (1, 0)
    assert match.view(None).game_part["trumps"] == "H"
    assert match.history == ()


def test_the_elder_plays_without_proposing_and_takes_two_tricks_the_dealer_scores_two() -> None:
    match = ecarte_match(first_dealer=0)
    match.start_deal(ecarte_dealt(0, WEAK_ELDER, "7H"))
    events = play_out(match, ["play", "KS", "8S", "QS", "9S", "7C", "KC", "QC", "8C",
                              "KD", "9D"])
    assert match.deals[-1].won == [3, 2]
    assert Scored(0, 2, "no_proposal") in events
    assert match.totals == (2, 0)
    assert events[-1] == DealOver((2, 0), False)


def test_the_dealer_refuses_and_takes_two_tricks_the_elder_scores_two() -> None:
    match = ecarte_match(first_dealer=0)
    match.start_deal(ecarte_dealt(0, STRONG_ELDER, "7H"))
    events = play_out(match, ["propose", "refuse", "KC", "7C", "QC", "8C", "KD", "9D",
                              "8S", "KS", "QS", "9S"])
    assert match.deals[-1].won == [2, 3]
    assert Scored(1, 2, "refused") in events
    assert match.totals == (0, 2)


def test_after_an_exchange_the_elder_scores_one_for_three_tricks() -> None:
    match = ecarte_match(first_dealer=0)
    match.start_deal(ecarte_dealt(0, STRONG_ELDER, "7H", ["8D", "7S"]))
    events = play_out(match, ["propose", "accept", "discard 8S", "discard 7C", "play",
                              "KC", "8C", "QC", "7S", "KD", "9D", "9S", "KS", "QS", "8D"])
    assert match.deals[-1].won == [2, 3]
    assert Scored(1, 1, "point") in events
    assert match.totals == (0, 1)


def four_three(**overrides: object) -> EcarteMatch:
    """Three deals to 3–4, Bruno (seat 1) dealing the fourth with 4 (vole, vole, then a
    turned-up king for Anna and a vole for Bruno), the fourth dealt with Bruno holding
    the king of hearts, hearts trumps."""
    match = ecarte_match(first_dealer=0, **overrides)
    match.start_deal(vole_dealt(0, winner=1))
    play_out(match, ["play"])
    match.start_deal(vole_dealt(1, winner=0))
    play_out(match, ["play"])
    weak, strong = "8S 7C 8C 9C TC", "QS JS AS TS 9S"
    match.start_deal(ecarte_dealt(0, (weak, strong), "KS"))
    play_out(match, ["play"])
    assert match.totals == (3, 4)
    match.start_deal(ecarte_dealt(1, ("7C 8C 9C JD AD", "KH 8D 9D TD QC"), "7H"))
    return match


def test_a_king_marked_when_play_begins_wins_the_game_at_once() -> None:
    match = four_three()
    events = match.apply("play")
    assert events[-3:] == (Scored(1, 1, "king_marked"), DealOver((0, 1), True),
                           MatchOver((1,), (0,), 1))
    assert Shown(1, ("KH",), None, "king_marked") in events
    assert match.totals == (3, 5)
    assert match.deals[-1].played == [0, 0]
    outcome = match.outcome
    assert outcome is not None and outcome.winners == (1,) and outcome.value == 1
    assert match.turn is None
    with pytest.raises(RuleError) as error:
        match.apply("7C")
    assert error.value.code == "match_over"


def test_a_king_marked_on_ask_after_the_elders_lead_wins_with_one_card_played() -> None:
    match = four_three(mark_king="ask")
    assert match.apply("play") == (Said(0, "play"),)
    assert match.totals == (3, 4)
    match.apply("7C")
    choice = match.choices(1)
    assert isinstance(choice, CardChoice) and choice.words == ("king",)
    events = match.apply("king")
    assert events[-1] == MatchOver((1,), (0,), 1)
    assert match.totals == (3, 5)
    assert sum(match.deals[-1].played) == 1


def test_a_king_not_marked_before_the_holders_first_card_scores_nothing() -> None:
    match = four_three(mark_king="ask")
    match.apply("play")
    match.apply("7C")
    match.apply("QC")
    assert match.totals == (3, 4)
    assert match.turn == 1                      # Bruno won the trick and leads
    with pytest.raises(RuleError) as error:
        match.apply("king")
    assert error.value.code == "king_late"
    assert match.totals == (3, 4)


def ask_diamonds() -> EcarteMatch:
    """Anna deals, diamonds trumps (7D), Bruno the elder holds the K♦."""
    match = ecarte_match(first_dealer=0, mark_king="ask")
    match.start_deal(ecarte_dealt(0, ("8S 9S 8C 9C TC", "KD QS 7C JH AH"), "7D"))
    return match


def test_on_ask_the_elder_marks_the_king_before_the_first_lead() -> None:
    match = ask_diamonds()
    match.apply("play")
    assert match.apply("king") == (Shown(1, ("KD",), None, "king_marked"),
                                   Scored(1, 1, "king_marked"))
    assert match.totals == (0, 1)
    assert match.turn == 1
    assert match.history == ((1, "play"), (1, "king"))


def test_on_ask_the_dealer_who_does_not_hold_the_king_is_refused() -> None:
    match = ask_diamonds()
    match.apply("play")
    match.apply("7C")
    with pytest.raises(RuleError) as error:
        match.apply("king")
    assert error.value.code == "king_not_held"
    assert match.totals == (0, 0)


def test_on_ask_the_elder_after_his_first_card_is_refused() -> None:
    match = ask_diamonds()
    match.apply("play")
    match.apply("QS")
    match.apply("8S")                           # Bruno's queen wins: he leads again
    assert match.turn == 1
    with pytest.raises(RuleError) as error:
        match.apply("king")
    assert error.value.code == "king_late"
    assert match.totals == (0, 0)


def test_on_ask_a_king_during_the_exchange_or_under_auto_is_refused() -> None:
    match = ask_diamonds()
    with pytest.raises(RuleError) as early:
        match.apply("king")
    assert early.value.code == "king_early"
    auto = ecarte_match(first_dealer=0)
    auto.start_deal(ecarte_dealt(0, ("8S 9S 8C 9C TC", "KD QS 7C JH AH"), "7D"))
    auto.apply("play")
    with pytest.raises(RuleError) as error:
        auto.apply("king")
    assert error.value.code == "king_auto"


def test_the_dealer_who_must_discard_may_not_keep_his_hand_while_the_stock_holds_cards() -> None:
    match = ecarte_match(first_dealer=0, dealer_must_discard=True)
    match.start_deal(ecarte_dealt(0, WEAK_ELDER, "7H"))
    match.apply("propose")
    match.apply("accept")
    match.apply("discard 7C")
    assert match.view(0).game_part["stock"] == 20
    with pytest.raises(RuleError) as error:
        match.apply("discard")
    assert error.value.code == "discard_count"
    match.apply("discard KC")
    assert match.turn == 1


def test_an_empty_stock_leaves_the_dealer_only_discard_alone_then_play_begins() -> None:
    match = ecarte_match(first_dealer=0, dealer_must_discard=True)
    match.start_deal(ecarte_dealt(0, WEAK_ELDER, "7H"))
    stock = list(match.deals[-1].stock)
    for _ in range(2):                           # 20 cards go: 1 is left
        match.apply("propose")
        match.apply("accept")
        match.apply("discard " + " ".join(match.deals[-1].hands[1]))
        match.apply("discard " + " ".join(match.deals[-1].hands[0]))
    assert match.view(None).game_part["stock"] == 1
    match.apply("propose")
    match.apply("accept")
    match.apply("discard " + match.deals[-1].hands[1][0])
    assert match.choices(0) is not None and match.choices(0).most == 0   # type: ignore[union-attr]
    with pytest.raises(RuleError):
        match.apply("discard " + match.deals[-1].hands[0][0])
    match.apply("discard")
    assert match.deals[-1].phase == "play" and match.turn == 1
    assert isinstance(match.choices(1), CardChoice)
    assert match.history[-1] == (0, "discard")
    assert set(stock) <= {c for h in match.deals[-1].hands for c in h} | {
        c for d in match.deals[-1].discards for c in d}


def test_forcing_the_follower_must_head_the_nine_of_spades_with_the_ten() -> None:
    assert legal_cards(["TS", "8S", "7C"], "9S", "H", forcing=True) == ("TS",)
    assert legal_cards(["TS", "8S", "7C"], "9S", "H", forcing=False) == ("TS", "8S")
    assert legal_cards(["7H", "KH", "7C"], "9S", "H", forcing=True) == ("7H", "KH")
    match = ecarte_match(first_dealer=0)
    match.start_deal(ecarte_dealt(0, ("TS 8S 7C 8C 9C", "9S KD QD JD AD"), "7H"))
    match.apply("play")
    match.apply("9S")
    with pytest.raises(RuleError) as error:
        match.apply("8S")
    assert error.value.code == "forcing" and "forcing rule" in str(error.value)
    assert match.choices(0) == CardChoice(("TS",))


def test_forcing_void_in_spades_with_two_trumps_either_trump_and_nothing_else() -> None:
    match = ecarte_match(first_dealer=0)
    match.start_deal(ecarte_dealt(0, ("7H KH 7C 8C 9C", "9S KD QD JD AD"), "8H"))
    match.apply("play")
    match.apply("9S")
    assert match.choices(0) == CardChoice(("7H", "KH"))
    with pytest.raises(RuleError) as error:
        match.apply("7C")
    assert error.value.code == "must_trump"


def voles(winners: str) -> EcarteMatch:
    """A match of vole deals, won by seat 0 (``A``) or seat 1 (``B``) in turn."""
    match = ecarte_match(first_dealer=0)
    for index, who in enumerate(winners):
        match.start_deal(vole_dealt(index % 2, winner="AB".index(who)))
        play_out(match, ["play"])
    return match


def test_the_value_anna_wins_six_nil_a_treble() -> None:
    match = voles("AAA")
    assert match.totals == (6, 0)
    assert match.outcome is not None and match.outcome.value == 3
    assert match.view(None).game_part["value"] == "treble"


def test_the_value_anna_wins_six_two_a_double() -> None:
    match = voles("ABAA")
    assert match.totals == (6, 2)
    assert match.outcome is not None and match.outcome.value == 2
    assert match.view(0).game_part["value"] == "double"
    assert match.outcome.winners == (0,) and match.outcome.losers == (1,)


def test_the_value_five_three_or_five_four_is_a_single() -> None:
    assert [game_value(t) for t in (0, 1, 2, 3, 4)] == [3, 2, 2, 1, 1]
    match = four_three()
    match.apply("play")
    assert match.outcome is not None and match.outcome.totals == (3, 5)
    assert match.outcome.value == 1
    assert match.view(1).game_part["value"] == "single"


def test_no_deal_after_the_game_is_won() -> None:
    match = voles("AAA")
    with pytest.raises(RuleError) as error:
        match.start_deal(vole_dealt(1, winner=0))
    assert error.value.code == "match_over"
    assert match.needs_deal is False


def test_scored_events_add_up_to_the_totals() -> None:
    match = ecarte_match(first_dealer=0)
    events = list(match.start_deal(ecarte_dealt(0, WEAK_ELDER, "KH")))
    events += play_out(match, ["play"])
    assert scored(events) == list(match.totals)
