"""Each setting on its own, through a session (the scoring variants are in test_deal)."""

from __future__ import annotations

import random

import pytest

from polignac_tui.games.polignac.engine import Play, RuleError

from .helpers import play_cards, scripted, table
from .test_deal import SPREAD

# Anna leads; Bruno is void in diamonds and holds JS and JH.
VOID_HANDS = [
    ["KD", "QD", "AD", "TD", "7S", "8S", "9S", "TS"],
    ["JS", "JH", "KH", "QH", "AH", "TH", "9H", "8H"],
    ["JD", "9D", "8D", "7D", "KS", "QS", "AS", "7H"],
    ["KC", "QC", "JC", "AC", "TC", "9C", "8C", "7C"],
]


def test_must_discard_jack_through_the_engine() -> None:
    session = table(must_discard_jack=True)
    session.add_deal(3, VOID_HANDS)
    session.apply(Play(0, "KD"))
    with pytest.raises(RuleError, match="KH: you cannot follow suit and hold le Polignac: "
                                        r"you must play it \(must discard a jack\)") as error:
        session.apply(Play(1, "KH"))
    assert error.value.rule == "illegal_card"
    with pytest.raises(RuleError, match="must play it"):
        session.apply(Play(1, "JH"))
    assert session.view(1).legal == ("JS",)
    session.apply(Play(1, "JS"))
    # Carla follows diamonds; Dario, void in diamonds, must play his only jack
    session.apply(Play(2, "9D"))
    assert session.view(3).legal == ("JC",)


def test_without_must_discard_jack_a_void_player_keeps_the_jacks() -> None:
    session = table()
    session.add_deal(3, VOID_HANDS)
    session.apply(Play(0, "KD"))
    assert set(session.view(1).legal) == set(VOID_HANDS[1])
    session.apply(Play(1, "8H"))


def test_ace_high_changes_who_wins_the_trick() -> None:
    hands = [["AS", "AH", "AD", "AC", "QS", "QH", "QD", "QC"],
             ["KS", "KH", "KD", "KC", "9S", "9H", "9D", "9C"],
             ["JS", "JH", "JD", "JC", "TS", "TH", "TD", "TC"],
             ["7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C"]]
    plain = table()
    plain.add_deal(3, hands)
    play_cards(plain, "AS KS JS 7S")
    assert plain.deals[0].tricks[0].winner == 1 and plain.turn == 1
    high = table(ace_high=True)
    deal = high.add_deal(3, hands)
    play_cards(high, " ".join(f"A{s} K{s} J{s} 7{s}" for s in "SHDC")
               + " " + " ".join(f"Q{s} 9{s} T{s} 8{s}" for s in "SHDC"))
    assert [t.winner for t in deal.tricks] == [0] * 8
    assert deal.chelem == 0 and deal.points() == [0, 5, 5, 5]


def test_direction_does_not_change_the_engine_order() -> None:
    # players are listed in the order of play: "next" is always the next seat in the list
    a = scripted(table(direction="counterclockwise"), 3, SPREAD)
    b = scripted(table(direction="clockwise"), 3, SPREAD)
    assert a.tricks == b.tricks and a.points() == b.points()
    assert [t.leader for t in a.tricks] == [0, 0, 1, 3]


@pytest.mark.parametrize(("sevens", "out"), [("red", {"7H", "7D"}), ("black", {"7S", "7C"})])
def test_sevens_removed_decides_the_deck(sevens: str, out: set[str]) -> None:
    for seed in range(5):
        deal = table(5, sevens_removed=sevens).deal_next(random.Random(seed))
        dealt = {c for h in deal.dealt for c in h}
        assert not dealt & out and len(dealt) == 30
