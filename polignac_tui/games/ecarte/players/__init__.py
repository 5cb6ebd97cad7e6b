"""Écarté's computer players: ``choose(view, level, rng)`` answers an action's text.

Every level but ``cheat`` reads only the seat's ``View`` (its hand, its own
discards, what was played and said); randomness comes from the ``rng`` passed in,
so a seed and a view always give the same action.

- ``easy``: any legal choice, uniformly (a discard: a count, then the cards).
- ``medium``: rules of thumb (``thumb``): the jeux de règle played without proposing,
  refusing with such a hand, throwing all but trumps and kings, leading trumps when
  strong, winning cheaply, and marking the king of trumps when asked.
- ``hard``: the cards played by search over sampled worlds (``search``), the exchange
  by the rules of thumb.
- ``expert``: more worlds, weighed by what the other's exchange said, and the exchange
  decided by simulation too.
- ``cheat`` (``cheat(match, seat, rng)``): the expert's search seeing both hands; a
  yardstick for the arena, never offered as a player.
"""

from __future__ import annotations

import random

from ...base import CardChoice, CardsChoice, Match, View, WordChoice
from ...cards import Card
from . import search, thumb
from .seen import Seen, card_of, code, mask, read

LEVELS = ("easy", "medium", "hard", "expert")
BUDGETS = {"hard": search.HARD, "expert": search.EXPERT, "cheat": search.CHEAT}
ARENA_LEVELS = (*LEVELS, "cheat")


def choose(view: View, level: str, rng: random.Random) -> str:
    """The action ``level`` takes at ``view`` (its seat's turn), as text.

    Raises:
        ValueError: for a level that is none of ``LEVELS``, or a view with no choice.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    return _decide(view, level, rng, None)


def cheat(match: Match, seat: int, rng: random.Random) -> str:
    """The cheating yardstick's action: the expert's search, the other hand known."""
    from ..match import EcarteMatch  # the one place a player reads a match

    assert isinstance(match, EcarteMatch)
    deal = match.current
    truth = None if deal is None else mask(deal.hands[1 - seat])
    return _decide(match.view(seat), "cheat", rng, truth)


def _decide(view: View, level: str, rng: random.Random, truth: int | None) -> str:
    choice = view.choice
    if choice is None:
        raise ValueError("the view's seat has nothing to choose")
    if level == "easy":
        return _any(choice, rng)
    seen = read(view)
    if isinstance(choice, CardChoice):
        if "king" in choice.words:
            return "king"                  # a point, and nothing lost by showing it
        legal = [code(c) for c in choice.cards]
        if level == "medium":
            return card_of(_thumb_card(seen, legal))
        return card_of(search.choose_card(seen, legal, BUDGETS[level], rng, truth))
    budget = BUDGETS.get(level)
    if isinstance(choice, CardsChoice):
        prefer = thumb.discard(seen.hand, seen.trumps, choice.least, choice.most)
        thrown = prefer
        if budget and budget.discard_worlds and choice.most > choice.least:
            candidates = search.discard_candidates(seen, choice.least, choice.most,
                                                   bin(prefer).count("1"))
            if prefer not in candidates:
                candidates.append(prefer)
            picked = search.choose_exchange(seen, candidates, prefer, budget.discard_worlds,
                                            budget, rng, truth)
            assert isinstance(picked, int)
            thrown = picked
        return " ".join((choice.verb, *_cards(thrown, choice.cards)))
    assert isinstance(choice, WordChoice) and choice.verb is None
    prefer_word = _thumb_word(seen, choice.words)
    if budget and budget.word_worlds and len(choice.words) > 1:
        word = search.choose_exchange(seen, choice.words, prefer_word, budget.word_worlds,
                                      budget, rng, truth)
        assert isinstance(word, str)
        return word
    return prefer_word


def _thumb_card(seen: Seen, legal: list[int]) -> int:
    if seen.trick:
        m = 0
        for c in legal:
            m |= 1 << c
        return thumb.follow(m, seen.trick[0], seen.trumps)
    return thumb.lead(seen.hand, seen.trumps, seen.unseen)


def _thumb_word(seen: Seen, words: tuple[str, ...]) -> str:
    if "play" in words:
        plays = thumb.elder_plays(seen.hand, seen.trumps, seen.exchanges)
        return "play" if plays else "propose"
    if "refuse" in words:
        refuses = thumb.dealer_refuses(seen.hand, seen.trumps, seen.exchanges)
        return "refuse" if refuses else "accept"
    return words[0]


def _cards(thrown: int, held: tuple[Card, ...]) -> list[Card]:
    return [c for c in held if (1 << code(c)) & thrown]


def _any(choice: CardChoice | CardsChoice | WordChoice, rng: random.Random) -> str:
    """A legal action drawn uniformly (a discard: a count, then that many cards)."""
    if isinstance(choice, CardChoice):
        return rng.choice((*choice.cards, *choice.words))
    if isinstance(choice, CardsChoice):
        count = rng.randint(choice.least, choice.most)
        return " ".join((choice.verb, *rng.sample(choice.cards, count)))
    if choice.verb is None:
        return rng.choice(choice.words)
    words = rng.sample(choice.words, rng.randint(0, len(choice.words)))
    return " ".join((choice.verb, *words))


__all__ = ["ARENA_LEVELS", "LEVELS", "cheat", "choose"]
