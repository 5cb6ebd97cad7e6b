"""The rules of thumb (the ``medium`` level, and the other side's policy when the
stronger levels simulate the exchange), on bit masks of cards.

The *jeux de règle*, the hands the elder plays without proposing, are the classical
list as the 19th-century books give it (Cavendish's laws, Hoyle, the 1911
Encyclopaedia Britannica, here from memory and simplified, see ``jeu_de_regle``):
any three trumps; two trumps with the other three cards of one suit, or with a king;
one trump with four cards of one suit, or with a king and queen of a suit and another
king; no trump with four court cards.
"""

from __future__ import annotations

from .seen import SUIT_MASK, bits, rank, suit

KING, QUEEN, JACK = 0, 1, 2

# per byte of a mask: the lowest set bit (the suit's highest card), the highest set bit
# (its lowest card), and how many bits are set
_TOP = tuple((b & -b).bit_length() - 1 for b in range(256))
_BOTTOM = tuple(b.bit_length() - 1 for b in range(256))
_COUNT = tuple(bin(b).count("1") for b in range(256))


def trumps_in(hand: int, trumps: int) -> int:
    return bin(hand & SUIT_MASK[trumps]).count("1")


def jeu_de_regle(hand: int, trumps: int) -> bool:
    """True for a hand the elder plays without proposing (the module's list)."""
    t = _COUNT[(hand >> 8 * trumps) & 255]
    if t >= 3:
        return True
    kings = longest = courts = 0
    king_queen = False
    for s in range(4):
        b = (hand >> 8 * s) & 255
        if s == trumps or not b:
            continue
        kings += b & 1
        longest = max(longest, _COUNT[b])
        courts += _COUNT[b & 7]                # king, queen, jack
        king_queen = king_queen or b & 3 == 3
    if t == 2:
        return longest == 3 or kings >= 1
    if t == 1:
        return longest == 4 or (king_queen and kings >= 2)
    return courts >= 4


def strength(hand: int, trumps: int) -> float:
    """A rough worth of a hand for play: trumps count most, then kings and queens."""
    total = 0.0
    for c in bits(hand):
        if suit(c) == trumps:
            total += 3.0 - rank(c) * 0.2
        elif rank(c) == KING:
            total += 1.6
        elif rank(c) == QUEEN:
            total += 0.8
        elif rank(c) == JACK:
            total += 0.3
    return total


def keep_value(card: int, hand: int, trumps: int) -> float:
    """How much ``card`` is worth keeping in ``hand``: trumps, then kings, then a
    queen guarded by its king, the low cards last."""
    r = rank(card)
    if suit(card) == trumps:
        return 100.0 - r
    if r == KING:
        return 50.0
    if r == QUEEN and hand & (1 << (card - 1)):
        return 30.0
    return 10.0 - r


def discard(hand: int, trumps: int, least: int, most: int) -> int:
    """The cards to throw (a mask): every card but trumps and kings (and a queen under
    its king), the lowest first, as many as the span allows."""
    order = sorted(bits(hand), key=lambda c: keep_value(c, hand, trumps))
    keepers = sum(1 for c in order if keep_value(c, hand, trumps) >= 30.0)
    count = max(least, min(most, len(order) - keepers))
    out = 0
    for c in order[:count]:
        out |= 1 << c
    return out


def elder_plays(hand: int, trumps: int, exchanges: int) -> bool:
    """The elder plays (rather than proposes): a jeu de règle, or, after an exchange,
    a hand with two trumps or more (a new exchange is as likely to help the other)."""
    if jeu_de_regle(hand, trumps):
        return True
    return exchanges > 0 and (trumps_in(hand, trumps) >= 2 or strength(hand, trumps) >= 6.0)


def dealer_refuses(hand: int, trumps: int, exchanges: int) -> bool:
    """The dealer refuses with a hand good enough to play as it is: a jeu de règle with
    a trump at least (a refusal lost costs two points before any exchange)."""
    return trumps_in(hand, trumps) >= 1 and jeu_de_regle(hand, trumps) and (
        exchanges > 0 or strength(hand, trumps) >= 6.0)


def lead(hand: int, trumps: int, unseen: int) -> int:
    """The card to lead: trumps from the top when holding three or the best one; else a
    master card of a plain suit (the lowest ranked of them); else the top of the
    longest plain suit; else the lowest trump."""
    shift = 8 * trumps
    t = (hand >> shift) & 255
    if t:
        top = _TOP[t]
        if _COUNT[t] >= 3 or not (unseen >> shift) & ((1 << top) - 1):
            return shift + top
    master = longest = -1
    master_rank = 8
    longest_key = (0, 0)
    for s in range(4):
        b = (hand >> 8 * s) & 255
        if s == trumps or not b:
            continue
        top = _TOP[b]
        card = 8 * s + top
        if top < master_rank and not (unseen >> 8 * s) & ((1 << top) - 1):
            master, master_rank = card, top
        key = (_COUNT[b], -card)
        if longest < 0 or key > longest_key:
            longest, longest_key = card, key
    if master >= 0:
        return master
    if longest >= 0:
        return longest
    return shift + _BOTTOM[t]


def follow(legal: int, led: int, trumps: int) -> int:
    """Win as cheaply as possible; when no card wins, throw the lowest (a plain card
    before a trump)."""
    led_suit = led >> 3
    higher = (legal >> 8 * led_suit) & ((1 << (led & 7)) - 1)
    if higher:
        return 8 * led_suit + _BOTTOM[higher]           # the lowest card that wins
    t = (legal >> 8 * trumps) & 255
    if t and led_suit != trumps:
        return 8 * trumps + _BOTTOM[t]                  # the lowest trump
    low = -1
    low_rank = -1
    for s in range(4):
        b = (legal >> 8 * s) & 255
        if s != trumps and b and _BOTTOM[b] > low_rank:
            low, low_rank = 8 * s + _BOTTOM[b], _BOTTOM[b]
    return low if low >= 0 else 8 * trumps + _BOTTOM[t]
