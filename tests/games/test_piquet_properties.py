"""Invariants of Piquet over random games and every setting (hypothesis)."""

from __future__ import annotations

import json
import random
import tomllib

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from polignac_tui.games.base import (
    CardPlayed,
    DealOver,
    DealStarted,
    Disclosed,
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
    visible,
)
from polignac_tui.games.errors import RuleError
from polignac_tui.games.piquet import GAME
from polignac_tui.games.piquet.fileformat import from_doc, to_doc
from polignac_tui.games.piquet.match import PiquetMatch
from polignac_tui.games.piquet.rules import sort_cards

from .helpers import NAMES, random_action, view_cards

GAMES = st.fixed_dictionaries({
    "point_score": st.sampled_from(["cards", "value"]),
    "younger_must_exchange": st.booleans(),
    "end": st.sampled_from(["partie", "points"]),
    "limit": st.integers(min_value=1, max_value=150),
})
ILLEGAL = ["AS", "7C", "discard 7H 7H", "discard", "discard AS KS QS JS TS 9S", "look",
           "nolook", "declare", "declare point", "declare sets sets", "declare quint", "good",
           "not"]
SEATS = (None, 0, 1)




def check_secrets(match: PiquetMatch, shown: dict[int | None, set[str]]) -> None:
    """No view carries the other hand, the talon, a card left unseen or another's
    discards, but what its seat was shown; the younger's declarations reach the elder
    (and a watcher) only after his first lead."""
    deal = match.deals[-1]
    for seat in SEATS:
        view = match.view(seat)
        assert View.from_json(json.loads(json.dumps(view.to_json()))) == view
        others = [s for s in (0, 1) if s != seat]
        hidden = set(deal.talon)
        for other in others:
            hidden |= set(deal.hands[other]) | set(deal.discards[other])
        leak = (hidden - shown[seat]) & view_cards(view)
        assert not leak, (seat, leak)
        if seat is not None:
            assert list(view.hand) == sort_cards(deal.hands[seat])
            assert set(view.game_part["your_discards"]) == set(  # type: ignore[arg-type]
                deal.discards[seat])
        declared = view.game_part["declared"]
        assert isinstance(declared, list)
        if seat != deal.younger and not (deal.tricks or deal.current):
            assert declared[deal.younger] is None
        if deal.declared[deal.younger] is not None and (seat == deal.younger or deal.tricks):
            assert declared[deal.younger] is not None


def play_game(match: PiquetMatch, rng: random.Random, events: list[Event],
              steps: int | None = None) -> None:
    """Play at random (to the end, or ``steps`` actions), checking the invariants after
    every step."""
    shown: dict[int | None, set[str]] = {seat: set() for seat in SEATS}
    told: dict[int | None, list[int]] = {seat: [0, 0] for seat in SEATS}  # Scored, Disclosed
    total = [0, 0]                                                       # every Scored
    done = 0
    for _ in range(40):                                      # deals
        if match.needs_deal:
            shown = {seat: set() for seat in SEATS}
            started = match.deal(rng)
            assert isinstance(started[0], DealStarted)
            events.extend(started)
            count(started, shown, told, total)
        for _ in range(120):                                 # actions in a deal
            seat = match.turn
            if seat is None or (steps is not None and done >= steps):
                break
            choice = match.choices(seat)
            assert choice is not None and match.choices(1 - seat) is None
            new: tuple[Event, ...] = ()
            if rng.random() < 0.2:                           # something else: maybe illegal
                before = ([match.view(s) for s in SEATS], match.totals, match.history)
                try:
                    match.apply(random_action(choice, rng), seat=1 - seat)
                    raise AssertionError("an action out of turn was applied")
                except RuleError as error:
                    assert error.code == "not_your_turn"
                try:
                    new = match.apply(rng.choice(ILLEGAL), seat=seat)
                except RuleError as error:
                    assert error.code and str(error) and "\n" not in str(error)
                    assert ([match.view(s) for s in SEATS], match.totals,
                            match.history) == before
            else:
                text = random_action(choice, rng)
                assert choice.allows(parse_action(text))
                assert str(parse_action(text)) == text
                new = match.apply(text, seat=seat)
                done += 1
            events.extend(new)
            for event in new:
                assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
            count(new, shown, told, total)
            check_secrets(match, shown)
            for viewer in SEATS:
                assert tuple(told[viewer]) == match.view(viewer).totals
            assert tuple(total) == match.totals
        if match.finished or (steps is not None and done >= steps):
            return
    raise AssertionError("the partie did not end in 40 deals")


def count(events: tuple[Event, ...], shown: dict[int | None, set[str]],
          told: dict[int | None, list[int]], total: list[int]) -> None:
    """What each seat is told: the cards shown to it or played, the points it may see
    (Scored, Disclosed); and every point scored."""
    for event in events:
        if isinstance(event, Scored):
            total[event.seat] += event.points
        for viewer in SEATS:
            if not visible(event, viewer):
                continue
            if isinstance(event, Shown):
                shown[viewer] |= set(event.cards)
            elif isinstance(event, CardPlayed):
                shown[viewer].add(event.card)
            elif isinstance(event, Scored | Disclosed):
                told[viewer][event.seat] += event.points


def expected_end(end: str, limit: int, totals: list[tuple[int, int]]) -> int | None:
    """After which deal the partie ends (§7), from each deal's running totals."""
    for number, (a, b) in enumerate(totals, start=1):
        if end == "partie" and ((number == 6 and a != b) or number == 8):
            return number
        if end == "points" and max(a, b) >= limit and a != b:
            return number
    return None


def expected_value(end: str, a: int, b: int) -> int:
    if a == b:
        return 0
    low, high = sorted((a, b))
    if end == "points":
        return high - low
    return 100 + high + low if low < 100 else 100 + high - low


@settings(max_examples=25, deadline=None)
@given(overrides=GAMES, seed=st.integers(min_value=0, max_value=2**32))
def test_random_parties_keep_every_invariant(overrides: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    rules = GAME.settings("custom", overrides)
    match = GAME.new_match(rules, NAMES, rng)
    assert isinstance(match, PiquetMatch)
    events: list[Event] = []
    play_game(match, rng, events)

    # the partie ends exactly when §7 says: not before, not after
    running = [0, 0]
    after: list[tuple[int, int]] = []
    for event in events:
        if isinstance(event, Scored):
            running[event.seat] += event.points
        if isinstance(event, DealOver):
            after.append((running[0], running[1]))
    end, limit = rules.word("end"), rules.number("limit")
    assert expected_end(end, limit, after) == len(after) == len(match.deals)
    assert expected_end(end, limit, after[:-1]) is None
    assert isinstance(events[-1], MatchOver) and isinstance(events[-2], DealOver)
    assert [e for e in events if isinstance(e, MatchOver)] == [events[-1]]
    outcome = match.outcome
    a, b = match.totals
    assert outcome is not None and outcome.value == expected_value(end, a, b)
    assert outcome.winners == (() if a == b else ((0,) if a > b else (1,)))
    assert match.turn is None and not match.needs_deal
    assert [d.dealer for d in match.deals] == [(match.first_dealer + i) % 2
                                               for i in range(len(match.deals))]

    # the log replays into the same match, through the file form (TOML) as well
    again = replay(GAME, rules, NAMES, match.log)
    loaded = from_doc(tomllib.loads(tomli_w.dumps(to_doc(match))))
    for other in (again, loaded):
        assert other.totals == match.totals and other.outcome == outcome
        for seat in SEATS:
            assert other.view(seat) == match.view(seat)


@settings(max_examples=40, deadline=None)
@given(overrides=GAMES, seed=st.integers(min_value=0, max_value=2**32),
       steps=st.integers(min_value=0, max_value=60))
def test_a_match_stopped_anywhere_reads_back_and_undoes(overrides: dict[str, object],
                                                         seed: int, steps: int) -> None:
    rng = random.Random(seed)
    rules = GAME.settings("custom", overrides)
    match = GAME.new_match(rules, NAMES, rng)
    assert isinstance(match, PiquetMatch)
    play_game(match, rng, [], steps)
    loaded = from_doc(tomllib.loads(tomli_w.dumps(to_doc(match))))
    assert loaded.totals == match.totals and loaded.turn == match.turn
    for seat in SEATS:
        assert loaded.view(seat) == match.view(seat)
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
