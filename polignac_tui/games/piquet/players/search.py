"""The searching levels: worlds drawn to agree with what the seat has seen, the deal
played out in each, the choice with the best mean of my points minus the other's.

The exchange: a handful of candidate discards (the rule of thumb's, one card fewer
and more, and the next cards swapped in) are each tried in the same worlds of the
talon and the other's hand; in each world the other's exchange follows the rules of
thumb, the declarations are counted (repique included), and the tricks are played
out by the rules of thumb on both sides (pique, the cards and capot included).

The tricks: each card I may play is tried in every world and the deal played out by
the rules of thumb until ``playout_exact`` cards are left in each hand, then exactly;
from ``exact_from`` cards on, every world is searched to the end exactly
(``solve.Solver``), the double-dummy answer for that world.

``hard``: uniform worlds, a small budget; it searches the last eight tricks only (the
first four by the rules of thumb), the last five exactly.
``expert``: all twelve tricks searched, the last seven exactly, more worlds and read
more sharply (the other's discards likelier among its low cards; the younger reads
the elder's exchange as the rules of thumb's), and many more worlds and discards
weighed at the exchange.
``cheat``: the expert's search in the one true world (the other hand and the talon).

Measured (the arena, duplicate deals against ``medium``): searching the first tricks
is worth most (the leads); the number of worlds little (3 or 40 alike), and an exact
search from 7 cards rather than 5, or the other's reply searched before a playout,
nothing measurable; the exchange by simulation a little.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from . import thumb
from .masks import ALL, bits, count, point_key, point_worth, sequence_key, sets_key
from .partie import Standing
from .seen import Seen, other_hand
from .solve import CARDS, Solver, beats, cards_bonus, distinct, legal

TIE = 0.05           # a partie's value a world: choices closer than this are tied
PIQUE_AT = 30
PIQUE = 30
REPIQUE = 60


@dataclass(frozen=True, slots=True)
class Budget:
    worlds: int            # worlds for a card once the tricks are searched exactly
    exact_from: int        # cards in hand from which every world is searched exactly
    rollouts: int          # worlds for a card before that
    playout_exact: int     # a playout's last cards are searched exactly
    discard_worlds: int    # worlds in which every candidate discard is played out
    candidates: int        # how many discards are weighed
    infer: bool            # read the other's discards and exchange
    plies: int = 0         # cards searched (both sides' best) before a playout
    search_from: int = 12  # cards in hand from which the tricks are searched (before:
                           # the rules of thumb)
    partie: bool = False   # weigh the declarations by the partie's standing (``partie``)
    partie_exchange: bool = False  # and the exchange, and the cards played (measured over
    partie_play: bool = False      # mirrored pairs from standings: no better, see README)


HARD = Budget(worlds=10, exact_from=5, rollouts=10, playout_exact=3, discard_worlds=24,
              candidates=6, infer=False, search_from=8)
EXPERT = Budget(worlds=20, exact_from=7, rollouts=16, playout_exact=4, discard_worlds=160,
                candidates=10, infer=True, partie=True)


@dataclass(frozen=True, slots=True)
class Truth:
    """What the cheat sees: the other's hand now and the talon, top first."""

    other: int
    talon: tuple[int, ...]


# -- the declarations and the tricks of one world ----------------------------------------
SUNK = (-1, -1)    # the key of a kind not declared: any held by the other beats it


def declarations(elder: int, younger: int, point_score: str, start: tuple[int, int],
                 sunk: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
                 ) -> tuple[int, int, bool]:
    """The points (elder's, younger's) after the declarations, both declaring all that
    scores (§4) but the kinds each sinks (``sunk``: the elder's, the younger's), from
    ``start`` (carte blanche), and whether a repique was made (§6)."""
    points = [start[0], start[1]]
    repique = False
    pe, ps = point_key(elder)[0], point_key(younger)[0]
    se, sw_e = sequence_key(elder)
    sy, sw_y = sequence_key(younger)
    te, tw_e = sets_key(elder)
    ty, tw_y = sets_key(younger)
    for kind, mine, theirs, worth_e, worth_y in (
            ("point", pe, ps, point_worth(pe, point_score), point_worth(ps, point_score)),
            ("sequence", se, sy, sw_e, sw_y), ("sets", te, ty, tw_e, tw_y)):
        if kind in sunk[0]:
            mine = SUNK
        if kind in sunk[1]:
            theirs = SUNK
        if mine == theirs:
            continue
        winner = 0 if mine > theirs else 1
        points[winner] += worth_e if winner == 0 else worth_y
        if not repique and points[winner] >= PIQUE_AT and points[1 - winner] == 0:
            points[winner] += REPIQUE
            repique = True
    return points[0], points[1], repique


def playout(hands: list[int], leader: int, won: list[int], points: list[int],
            pique_open: bool, exact_at: int = 0, solver: Solver | None = None) -> int:
    """Play the tricks left from the start of a trick, both seats by the rules of thumb
    (each seeing the other's hand to tell a master card), the last ``exact_at`` tricks
    exactly; seat 0's points minus seat 1's gained from here, the cards included."""
    gained = [0, 0]
    while hands[leader]:
        left = count(hands[0])
        if left <= exact_at and solver is not None:
            return gained[0] - gained[1] + solver.rest(hands[0], hands[1], leader == 0,
                                                       won[0])
        follower = 1 - leader
        a = thumb.lead(hands[leader], hands[follower])
        b = thumb.follow(hands[follower], a)
        hands[leader] ^= 1 << a
        hands[follower] ^= 1 << b
        winner = follower if beats(b, a) else leader
        won[winner] += 1
        scores = [(leader, 1)]
        if winner == follower:
            scores.append((follower, 1))
        if not hands[leader]:
            scores.append((winner, 1))
        for seat, n in scores:
            gained[seat] += n
            points[seat] += n
            if pique_open and points[seat] >= PIQUE_AT and points[1 - seat] == 0:
                gained[seat] += PIQUE
                points[seat] += PIQUE
                pique_open = False
        leader = winner
    return gained[0] - gained[1] + cards_bonus(won[0])


def deal_value(mine: int, theirs: int, i_am_elder: bool, point_score: str,
               start: tuple[int, int]) -> int:
    """My points minus the other's from the declarations on, both hands exchanged."""
    gained, lost = deal_points(mine, theirs, i_am_elder, point_score, start)
    return gained - lost


def deal_points(mine: int, theirs: int, i_am_elder: bool, point_score: str,
                start: tuple[int, int],
                sunk: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
                ) -> tuple[int, int]:
    """My points and the other's from the declarations on, both hands exchanged (the
    kinds sunk: the elder's, the younger's)."""
    elder, younger = (mine, theirs) if i_am_elder else (theirs, mine)
    se = (start[0], start[1]) if i_am_elder else (start[1], start[0])
    pe, py, repique = declarations(elder, younger, point_score, se, sunk)
    points, won = [pe, py], [0, 0]
    playout([elder, younger], 0, won, points, not repique)
    bonus = cards_bonus(won[0])
    ge = points[0] - se[0] + max(bonus, 0)
    gy = points[1] - se[1] + max(-bonus, 0)
    return (ge, gy) if i_am_elder else (gy, ge)


# -- the exchange ------------------------------------------------------------------------
def discard_candidates(hand: int, elder: bool, least: int, most: int, prefer: int,
                       limit: int) -> list[int]:
    """The discards worth weighing: the rule of thumb's, then the cards least worth
    keeping for one card fewer and more, then the last thrown swapped with the next."""
    order = thumb.keep_order(hand, elder)
    around = count(prefer)
    out = [prefer]

    def add(m: int) -> None:
        if m not in out and least <= count(m) <= most:
            out.append(m)
    for j in (around - 1, around + 1, around - 2):
        if least <= j <= most:
            add(mask_of(order[:j]))
    for j in (around, around - 1, around + 1):
        if not least <= j <= most or j == 0:
            continue
        for swap_out in range(j - 1, max(-1, j - 3), -1):
            for swap_in in range(j, min(len(order), j + 2)):
                chosen = order[:j]
                chosen[swap_out] = order[swap_in]
                add(mask_of(chosen))
    return out[:max(1, limit)]


def mask_of(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def choose_discard(seen: Seen, least: int, most: int, budget: Budget, rng: random.Random,
                   truth: Truth | None = None, standing: Standing | None = None) -> int:
    """The discard (a mask) with the best mean over the worlds, every candidate played
    out in the same worlds (``standing``: the mean of what the deal's points are worth
    to the partie)."""
    elder = seen.i_am_elder
    prefer = thumb.discard(seen.hand, elder, least, most)
    candidates = discard_candidates(seen.hand, elder, least, most, prefer, budget.candidates)
    if len(candidates) == 1 or not budget.discard_worlds:
        return prefer
    totals = dict.fromkeys(candidates, 0.0)
    diffs = dict.fromkeys(candidates, 0.0)
    start = (seen.points[seen.me], seen.points[seen.other])
    for _ in range(1 if truth is not None else budget.discard_worlds):
        if elder:
            other, talon = _elder_world(seen, rng, truth)
        else:
            other, talon = _younger_world(seen, rng, budget.infer, truth)
        answers: dict[int, int] = {}            # the younger's exchange, by my count
        for cand in candidates:
            j = count(cand)
            mine = (seen.hand & ~cand) | mask_of(talon[:j])
            theirs = other
            if elder:
                theirs = answers.get(j, -1)
                if theirs < 0:
                    rest = talon[j:]
                    thrown = thumb.discard(other, False, min(1, len(rest)), len(rest))
                    theirs = (other & ~thrown) | mask_of(rest[:count(thrown)])
                    answers[j] = theirs
            gained, lost = deal_points(mine, theirs, elder, seen.point_score, start)
            diffs[cand] += gained - lost
            if standing is not None:
                totals[cand] += standing.worth(gained, lost)
    runs = 1 if truth is not None else budget.discard_worlds
    best = _best(candidates, totals if standing is not None else diffs, diffs, runs)
    return prefer if prefer in best else next(c for c in candidates if c in best)


def _elder_world(seen: Seen, rng: random.Random,
                 truth: Truth | None) -> tuple[int, list[int]]:
    """The younger's hand as dealt and the talon, top first."""
    if truth is not None:
        return truth.other, list(truth.talon)
    pool = bits(ALL & ~seen.hand)
    rng.shuffle(pool)
    return mask_of(pool[8:]), pool[:8]


def _younger_world(seen: Seen, rng: random.Random, infer: bool,
                   truth: Truth | None) -> tuple[int, list[int]]:
    """The elder's hand after his exchange and the talon left, top first (``infer``:
    his hand as dealt drawn, then his exchange made by the rules of thumb)."""
    if truth is not None:
        return truth.other, list(truth.talon)
    k = seen.taken[seen.elder]
    pool = bits(ALL & ~seen.hand)
    rng.shuffle(pool)
    if infer:
        dealt = mask_of(pool[:12])
        talon = pool[12:]
        thrown = thumb.discard(dealt, True, k, k)
        return (dealt & ~thrown) | mask_of(talon[:k]), talon[k:]
    return mask_of(pool[8 - k:20 - k]), pool[:8 - k]


# -- the tricks --------------------------------------------------------------------------
def thumb_card(seen: Seen) -> int:
    """The rule of thumb's card."""
    if seen.led is not None:
        return thumb.follow(seen.hand, seen.led)
    return thumb.lead(seen.hand, seen.unseen | seen.known_other)


def choose_card(seen: Seen, legal: Sequence[int], budget: Budget, rng: random.Random,
                truth: Truth | None = None, pique_open: bool = False,
                standing: Standing | None = None) -> tuple[int, bool]:
    """The card to play and whether the tricks were searched exactly: the best mean
    over the worlds (the rule of thumb's card when it is as good; ``standing``: the
    mean of what the deal's points are worth to the partie, the points still to come
    about one and a half a trick and the cards)."""
    prefer = thumb_card(seen)
    if len(legal) == 1:
        return legal[0], False
    n = count(seen.hand)
    if n > budget.search_from:
        return prefer, False
    exact = n <= budget.exact_from
    runs = 1 if truth is not None else (budget.worlds if exact else budget.rollouts)
    worlds = [truth.other if truth is not None else other_hand(seen, rng, budget.infer)
              for _ in range(runs)]
    totals = dict.fromkeys(legal, 0.0)
    diffs = dict.fromkeys(legal, 0.0)
    solver = Solver()
    me, other = seen.me, seen.other
    to_come = 1.5 * n + CARDS + 1
    for world in worlds:
        if exact:
            values = solver.card_values(seen.hand, world, seen.led, seen.won[me])
            for c in legal:
                diffs[c] += values[c]
                if standing is not None:
                    totals[c] += standing.worth_of_diff(values[c], to_come)
            continue
        for c in legal:
            diff = _try_card(seen, world, c, solver, budget.playout_exact, pique_open, me,
                             other, budget.plies)
            diffs[c] += diff
            if standing is not None:
                totals[c] += standing.worth_of_diff(diff, to_come)
    best = _best(legal, totals if standing is not None else diffs, diffs, len(worlds))
    return (prefer if prefer in best else min(best)), exact


def _best(options: Sequence[int], totals: dict[int, float], diffs: dict[int, float],
          worlds: int) -> list[int]:
    """The options whose total is the best (within ``TIE`` a world of it), and among
    them those with the best points: where the partie's worth is flat (the order and
    the rubicon settled), the points decide, as they would without the partie."""
    top = max(totals[c] for c in options)
    near = [c for c in options if totals[c] >= top - TIE * worlds - 1e-9]
    best_diff = max(diffs[c] for c in near)
    return [c for c in near if diffs[c] >= best_diff - 1e-9]


def _try_card(seen: Seen, world: int, card: int, solver: Solver, exact_at: int,
              pique_open: bool, me: int, other: int, plies: int = 0) -> int:
    """My points minus the other's from playing ``card`` now in ``world``: the next
    ``plies`` cards searched (both sides' best), then the rules of thumb."""
    hands = [seen.hand, world]
    leader = 1 if seen.led is not None else 0
    state = _State(hands, leader, seen.led, [seen.won[me], seen.won[other]],
                   [seen.points[me], seen.points[other]], pique_open)
    return _after(state, card, plies, solver, exact_at)


class _State:
    """A world's deal in play, seat 0 being the one deciding."""

    __slots__ = ("hands", "leader", "led", "pique_open", "points", "won")

    def __init__(self, hands: list[int], leader: int, led: int | None, won: list[int],
                 points: list[int], pique_open: bool) -> None:
        self.hands, self.leader, self.led = hands, leader, led
        self.won, self.points, self.pique_open = won, points, pique_open

    def copy(self) -> _State:
        return _State(list(self.hands), self.leader, self.led, list(self.won),
                      list(self.points), self.pique_open)

    def score(self, seat: int, n: int) -> int:
        """Score ``n`` for ``seat`` (and a pique if it makes one); seat 0's gain."""
        self.points[seat] += n
        if self.pique_open and self.points[seat] >= PIQUE_AT and self.points[1 - seat] == 0:
            self.points[seat] += PIQUE
            self.pique_open = False
            n += PIQUE
        return n if seat == 0 else -n

    def play(self, card: int) -> int:
        """Play ``card`` for the seat to play; seat 0's gain."""
        if self.led is None:
            self.hands[self.leader] ^= 1 << card
            self.led = card
            return self.score(self.leader, 1)
        follower = 1 - self.leader
        self.hands[follower] ^= 1 << card
        winner = follower if beats(card, self.led) else self.leader
        self.won[winner] += 1
        gain = self.score(follower, 1) if winner == follower else 0
        if not self.hands[self.leader]:
            gain += self.score(winner, 1)
        self.leader, self.led = winner, None
        return gain


def _after(state: _State, card: int, plies: int, solver: Solver, exact_at: int) -> int:
    """Seat 0's gain from ``card`` played now, then ``plies`` cards searched, then the
    rules of thumb (and the last ``exact_at`` tricks exactly)."""
    state = state.copy()
    gain = state.play(card)
    if state.led is None and not state.hands[0]:
        return gain + cards_bonus(state.won[0])
    if plies <= 0:
        if state.led is not None:
            follower = 1 - state.leader
            gain += state.play(thumb.follow(state.hands[follower], state.led))
            if not state.hands[0]:
                return gain + cards_bonus(state.won[0])
        return gain + playout(state.hands, state.leader, state.won, state.points,
                              state.pique_open, exact_at, solver)
    turn = state.leader if state.led is None else 1 - state.leader
    hand = state.hands[turn]
    options = hand if state.led is None else legal(hand, state.led)
    live = state.hands[0] | state.hands[1] | (0 if state.led is None else 1 << state.led)
    values = [_after(state, c, plies - 1, solver, exact_at) for c in distinct(options, live)]
    return gain + (max(values) if turn == 0 else min(values))


__all__ = [
    "EXPERT",
    "HARD",
    "Budget",
    "Truth",
    "choose_card",
    "choose_discard",
    "deal_points",
    "deal_value",
    "declarations",
    "discard_candidates",
    "playout",
]
