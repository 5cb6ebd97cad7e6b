"""Shared helpers for the games' tests: dealing chosen cards, playing at random."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Sequence

from polignac_tui.games.base import (
    CardChoice,
    CardsChoice,
    Choice,
    Dealt,
    Event,
    Match,
    Scored,
    View,
    WordChoice,
)
from polignac_tui.games.cards import DECK
from polignac_tui.games.ecarte import GAME
from polignac_tui.games.ecarte.match import EcarteMatch
from polignac_tui.games.piquet import GAME as PIQUET
from polignac_tui.games.piquet.match import PiquetMatch

NAMES = ("Anna", "Bruno")


def ecarte_dealt(dealer: int, hands: Sequence[str], turnup: str,
                 stock_top: Iterable[str] = ()) -> Dealt:
    """An Écarté deal: ``hands`` as two strings of codes (``"KS QS 7C 8C 9D"``), the
    turned-up card, the stock's top cards, then every other card in deck order."""
    h0, h1 = (tuple(h.split()) for h in hands)
    top = tuple(stock_top)
    used = {*h0, *h1, turnup, *top}
    stock = top + tuple(c for c in DECK if c not in used)
    return Dealt(dealer, (h0, h1), (("turnup", (turnup,)), ("stock", stock)))


def ecarte_match(first_dealer: int = 0, **overrides: object) -> EcarteMatch:
    match = GAME.start(GAME.settings("classique", overrides), NAMES, first_dealer)
    assert isinstance(match, EcarteMatch)
    return match


def vole_dealt(dealer: int, winner: int) -> Dealt:
    """A deal that ``winner`` takes whole whatever is played: spades are trumps (7S
    turned up), the winner holds Q J A 10 9 of trumps, the other 8S and four clubs,
    the K of trumps lies in the stock."""
    strong, weak = "QS JS AS TS 9S", "8S 7C 8C 9C TC"
    hands = (strong, weak) if winner == 0 else (weak, strong)
    return ecarte_dealt(dealer, hands, "7S", ["KS"])


def play_out(match: Match, actions: Iterable[str] = ()) -> list[Event]:
    """Apply ``actions``, then the first legal action until no one is to act."""
    events: list[Event] = []
    for action in actions:
        events.extend(match.apply(action))
    for _ in range(100):
        seat = match.turn
        if seat is None:
            return events
        choice = match.choices(seat)
        assert choice is not None
        events.extend(match.apply(first_action(choice)))
    raise AssertionError("the deal did not end in 100 actions")


def first_action(choice: Choice) -> str:
    if isinstance(choice, CardChoice):
        return choice.cards[0]
    if isinstance(choice, CardsChoice):
        return " ".join(("discard", *choice.cards[:choice.least]))
    return choice.words[0] if choice.verb is None else choice.verb


def random_action(choice: Choice, rng: random.Random) -> str:
    """A legal action drawn at random from ``choice``."""
    if isinstance(choice, CardChoice):
        if choice.words and rng.random() < 0.5:
            return rng.choice(choice.words)
        return rng.choice(choice.cards)
    if isinstance(choice, CardsChoice):
        count = rng.randint(choice.least, choice.most)
        return " ".join(("discard", *rng.sample(choice.cards, count)))
    assert isinstance(choice, WordChoice)
    if choice.verb is None:
        return rng.choice(choice.words)
    return " ".join((choice.verb, *rng.sample(choice.words, rng.randint(0, len(choice.words)))))


def scored(events: Iterable[Event], players: int = 2) -> list[int]:
    points = [0] * players
    for event in events:
        if isinstance(event, Scored):
            points[event.seat] += event.points
    return points


def piquet_dealt(dealer: int, hands: Sequence[str], talon: str) -> Dealt:
    """A Piquet deal: ``hands`` as two strings of 12 codes (seat 0's, seat 1's) and the
    talon of 8, top card first."""
    h0, h1 = (tuple(h.split()) for h in hands)
    return Dealt(dealer, (h0, h1), (("talon", tuple(talon.split())),))


def piquet_match(first_dealer: int = 0, preset: str = "rubicon",
                 **overrides: object) -> PiquetMatch:
    match = PIQUET.start(PIQUET.settings(preset, overrides), NAMES, first_dealer)
    assert isinstance(match, PiquetMatch)
    return match


def mirrored(dealt: Dealt) -> Dealt:
    """The same deal dealt by the other seat: each seat gets the other's hand, so the
    elder and the younger hold what they held, and score what they scored."""
    return Dealt(1 - dealt.dealer, (dealt.hands[1], dealt.hands[0]), dealt.packets)


CARD = re.compile(r'"([AKQJT987][SHDC])"')


def view_cards(view: View) -> set[str]:
    """Every card code anywhere in the view's JSON form."""
    return set(CARD.findall(json.dumps(view.to_json())))
