"""Cards, their text form, and the deck per number of players (RULES.md §1)."""

from __future__ import annotations

import pytest

from polignac_tui.games.polignac.engine import RuleError, deck, glyph, hand_size, parse_card
from polignac_tui.games.polignac.engine.cards import FULL_DECK, jack_points, sorted_hand


def test_the_full_deck_has_32_distinct_cards() -> None:
    assert len(set(FULL_DECK)) == 32
    assert {c[0] for c in FULL_DECK} == set("KQJAT987")
    assert {c[1] for c in FULL_DECK} == set("SHDC")


@pytest.mark.parametrize(("text", "card"), [
    ("JS", "JS"), ("th", "TH"), ("7C", "7C"), (" qd ", "QD"), ("10H", "TH"), ("ak", None),
])
def test_parse_card(text: str, card: str | None) -> None:
    if card is None:
        with pytest.raises(RuleError) as error:
            parse_card(text)
        assert error.value.rule == "not_a_card"
        assert "'ak'" in str(error.value)
    else:
        assert parse_card(text) == card


@pytest.mark.parametrize("junk", ["", "J", "JSS", "1S", "XS", "JX", "10", 5, None, ["JS"]])
def test_parse_card_refuses_anything_else(junk: object) -> None:
    with pytest.raises(RuleError):
        parse_card(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "size", "each", "out_red", "out_black"), [
    (3, 30, 10, {"7H", "7D"}, {"7S", "7C"}),
    (4, 32, 8, set(), set()),
    (5, 30, 6, {"7H", "7D"}, {"7S", "7C"}),
    (6, 30, 5, {"7H", "7D"}, {"7S", "7C"}),
    (7, 28, 4, {"7S", "7H", "7D", "7C"}, {"7S", "7H", "7D", "7C"}),
    (8, 32, 4, set(), set()),
])
def test_deck_per_player_count(players: int, size: int, each: int, out_red: set[str],
                               out_black: set[str]) -> None:
    for sevens, out in (("red", out_red), ("black", out_black)):
        cards = deck(players, sevens)
        assert len(cards) == size == len(set(cards))
        assert set(FULL_DECK) - set(cards) == out
        assert len(cards) % players == 0
    assert hand_size(players) == each


@pytest.mark.parametrize("players", [0, 2, 9])
def test_deck_refuses_other_tables(players: int) -> None:
    with pytest.raises(RuleError, match=f"3 to 8 players, not {players}"):
        deck(players)


def test_glyphs_and_jack_points() -> None:
    assert glyph("JS") == "J♠"
    assert glyph("TH") == "10♥"
    assert glyph("TH", ascii=True) == "10H"
    assert [jack_points(c) for c in ("JS", "JH", "JD", "JC", "KS", "7H")] == [2, 1, 1, 1, 0, 0]


def test_sorted_hand_follows_the_ranking() -> None:
    hand = ["AS", "KS", "7H", "JS", "TS"]
    assert sorted_hand(hand) == ["KS", "JS", "AS", "TS", "7H"]
    assert sorted_hand(hand, ace_high=True) == ["AS", "KS", "JS", "TS", "7H"]
