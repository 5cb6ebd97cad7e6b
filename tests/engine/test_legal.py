"""Legal cards (follow suit, must_discard_jack, jack_guard) and the trick winner (§3, §7)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from polignac_tui.games.polignac.engine import Rules, legal_cards, trick_winner
from polignac_tui.games.polignac.engine.cards import FULL_DECK, RANKS, RANKS_ACE_HIGH
from polignac_tui.games.polignac.engine.deal import illegal_reason

PLAIN = Rules()
DISCARD = Rules(must_discard_jack=True)
GUARD = Rules(jack_guard=True)
BOTH = Rules(must_discard_jack=True, jack_guard=True)


def legal(hand: str, led: str | None, rules: Rules = PLAIN) -> set[str]:
    return set(legal_cards(hand.split(), led, rules))


def test_the_leader_plays_anything() -> None:
    assert legal("KS 7H JD", None) == {"KS", "7H", "JD"}


def test_followers_must_follow_suit() -> None:
    assert legal("KS 7H 8H JD", "H") == {"7H", "8H"}


def test_a_void_player_plays_anything_without_the_variant() -> None:
    assert legal("KS 7H JD", "C") == {"KS", "7H", "JD"}


def test_must_discard_jack_le_polignac_first() -> None:
    assert legal("JS JH 7C", "D", DISCARD) == {"JS"}
    assert legal("JH JC 7C", "D", DISCARD) == {"JH", "JC"}
    assert legal("KH 7C", "D", DISCARD) == {"KH", "7C"}
    # a player who can follow suit follows, jack or not
    assert legal("JS 8D 9D", "D", DISCARD) == {"8D", "9D"}
    # the leader is never forced
    assert legal("JS 8D", None, DISCARD) == {"JS", "8D"}


def test_jack_guard_applies_to_the_leader_and_the_jack_stays_playable() -> None:
    assert legal("KS QS JS 7H", None, GUARD) == {"JS", "7H"}
    assert legal("KS QS JS 7H", "S", GUARD) == {"JS"}
    assert legal("KS QS JS 7H", "D", GUARD) == {"JS", "7H"}
    # without the jack of that suit, the king and queen are free
    assert legal("KS QS JH 7H", "S", GUARD) == {"KS", "QS"}
    assert legal("KH QD JS", None, GUARD) == {"KH", "QD", "JS"}


def test_both_variants_together() -> None:
    assert legal("KH JH JC 9S", "D", BOTH) == {"JH", "JC"}
    assert legal("KS QS JS", "D", BOTH) == {"JS"}


@pytest.mark.parametrize(("hand", "led", "rules", "card", "words"), [
    ("KS 7H 8H", "H", PLAIN, "KS", "you must follow hearts: you hold a heart"),
    ("JS JH 7C", "D", DISCARD, "JH", "you must play it (must discard a jack)"),
    ("JH JC 7C", "D", DISCARD, "7C", "you must play a jack (must discard a jack)"),
    ("KS JS 7H", None, GUARD, "KS", "while you hold the jack of spades (jack guard)"),
])
def test_illegal_reason_names_the_rule(hand: str, led: str | None, rules: Rules, card: str,
                                       words: str) -> None:
    assert card not in legal_cards(hand.split(), led, rules)
    assert words in illegal_reason(hand.split(), led, rules, card)


def test_highest_card_of_the_suit_led_wins() -> None:
    assert trick_winner(["9H", "KS", "TH", "8H"], 2, 4, RANKS) == 0   # TH, third from seat 2
    assert trick_winner(["7C", "AS", "KH", "QD"], 1, 4, RANKS) == 1   # nobody followed
    assert trick_winner(["AS", "JS", "QS"], 0, 3, RANKS) == 2


def test_court_cards_beat_the_ace_unless_ace_high() -> None:
    cards = ["AS", "KS", "JS", "TS"]
    assert trick_winner(cards, 0, 4, RANKS) == 1
    assert trick_winner(cards, 0, 4, RANKS_ACE_HIGH) == 0
    assert trick_winner(["AD", "JD", "TD"], 0, 3, RANKS) == 1
    assert trick_winner(["AD", "JD", "TD"], 0, 3, RANKS_ACE_HIGH) == 0
    assert Rules(ace_high=True).order == "AKQJT987"
    assert Rules().order == "KQJAT987"


def oracle(hand: list[str], led: str | None, rules: Rules) -> set[str]:
    """RULES.md §3 and §7 read card by card, independently of ``legal_cards``."""
    def allowed(card: str) -> bool:
        follows = led is None or card[1] == led or not any(c[1] == led for c in hand)
        if not follows:
            return False
        void = led is not None and not any(c[1] == led for c in hand)
        jacks = [c for c in hand if c[0] == "J"]
        forced = rules.must_discard_jack and void and jacks
        if forced and (card[0] != "J" or ("JS" in hand and card != "JS")):
            return False
        return not (rules.jack_guard and card[0] in "KQ" and "J" + card[1] in hand)
    return {c for c in hand if allowed(c)}


@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=10, unique=True),
       st.sampled_from([None, "S", "H", "D", "C"]), st.booleans(), st.booleans())
def test_legal_cards_match_the_rulebook_card_by_card(hand: list[str], led: str | None,
                                                    discard: bool, guard: bool) -> None:
    rules = Rules(must_discard_jack=discard, jack_guard=guard)
    legal = legal_cards(hand, led, rules)
    assert legal, "a legal card always exists"
    assert set(legal) == oracle(hand, led, rules)
    assert len(legal) == len(set(legal))
    for card in set(hand) - set(legal):
        assert illegal_reason(hand, led, rules, card)
