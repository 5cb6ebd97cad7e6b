"""Invariants of Écarté over random games and every setting (hypothesis)."""

from __future__ import annotations

import json
import random
import re
import tomllib

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from polignac_tui.games.base import (
    DealOver,
    Event,
    MatchOver,
    Scored,
    Shown,
    View,
    event_from_json,
    event_to_json,
    parse_action,
    replay,
    undo,
)
from polignac_tui.games.ecarte import GAME
from polignac_tui.games.ecarte.fileformat import from_doc, to_doc
from polignac_tui.games.ecarte.match import EcarteMatch
from polignac_tui.games.errors import RuleError

from .helpers import NAMES, random_action

CARD = re.compile(r'"([KQJAT987][SHDC])"')
GAMES = st.fixed_dictionaries({
    "forcing": st.booleans(),
    "target": st.integers(min_value=1, max_value=12),
    "mark_king": st.sampled_from(["auto", "ask"]),
    "dealer_must_discard": st.booleans(),
})


def cards_in(view: View) -> set[str]:
    """Every card code anywhere in the view's JSON form."""
    return set(CARD.findall(json.dumps(view.to_json())))


def check_secrets(match: EcarteMatch, shown: set[str]) -> None:
    """No view carries another hand, the stock or another's discards (cards shown to
    everyone, the marked king, excepted)."""
    if not match.deals:
        return
    deal = match.deals[-1]
    stock = set(deal.stock)
    for seat in (None, 0, 1):
        view = match.view(seat)
        seen = cards_in(view)
        assert View.from_json(json.loads(json.dumps(view.to_json()))) == view
        hidden = set(stock)
        for other in (0, 1):
            if other != seat:
                hidden |= set(deal.hands[other]) - shown
                hidden |= set(deal.discards[other])
        assert not seen & hidden, (seat, seen & hidden)
        if seat is not None:
            assert set(view.hand) == set(deal.hands[seat])


def play_game(match: EcarteMatch, rng: random.Random, events: list[Event]) -> None:
    """Play to the end at random, checking the invariants after every step."""
    shown: set[str] = set()
    for _ in range(200):                                     # deals
        if match.needs_deal:
            shown = set()
            events.extend(match.deal(rng))
        for _ in range(60):                                  # actions in a deal
            seat = match.turn
            if seat is None:
                break
            choice = match.choices(seat)
            assert choice is not None and match.choices(1 - seat) is None
            if rng.random() < 0.2:                           # something illegal: no change
                before = [match.view(s) for s in (None, 0, 1)]
                bad = rng.choice(["KS", "discard 7H 7H", "propose", "accept", "king",
                                  "play", "discard", "9C"])
                try:
                    events.extend(match.apply(bad, seat=seat))
                except RuleError as error:
                    assert error.code and str(error)
                    assert [match.view(s) for s in (None, 0, 1)] == before
            else:
                text = random_action(choice, rng)
                assert choice.allows(parse_action(text))
                assert str(parse_action(text)) == text
                new = match.apply(text, seat=seat)
                events.extend(new)
                for event in new:
                    assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
                shown |= {c for e in new if isinstance(e, Shown) and e.to is None
                          for c in e.cards}
            check_secrets(match, shown)
            totals = [0, 0]
            for event in events:
                if isinstance(event, Scored):
                    totals[event.seat] += event.points
            assert tuple(totals) == match.totals
        if match.finished:
            return
    raise AssertionError("no one reached the target in 200 deals")


@settings(max_examples=60, deadline=None)
@given(overrides=GAMES, seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_every_invariant(overrides: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    rules = GAME.settings("custom", overrides)
    match = GAME.new_match(rules, NAMES, rng)
    assert isinstance(match, EcarteMatch)
    events: list[Event] = []
    play_game(match, rng, events)

    target = rules.number("target")
    # the game ends exactly when someone reaches the target: not before, not after
    running = [0, 0]
    reached_at = None
    for index, event in enumerate(events):
        if isinstance(event, Scored):
            assert reached_at is None, "a point after the game was won"
            running[event.seat] += event.points
            if max(running) >= target:
                reached_at = index
    assert reached_at is not None
    assert isinstance(events[-1], MatchOver) and isinstance(events[-2], DealOver)
    assert [e for e in events if isinstance(e, MatchOver)] == [events[-1]]
    assert events.index(events[-1]) == reached_at + 2
    outcome = match.outcome
    assert outcome is not None and match.totals[outcome.winners[0]] >= target
    assert match.totals[outcome.losers[0]] < target
    assert match.turn is None and not match.needs_deal

    # the log replays into the same match, through the file form (TOML) as well
    again = replay(GAME, rules, NAMES, match.log)
    doc = tomllib.loads(tomli_w.dumps(to_doc(match)))
    loaded = from_doc(doc)
    for other in (again, loaded):
        assert other.totals == match.totals and other.outcome == outcome
        for seat in (None, 0, 1):
            assert other.view(seat) == match.view(seat)


@settings(max_examples=40, deadline=None)
@given(overrides=GAMES, seed=st.integers(min_value=0, max_value=2**32),
       steps=st.integers(min_value=1, max_value=40))
def test_undo_takes_back_the_last_action_of_a_seat(overrides: dict[str, object], seed: int,
                                                   steps: int) -> None:
    rng = random.Random(seed)
    match = GAME.new_match(GAME.settings("custom", overrides), NAMES, rng)
    match.deal(rng)
    for _ in range(steps):
        seat = match.turn
        if seat is None:
            break
        choice = match.choices(seat)
        assert choice is not None
        match.apply(random_action(choice, rng))
    history = match.history
    for seat in (0, 1):
        back = undo(match, {seat})
        mine = [i for i, (s, _) in enumerate(history) if s == seat]
        if not mine:
            assert back is None
            continue
        assert back is not None
        assert back.history == history[:mine[-1]]
        assert back.turn == seat
        assert back.log[:-1] == match.log[:-1]


def test_a_long_game_to_fifty_ends_exactly_at_fifty() -> None:
    rng = random.Random(50)
    match = GAME.new_match(GAME.settings("classique", {"target": 50}), NAMES, rng)
    events: list[Event] = []
    for _ in range(5000):
        if match.finished:
            break
        if match.needs_deal:
            events.extend(match.deal(rng))
        seat = match.turn
        if seat is not None:
            choice = match.choices(seat)
            assert choice is not None
            events.extend(match.apply(random_action(choice, rng)))
    else:
        raise AssertionError("not finished in 5000 steps")
    points = [0, 0]
    for event in events:
        if isinstance(event, Scored):
            points[event.seat] += event.points
    assert tuple(points) == match.totals and max(points) in (50, 51)
    assert isinstance(events[-1], MatchOver)
