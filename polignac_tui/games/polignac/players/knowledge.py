"""What a seat knows, read from its ``SeatView``, and worlds sampled consistently with it.

Known: its own hand, every card played, who failed to follow which suit (void),
and what the settings reveal (``must_discard_jack``: a void player who discards
a plain card holds no jack, one who discards another jack holds no J♠;
``jack_guard``: whoever plays the K or Q of a suit does not hold its jack).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from ..engine import Rules, SeatView, deck
from ..engine.cards import SUITS
from .sim import SUIT_MASK, Codec, State, bits, codec


@dataclass(slots=True)
class Knowledge:
    me: int
    cx: Codec
    hand: int                  # my cards
    unseen: int                # cards in the other hands
    counts: tuple[int, ...]    # cards left in every hand
    excluded: list[int]        # per seat: cards it cannot hold
    unlikely: list[int]        # per seat: cards a sensible player would not hold
    voids: list[int]           # per seat: bit per suit it is known void in
    base: State                # the deal now, other hands empty
    rules: Rules
    first_leader: int          # who led the first trick
    history: list[tuple[int, int]]   # every card played this deal: (seat, card int)
    played_by: list[int]       # per seat: the cards it played

    def allowed(self, seat: int) -> int:
        return self.unseen & ~self.excluded[seat]


def view_seed(view: SeatView, seed: int, salt: str = "") -> int:
    """A stable seed from the player's seed and everything the view shows of the deal."""
    key = repr((seed, salt, view.seat, view.deal_number, view.dealer, view.hand,
                tuple(t.cards for t in view.tricks), view.trick, view.declarer, view.passed))
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")


def read_view(view: SeatView) -> Knowledge:
    rules = view.rules
    cx = codec(rules.order)
    n = view.players
    hand = cx.mask(view.hand)
    played = cx.mask(view.played())
    dealt = cx.mask(deck(n, rules.sevens_removed))
    excluded = [0] * n
    unlikely = [0] * n
    voids = [0] * n
    history: list[tuple[int, int]] = []
    played_by = [0] * n
    plays = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        plays.append((view.leader, tuple(c for _, c in view.trick)))
    for leader, cards in plays:
        led = cards[0][1]
        led_i = SUITS.index(led)
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            history.append((seat, cx.to_int[c]))
            played_by[seat] |= 1 << cx.to_int[c]
            if i and c[1] != led:
                excluded[seat] |= SUIT_MASK[led_i]
                voids[seat] |= 1 << led_i
                # void and holding a jack, a sensible player dumps it (le Polignac first);
                # with must_discard_jack the rules force it
                target = excluded if rules.must_discard_jack else unlikely
                if c[0] != "J":
                    target[seat] |= cx.jacks
                elif c != "JS":
                    target[seat] |= cx.js
            if rules.jack_guard and c[0] in "KQ":
                excluded[seat] |= cx.jack_bits[SUITS.index(c[1])]
    excluded[view.seat] = 0
    unlikely[view.seat] = 0
    total = view.tricks_total
    st = State(rules, [0] * n, view.leader, total)
    st.hands[view.seat] = hand
    st.trick = [cx.to_int[c] for _, c in view.trick]
    st.won = list(view.tricks_won)
    st.pts = [sum(cx.points[cx.to_int[c]] for c in taken) for taken in view.jacks_taken]
    st.jacks_taken = sum(len(t) for t in view.jacks_taken)
    st.done = len(view.tricks)
    if view.tricks:
        st.first_winner = view.tricks[0].winner
        st.last_winner = view.tricks[-1].winner
    st.declarer = -1 if view.declarer is None else view.declarer
    st.played = played
    st.voids = list(voids)
    first_leader = plays[0][0] if plays else view.leader
    return Knowledge(me=view.seat, cx=cx, hand=hand, unseen=dealt & ~played & ~hand,
                     counts=tuple(view.cards_left), excluded=excluded, unlikely=unlikely,
                     voids=voids, base=st, rules=rules, first_leader=first_leader,
                     history=history, played_by=played_by)


def sample(k: Knowledge, rng: random.Random, tries: int = 40) -> list[int]:
    """Hands for every seat: mine as they are, the unseen cards dealt consistently with
    everything seen (falls back to ignoring the inferences if none fit)."""
    n = len(k.counts)
    others = [s for s in range(n) if s != k.me]
    cards = bits(k.unseen)
    hard = {c: [s for s in others if not k.excluded[s] >> c & 1] for c in cards}
    soft = {c: [s for s in hard[c] if not k.unlikely[s] >> c & 1] or hard[c] for c in cards}
    for attempt in range(tries + 1):
        relax = attempt == tries
        allowed = soft if attempt < tries // 2 else hard
        rng.shuffle(cards)
        if not relax:
            cards.sort(key=lambda c: len(allowed[c]))
        need = list(k.counts)
        need[k.me] = 0
        hands = [0] * n
        hands[k.me] = k.hand
        for c in cards:
            opts = others if relax else allowed[c]
            total = 0
            for s in opts:
                total += need[s]
            if not total:
                break
            r = rng.randrange(total)
            for s in opts:
                r -= need[s]
                if r < 0:
                    break
            hands[s] |= 1 << c
            need[s] -= 1
        else:
            return hands
    raise AssertionError("no deal of the unseen cards fits the hand sizes")  # pragma: no cover


def generale_losers(hands: list[int], seat: int, cx: Codec, guard: bool) -> int:
    """Tricks ``seat`` would lose leading every card, each suit from the top, when the
    others keep their best card of a suit to the end (0: a sure générale)."""
    mine = hands[seat]
    losers = 0
    for s in range(4):
        m = mine & SUIT_MASK[s]
        if not m:
            continue
        order = bits(m)
        jack = cx.jack_bits[s]
        if guard and mine & jack and mine & cx.kq[s]:
            j = jack.bit_length() - 1
            order = [j] + [c for c in order if c != j]
        for i, c in enumerate(order):
            for other, h in enumerate(hands):
                theirs = h & SUIT_MASK[s]
                if other != seat and theirs.bit_count() > i and (
                        (theirs & -theirs).bit_length() - 1 < c):
                    losers += 1
                    break
    return losers


def sample_strong(k: Knowledge, rng: random.Random, seat: int, swaps: int = 8) -> list[int]:
    """A world where ``seat`` (who declared la générale) holds a hand worth declaring: a
    sample whose stoppers (another seat's card above the declarer's weakest card of a
    suit) are swapped into the declarer's hand, strongest first, until none is left."""
    hands = sample(k, rng)
    for _ in range(swaps):
        if not generale_losers(hands, seat, k.cx, k.base.guard):
            break
        mine = hands[seat]
        best = None
        for s in range(4):
            m = mine & SUIT_MASK[s]
            if not m:
                continue
            weakest = m.bit_length() - 1
            for other, h in enumerate(hands):
                if other in (seat, k.me):   # my own cards are known: they stay
                    continue
                stoppers = h & SUIT_MASK[s] & ((1 << weakest) - 1) & ~k.excluded[seat]
                if stoppers and not k.excluded[other] >> weakest & 1:
                    top = (stoppers & -stoppers).bit_length() - 1
                    if best is None or top < best[0]:
                        best = (top, weakest, other)
        if best is None:
            break
        top, weakest, other = best
        swap = (1 << top) | (1 << weakest)
        hands[seat] ^= swap
        hands[other] ^= swap
    return hands
