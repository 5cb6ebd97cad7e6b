"""A table of any game with no screen: Écarté and Piquet tables that run by themselves,
what each seat is told (never the other's cards), refusals, undo, autosave, a seat gone."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from polignac_tui.games import get_game
from polignac_tui.games.base import (
    CardChoice,
    CardPlayed,
    CardsChoice,
    Discarded,
    MatchOver,
    Shown,
    TrickTaken,
    View,
    WordChoice,
)
from polignac_tui.games.session import SeatPlayer
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gameevents import (
    Act,
    GameUpdate,
    HandOver,
    Ready,
    Refused,
    SeatGone,
    Seen,
    StandIn,
    Undo,
    Undone,
)
from polignac_tui.table.gamerunner import GameRunner, ThreadGameThinker
from polignac_tui.table.gametable import GameTable


def make_table(tmp_path: Path, game: str, seats: tuple[SeatPlayer, SeatPlayer], seed: int = 5,
               **overrides: object) -> GameTable:
    store = SessionStore(tmp_path / "sessions")
    rules = get_game(game)
    return GameTable.create(store, game, rules.settings(None, overrides), ["Anna", "Bruno"],
                            list(seats), name="Duel", seed=seed)


class Follower:
    """A client that records every update and wakes whoever waits for a condition."""

    def __init__(self) -> None:
        self.updates: list[GameUpdate] = []
        self.changed = asyncio.Event()

    def __call__(self, update: GameUpdate) -> None:
        self.updates.append(update)
        self.changed.set()

    @property
    def last(self) -> GameUpdate:
        return self.updates[-1]

    def events(self) -> list[object]:
        return [e for u in self.updates for e in u.events]

    async def until(self, check: Callable[[GameUpdate], bool],
                    limit: float = 60.0) -> GameUpdate:
        async def wait() -> GameUpdate:
            while not (self.updates and check(self.last)):
                self.changed.clear()
                await self.changed.wait()
            return self.last
        return await asyncio.wait_for(wait(), limit)


def any_action(view: View, rng: random.Random) -> str:
    """A legal action of ``view``'s seat, chosen from its choice only."""
    choice = view.choice
    assert choice is not None
    if isinstance(choice, CardChoice):
        return rng.choice(choice.cards)
    if isinstance(choice, CardsChoice):
        count = rng.randint(choice.least, min(choice.most, len(choice.cards)))
        cards = rng.sample(list(choice.cards), count)
        return " ".join([choice.verb, *cards])
    assert isinstance(choice, WordChoice)
    if choice.verb is not None:
        return choice.verb
    return rng.choice(choice.words)


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_a_table_of_computers_plays_a_whole_match_for_a_watcher_who_sees_no_hand(
        tmp_path: Path, game: str) -> None:
    table = make_table(tmp_path, game, (SeatPlayer(False, "easy"), SeatPlayer(False, "easy")),
                       **({"target": 3} if game == "ecarte" else {"end": "points"}))

    async def run() -> Follower:
        runner = GameRunner(table, ThreadGameThinker(table), pace="instant")
        watcher = Follower()
        connection = runner.connect(watcher)

        def answer(update: GameUpdate) -> None:
            watcher(update)
            if update.state.waiting == "hold":
                connection.send(Seen())
            elif update.state.waiting == "ready":
                connection.send(Ready())
        connection.listener = answer
        await watcher.until(lambda u: u.state.waiting == "over", limit=120)
        runner.close()
        return watcher

    watcher = asyncio.run(run())
    match = table.session.match
    assert match.outcome is not None
    assert any(isinstance(e, MatchOver) for e in watcher.events())
    played = [e.card for e in watcher.events() if isinstance(e, CardPlayed)]
    assert played, "the watcher saw the cards played"
    assert all(v.hand == () and v.seat is None for u in watcher.updates for v in u.views)
    assert not any(isinstance(e, Shown) and e.to is not None for e in watcher.events())
    on_disk = table.store.load_game(table.session.id)
    assert on_disk.match.outcome == match.outcome and on_disk.match.log == match.log


def test_a_seat_is_never_told_the_other_seats_cards_and_a_refusal_goes_to_its_sender(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, "ecarte", (SeatPlayer(True), SeatPlayer(True)), seed=11)
    rng = random.Random(3)

    async def run() -> tuple[Follower, Follower]:
        runner = GameRunner(table, ThreadGameThinker(table), pace="instant", after_trick="pause")
        anna, bruno = Follower(), Follower()
        to = {0: runner.connect(anna, [0]), 1: runner.connect(bruno, [1])}
        for _ in range(200):
            update = await anna.until(lambda u: u.state.waiting in ("turn", "ready", "over"))
            if update.state.waiting == "over":
                break
            if update.state.waiting == "ready":
                to[0].send(Ready())
                to[1].send(Ready())
                continue
            seat = table.session.match.turn
            assert seat is not None
            view = table.view(seat)
            if isinstance(view.choice, CardChoice) and len(view.choice.cards) < len(view.hand):
                # an illegal card (the forcing rule): refused to its sender alone
                wrong = next(c for c in view.hand if c not in view.choice.cards)
                before = table.session.match.history
                to[seat].send(Act(seat, wrong))
                told = (anna, bruno)[seat]
                assert isinstance(told.last.events[-1], Refused)
                assert table.session.match.history == before
            to[1 - seat].send(Act(seat, any_action(view, rng)))   # not their seat
            assert (anna, bruno)[1 - seat].last.events[-1] == Refused(
                "that seat is not yours", "not_your_seat")
            to[seat].send(Act(seat, any_action(view, rng)))
        runner.close()
        return anna, bruno

    anna, bruno = asyncio.run(run())
    for seat, follower in ((0, anna), (1, bruno)):
        for update in follower.updates:
            assert [view.seat for view in update.views] == [seat]
            for event in update.events:
                if isinstance(event, Shown):
                    assert event.to in (None, seat)
                if isinstance(event, Discarded):
                    assert not hasattr(event, "cards")
        discards = [e for e in follower.events() if isinstance(e, Discarded)]
        assert discards, "the exchange was told as counts"


def test_undo_takes_back_the_lone_player_s_last_action_and_the_computer_s_after_it(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, "ecarte", (SeatPlayer(True), SeatPlayer(False, "easy")), seed=21)

    async def run() -> Follower:
        runner = GameRunner(table, ThreadGameThinker(table), pace="instant", after_trick="pause")
        anna = Follower()
        connection = runner.connect(anna, [0])
        update = await anna.until(lambda u: u.state.waiting == "turn"
                                  and table.session.match.turn == 0)
        assert not update.state.can_undo or table.session.match.history
        rng = random.Random(1)
        connection.send(Act(0, any_action(table.view(0), rng)))
        await anna.until(lambda u: u.state.can_undo and u.state.thinking is None
                         and u.state.waiting in ("turn", "ready", "hold"))
        history = table.session.match.history
        mine = max(i for i, (s, _) in enumerate(history) if s == 0)
        connection.send(Undo(0))
        assert isinstance(anna.last.events[0], Undone)
        assert table.session.match.history == history[:mine]
        runner.close()
        return anna

    asyncio.run(run())
    on_disk = table.store.load_game(table.session.id)
    assert on_disk.match.history == table.session.match.history


def test_a_gone_player_s_seat_waits_then_may_be_handed_to_a_computer(tmp_path: Path) -> None:
    table = make_table(tmp_path, "ecarte", (SeatPlayer(True), SeatPlayer(True)), seed=4)
    now = [0.0]

    async def run() -> int:
        runner = GameRunner(table, ThreadGameThinker(table), pace="instant",
                            hand_over_after=60.0, clock=lambda: now[0])
        anna, bruno = Follower(), Follower()
        to_anna = runner.connect(anna, [0])
        to_bruno = runner.connect(bruno, [1])
        gone = 1 if table.session.match.turn == 1 else 0
        (to_bruno if gone == 1 else to_anna).close()
        stay, stayer = (to_anna, anna) if gone == 1 else (to_bruno, bruno)
        assert SeatGone(gone) in stayer.events()
        await stayer.until(lambda u: u.state.waiting == "absent")
        stay.send(HandOver(gone))
        refused = stayer.last.events[-1]
        assert isinstance(refused, Refused) and dict(refused.params)["why"] == "wait"
        now[0] = 61.0
        stay.send(HandOver(gone))
        assert StandIn(gone, "hard") in stayer.events()
        await stayer.until(lambda u: any(s == gone for s, _ in table.session.match.history))
        runner.close()
        return gone

    gone = asyncio.run(run())
    # the computer standing in acted for the gone seat; the file says who sits there
    assert any(seat == gone for seat, _ in table.session.match.history)
    assert table.store.load_game(table.session.id).seats[gone] == SeatPlayer(True)


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_a_table_resumed_between_two_tricks_shows_the_last_one_again(
        tmp_path: Path, game: str) -> None:
    """The terminal may have closed while the trick was on show: a table opened between
    two tricks of a deal holds the last trick taken first (``Match.trick_to_show_again``)."""
    table = make_table(tmp_path, game, (SeatPlayer(True), SeatPlayer(True)), seed=7)
    rng = random.Random(7)
    tricks = 0
    while tricks < 2:
        turn = table.session.match.turn
        assert turn is not None
        tricks += sum(1 for e in table.apply(any_action(table.view(turn), rng), turn)
                      if isinstance(e, TrickTaken))
    last = table.session.match.trick_to_show_again()
    assert last is not None and table.view(None).trick == ()
    session_id = table.session.id
    table.close()
    again = GameTable.open(table.store, session_id)

    async def run() -> GameUpdate:
        runner = GameRunner(again, ThreadGameThinker(again), pace="instant")
        anna = Follower()
        runner.connect(anna, [0])
        update = await anna.until(lambda u: True)
        runner.close()
        return update

    update = asyncio.run(run())
    again.close()
    held = update.state.held
    assert held is not None and held.winner == last.winner
    assert tuple(card for _, card in held.cards) == last.cards
