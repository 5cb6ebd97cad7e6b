"""The contract every registered game keeps, checked over the registry (issue 34, point 4).

As OpenSpiel's shared tests do (``RandomSimTest``): every game of ``game_names()``, under
every preset, at its fewest and its most players, is played at random (seeded, legal
actions only) to the end of its match, through the seam's declared members only
(``Game``, ``Match``, ``View``, the events, the actions' text), and at every step:

- every action the seat may take has one text form that round-trips;
- a seat's view (a watcher's too) carries no card the seat has not seen: no other seat's
  hand, no card of a stock or a talon not shown to it, anywhere in the view's JSON;
- the ``Scored`` events sum to the match's totals, and what a seat was told of them
  (``visible``) to its view's totals;
- taking back a seat's action returns every seat to the view it had before, and a seat
  with no action of the deal has nothing to take back;
- the session file written and read back (through the game's ``books``) is the same
  match, writes the same bytes, and a match resumed from it plays on as the one saved;
- between two tricks a resumed table shows the last trick again; the finished deals are
  the log's deals over.

A fourth game added to the registry is held to all of it without a new test.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from polignac_tui.games import game_names, get_game
from polignac_tui.games.base import (
    Action,
    CardChoice,
    CardPlayed,
    CardsAction,
    CardsChoice,
    Choice,
    DealOver,
    DealStarted,
    Disclosed,
    Event,
    Game,
    Match,
    PlayCard,
    RuleError,
    Say,
    Scored,
    Shown,
    TrickTaken,
    parse_action,
    visible,
)
from polignac_tui.games.books import Bookkeeping
from polignac_tui.games.session import GameSession, SeatPlayer
from polignac_tui.store.gamefile import dumps, loads

from .helpers import random_action, view_cards

SEED = 34
MAX_STEPS = 5000          # a match of any game ends well before (Polignac at 8: ~500)
UNDO_EVERY = 5            # an action in five is taken back (each a replay of the log)


@dataclass(frozen=True, slots=True)
class Case:
    game: str
    preset: str
    players: int

    def __str__(self) -> str:
        return f"{self.game}-{self.preset}-{self.players}"


def cases() -> list[Case]:
    """Every registered game, under each of its presets, at its fewest and most players."""
    out: list[Case] = []
    for name in game_names():
        game = get_game(name)
        for preset in game.presets:
            for players in sorted({game.min_players, game.max_players}):
                out.append(Case(name, preset, players))
    return out


CASES = cases()


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a match: ``seat`` did ``action`` (None: the next deal was dealt),
    chosen from ``choice``, and ``events`` happened."""

    seat: int | None
    action: str | None
    choice: Choice | None
    events: tuple[Event, ...]


def start(case: Case) -> tuple[Game, Match]:
    game = get_game(case.game)
    settings = game.settings(case.preset, players=case.players)
    names = [f"Player {seat + 1}" for seat in range(case.players)]
    return game, game.new_match(settings, names, random.Random(SEED))


def step(match: Match, rng: random.Random) -> Step:
    """Deal when a deal is due, else the seat to act takes a legal action drawn at random."""
    if match.needs_deal:
        return Step(None, None, None, match.deal(rng))
    seat = match.turn
    assert seat is not None, "a match going on with no deal due has a seat to act"
    choice = match.choices(seat)
    assert choice is not None, f"seat {seat} is to act but has no choice"
    text = random_action(choice, rng)
    assert choice.allows(parse_action(text)), f"{text!r} is not allowed by {choice}"
    return Step(seat, text, choice, match.apply(text, seat))


def walk(case: Case) -> Iterator[tuple[Match, Step]]:
    """The match of ``case`` played at random to its end, step by step (seeded)."""
    _, match = start(case)
    rng = random.Random(SEED)
    for _ in range(MAX_STEPS):
        if match.outcome is not None:
            return
        yield match, step(match, rng)
    raise AssertionError(f"{case}: the match did not end in {MAX_STEPS} steps")


def seats_of(match: Match) -> tuple[int | None, ...]:
    """Every seat, then a watcher (None)."""
    return (*range(len(match.names)), None)


def views(match: Match) -> dict[int | None, object]:
    return {seat: match.view(seat).to_json() for seat in seats_of(match)}


def uncounted(value: object) -> object:
    """A view's JSON without the counts of undos a game may keep in it (``undos``: one
    more after a take-back; Polignac's score table marks the deals with undos)."""
    if isinstance(value, dict):
        return {k: uncounted(v) for k, v in value.items() if k != "undos"}
    if isinstance(value, list):
        return [uncounted(v) for v in value]
    return value


def actions_of(choice: Choice, rng: random.Random) -> list[Action]:
    """The actions ``choice`` allows, as the seam's values (a discard and a declaration:
    a few of their many sets drawn at random)."""
    if isinstance(choice, CardChoice):
        return [*(PlayCard(c) for c in choice.cards), *(Say(w) for w in choice.words)]
    if isinstance(choice, CardsChoice):
        out: list[Action] = []
        for _ in range(3):
            count = rng.randint(choice.least, choice.most)
            out.append(CardsAction(choice.verb, tuple(rng.sample(choice.cards, count))))
        return out
    if choice.verb is None:
        return [Say(w) for w in choice.words]
    return [Say(choice.verb, tuple(rng.sample(choice.words, rng.randint(0, len(choice.words)))))
            for _ in range(3)]


# -- the match's end ---------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=str)
def test_random_play_reaches_the_end_of_the_match(case: Case) -> None:
    match: Match | None = None
    steps = deals = 0
    for current, done in walk(case):
        match = current
        steps += 1
        deals += done.action is None
        assert match.deals_dealt == len(match.log) == deals
    assert match is not None and steps > deals >= 1
    outcome = match.outcome
    assert outcome is not None
    assert outcome.totals == match.totals
    assert set(outcome.winners).isdisjoint(outcome.losers)
    assert all(0 <= s < case.players for s in (*outcome.winners, *outcome.losers))
    assert match.turn is None and not match.needs_deal
    assert all(match.choices(seat) is None for seat in range(case.players))
    played = [text for deal in match.log for text in deal.actions]
    assert len(played) == steps - deals
    for seat in range(case.players):
        with pytest.raises(RuleError):
            match.apply(played[-1], seat)


# -- the game and its books -----------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
def test_a_games_books_stand_apart_from_its_rules(name: str) -> None:
    """What only files, lists, statistics, ``show`` and ``export`` need is the game's
    ``books`` (its own), none of it a member of the game itself."""
    game = get_game(name)
    assert isinstance(game.books, Bookkeeping)
    hooks = [n for n in vars(Bookkeeping) if not n.startswith("_")]
    assert "file_part" in hooks and "stats" in hooks
    assert [n for n in hooks if hasattr(game, n)] == []


@pytest.mark.parametrize("name", game_names())
def test_a_games_computer_players_are_what_the_house_declares(name: str) -> None:
    """Every member of ``ComputerPlayers`` (and of ``SeededPlayers`` for a game whose
    players take a seed) is there, and a level chooses an action its seat may take."""
    from polignac_tui.games.arena import players_of, seeded_players_of
    from polignac_tui.games.computers import ComputerPlayers, SeededPlayers
    game = get_game(name)
    players = players_of(name)
    declared = SeededPlayers if game.seeded_players else ComputerPlayers
    members = [n for cls in declared.__mro__ if cls.__name__.endswith("Players")
               for n in vars(cls) if not n.startswith("_")]
    assert {"choose", "advise", "cheat", "ARENA_LEVELS"} <= set(members)
    assert [n for n in members if not hasattr(players, n)] == []
    if not game.seeded_players:
        with pytest.raises(RuleError):
            seeded_players_of(name)
    _, match = start(Case(name, game.presets[0], game.min_players))
    match.deal(random.Random(SEED))
    seat = match.turn
    assert seat is not None
    choice = match.choices(seat)
    assert choice is not None
    chosen = players.choose(match.view(seat), players.LEVELS[0], random.Random(SEED))
    assert choice.allows(parse_action(chosen))


# -- the actions' text ---------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_action_text_round_trips(case: Case) -> None:
    rng = random.Random(SEED)
    checked = 0
    for match, done in walk(case):
        if done.action is not None:
            chosen = parse_action(done.action)
            assert str(chosen) == done.action
        seat = match.turn
        choice = None if seat is None else match.choices(seat)
        if choice is None:
            continue
        for action in actions_of(choice, rng):
            text = str(action)
            assert parse_action(text) == action, f"{case}: {text!r} reads back otherwise"
            assert str(parse_action(text)) == text
            assert choice.allows(parse_action(text))
            checked += 1
    assert checked > 0


# -- what a view hides ---------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_view_carries_no_card_its_seat_has_not_seen(case: Case) -> None:
    """A card in a seat's view is one of its hand (now or before), one played, or one shown
    to it; a watcher's, one played or shown to all."""
    seen: dict[int | None, set[str]] = {}
    for match, done in walk(case):
        for seat in seats_of(match):
            known = seen.setdefault(seat, set())
            for event in done.events:
                if not visible(event, seat):
                    continue
                if isinstance(event, CardPlayed):
                    known.add(event.card)
                elif isinstance(event, TrickTaken | Shown):
                    known.update(event.cards)
        hands = {seat: set(match.view(seat).hand) for seat in range(case.players)}
        for seat, hand in hands.items():
            assert all(hand.isdisjoint(other) for s, other in hands.items() if s != seat)
            seen[seat] |= hand
        for seat in seats_of(match):
            view = match.view(seat)
            if seat is None:
                assert view.watching and view.hand == ()
            leaked = view_cards(view) - seen[seat]
            assert not leaked, (f"{case}, after {done.action or 'the deal'}: "
                                f"seat {seat}'s view shows {sorted(leaked)} it has not seen")


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_views_of_several_seats_are_each_seats_own_view(case: Case) -> None:
    """``views`` (what a table builds for all its clients at once) gives each seat the
    very view ``view`` gives it, in any order of the seats, a watcher's among them."""
    orders = [(*range(case.players), None), (None, *reversed(range(case.players))),
              (case.players - 1, 0)]
    for match, _ in walk(case):
        for seats in orders:
            alone = tuple(match.view(seat) for seat in seats)
            together = match.views(seats)
            assert together == alone, f"{case}: views{seats} differ from each view"
            assert [v.to_json() for v in together] == [v.to_json() for v in alone]


# -- the points ------------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=str)
def test_scored_events_sum_to_the_totals(case: Case) -> None:
    scored = [0] * case.players
    told: dict[int | None, list[int]] = {}
    for match, done in walk(case):
        for event in done.events:
            if isinstance(event, Scored):
                scored[event.seat] += event.points
        for seat in seats_of(match):
            points = told.setdefault(seat, [0] * case.players)
            for event in done.events:
                if isinstance(event, Scored | Disclosed) and visible(event, seat):
                    points[event.seat] += event.points
            assert match.view(seat).totals == tuple(points), f"{case}: seat {seat}'s totals"
        assert match.totals == tuple(scored), f"{case}, after {done.action or 'the deal'}"
    outcome = match.outcome
    assert outcome is not None and outcome.totals == tuple(scored)
    assert any(scored)


# -- undo -------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=str)
def test_taking_back_an_action_returns_to_the_same_view(case: Case) -> None:
    game, match = start(case)
    rng = random.Random(SEED)
    taken_back = 0
    for number in range(MAX_STEPS):
        if match.outcome is not None:
            break
        before = (match.log, uncounted(views(match))) if not match.needs_deal else None
        done = step(match, rng)
        idle = [seat for seat in range(case.players)
                if all(s != seat for s, _ in match.history)]
        for seat in idle:                       # nothing of the deal in view to take back
            assert not match.can_take_back(seat) and match.take_back(seat) is None
        if done.seat is None or before is None or number % UNDO_EVERY:
            continue
        if not match.can_take_back(done.seat):    # an action the game never takes back
            assert match.take_back(done.seat) is None
            continue
        undone = match.take_back(done.seat)
        assert undone is not None, f"{case}: {done.action!r} of seat {done.seat} not taken back"
        assert (undone.log, uncounted(views(undone))) == before, (
            f"{case}: taking back {done.action!r} does not return to the view before it")
        taken_back += 1
        # play on from the match taken back, the same action again
        match = undone
        assert match.apply(done.action or "", done.seat) == done.events
    assert match.outcome is not None and taken_back > 0
    assert match.game is game


# -- the session file ------------------------------------------------------------------------
def file_moments(case: Case) -> Iterator[Match]:
    """The match in the middle of its first deal, between two deals, and over."""
    between = middle = False
    last: Match | None = None
    for match, done in walk(case):
        last = match
        if not middle and done.action is not None and match.turn is not None:
            middle = True
            yield match
        elif not between and match.needs_deal and len(match.log) >= 1:
            between = True
            yield match
    assert last is not None and last.outcome is not None
    yield last


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_session_file_read_back_is_the_same_match(case: Case) -> None:
    seats = (SeatPlayer(True), *(SeatPlayer(False, "medium") for _ in range(case.players - 1)))
    moments = 0
    for match in file_moments(case):
        session = GameSession(match, seats, id="contract", name="Contract")
        text = dumps(session)
        back = loads(text)
        assert back.game == case.game and back.seats == seats
        assert back.match.settings == match.settings
        assert back.match.log == match.log
        assert back.match.totals == match.totals
        assert back.match.outcome == match.outcome
        assert back.match.turn == match.turn and back.match.needs_deal == match.needs_deal
        assert views(back.match) == views(match)
        assert dumps(back) == text
        moments += 1
    assert moments == 3


def play_to(match: Match, rng: random.Random, moment: int) -> bool:
    """Step ``match`` to ``moment``: 0, in the middle of its first deal (a seat to act after
    an action); 1, between its first two deals. False if the match ended first."""
    for _ in range(MAX_STEPS):
        if match.outcome is not None:
            return False
        done = step(match, rng)
        if moment == 0 and done.action is not None and match.turn is not None:
            return True
        if moment == 1 and match.needs_deal and match.log:
            return True
    raise AssertionError("the moment never came")


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_match_resumed_from_its_file_plays_on_as_the_one_saved(case: Case) -> None:
    """Saved in the middle of a deal and between deals, read back: the same seat to act,
    the same trick to show again, then the same events as the match saved, action for
    action, to the end of the match."""
    seats = tuple(SeatPlayer(True) for _ in range(case.players))
    for moment in (0, 1):
        _, saved = start(case)
        assert play_to(saved, random.Random(SEED), moment), f"{case}: ended before {moment}"
        back = loads(dumps(GameSession(saved, seats, id="resume", name="Resume"))).match
        assert back is not saved and back.game is saved.game
        assert back.trick_to_show_again() == saved.trick_to_show_again()
        ours, theirs = random.Random(SEED + moment), random.Random(SEED + moment)
        for _ in range(MAX_STEPS):
            if saved.outcome is not None:
                break
            assert (back.turn, back.needs_deal) == (saved.turn, saved.needs_deal)
            assert step(back, theirs) == step(saved, ours)
        assert saved.outcome is not None and back.outcome == saved.outcome
        assert back.log == saved.log and back.totals == saved.totals


# -- a resume between tricks, and the finished deals --------------------------------------
@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_trick_shown_again_and_the_finished_deals(case: Case) -> None:
    """A resumed table shows again only the last trick taken, between two tricks; the
    finished deals are the log's deals over, scoring what they scored."""
    last_trick: TrickTaken | None = None
    totals_after_deals: tuple[int, ...] = (0,) * case.players
    shown_again = checked = 0
    for match, done in walk(case):
        for event in done.events:
            if isinstance(event, TrickTaken):
                last_trick = event
            elif isinstance(event, DealStarted):
                last_trick = None
        again = match.trick_to_show_again()
        if again is not None:
            assert again == last_trick and match.view(None).trick == ()
            shown_again += 1
        if match.outcome is not None:
            continue
        if any(isinstance(e, DealOver) for e in done.events):
            totals_after_deals = match.totals
        if done.action is None or match.needs_deal or len(match.log) % 2:
            finished = match.finished_deals()
            over = match.log if match.needs_deal else match.log[:-1]
            assert finished.log == over and finished.names == match.names
            assert finished.totals == (totals_after_deals if over else (0,) * case.players)
            assert finished.game is match.game and finished.settings == match.settings
            checked += 1
    assert checked > 0
