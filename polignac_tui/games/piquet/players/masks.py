"""Cards as small ints and hands as bit masks, with the combinations (RULES-piquet.md §4)
read straight off a mask.

A card is ``suit * 8 + rank``, rank 0 the ace (strongest) to 7 the seven, suits in
``S H D C`` order: within a suit a lower bit is a higher card. The keys and worths
agree with ``rules.point_of``, ``rules.sequences_of`` and ``rules.sets_of`` (a test
checks it on random hands).
"""

from __future__ import annotations

from ...cardmasks import ALL as ALL
from ...cardmasks import SUIT_MASK as SUIT_MASK
from ...cardmasks import codes
from ..rules import ORDER

VALUES = (11, 10, 10, 10, 10, 9, 8, 7)          # A K Q J 10 9 8 7 (§1)
FACE_RANKS = 0b00001110                          # K Q J: not carte blanche
SET_TOP = 5                                      # sets: ranks 0 (A) to 4 (10)


code, card_of, mask, held_of = codes(ORDER)


def bits(m: int) -> list[int]:
    """The cards of ``m``, the lowest code (spades, the ace) first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def count(m: int) -> int:
    return bin(m).count("1")


def suit_of(c: int) -> int:
    return c >> 3


def rank_of(c: int) -> int:
    return c & 7


def suit_byte(hand: int, s: int) -> int:
    return (hand >> (8 * s)) & 0xFF


def _runs(byte: int) -> tuple[tuple[int, int], ...]:
    """The runs of three or more in one suit's byte: (length, top rank)."""
    runs = []
    r = 0
    while r < 8:
        if byte >> r & 1:
            start = r
            while r < 8 and byte >> r & 1:
                r += 1
            if r - start >= 3:
                runs.append((r - start, start))
        else:
            r += 1
    return tuple(runs)


LENGTH = tuple(bin(b).count("1") for b in range(256))
VALUE = tuple(sum(VALUES[r] for r in range(8) if b >> r & 1) for b in range(256))
RUNS = tuple(_runs(b) for b in range(256))


def sequence_worth(length: int) -> int:
    return length + 10 if length >= 5 else length


RUN_WORTH = tuple(sum(sequence_worth(n) for n, _ in RUNS[b]) for b in range(256))
# the best run of a byte as a comparable key (length, strength of the top), or (0, 0)
RUN_KEY = tuple(max(((n, 7 - top) for n, top in RUNS[b]), default=(0, 0)) for b in range(256))


Key = tuple[int, int]


def point_key(hand: int) -> tuple[Key, int]:
    """The point's key (length, value) and its suit."""
    best: Key = (-1, -1)
    which = 0
    for s in range(4):
        b = (hand >> (8 * s)) & 0xFF
        key = (LENGTH[b], VALUE[b])
        if key > best:
            best, which = key, s
    return best, which


def point_worth(key: Key, point_score: str) -> int:
    return key[0] if point_score == "cards" else (key[1] + 5) // 10


def sequence_key(hand: int) -> tuple[Key, int]:
    """The best sequence's key ((0, 0): none) and the worth of every sequence held."""
    best: Key = (0, 0)
    worth = 0
    for s in range(4):
        b = (hand >> (8 * s)) & 0xFF
        key = RUN_KEY[b]
        if key > best:
            best = key
        worth += RUN_WORTH[b]
    return best, worth


def sets_key(hand: int) -> tuple[Key, int]:
    """The best set's key ((0, 0): none) and the worth of every set held (10 or higher)."""
    best: Key = (0, 0)
    worth = 0
    for r in range(SET_TOP):
        n = (hand >> r & 1) + (hand >> (8 + r) & 1) + (hand >> (16 + r) & 1) + (
            hand >> (24 + r) & 1)
        if n >= 3:
            key = (n, 7 - r)
            if key > best:
                best = key
            worth += 14 if n == 4 else 3
    return best, worth


def set_counts(hand: int) -> list[int]:
    """How many of each rank A to 10 ``hand`` holds."""
    return [sum(hand >> (8 * s + r) & 1 for s in range(4)) for r in range(SET_TOP)]


def is_carte_blanche(hand: int) -> bool:
    return not any((hand >> (8 * s)) & FACE_RANKS for s in range(4))


