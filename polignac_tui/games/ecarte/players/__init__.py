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

``advise(view, rng)`` is the expert's action with a short reason code a screen can
word (``REASONS``).
"""

from __future__ import annotations

import random

from ... import ARENA_LEVELS, LEVELS
from ...base import CardChoice, CardsChoice, Match, View, WordChoice
from ...cardmasks import any_action
from . import search, thumb
from .seen import SUIT_MASK, Seen, card_of, code, held_of, mask, read

BUDGETS = {"hard": search.HARD, "expert": search.EXPERT, "cheat": search.CHEAT}
REASONS = (
    "mark_king",            # the king of trumps marked: a point
    "play_as_dealt",        # the elder plays without proposing (a jeu de règle)
    "propose_exchange",     # the elder proposes
    "refuse_exchange",      # the dealer refuses: a hand good enough to play
    "accept_exchange",      # the dealer accepts
    "discard_keep_trumps",  # throw all but trumps and kings
    "discard_weighed",      # a searched discard other than the rule of thumb's
    "only_card",            # one card may be played
    "lead_trumps",          # trumps led, to draw the other's
    "lead_master",          # a card no unseen card of its suit beats
    "lead_long_suit",       # from the longest plain suit
    "win_cheaply",          # the lowest card that wins the trick
    "win_trick",            # a higher card that wins it (the search's choice)
    "trump_in",             # none of the suit: a trump wins the trick
    "play_low",             # the trick cannot be won: the lowest card
)
WORD_REASONS = {"play": "play_as_dealt", "propose": "propose_exchange",
                "refuse": "refuse_exchange", "accept": "accept_exchange"}


def choose(view: View, level: str, rng: random.Random) -> str:
    """The action ``level`` takes at ``view`` (its seat's turn), as text.

    Raises:
        ValueError: for a level that is none of ``LEVELS``, or a view with no choice.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    return _decide(view, level, rng, None)


def advise(view: View, rng: random.Random) -> tuple[str, str]:
    """The expert's action at ``view`` and a reason code (one of ``REASONS``).

    Raises:
        ValueError: for a view with no choice.
    """
    action = _decide(view, "expert", rng, None)
    choice = view.choice
    if action == "king":
        return action, "mark_king"
    if isinstance(choice, CardsChoice):
        return action, _discard_reason(read(view), choice, action)
    if isinstance(choice, WordChoice):
        return action, WORD_REASONS.get(action, "accept_exchange")
    assert isinstance(choice, CardChoice)
    if len(choice.cards) == 1:
        return action, "only_card"
    return action, _card_reason(read(view), code(action), [code(c) for c in choice.cards])


def _discard_reason(seen: Seen, choice: CardsChoice, action: str) -> str:
    """``discard_keep_trumps`` when ``action`` throws what the rule of thumb throws,
    else ``discard_weighed`` (the search chose another discard)."""
    prefer = thumb.discard(seen.hand, seen.trumps, choice.least, choice.most)
    thumb_action = " ".join((choice.verb, *held_of(prefer, choice.cards)))
    return "discard_keep_trumps" if action == thumb_action else "discard_weighed"


def _card_reason(seen: Seen, card: int, legal: list[int]) -> str:
    """The rule of thumb a card follows."""
    trump = (card >> 3) == seen.trumps
    if not seen.trick:
        if trump:
            return "lead_trumps"
        higher = SUIT_MASK[card >> 3] & ((1 << card) - 1)
        return "lead_long_suit" if seen.unseen & higher else "lead_master"
    led = seen.trick[0]
    if card >> 3 == led >> 3:
        if card < led:
            cheaper = [c for c in legal if c >> 3 == led >> 3 and card < c < led]
            return "win_cheaply" if not cheaper else "win_trick"
        return "play_low"
    return "trump_in" if trump else "play_low"


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
        return any_action(choice, rng)
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
        return " ".join((choice.verb, *held_of(thrown, choice.cards)))
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


__all__ = ["ARENA_LEVELS", "LEVELS", "REASONS", "advise", "cheat", "choose"]
