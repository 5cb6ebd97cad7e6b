"""The rules of thumb (the ``medium`` level, and both sides' play in the stronger
levels' quick playouts), on bit masks of cards.

The classical advice, from the 19th-century books (Cavendish's treatise, the 1911
Encyclopaedia Britannica's article), simplified:

- the exchange: the elder takes all five and plays to attack: he keeps his point
  suit, his sequences and his sets (or the cards that may make them), his aces and
  kings, and throws the low cards of his short suits; the younger plays to defend:
  she keeps her guards (a king with one small card, a queen with two) and her long
  suit, and takes fewer than all when the cards she would throw are worth keeping;
- the declarations: every combination held (``declare``);
- the play: lead a card that is master (the highest left in its suit), from the
  longest suit first; else from the long suit, the top of a run of touching cards or
  the lowest; follow by winning as cheaply as possible, else with the lowest card;
  with none of the suit, throw the card least worth keeping (no guard, no master).
"""

from __future__ import annotations

from .masks import (
    LENGTH,
    RUNS,
    SET_TOP,
    SUIT_MASK,
    bits,
    rank_of,
    set_counts,
    suit_byte,
    suit_of,
)

RANK_WORTH = (10.0, 6.0, 3.0, 1.5, 0.8, 0.0, -0.1, -0.2)   # A K Q J 10 9 8 7


def _lengths(hand: int) -> list[int]:
    return [LENGTH[suit_byte(hand, s)] for s in range(4)]


def keep_value(c: int, hand: int, elder: bool, lengths: list[int] | None = None,
               sets: list[int] | None = None) -> float:
    """How much card ``c`` is worth keeping in ``hand`` at the exchange."""
    lengths = lengths if lengths is not None else _lengths(hand)
    sets = sets if sets is not None else set_counts(hand)
    s, r = suit_of(c), rank_of(c)
    length = lengths[s]
    value = RANK_WORTH[r] + 0.9 * length
    if length == max(lengths):
        value += 3.0                                   # the point suit
    byte = suit_byte(hand, s)
    for n, top in RUNS[byte]:
        if top <= r < top + n:
            value += 4.0 + (6.0 if n >= 4 else 0.0)    # a sequence, a quart near a quint
    if (r > 0 and byte >> (r - 1) & 1) or (r < 7 and byte >> (r + 1) & 1):
        value += 0.8                                   # touching a card: a run may come
    if r < SET_TOP:
        held = sets[r]
        value += {4: 9.0, 3: 6.0, 2: 1.0}.get(held, 0.0)
    if not elder:                                      # the younger keeps her guards
        cards = [x for x in range(8) if byte >> x & 1]
        if byte & 0b10 and length >= 2 and r == cards[-1]:
            value += 4.0                               # the king's guard
        if byte & 0b100 and length >= 3 and r in cards[-2:]:
            value += 3.0                               # the queen's guards
    elif length <= 2 and not byte & 0b11:
        value -= 2.0                                   # the elder clears his short suits
    return value


def keep_order(hand: int, elder: bool) -> list[int]:
    """``hand``'s cards, the one least worth keeping first."""
    lengths = _lengths(hand)
    sets = set_counts(hand)
    return sorted(bits(hand), key=lambda c: (keep_value(c, hand, elder, lengths, sets), -c))


YOUNGER_KEEPS = 9.0     # the younger does not throw a card worth this much


def discard(hand: int, elder: bool, least: int, most: int) -> int:
    """The cards to throw (a mask): the elder as many as he may (five), the younger as
    many as she may but none worth keeping (a guard, a card of her long suit …)."""
    order = keep_order(hand, elder)
    if elder:
        n = most
    else:
        lengths = _lengths(hand)
        sets = set_counts(hand)
        n = 0
        while n < most and keep_value(order[n], hand, False, lengths, sets) < YOUNGER_KEEPS:
            n += 1
        n = max(least, n)
    out = 0
    for c in order[:n]:
        out |= 1 << c
    return out


def is_master(c: int, others: int) -> bool:
    """True when no card of ``others`` (the cards the other may hold) is higher."""
    return not others & SUIT_MASK[c >> 3] & ((1 << c) - 1)


def lead(hand: int, others: int) -> int:
    """The card to lead: a master card from the longest suit holding one; else the top
    of touching cards (a king and queen) or the lowest card of the longest suit."""
    best, best_length = -1, -1
    long_suit, long_length = 0, -1
    for s in range(4):
        byte = (hand >> (8 * s)) & 0xFF
        if not byte:
            continue
        length = LENGTH[byte]
        if length > long_length:
            long_suit, long_length = s, length
        theirs = (others >> (8 * s)) & 0xFF
        masters = byte & ((theirs & -theirs) - 1) if theirs else byte
        if masters and length > best_length:         # ties: the first suit, as ``c``
            best, best_length = 8 * s + ((masters & -masters).bit_length() - 1), length
    if best >= 0:
        return best
    byte = (hand >> (8 * long_suit)) & 0xFF
    top = (byte & -byte).bit_length() - 1
    if byte >> (top + 1) & 1:                       # touching cards: the top of them
        return 8 * long_suit + top
    return 8 * long_suit + byte.bit_length() - 1


def follow(hand: int, led: int) -> int:
    """Win as cheaply as possible; else the lowest card of the suit; with none of it,
    the card least worth keeping."""
    suit = hand & SUIT_MASK[led >> 3]
    if suit:
        winners = suit & ((1 << led) - 1)
        return (winners or suit).bit_length() - 1
    return throw(hand)


def throw(hand: int) -> int:
    """With none of the suit led: the card least worth keeping, from a short suit, not a
    master top card and not a guard. Within a suit the lowest card is worth least (the
    worth falls with the rank), but the guard of a king or queen: then both are weighed."""
    best: tuple[float, int] = (1e9, 0)
    for s in range(4):
        byte = (hand >> (8 * s)) & 0xFF
        if not byte:
            continue
        half = 0.5 * LENGTH[byte]
        low = byte.bit_length() - 1
        top = (byte & -byte).bit_length() - 1
        guard = LENGTH[byte] == 2 and top in (1, 2)
        key = (RANK_WORTH[low] + half + (4.0 if guard else 0.0), -(8 * s + low))
        if key < best:
            best = key
        if guard:
            key = (RANK_WORTH[top] + half, -(8 * s + top))
            if key < best:
                best = key
    return -best[1]


def declare(words: tuple[str, ...]) -> str:
    """Every combination held."""
    return " ".join(("declare", *words))


__all__ = ["declare", "discard", "follow", "keep_order", "keep_value", "lead", "throw"]
