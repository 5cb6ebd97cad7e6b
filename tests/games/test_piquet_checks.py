"""Every worked check of RULES-piquet.md §10, each its own test, through the seam; then
the rules around them (carte blanche, the talon, the answers, the tricks)."""

from __future__ import annotations

import random

import pytest

from polignac_tui.games.base import (
    CardChoice,
    CardPlayed,
    CardsChoice,
    DealOver,
    Discarded,
    Disclosed,
    Event,
    MatchOver,
    Said,
    Scored,
    Shown,
    WordChoice,
    visible,
)
from polignac_tui.games.errors import RuleError
from polignac_tui.games.piquet.fileformat import summary
from polignac_tui.games.piquet.match import PiquetMatch
from polignac_tui.games.piquet.rules import (
    partie_over,
    partie_result,
    point_of,
    sequences_of,
    sets_of,
)

from .helpers import (
    mirrored,
    piquet_dealt,
    piquet_match,
    random_action,
    scored,
    view_cards,
)

# In every deal below Anna (seat 0) deals: she is the younger, Bruno (seat 1) the elder.
POINT = (("KH QH JH 8H 7H KS QS AD QD QC JC 8C", "AC KC TC 9C 7C AS 9S 7S AH 9H KD 9D"),
         "JS TS 8S TH JD TD 8D 7D")
SEQUENCES = (("TS 9S 8S 7S AH KH 7H KD QD 9D AC TC", "QH JH TH 9H KC QC JC 9C AS KS AD 7D"),
             "8C 7C QS JS 8H JD TD 8D")
REPIQUE = (("AS KS QS JS 9S 8S AD KD QD JD 9D 7D", "AH KH QH JH TH 9H TS TD TC 7S 8D 7C"),
           "8C AC 8H 7H KC QC JC 9C")
PIQUE = (("9S 8S 7S QH JH TH 9H 8H QD JD TD 9D", "AS KS QS JS TS AH KH AD AC 7H 7D 8C"),
         "7C 8D KD KC QC JC TC 9C")
VIEWS = (("AS KS QS AH KH QH AD KD QD JC TC 7H", "JS TS 9S 8S 7S JH TH 9H JD TD 9D 8D"),
         "7D 9C 8H AC KC QC 8C 7C")
CARTE_BLANCHE = (("AS TS 9S 8S AH TH 9H AD TD 9D AC TC", "KS QS JS KH QH JH KD QD JD KC QC JC"),
                 "7S 8H 7H 8D 7D 9C 8C 7C")


def hand(text: str) -> list[str]:
    return text.split()


def dealt(deal: tuple[tuple[str, str], str], dealer: int = 0) -> PiquetMatch:
    match = piquet_match(first_dealer=dealer)
    match.start_deal(piquet_dealt(dealer, *deal))
    return match


def apply_all(match: PiquetMatch, actions: list[str]) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events.extend(match.apply(action))
    return events


# -- §10, one test each ------------------------------------------------------------------------
def test_point_five_clubs_of_47_beat_five_hearts_of_45_and_score_five() -> None:
    assert point_of(hand("AC KC TC 9C 7C 8H 7H"), "cards").key == (5, 47)
    assert point_of(hand("KH QH JH 8H 7H AC 7C"), "cards").key == (5, 45)
    match = dealt(POINT)
    events = apply_all(match, ["discard 7S", "discard 8C", "nolook", "declare point",
                               "declare point"])
    assert events[-2:] == [Said(0, "good point"), Scored(1, 5, "point")]
    assert match.totals == (0, 5)


def test_point_by_value_ten_nine_eight_seven_of_spades_scores_three_not_four() -> None:
    spades = hand("TS 9S 8S 7S AH 8D")
    assert point_of(spades, "value").worth == 3
    assert point_of(spades, "cards").worth == 4
    assert point_of(hand("AC KC TC 9C 7C"), "value").worth == 5      # 47: a half up from 4.7
    assert point_of(hand("KH QH JH 8H 7H"), "value").worth == 5      # 45: a half up
    match = piquet_match(first_dealer=0, point_score="value")
    match.start_deal(piquet_dealt(0, *POINT))
    events = apply_all(match, ["discard 7S", "discard 8C", "nolook", "declare point",
                               "declare point"])
    assert Scored(1, 5, "point") in events


def test_sequences_a_quart_to_the_queen_beats_a_quart_to_the_ten_and_a_tierce_counts() -> None:
    queen = sequences_of(hand("QH JH TH 9H KC QC JC 9C"))
    ten = sequences_of(hand("TS 9S 8S 7S AH KH"))
    assert queen is not None and ten is not None
    assert queen.key > ten.key and (queen.worth, ten.worth) == (7, 4)
    match = dealt(SEQUENCES)
    events = apply_all(match, ["discard 7D", "discard 7H", "nolook", "declare sequence",
                               "declare sequence"])
    elder = match.deals[-1].declared[1]
    assert elder is not None and elder["sequence"].parts == (("QH", "JH", "TH", "9H"),
                                                           ("KC", "QC", "JC"))
    assert events[-2:] == [Said(0, "good sequence"), Scored(1, 7, "sequence")]
    assert match.totals == (0, 7)


def test_sets_aces_beat_kings_and_a_quatorze_of_tens_beats_a_trio_of_aces() -> None:
    aces = sets_of(hand("AS AH AD 7C"))
    kings = sets_of(hand("KS KH KD 7C"))
    tens = sets_of(hand("TS TH TD TC 9C"))
    assert aces is not None and kings is not None and tens is not None
    assert aces.key > kings.key and aces.worth == 3
    assert tens.key > aces.key and tens.worth == 14
    # at the table: Bruno's quatorze of tens (REPIQUE) against Anna's trio of aces
    match = dealt(REPIQUE)
    events = apply_all(match, ["discard 7C", "discard 7D", "nolook", "declare sets",
                               "declare sets"])
    assert events[-2:] == [Said(0, "good sets"), Scored(1, 14, "sets")]


def test_repique_point_six_sixieme_and_quatorze_make_96_before_the_first_lead() -> None:
    match = dealt(REPIQUE)
    events = apply_all(match, ["discard 7C", "discard 7D", "nolook",
                               "declare point sequence sets", "declare"])
    assert [e for e in events if isinstance(e, Scored)] == [
        Scored(1, 6, "point"), Scored(1, 16, "sequence"), Scored(1, 14, "sets"),
        Scored(1, 60, "repique")]
    assert match.totals == (0, 96)
    assert match.deals[-1].tricks == [] and match.turn == 1


def test_pique_twenty_then_nine_tricks_led_and_won_then_the_tenth_lead_makes_sixty() -> None:
    match = dealt(PIQUE)
    apply_all(match, ["discard 7D", "discard 9D", "nolook", "declare point sequence",
                      "declare"])
    assert match.totals == (0, 20)
    apply_all(match, ["AS", "7S", "KS", "8S", "QS", "9S", "JS", "8H", "TS", "9H", "AH", "TH",
                      "KH", "JH", "AD", "8D", "AC", "QH"])
    assert match.totals == (0, 29) and match.deals[-1].won == [0, 9]
    events = match.apply("7H")
    assert events[-2:] == (Scored(1, 1, "lead"), Scored(1, 30, "pique"))
    assert match.totals == (0, 60)


def test_rubicon_the_value_of_a_partie() -> None:
    assert partie_result("partie", (140, 90)) == ((0,), (1,), 330)       # 100 + 140 + 90
    assert partie_result("partie", (180, 120)) == ((0,), (1,), 160)      # 100 + 60
    assert partie_result("partie", (120, 180)) == ((1,), (0,), 160)


def test_the_younger_must_exchange_in_rubicon_not_in_au_cent() -> None:
    match = dealt(POINT)
    match.apply("discard 7S")
    choice = match.choices(0)
    assert choice == CardsChoice(tuple(choice.cards), 1, 7)              # type: ignore[union-attr]
    with pytest.raises(RuleError) as error:
        match.apply("discard")
    assert error.value.code == "discard_count"
    assert str(error.value) == "Anna must discard 1 to 7 cards (the talon holds 7), not 0"
    cent = piquet_match(first_dealer=0, preset="cent")
    cent.start_deal(piquet_dealt(0, *POINT))
    cent.apply("discard 7S")
    assert cent.apply("discard") == (Discarded(0, 0),)
    assert cent.deals[-1].phase == "look" and cent.deals[-1].taken == [0, 1]


def test_no_card_left_nothing_is_written_between_and_a_look_is_refused() -> None:
    match = dealt(POINT)
    match.apply("discard 7S 9S AS 9H AH")
    match.apply("discard 8C JC QC")
    assert match.deals[-1].phase == "declare_elder" and match.turn == 1
    with pytest.raises(RuleError) as error:
        match.apply("look")
    assert error.value.code == "not_now"
    assert "no card is left in the talon" in str(error.value)
    match.apply("declare point")
    assert match.history == ((1, "discard 7S 9S AS 9H AH"), (0, "discard 8C JC QC"),
                             (1, "declare point"))


def test_three_cards_left_the_younger_must_look_or_not_before_any_declaration() -> None:
    match = dealt(POINT)
    match.apply("discard 7S 9S AS")
    match.apply("discard 8C JC")
    assert match.choices(0) == WordChoice(("look", "nolook"))
    assert match.view(None).game_part["talon"] == 3
    with pytest.raises(RuleError) as error:
        match.apply("declare point")
    assert error.value.code == "not_now"
    with pytest.raises(RuleError):
        match.apply("declare point", seat=1)
    assert match.apply("look") == (Said(0, "look"),
                                   Shown(None, ("TD", "8D", "7D"), 0, "talon_rest"))


def test_views_not_scores_the_younger_s_21_count_at_once_but_reach_the_elder_after_his_lead(
) -> None:
    match = dealt(VIEWS)
    events = apply_all(match, ["discard 8D", "discard 7H", "nolook", "declare",
                               "declare sequence sets"])
    assert summary(match)["totals"] == [21, 0] and match.totals == (21, 0)
    assert events[-3:] == [Said(0, "declare sequence sets", 0), Scored(0, 12, "sequence", 0),
                           Scored(0, 9, "sets", 0)]
    assert not any(visible(e, 1) or visible(e, None) for e in events[-3:])
    hers = set(match.deals[-1].hands[0])
    for seat in (1, None):                       # the elder and a watcher
        view = match.view(seat)
        assert view.totals == (0, 0)
        assert view.game_part["declared"] == [None, []]
        assert view.game_part["points"] == [0, 0] and view.game_part["scored"] == []
        saw = set(match.deals[-1].elder_saw) if seat == 1 else set()    # 9C: he saw it
        assert "9C" in hers and not (hers - saw) & view_cards(view)
    younger = match.view(0)
    assert younger.totals == (21, 0) and younger.game_part["points"] == [21, 0]
    declared = younger.game_part["declared"]
    assert isinstance(declared, list) and declared[1] == []
    lead = match.apply("JS")
    assert lead[1:5] == (Shown(0, ("AS", "KS", "QS", "AH", "KH", "QH", "AD", "KD", "QD", "JC",
                                   "TC", "9C"), None, "sequence"),
                         Shown(0, ("AS", "AH", "AD", "KS", "KH", "KD", "QS", "QH", "QD"),
                               None, "sets"),
                         Disclosed(0, 12, "sequence", 0), Disclosed(0, 9, "sets", 0))
    assert lead[5] == Scored(1, 1, "lead")
    for seat in (1, None):
        view = match.view(seat)
        assert view.totals == (21, 1)
        parts = view.game_part["declared"]
        assert isinstance(parts, list) and isinstance(parts[0], list)
        assert [p["kind"] for p in parts[0] if isinstance(p, dict)] == ["sequence", "sets"]


def test_a_tied_partie_deals_7_and_8_then_draws_or_is_won() -> None:
    assert not partie_over("partie", 100, 6, (222, 222))
    assert not partie_over("partie", 100, 7, (296, 246))
    assert partie_over("partie", 100, 8, (296, 296))
    assert partie_result("partie", (296, 296)) == ((), (), 0)
    assert partie_result("partie", (296, 246)) == ((0,), (1,), 150)
    rng = random.Random(7)
    drawn = piquet_match(first_dealer=0)
    for _ in range(4):                           # four mirrored pairs: always equal totals
        play_pair(drawn, piquet_dealt(0, *VIEWS), rng)
        assert drawn.totals[0] == drawn.totals[1]
    assert len(drawn.deals) == 8 and drawn.finished
    assert drawn.outcome is not None and drawn.outcome.winners == () == drawn.outcome.losers
    assert drawn.outcome.value == 0
    assert summary(drawn)["value"] == 0 and summary(drawn)["winners"] == []
    won = piquet_match(first_dealer=0)
    for _ in range(3):
        play_pair(won, piquet_dealt(0, *VIEWS), rng)
    assert not won.finished and won.needs_deal and won.view(None).game_part["deals_to_play"] == 8
    won.start_deal(piquet_dealt(0, *PIQUE))
    end = play_random(won, rng)
    assert not won.finished
    won.start_deal(mirrored(piquet_dealt(0, *REPIQUE)))
    end = play_random(won, rng)
    assert won.finished and won.totals[0] != won.totals[1]
    outcome = won.outcome
    assert outcome is not None and isinstance(end[-1], MatchOver)
    assert outcome.value == partie_result("partie", won.totals)[2]


def test_a_seventh_deal_after_six_with_unequal_totals_is_refused() -> None:
    rng = random.Random(3)
    match = piquet_match(first_dealer=0)
    for index in range(6):
        deal = (VIEWS, PIQUE, REPIQUE, POINT, SEQUENCES, VIEWS)[index]
        match.start_deal(piquet_dealt(0, *deal) if index % 2 == 0
                         else mirrored(piquet_dealt(0, *deal)))
        events = play_random(match, rng)
    assert match.totals[0] != match.totals[1] and match.finished
    assert isinstance(events[-1], MatchOver) and isinstance(events[-2], DealOver)
    with pytest.raises(RuleError) as error:
        match.start_deal(piquet_dealt(0, *VIEWS))
    assert error.value.code == "match_over"


def test_au_cent_to_24_equal_totals_past_the_limit_mean_one_more_deal() -> None:
    assert not partie_over("points", 24, 1, (22, 2))
    assert not partie_over("points", 24, 2, (24, 24))
    assert partie_over("points", 24, 3, (96, 26))
    assert partie_result("points", (96, 26)) == ((0,), (1,), 70)
    # at the table: a deal, then the same deal mirrored, with the limit between one
    # player's points after the first and both totals after the second
    scratch = piquet_match(first_dealer=0, preset="cent")
    scratch.start_deal(piquet_dealt(0, *PIQUE))
    apply_all(scratch, PIQUE_PLAY)
    first = scratch.totals
    limit = max(first) + 1
    assert min(first) and limit <= sum(first)
    match = piquet_match(first_dealer=0, preset="cent", limit=limit)
    match.start_deal(piquet_dealt(0, *PIQUE))
    apply_all(match, PIQUE_PLAY)
    assert match.totals == first and not match.finished
    match.start_deal(mirrored(piquet_dealt(0, *PIQUE)))
    apply_all(match, PIQUE_PLAY)
    assert match.totals[0] == match.totals[1] >= limit and not match.finished
    match.start_deal(piquet_dealt(0, *VIEWS))
    events = play_random(match, random.Random(1))
    assert match.finished and isinstance(events[-1], MatchOver)
    winner = 0 if match.totals[0] > match.totals[1] else 1
    assert events[-1] == MatchOver((winner,), (1 - winner,),
                                   abs(match.totals[0] - match.totals[1]))


# Bruno keeps one card short of a pique: he leads 7H early, Anna wins it and scores.
PIQUE_PLAY = ["discard 7D", "discard 9D", "nolook", "declare point sequence", "declare",
              "7H", "8H", "QH", "AH", "KH", "JH", "AS", "7S", "KS", "8S", "QS", "9S", "JS",
              "TH", "TS", "9H", "AD", "8D", "AC", "QD", "7C", "JD", "8C", "TD"]


def play_random(match: PiquetMatch, rng: random.Random) -> list[Event]:
    """Play the deal in play to its end at random."""
    events: list[Event] = []
    for _ in range(60):
        seat = match.turn
        if seat is None:
            return events
        choice = match.choices(seat)
        assert choice is not None
        events.extend(match.apply(random_action(choice, rng)))
    raise AssertionError("the deal did not end in 60 actions")


def play_pair(match: PiquetMatch, deal: object, rng: random.Random) -> None:
    """``deal`` played at random, then mirrored and played with the same actions: each
    player scores in the second what the other scored in the first."""
    from polignac_tui.games.base import Dealt

    assert isinstance(deal, Dealt)
    match.start_deal(deal)
    play_random(match, rng)
    actions = match.log[-1].actions
    match.start_deal(mirrored(deal))
    apply_all(match, list(actions))
    first, second = match.deals[-2].points, match.deals[-1].points
    assert first == second[::-1]


# -- around the checks ---------------------------------------------------------------------
def test_carte_blanche_scores_ten_at_once_and_shows_the_hand_to_the_other_only() -> None:
    match = piquet_match(first_dealer=0)
    events = match.start_deal(piquet_dealt(0, *CARTE_BLANCHE))
    hand = ("AS", "TS", "9S", "8S", "AH", "TH", "9H", "AD", "TD", "9D", "AC", "TC")
    assert events[1:] == (Shown(0, hand, 1, "carte_blanche"), Scored(0, 10, "carte_blanche"))
    assert match.totals == (10, 0) and match.turn == 1
    assert match.view(1).game_part["carte_blanche_hands"] == [list(hand), []]
    assert match.view(None).game_part["carte_blanche_hands"] == [[], []]
    assert match.view(None).game_part["carte_blanche"] == [True, False]


def test_the_elder_alone_sees_the_cards_of_his_five_he_left() -> None:
    match = dealt(POINT)
    events = match.apply("discard 7S 9S")
    assert events == (Discarded(1, 2), Shown(None, ("8S", "TH", "JD"), 1, "talon_left"))
    assert match.view(1).game_part["talon_seen"] == ["8S", "TH", "JD"]
    assert match.view(0).game_part["talon_seen"] == []
    assert match.view(None).game_part["talon_seen"] == []
    assert match.view(0).game_part["taken"] == [0, 2]


def test_look_the_younger_sees_the_rest_at_once_the_elder_after_his_first_lead() -> None:
    match = dealt(POINT)
    apply_all(match, ["discard 7S", "discard 8C", "look"])
    rest = ["8S", "TH", "JD", "TD", "8D", "7D"]
    assert match.view(0).game_part["talon_seen"] == rest
    assert match.view(1).game_part["talon_seen"] == ["TS", "8S", "TH", "JD"]
    apply_all(match, ["declare", "declare"])
    events = match.apply("AC")
    assert Shown(None, tuple(rest), 1, "talon_rest") in events
    assert match.view(1).game_part["talon_seen"] == ["TS", "8S", "TH", "JD", "TD", "8D", "7D"]
    assert match.view(None).game_part["talon_seen"] == []


def test_nolook_nobody_ever_sees_the_rest() -> None:
    match = dealt(POINT)
    apply_all(match, ["discard 7S", "discard 8C", "nolook", "declare", "declare", "AC"])
    assert match.view(0).game_part["talon_seen"] == []
    assert match.view(1).game_part["talon_seen"] == ["TS", "8S", "TH", "JD"]
    assert match.view(0).game_part["looked"] is False


def test_equal_points_score_for_nobody() -> None:
    # each holds five cards of 45 after the exchange: the answer is equal
    match = dealt((("KH QH JH 8H 7H AS 9S AD 9D AC 9C 7C", "KD QD JD 8D 7D KS QS 8S KC QC JC 8C"),
                   "AH TS TH 9H JS 7S TD TC"))
    events = apply_all(match, ["discard 8S", "discard 7C", "nolook", "declare point",
                               "declare point"])
    assert events[-1] == Said(0, "equal point")
    assert match.totals == (0, 0)


def test_a_kind_declared_by_one_player_alone_scores_the_younger_s_told_to_her_alone() -> None:
    match = dealt(SEQUENCES)
    events = apply_all(match, ["discard 7D", "discard 7H", "nolook", "declare point",
                               "declare point sequence"])
    # Bruno's five clubs (K Q J 9 8) against Anna's four spades: good for him
    assert Said(0, "good point") in events and Scored(1, 5, "point") in events
    assert Scored(0, 4, "sequence", 0) in events              # hers alone: no answer
    assert match.totals == (4, 5) and match.view(1).totals == (0, 5)
    match2 = dealt(SEQUENCES)
    events = apply_all(match2, ["discard AS", "discard 7H", "nolook", "declare",
                                "declare point sequence"])
    assert Scored(0, 4, "sequence", 0) in events
    assert match2.view(1).totals == (0, 0) and match2.totals == (8, 0)


def test_a_kind_not_held_or_declared_twice_is_refused() -> None:
    match = dealt(POINT)
    apply_all(match, ["discard 7S", "discard 8C", "nolook"])
    with pytest.raises(RuleError) as error:
        match.apply("declare sequence")
    assert error.value.code == "not_held_kind"
    assert str(error.value) == ("Bruno holds no sequence (three or more cards of a suit in "
                                "order) to declare")
    with pytest.raises(RuleError) as twice:
        match.apply("declare point point")
    assert twice.value.code == "declared_twice"
    with pytest.raises(RuleError) as word:
        match.apply("declare quint")
    assert word.value.code == "not_a_kind"
    assert match.choices(1) == WordChoice(("point", "sets"), verb="declare")
    match.apply("declare sets point")
    assert match.history[-1] == (1, "declare sets point")       # as said: any order (§9)


def test_follow_suit_and_the_trick_points() -> None:
    match = dealt(POINT)
    apply_all(match, ["discard 7S", "discard 8C", "nolook", "declare", "declare"])
    assert match.apply("9D") == (CardPlayed(1, "9D"), Scored(1, 1, "lead"))
    assert match.totals == (0, 1)
    with pytest.raises(RuleError) as error:
        match.apply("KH")
    assert error.value.code == "follow_suit"
    assert match.choices(0) == CardChoice(("AD", "QD"))
    events = match.apply("QD")                   # Anna wins Bruno's lead: 1
    assert Scored(0, 1, "win") in events and match.totals == (1, 1)
    assert match.turn == 0


def test_the_cards_ten_for_seven_tricks_and_capot_forty_for_twelve() -> None:
    match = dealt(PIQUE)
    apply_all(match, ["discard 7D", "discard 9D", "nolook", "declare point sequence",
                      "declare"])
    events = apply_all(match, ["AS", "7S", "KS", "8S", "QS", "9S", "JS", "8D", "TS", "8H",
                               "AH", "9H", "KH", "TH", "AD", "QD", "AC", "JH", "7H", "QH",
                               "JD", "8C", "TD", "7C"])
    assert match.deals[-1].won == [3, 9]
    assert Scored(1, 10, "cards") in events and Scored(0, 1, "last_trick") in events
    assert Scored(0, 1, "win") in events and Scored(1, 30, "pique") in events
    assert events[-1] == DealOver((4, 70), False)
    assert scored(events) == [4, 50]


def test_capot_forty_instead_of_the_cards() -> None:
    match = dealt(PIQUE)
    apply_all(match, ["discard 7D", "discard 9D", "nolook", "declare point sequence",
                      "declare"])
    # Bruno holds every winner but 7H 8C 7C: he leads them last, Anna void in each
    events = apply_all(match, ["AS", "7S", "KS", "8S", "QS", "9S", "JS", "8H", "TS", "9H",
                               "AH", "TH", "KH", "JH", "AD", "8D", "AC", "QH"])
    assert match.deals[-1].won == [0, 9]
    assert events  # the rest: 7H, then two clubs
    events = apply_all(match, ["7C", "QD", "8C", "JD", "7H", "TD"])
    assert match.deals[-1].won == [0, 12]
    assert Scored(1, 40, "capot") in events and Scored(1, 10, "cards") not in events
    assert Scored(1, 1, "last_trick") in events


def test_not_good_the_younger_s_quatorze_of_queens_beats_the_elder_s_trio_of_aces() -> None:
    match = dealt(POINT)
    events = apply_all(match, ["discard 7S", "discard 8C", "nolook", "declare sets",
                               "declare sets"])
    assert events[-2:] == [Said(0, "not good sets"), Scored(0, 14, "sets", 0)]
    assert match.view(1).totals == (0, 0) and match.view(0).totals == (14, 0)
    assert match.view(1).game_part["answers"] == {"sets": "not good"}


def test_the_elder_s_declaration_is_shown_to_the_younger_at_once() -> None:
    match = dealt(SEQUENCES)
    events = apply_all(match, ["discard 7D", "discard 7H", "nolook", "declare point sequence"])
    sequence = ("QH", "JH", "TH", "9H", "KC", "QC", "JC")
    assert events[-3:] == [Said(1, "declare point sequence"),
                           Shown(1, ("KC", "QC", "JC", "9C", "8C"), None, "point"),
                           Shown(1, sequence, None, "sequence")]
    declared = match.view(0).game_part["declared"]
    assert declared == [None, [
        {"kind": "point", "parts": [["KC", "QC", "JC", "9C", "8C"]], "worth": 5,
         "key": [5, 47]},
        {"kind": "sequence", "parts": [["QH", "JH", "TH", "9H"], ["KC", "QC", "JC"]],
         "worth": 7, "key": [4, 5]}]]
    assert match.choices(0) == WordChoice(("point", "sequence"), verb="declare")


def test_a_repique_of_the_younger_s_reaches_the_elder_with_her_declarations() -> None:
    strong, weak = REPIQUE[0][1], REPIQUE[0][0]
    match = dealt(((strong, weak), REPIQUE[1]))           # Anna, the younger, is strong
    events = apply_all(match, ["discard 7D", "discard 7C", "nolook", "declare",
                               "declare point sequence sets"])
    assert [e for e in events if isinstance(e, Scored)] == [
        Scored(0, 6, "point", 0), Scored(0, 16, "sequence", 0), Scored(0, 14, "sets", 0),
        Scored(0, 60, "repique", 0)]
    assert match.totals == (96, 0) and match.view(1).totals == (0, 0)
    assert match.view(1).game_part["repique"] is None
    assert match.view(0).game_part["repique"] == 0
    lead = match.apply(match.deals[-1].hands[1][0])
    assert [e for e in lead if isinstance(e, Disclosed)] == [
        Disclosed(0, 6, "point", 0), Disclosed(0, 16, "sequence", 0),
        Disclosed(0, 14, "sets", 0), Disclosed(0, 60, "repique", 0)]
    assert match.view(1).totals == (96, 1) and match.view(None).game_part["repique"] == 0
    assert match.deals[-1].pique is None
