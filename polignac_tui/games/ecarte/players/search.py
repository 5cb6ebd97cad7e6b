"""The searching levels: worlds drawn to agree with what the seat has seen, each
played to the end with both hands open (``Solver``), the choice with the best mean
worth in points taken (points beyond what a seat needs to win count for nothing).

A world respects every fact the seat has seen: the cards gone (its hand, its own
discards, the turned-up card, the cards played), the voids and the forcing rule's
tells (a lower card of the suit led: no higher one; no card of it: none; no trump
either: no trump), and an unmarked king of trumps (not held).

``hard`` plays the card with the best mean over 8 such worlds, drawn uniformly, and
keeps the rules of thumb for the exchange: a true middle step between the rules of
thumb and the expert (over 1,000 duplicate deals against medium, seed 7: 24 worlds
+0.046 a deal, 12 worlds +0.039, 8 worlds +0.023; seed 8: 8 worlds +0.042).

``expert`` plays over 64 worlds read more sharply: it assumes the other follows the
rules of thumb in its exchange, so a hand played or refused as dealt is a jeu de
règle, a proposal is not, a discard kept trumps and kings (the cards it kept are drawn
among them, the others uniformly) and the cards it threw are low ones, out of the
stock; after an exchange the other's next word is read the same way (a new proposal:
fewer than two trumps and a poor hand; a refusal: a jeu de règle with a trump). It
decides the exchange by simulation: every word (propose or play, accept or refuse) and
the discards of one card fewer to one more than the rule of thumb's are played out in
the same 600 worlds, the stock drawn too, the rest of the exchange and the tricks by
the rules of thumb on both sides; the rule of thumb's choice stands unless another
beats it by 0.03 point a deal. Every position is solved once per shape (``canon``), so
the searches are look-ups after the first few decisions.

What was measured (duplicate deals, a variant against this expert, each on its own seed;
diff in points a deal): the words by the rules of thumb instead of the simulation -0.091
[-0.147, -0.036] (400 deals): the simulated words are most of the expert's step; the
discards by the rules of thumb -0.007 [-0.038, +0.023] (400); 256 worlds for a card
-0.015 [-0.049, +0.019] (400); 1,200 worlds for the exchange and the margin 0.02 -0.029
[-0.067, +0.010] (400); 1,200 worlds for the words alone -0.009 [-0.042, +0.024] (400);
the margin 0 +0.010 [-0.031, +0.051] (400), for the words alone +0.017 [-0.017, +0.051]
(500); the exchange's tricks by the exact search (open hands) -0.022 [-0.072, +0.029]
(300), by the mean of the exact search and the rules of thumb -0.009 [-0.046, +0.028]
(400); reading the other's words after an exchange +0.006 [-0.036, +0.048] (400, kept:
it is what the words say). Against hard over 1,000 deals: +0.140 [+0.102, +0.177] (seed
499117) and +0.104 [+0.068, +0.139] (seed 964222, where the expert before measured
+0.099). More worlds and sharper sums buy nothing here: the play-out's model, not its
noise, bounds the exchange. Against the cheat (which sees the other hand) the expert
loses mostly in the exchange: the cheat's exchange with the expert's play +0.193
[+0.110, +0.275], the cheat's play with the expert's exchange +0.045 [-0.009, +0.099]
(200 deals each): what the other holds, which no reading of its words gives.

``cheat`` is the expert's search in the one true world of the hands (it still does
not know the stock's order).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import thumb
from .canon import CanonSolver
from .seen import ALL, SUIT_MASK, Seen, bits, other_hand, rank, stock_order
from .solve import Solver, deal_points, worth


@dataclass(frozen=True, slots=True)
class Budget:
    worlds: int            # worlds for a card to play
    word_worlds: int       # worlds per word of the exchange (0: the rules of thumb)
    discard_worlds: int    # worlds per discard weighed (0: the rules of thumb)
    infer: bool            # read the other's hand from what its exchange said
    margin: float = 0.0    # an exchange choice must beat the rule of thumb's by this much
    thumb_playout: bool = False   # the exchange's worlds play the tricks by the rules of
                                  # thumb (cheap: more worlds), not by the exact search


HARD = Budget(worlds=8, word_worlds=0, discard_worlds=0, infer=False)
EXPERT = Budget(worlds=64, word_worlds=600, discard_worlds=600, infer=True, margin=0.03,
                thumb_playout=True)
CHEAT = EXPERT

Draw = Callable[[random.Random], int]


def kept_model(seen: Seen) -> tuple[int, int]:
    """The cards the other would keep in a discard (trumps and kings) and how many of
    its unplayed cards it kept at its last discard (0: it has not discarded)."""
    other = seen.other
    rounds = seen.exchanges + (1 if seen.phase == "discard_dealer" and other == seen.elder
                               else 0)
    if not rounds or seen.discarded[other] >= 5 * rounds:
        return 0, 0
    last = -(-seen.discarded[other] // rounds)
    keepers = _keepers(seen.trumps)
    shown = bin(seen.other_played & keepers).count("1")
    return keepers, max(0, 5 - last - shown)


def _keepers(trumps: int) -> int:
    """Trumps and kings: the cards a discard by the rules of thumb keeps."""
    keepers = SUIT_MASK[trumps]
    for s in range(4):
        keepers |= 1 << (8 * s)
    return keepers


def as_dealt_test(seen: Seen) -> Callable[[int], bool] | None:
    """What the other's hand must satisfy (the hand it held at its last word: what it
    holds and has played), by what it said, when it follows the rules of thumb (None:
    nothing is known). Before any discard: a hand played or refused as dealt is a jeu
    de règle, a proposal or an acceptance says it is not. After an exchange: the
    elder's new proposal or play, and the dealer's new acceptance or refusal, read the
    same way (a word said before the other's last discard says nothing of its hand)."""
    if seen.exchanges:
        return _later_word_test(seen)
    if seen.phase == "discard_dealer":
        return None
    trumps = seen.trumps
    if seen.other == seen.elder:
        if seen.played_without_proposing:
            return lambda hand: thumb.jeu_de_regle(hand, trumps)
        if seen.refused_first or seen.phase == "answer":          # it proposed
            return lambda hand: not thumb.jeu_de_regle(hand, trumps)
        return None
    if seen.refused_first:
        return lambda hand: thumb.dealer_refuses(hand, trumps, 0)
    if seen.phase == "discard_elder":                               # it accepted
        return lambda hand: not thumb.dealer_refuses(hand, trumps, 0)
    return None


def _later_word_test(seen: Seen) -> Callable[[int], bool] | None:
    """The other's last word after ``seen.exchanges`` exchanges (see ``as_dealt_test``)."""
    trumps, done = seen.trumps, seen.exchanges
    refused = seen.proposals > done                    # the last proposal was refused
    if seen.other == seen.elder:
        if seen.phase == "answer" or (seen.phase == "play" and refused):   # it proposed
            return lambda hand: not thumb.elder_plays(hand, trumps, done)
        if seen.phase == "play" and seen.stock:                            # it played
            return lambda hand: thumb.elder_plays(hand, trumps, done)
        return None
    if seen.phase == "play" and refused:
        return lambda hand: thumb.dealer_refuses(hand, trumps, done)
    if seen.phase == "discard_elder":                                      # it accepted
        return lambda hand: not thumb.dealer_refuses(hand, trumps, done)
    return None


def drawer(seen: Seen, budget: Budget, truth: int | None) -> Draw:
    """How a world's other hand is drawn: the truth for the cheat, else at random
    among the hands that agree with what was seen; the expert also reads the other's
    exchange as if it followed the rules of thumb (what it kept, what it said)."""
    if truth is not None:
        return lambda rng: truth
    if not budget.infer:
        return lambda rng: other_hand(seen, rng)
    keepers, kept = kept_model(seen)
    test = as_dealt_test(seen)

    def draw(rng: random.Random) -> int:
        hand = other_hand(seen, rng, keepers, kept)
        if test is None:
            return hand
        for _ in range(30):
            if test(hand | seen.other_played):
                break
            hand = other_hand(seen, rng, keepers, kept)
        return hand
    return draw


def choose_card(seen: Seen, legal: Sequence[int], budget: Budget, rng: random.Random,
                truth: int | None = None) -> int:
    """The card to play: the best mean worth over the worlds (the rule of thumb's card
    when it is as good)."""
    prefer = (thumb.follow(_mask(legal), seen.trick[0], seen.trumps) if seen.trick
              else thumb.lead(seen.hand, seen.trumps, seen.unseen))
    if len(legal) == 1:
        return legal[0]
    solver = CanonSolver(seen.trumps, seen.forcing)
    draw = drawer(seen, budget, truth)
    led = seen.trick[0] if seen.trick else None
    totals = dict.fromkeys(legal, 0.0)
    mine, theirs = seen.penalty(seen.me), seen.penalty(seen.other)
    for _ in range(1 if truth is not None else budget.worlds):
        values = solver.card_values(seen.hand, draw(rng), led)
        for card in legal:
            tricks = seen.won[seen.me] + values[card]
            totals[card] += worth(deal_points(tricks, mine, theirs), seen.need)
    return _best(totals, prefer)


def _best(totals: dict[int, float], prefer: int) -> int:
    top = max(totals.values())
    if totals.get(prefer, -1e9) >= top - 1e-9:
        return prefer
    return min((c for c, v in totals.items() if v >= top - 1e-9), key=lambda c: (rank(c), c))


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# -- the exchange, played out ------------------------------------------------------------------
@dataclass(slots=True)
class _Deal:
    """A world's deal from the exchange on: both hands, the stock, the flags."""

    hands: list[int]
    stock: list[int]
    phase: str
    exchanges: int
    played_without_proposing: bool
    refused_first: bool


def _play_out(seen: Seen, d: _Deal, first: str | int, solver: Solver,
              by_thumb: bool) -> float:
    """The worth for ``seen.me`` of making the choice ``first`` now (a word, or a
    discard as a mask) and of the rest of the exchange played by the rules of thumb,
    then the tricks (by the rules of thumb too when ``by_thumb``, else best play)."""
    elder, dealer, trumps = seen.elder, 1 - seen.elder, seen.trumps
    pending: str | int | None = first
    for _ in range(40):
        if d.phase == "propose":
            if not d.stock:
                break
            word = pending if pending is not None else (
                "play" if thumb.elder_plays(d.hands[elder], trumps, d.exchanges) else "propose")
            pending = None
            if word == "play":
                d.played_without_proposing = d.played_without_proposing or not d.exchanges
                break
            d.phase = "answer"
        elif d.phase == "answer":
            word = pending if pending is not None else (
                "refuse" if thumb.dealer_refuses(d.hands[dealer], trumps, d.exchanges)
                else "accept")
            pending = None
            if word == "refuse":
                d.refused_first = d.refused_first or not d.exchanges
                break
            d.phase = "discard_elder"
        else:
            seat = elder if d.phase == "discard_elder" else dealer
            most = min(5, len(d.stock))
            least = 1 if most and (seat == elder or seen.must_discard) else 0
            thrown = pending if isinstance(pending, int) else thumb.discard(
                d.hands[seat], trumps, least, most)
            pending = None
            count = bin(thrown).count("1")
            drawn = d.stock[:count]
            del d.stock[:count]
            hand = d.hands[seat] & ~thrown
            for c in drawn:
                hand |= 1 << c
            d.hands[seat] = hand
            if d.phase == "discard_elder":
                d.phase = "discard_dealer"
            else:
                d.exchanges += 1
                d.phase = "propose"
    points = [0, 0]
    king = 1 << (trumps * 8)
    for seat in (0, 1):
        if d.hands[seat] & king:
            points[seat] += 1
    if by_thumb:
        elder_tricks = thumb_tricks(d.hands[elder], d.hands[dealer], solver, trumps)
    else:
        elder_tricks = solver.rest(d.hands[elder], d.hands[dealer], True)
    tricks = elder_tricks if seen.me == elder else 5 - elder_tricks
    flags = {elder: d.exchanges == 0 and d.played_without_proposing,
             dealer: d.exchanges == 0 and d.refused_first}
    mine, theirs = deal_points(tricks, flags[seen.me], flags[seen.other])
    return worth((mine + points[seen.me], theirs + points[seen.other]), seen.need)


def thumb_tricks(elder: int, dealer: int, solver: Solver, trumps: int) -> int:
    """The elder's tricks when both play by the rules of thumb."""
    hands = [elder, dealer]
    played = 0
    leader = 0
    won = 0
    for _ in range(5):
        lead_card = thumb.lead(hands[leader], trumps, ALL & ~hands[leader] & ~played)
        follower = 1 - leader
        legal = solver.legal(hands[follower], lead_card)
        answer = thumb.follow(legal, lead_card, trumps)
        hands[leader] &= ~(1 << lead_card)
        hands[follower] &= ~(1 << answer)
        played |= (1 << lead_card) | (1 << answer)
        if solver.follower_wins(lead_card, answer):
            leader = follower
        won += leader == 0
    return won


def world_drawer(seen: Seen, budget: Budget,
                 truth: int | None) -> Callable[[random.Random], tuple[int, list[int]]]:
    """How a world of the exchange is drawn: the other's hand (``drawer``), then the
    stock's order (the expert's keepers read as its exchange says)."""
    draw = drawer(seen, budget, truth)
    keepers = _keepers(seen.trumps) if budget.infer else 0

    def world(rng: random.Random) -> tuple[int, list[int]]:
        other = draw(rng)
        return other, stock_order(seen, other, rng, keepers)
    return world


def world_values(seen: Seen, candidates: Sequence[str | int], other: int,
                 stock: Sequence[int], solver: Solver,
                 by_thumb: bool) -> dict[str | int, float]:
    """What each exchange choice is worth for ``seen.me`` in one world: the other's
    hand ``other`` and the stock in ``stock``'s order (see ``_play_out``)."""
    hands = [0, 0]
    hands[seen.me], hands[seen.other] = seen.hand, other
    return {choice: _play_out(seen, _Deal(list(hands), list(stock), seen.phase,
                                          seen.exchanges, seen.played_without_proposing,
                                          seen.refused_first), choice, solver, by_thumb)
            for choice in candidates}


def choose_exchange(seen: Seen, candidates: Sequence[str | int], prefer: str | int,
                    worlds: int, budget: Budget, rng: random.Random,
                    truth: int | None = None) -> str | int:
    """The exchange choice (a word, or a discard mask) with the best mean worth over
    worlds of the other's hand and the stock, every candidate on the same worlds."""
    if len(candidates) == 1:
        return candidates[0]
    solver = CanonSolver(seen.trumps, seen.forcing)
    draw = world_drawer(seen, budget, truth)
    totals = dict.fromkeys(candidates, 0.0)
    for _ in range(worlds):
        other, stock = draw(rng)
        for choice, value in world_values(seen, candidates, other, stock, solver,
                                          budget.thumb_playout).items():
            totals[choice] += value
    top = max(totals.values())
    if totals[prefer] >= top - budget.margin * worlds - 1e-9:
        return prefer
    return next(c for c in candidates if totals[c] >= top - 1e-9)


def discard_candidates(seen: Seen, least: int, most: int, around: int) -> list[int]:
    """The discards worth weighing: the ``j`` cards least worth keeping, for ``j`` one
    less than ``around`` (the rule of thumb's count) to one more, within the span."""
    order = sorted(bits(seen.hand), key=lambda c: thumb.keep_value(c, seen.hand, seen.trumps))
    return [_mask(order[:j]) for j in range(max(least, around - 1), min(most, around + 1) + 1)]


__all__ = ["EXPERT", "HARD", "SUIT_MASK", "Budget", "choose_card", "choose_exchange",
           "discard_candidates", "world_drawer", "world_values"]
