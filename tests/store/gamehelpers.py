"""Sessions of Écarté and Piquet for the store's tests: matches played with random legal
actions through the seam, seeded, stopped where a test wants them."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from polignac_tui.games import get_game
from polignac_tui.games.base import CardChoice, CardsChoice, Choice, Event, Match, WordChoice
from polignac_tui.games.session import GameSession, SeatPlayer

CREATED = datetime(2026, 11, 22, 20, 15, tzinfo=UTC)


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


def advance(match: Match, rng: random.Random, actions: int | None = None) -> list[Event]:
    """Deal and play ``actions`` random legal actions (None: to the end of the match);
    the events the match gave, as a table saw them live."""
    done = 0
    events: list[Event] = []
    for _ in range(10_000):
        if match.outcome is not None or (actions is not None and done >= actions):
            return events
        if match.needs_deal:
            events.extend(match.deal(rng))
            continue
        seat = match.turn
        assert seat is not None
        choice = match.choices(seat)
        assert choice is not None
        events.extend(match.apply(random_action(choice, rng)))
        done += 1
    raise AssertionError("the match did not end in 10000 steps")


def played(game: str, seed: int, actions: int | None = None,
           **kwargs: object) -> tuple[GameSession, list[Event]]:
    """``make_game`` and the events of its play (the oracle of the statistics)."""
    log: list[Event] = []
    session = make_game(game, seed=seed, actions=actions, events=log, **kwargs)
    return session, log


def make_game(game: str, id: str = "20261122-2015-anna", *, seed: int = 0,
              actions: int | None = 0, name: str = "", preset: str | None = None,
              names: tuple[str, str] = ("Anna", "Bruno"), level: str = "medium",
              events: list[Event] | None = None, **overrides: object) -> GameSession:
    """A session of ``game`` dealt with ``seed`` and moved on by ``actions`` (None:
    finished); Anna is a person, Bruno a computer of ``level``."""
    rules = get_game(game)
    rng = random.Random(seed)
    match = rules.new_match(rules.settings(preset, overrides), names, rng)
    happened = advance(match, rng, actions)
    if events is not None:
        events.extend(happened)
    return GameSession(match, (SeatPlayer(True), SeatPlayer(False, level)), id=id, name=name,
                       created=CREATED)
