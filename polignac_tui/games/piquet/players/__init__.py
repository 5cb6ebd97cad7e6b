"""Piquet's computer players: ``choose(view, level, rng)`` answers an action's text.

Every level but ``cheat`` reads only the seat's ``View`` (its hand, its own discards,
the talon cards it saw, what was declared, answered and played); randomness comes
from the ``rng`` passed in, so a seed and a view always give the same action.

- ``easy``: any legal choice, uniformly (a discard: a count in the span, then the
  cards; the declarations: any of the kinds held).
- ``medium``: the classical advice (``thumb``): the elder throws five and attacks, the
  younger keeps her guards and long suit; every combination declared; lead from the
  long suit, win cheaply, keep the guards.
- ``hard``: the exchange chosen by playing out candidate discards in sampled talons
  and hands; the last eight tricks by search over the other's hands that agree with
  all that was seen, the last five exactly (``search``); the first four by the rules of
  thumb; the younger declares only what scores.
- ``expert``: all twelve tricks searched, the last seven exactly, more worlds read more
  sharply, and many more at the exchange; its declarations weigh the partie's standing
  (``declare``: rubiconed out of reach, it sinks what would only add to its loss).
- ``cheat`` (``cheat(match, seat, rng)``): the expert seeing the other hand and the
  talon; a yardstick for the arena, never offered as a player.

``advise(view, rng)`` is the expert's action with a short reason code a screen can
word (``REASONS``).
"""

from __future__ import annotations

import random

from ... import ARENA_LEVELS, LEVELS
from ...base import CardChoice, CardsChoice, Match, View, WordChoice
from ...cardmasks import any_action
from . import search, thumb
from .declare import choose_declaration
from .masks import card_of, code, held_of, mask, point_key, sequence_key, sets_key
from .partie import Standing, read_standing
from .seen import Seen, read

BUDGETS = {"hard": search.HARD, "expert": search.EXPERT, "cheat": search.EXPERT}
REASONS = (
    "discard_attack",        # the elder throws to attack: point, sequences, sets kept
    "discard_keep_guards",   # the younger keeps her guards and long suit
    "look_talon",            # the cards left are looked at: they tell where cards are
    "declare_best",          # every combination held is declared
    "declare_scoring",       # only the combinations that score or tie are declared
    "declare_partie",        # some sunk: scoring them would cost the partie
    "only_card",             # one card may be played
    "endgame_exact",         # the last tricks searched exactly in every possible hand
    "lead_master",           # a card no other card left can beat
    "lead_long_suit",        # from the long suit
    "win_cheaply",           # the lowest card that wins the trick
    "play_low",              # the trick cannot be won: the lowest card of the suit
    "throw_least",           # none of the suit: the card least worth keeping
)
KEY_OF = {"point": lambda h: point_key(h)[0], "sequence": lambda h: sequence_key(h)[0],
          "sets": lambda h: sets_key(h)[0]}


def choose(view: View, level: str, rng: random.Random) -> str:
    """The action ``level`` takes at ``view`` (its seat's turn), as text.

    Raises:
        ValueError: for a level that is none of ``LEVELS``, or a view with no choice.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    return _decide(view, level, rng, None)[0]


def choose_with(view: View, budget: search.Budget, rng: random.Random) -> str:
    """The expert's action at ``view`` with ``budget`` instead of its own (the
    benchmarks' variants of the expert, e.g. without the partie in mind)."""
    return _decide(view, "expert", rng, None, budget)[0]


def advise(view: View, rng: random.Random) -> tuple[str, str]:
    """The expert's action at ``view`` and a reason code (one of ``REASONS``)."""
    return _decide(view, "expert", rng, None)


def cheat(match: Match, seat: int, rng: random.Random) -> str:
    """The cheating yardstick's action: the expert's search, the other hand and the
    talon known."""
    from ..match import PiquetMatch  # the one place a player reads a match

    assert isinstance(match, PiquetMatch)
    deal = match.current
    truth = None if deal is None else search.Truth(
        mask(deal.hands[1 - seat]), tuple(code(c) for c in deal.talon))
    return _decide(match.view(seat), "cheat", rng, truth)[0]


def _decide(view: View, level: str, rng: random.Random, truth: search.Truth | None,
            budget: search.Budget | None = None) -> tuple[str, str]:
    choice = view.choice
    if choice is None:
        raise ValueError("the view's seat has nothing to choose")
    if level == "easy":
        return any_action(choice, rng), "random"
    seen = read(view)
    budget = budget or BUDGETS.get(level)
    if isinstance(choice, CardsChoice):
        why = "discard_attack" if seen.i_am_elder else "discard_keep_guards"
        if budget is None:
            thrown = thumb.discard(seen.hand, seen.i_am_elder, choice.least, choice.most)
        else:
            standing = _standing(view, budget) if budget.partie_exchange else None
            thrown = search.choose_discard(seen, choice.least, choice.most, budget, rng, truth,
                                           standing)
        return " ".join((choice.verb, *held_of(thrown, choice.cards))), why
    if isinstance(choice, WordChoice):
        if choice.verb is None:
            return ("look" if "look" in choice.words else choice.words[0]), "look_talon"
        if budget is None:
            return thumb.declare(choice.words), "declare_best"
        by_points = choice.words if seen.i_am_elder else _scoring(seen, choice.words)
        why = "declare_best" if seen.i_am_elder else "declare_scoring"
        standing = _standing(view, budget)
        if standing is not None:
            kept = choose_declaration(seen, choice.words, by_points, budget, rng, standing)
            if kept != by_points:
                by_points, why = kept, "declare_partie"
        return " ".join(("declare", *by_points)), why
    assert isinstance(choice, CardChoice)
    legal = [code(c) for c in choice.cards]
    if len(legal) == 1:
        return card_of(legal[0]), "only_card"
    if budget is None:
        card = search.thumb_card(seen)
        return card_of(card), _card_reason(seen, card)
    part = view.game_part
    pique_open = part.get("pique") is None and part.get("repique") is None
    card, exact = search.choose_card(seen, legal, budget, rng, truth, pique_open,
                                     _standing(view, budget) if budget.partie_play else None)
    return card_of(card), ("endgame_exact" if exact else _card_reason(seen, card))


def _standing(view: View, budget: search.Budget) -> Standing | None:
    """The partie's standing when the level weighs it."""
    return read_standing(view) if budget.partie else None


def _scoring(seen: Seen, words: tuple[str, ...]) -> tuple[str, ...]:
    """The younger's declaration: the kinds she holds that beat or tie the elder's, or
    that he did not declare; a losing one would only tell him her cards."""
    theirs = seen.declared[seen.elder] or {}
    kept = []
    for kind in words:
        his = theirs.get(kind)
        if his is None or KEY_OF[kind](seen.hand) >= his.key:
            kept.append(kind)
    return tuple(kept)


def _card_reason(seen: Seen, card: int) -> str:
    """The rule of thumb a card follows, in words a screen can say."""
    led = seen.led
    if led is None:
        if thumb.is_master(card, seen.unseen | seen.known_other):
            return "lead_master"
        return "lead_long_suit"
    if card >> 3 != led >> 3:
        return "throw_least"
    return "win_cheaply" if card < led else "play_low"


__all__ = ["ARENA_LEVELS", "LEVELS", "REASONS", "advise", "cheat", "choose", "choose_with"]
