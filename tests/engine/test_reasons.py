"""Which reason a refused card is given when several variants forbid it (RULES.md §3, §7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from polignac_tui.games.polignac.engine import Rules, legal_cards
from polignac_tui.games.polignac.engine.cards import FULL_DECK
from polignac_tui.games.polignac.engine.deal import illegal_reason

BOTH = Rules(must_discard_jack=True, jack_guard=True)


def test_void_with_jacks_must_discard_wins_over_jack_guard() -> None:
    # Hearts led, no heart in hand, J♠ and J♦ held: K♠ is out because a jack must go.
    hand = ["JS", "JD", "KS", "QS", "9C"]
    assert "KS" not in legal_cards(hand, "H", BOTH)
    reason = illegal_reason(hand, "H", BOTH, "KS")
    assert "must discard a jack" in reason and "le Polignac" in reason
    assert "jack guard" not in reason


def test_jack_guard_still_named_when_it_is_the_reason() -> None:
    hand = ["JS", "KS", "7H"]
    assert illegal_reason(hand, None, BOTH, "KS").endswith("(jack guard)")
    # void in the suit led without the must-discard variant: jack guard is the reason
    assert illegal_reason(["KS", "QS", "JS"], "D", Rules(jack_guard=True),
                          "KS").endswith("(jack guard)")


def test_following_suit_comes_first() -> None:
    reason = illegal_reason(["JS", "KS", "7H"], "H", BOTH, "KS")
    assert reason.startswith("you must follow hearts")


@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=10, unique=True),
       st.sampled_from(["S", "H", "D", "C"]))
def test_void_with_a_jack_always_cites_must_discard(hand: list[str], led: str) -> None:
    void = not any(c[1] == led for c in hand)
    jacks = any(c[0] == "J" for c in hand)
    for card in set(hand) - set(legal_cards(hand, led, BOTH)):
        reason = illegal_reason(hand, led, BOTH, card)
        if void and jacks:
            assert "(must discard a jack)" in reason
        elif not void:
            assert "you must follow" in reason or "(jack guard)" in reason
