"""Écarté's searching levels: the positions solved by shape give the plain solver's
values, the rules of thumb's table-driven lead and follow give the readable rules'
cards, and the expert reads the other's words after an exchange."""

from __future__ import annotations

import random

import pytest

from polignac_tui.games.ecarte.players import search, thumb
from polignac_tui.games.ecarte.players.canon import CanonSolver, canonical
from polignac_tui.games.ecarte.players.seen import (
    SUIT_MASK,
    Seen,
    bits,
    code,
    mask,
    rank,
    read,
    suit,
)
from polignac_tui.games.ecarte.players.solve import Solver

from .helpers import ecarte_dealt, ecarte_match


def random_position(rng: random.Random, size: int) -> tuple[int, int, int]:
    cards = rng.sample(range(32), 2 * size)
    return (sum(1 << c for c in cards[:size]), sum(1 << c for c in cards[size:]),
            rng.randrange(4))


@pytest.mark.parametrize("forcing", [True, False])
def test_positions_solved_by_shape_have_the_plain_solvers_values(forcing: bool) -> None:
    rng = random.Random(11)
    for _ in range(600):
        mine, theirs, trumps = random_position(rng, rng.randint(1, 5))
        plain, shared = Solver(trumps, forcing), CanonSolver(trumps, forcing)
        for i_lead in (True, False):
            assert shared.rest(mine, theirs, i_lead) == plain.rest(mine, theirs, i_lead)
        assert shared.card_values(mine, theirs, None) == plain.card_values(mine, theirs, None)


def test_a_shape_forgets_the_cards_in_neither_hand_and_the_order_of_plain_suits() -> None:
    # spades trumps; hearts and clubs swapped, and every card moved down the suit
    one = canonical(mask(["KS", "KH", "QH"]), mask(["9S", "7H", "TC"]), 0)
    two = canonical(mask(["JS", "TC", "9C"]), mask(["7S", "8C", "8H"]), 0)
    assert one == two
    assert canonical(mask(["KS"]), mask(["QS"]), 0) != canonical(mask(["QS"]), mask(["KS"]), 0)


def reference_lead(hand: int, trumps: int, unseen: int) -> int:
    """The rules of thumb's lead as first written, card by card."""
    def master(card: int) -> bool:
        return not unseen & SUIT_MASK[suit(card)] & ((1 << card) - 1)
    t = hand & SUIT_MASK[trumps]
    if t and (len(bits(t)) >= 3 or master(bits(t)[0])):
        return bits(t)[0]
    sides = [hand & SUIT_MASK[s] for s in range(4) if s != trumps and hand & SUIT_MASK[s]]
    masters = [bits(m)[0] for m in sides if master(bits(m)[0])]
    if masters:
        return min(masters, key=rank)
    if sides:
        return bits(max(sides, key=lambda m: (len(bits(m)), -bits(m)[0])))[0]
    return bits(t)[-1]


def reference_follow(legal: int, led: int, trumps: int) -> int:
    def beats(c: int) -> bool:
        return c < led if suit(c) == suit(led) else suit(c) == trumps
    winners = [c for c in bits(legal) if beats(c)]
    if winners:
        return max(winners, key=lambda c: (suit(c) == suit(led), rank(c)))
    return max(bits(legal), key=lambda c: (suit(c) != trumps, rank(c)))


def test_the_rules_of_thumb_lead_and_follow_as_the_readable_rules_do() -> None:
    rng = random.Random(4)
    for _ in range(5000):
        n = rng.randint(1, 5)
        cards = rng.sample(range(32), n + 13)
        hand, trumps = sum(1 << c for c in cards[:n]), rng.randrange(4)
        unseen = sum(1 << c for c in cards[n:n + rng.randint(0, 12)])
        assert thumb.lead(hand, trumps, unseen) == reference_lead(hand, trumps, unseen)
        led = cards[-1]
        legal = Solver(trumps, rng.random() < 0.5).legal(hand, led)
        assert thumb.follow(legal, led, trumps) == reference_follow(legal, led, trumps)


@pytest.mark.parametrize(("hand", "turnup", "regle"), [
    ("KS 9S AS 7D JC", "8S", True),           # three trumps
    ("9S 8S 7H 8H 9H", "KS", True),           # two trumps, three of a suit
    ("9S 8S 7H 8H 9D", "KS", False),
    ("9S KH QH KD 7C", "8S", True),           # one trump, king and queen, another king
    ("9S KH QH 7D 7C", "8S", False),
    ("KH QH JD KC 7C", "8S", True),           # no trump, four court cards
    ("KH QH JD 7C 8C", "8S", False),
])
def test_the_jeux_de_regle_read_from_the_suits(hand: str, turnup: str, regle: bool) -> None:
    assert thumb.jeu_de_regle(mask(hand.split()), suit(code(turnup))) is regle


def after_one_exchange(last: str) -> Seen:
    """Seat 0 deals; the elder proposes, both exchange, then says ``last`` (and the
    dealer, seat 0, is to act)."""
    match = ecarte_match(0)
    match.start_deal(ecarte_dealt(0, ("KD QD 7D 8C 9C", "7H 8H 9H 7C TD"), "8S"))
    for text in ("propose", "accept", "discard 7H 8H 9H", "discard 7D 8C 9C", last):
        match.apply(text)
    if last == "play":
        match.apply(str(match.view(1).choice.cards[0]))   # type: ignore[union-attr]
    return read(match.view(0))


@pytest.mark.parametrize("last", ["propose", "play"])
def test_the_expert_reads_the_elders_word_after_an_exchange(last: str) -> None:
    seen = after_one_exchange(last)
    assert seen.exchanges == 1
    rng = random.Random(8)
    for budget, always in ((search.EXPERT, True), (search.HARD, False)):
        draw = search.drawer(seen, budget, None)
        plays = [thumb.elder_plays(draw(rng) | seen.other_played, seen.trumps, 1)
                 for _ in range(80)]
        wanted = last == "play"
        assert all(p is wanted for p in plays) if always else not all(
            p is wanted for p in plays)


def test_the_shared_table_starts_afresh_past_its_limit_with_the_same_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from polignac_tui.games.ecarte.players import canon

    monkeypatch.setattr(canon, "LIMIT", 50)
    rng = random.Random(5)
    for _ in range(200):
        mine, theirs, trumps = random_position(rng, 5)
        shared = CanonSolver(trumps, True)
        assert shared.rest(mine, theirs, True) == Solver(trumps, True).rest(mine, theirs, True)
        assert len(shared.shared.memo) <= 50 + 2000     # one search's positions at most
