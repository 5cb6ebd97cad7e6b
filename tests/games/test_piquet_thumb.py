"""Piquet's rules of thumb read off bytes of the masks (``thumb.lead``, ``follow``,
``throw``: the playouts' inner loop) choose exactly the card of the plain reading,
card by card, written here as the rulebook of the play says it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from polignac_tui.games.piquet.players import thumb
from polignac_tui.games.piquet.players.masks import (
    ALL,
    LENGTH,
    SUIT_MASK,
    bits,
    rank_of,
    suit_byte,
    suit_of,
)
from polignac_tui.games.piquet.players.solve import beats, legal


def _lengths(hand: int) -> list[int]:
    return [LENGTH[suit_byte(hand, s)] for s in range(4)]


def plain_lead(hand: int, others: int) -> int:
    lengths = _lengths(hand)
    masters = [c for c in bits(hand) if thumb.is_master(c, others)]
    if masters:
        return min(masters, key=lambda c: (-lengths[suit_of(c)], c))
    s = max(range(4), key=lambda s: (lengths[s], -s))
    cards = bits(hand & SUIT_MASK[s])
    if len(cards) >= 2 and cards[1] == cards[0] + 1:
        return cards[0]
    return cards[-1]


def plain_throw(hand: int) -> int:
    lengths = _lengths(hand)

    def worth(c: int) -> tuple[float, int]:
        s, r = suit_of(c), rank_of(c)
        cards = bits(hand & SUIT_MASK[s])
        value = thumb.RANK_WORTH[r] + 0.5 * lengths[s]
        if len(cards) == 2 and c == cards[1] and rank_of(cards[0]) in (1, 2):
            value += 4.0
        return value, -c
    return min(bits(hand), key=worth)


def plain_follow(hand: int, led: int) -> int:
    options = legal(hand, led)
    if options & SUIT_MASK[led >> 3]:
        winners = [c for c in bits(options) if beats(c, led)]
        return winners[-1] if winners else bits(options)[-1]
    return plain_throw(hand)


hands = st.integers(min_value=1, max_value=ALL)


@settings(max_examples=3000, deadline=None)
@given(hands, st.integers(min_value=0, max_value=ALL))
def test_the_lead_is_the_plain_readings(hand: int, others: int) -> None:
    others &= ~hand
    assert thumb.lead(hand, others) == plain_lead(hand, others)


@settings(max_examples=3000, deadline=None)
@given(hands, st.integers(min_value=0, max_value=31))
def test_the_follow_is_the_plain_readings(hand: int, led: int) -> None:
    hand &= ~(1 << led)
    if hand:
        assert thumb.follow(hand, led) == plain_follow(hand, led)


@settings(max_examples=3000, deadline=None)
@given(hands)
def test_the_throw_is_the_plain_readings(hand: int) -> None:
    assert thumb.throw(hand) == plain_throw(hand)


def test_a_guarded_queen_is_kept_over_a_lone_ten() -> None:
    # Q♥ 9♥ (a guarded queen) and 10♠ alone: the 10♠ goes, not the guard's 9♥
    q_hearts, nine_hearts, ten_spades = 8 + 2, 8 + 5, 4
    hand = (1 << q_hearts) | (1 << nine_hearts) | (1 << ten_spades)
    assert thumb.throw(hand) == ten_spades
    assert plain_throw(hand) == ten_spades
