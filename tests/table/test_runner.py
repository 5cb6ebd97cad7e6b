"""The table runner with no screen: a table that runs by itself, clients that follow it,
refusals to one client alone, a seat gone and handed over, a trick on show until seen."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from polignac_file import load_session
from polignac_runner import (
    Table,
    TableRunner,
    ThreadThinker,
    asked,
    held_trick,
    legal,
    my_turn,
)

from polignac_tui.games.events import CardPlayed, MatchOver
from polignac_tui.games.polignac.engine import Declare, Play, Player, preset
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gameevents import (
    GameUpdate,
    HandOver,
    Looking,
    Ready,
    Refused,
    SeatConnected,
    SeatGone,
    Seen,
    StandIn,
    TrickGathered,
)
from polignac_tui.table.pace import TRICK_HOLD

NAMES = ("Ana", "Bruno", "Claire", "Denis")


def make_table(tmp_path: Path, humans: tuple[int, ...], seed: int = 5, deals: int = 2) -> Table:
    store = SessionStore(tmp_path / "sessions")
    rules = preset("classique", 4).replace(end="deals", limit=deals)
    seats = [Player(n) if i in humans else Player(n, "computer", "easy")
             for i, n in enumerate(NAMES)]
    return Table.create(store, rules, seats, name="Runner", seed=seed)


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

    async def until(self, check: Callable[[GameUpdate], bool], limit: float = 30.0) -> GameUpdate:
        async def wait() -> GameUpdate:
            while not (self.updates and check(self.last)):
                self.changed.clear()
                await self.changed.wait()
            return self.last
        return await asyncio.wait_for(wait(), limit)


def test_a_table_of_computers_plays_a_whole_session_with_nobody_but_a_watcher(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(), deals=2)

    async def run() -> Follower:
        runner = TableRunner(table, ThreadThinker(table), pace="instant")
        watcher = Follower()
        connection = runner.connect(watcher)

        def answer(update: GameUpdate) -> None:   # the watcher says "seen" and "ready"
            watcher(update)
            if update.state.waiting == "hold":
                connection.send(Seen())
        connection.listener = answer
        for _ in range(40):
            update = await watcher.until(lambda u: u.state.waiting in ("ready", "over"))
            if update.state.waiting == "over":
                break
            connection.send(Ready())
            await watcher.until(lambda u: u.state.waiting != "ready")
        runner.close()
        return watcher

    watcher = asyncio.run(run())
    assert table.session.finished and len(table.session.deals) == 2
    assert any(isinstance(e, MatchOver) for e in watcher.events())
    played = [e for e in watcher.events() if isinstance(e, CardPlayed)]
    assert [e.card for e in played] == [c for d in table.session.deals for c in d.plays]
    # A watcher never sees a hand; the file on disk holds every card.
    assert all(v.hand == () for u in watcher.updates for v in u.views)
    on_disk = load_session(table.store, table.session.id)
    assert on_disk.finished and on_disk.totals == table.session.totals


def test_two_clients_follow_one_table_and_a_refusal_goes_to_its_sender_alone(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0, 1), seed=9)

    async def run() -> tuple[Follower, Follower]:
        runner = TableRunner(table, ThreadThinker(table), pace="instant")
        ana, bruno = Follower(), Follower()
        to_ana = runner.connect(ana, [0])
        to_bruno = runner.connect(bruno, [1])
        # Until it is Ana's card: Bruno plays his own, both pass la générale.
        for _ in range(40):
            await ana.until(lambda u: table.session.turn in (0, 1)
                                     and u.state.waiting == "turn")
            seat = table.session.turn
            view = table.view(seat)
            if seat == 0 and not view.asked:
                break
            connection = to_ana if seat == 0 else to_bruno
            connection.send(Declare(seat, False) if view.asked else Play(seat, view.legal[0]))
        view = table.view(0)
        assert view.my_turn
        before = list(table.session.deals[-1].plays)
        seen_by_bruno = len(bruno.updates)
        # Bruno plays for Ana's seat: refused to Bruno alone.
        to_bruno.send(Play(0, view.legal[0]))
        assert isinstance(bruno.last.events[-1], Refused)
        assert bruno.last.events[-1].rule == "not_your_seat"
        assert not any(isinstance(e, Refused) for e in ana.events())
        illegal = [c for c in view.hand if c not in view.legal]
        if illegal:
            to_ana.send(Play(0, illegal[0]))
            assert isinstance(ana.last.events[-1], Refused)
            assert not any(isinstance(e, Refused) and e.rule != "not_your_seat"
                           for e in bruno.events())
        assert list(table.session.deals[-1].plays) == before
        to_ana.send(Play(0, view.legal[0]))
        await bruno.until(lambda u: any(isinstance(e, CardPlayed) and e.seat == 0
                                        for e in bruno.events()))
        assert len(bruno.updates) > seen_by_bruno
        # Each client sees its own hand only.
        assert ana.last.views[0].hand != bruno.last.views[0].hand
        assert len(bruno.last.views) == 1 and bruno.last.views[0].seat == 1
        runner.close()
        return ana, bruno

    asyncio.run(run())


def test_a_gone_player_is_waited_for_then_handed_over_and_gets_the_seat_back(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0, 1), seed=3)
    now = [0.0]

    async def run() -> None:
        runner = TableRunner(table, ThreadThinker(table), pace="instant",
                             hand_over_after=60.0, clock=lambda: now[0])
        ana, bruno = Follower(), Follower()
        runner.connect(ana, [0])
        to_bruno = runner.connect(bruno, [1])
        to_bruno.close()
        assert any(isinstance(e, SeatGone) and e.seat == 1 for e in ana.events())
        # The table goes on until Bruno's turn, then waits for him.
        state = (await ana.until(lambda u: u.state.waiting == "absent"
                                 or my_turn(u.views[0]) or asked(u.views[0]))).state
        while state.waiting != "absent":
            view = ana.last.views[0]
            action = Declare(0, False) if asked(view) else Play(0, legal(view)[0])
            runner.handle(runner.connections[0], action)
            state = (await ana.until(lambda u: u.state.waiting in ("absent", "hold")
                                     or my_turn(u.views[0]) or asked(u.views[0]))).state
            if state.waiting == "hold":
                runner.handle(runner.connections[0], Seen())
                state = (await ana.until(lambda u: u.state.waiting != "hold")).state
        assert table.session.turn == 1
        plays = len(table.session.deals[-1].plays)
        runner.handle(runner.connections[0], HandOver(1))   # too early: refused
        early = ana.last.events[-1]
        assert isinstance(early, Refused) and early.rule == "hand_over"
        # Its details travel as such, for the reader to word (names looked up there).
        assert dict(early.params) == {"why": "wait", "seconds": 60, "seat": 1}
        now[0] = 61.0
        runner.handle(runner.connections[0], HandOver(1))
        assert any(isinstance(e, StandIn) and e.seat == 1 and e.level for e in ana.events())
        await ana.until(lambda u: len(table.session.deals[-1].plays) > plays
                        or u.state.waiting == "hold")
        assert len(table.session.deals[-1].plays) > plays   # the stand-in played for him
        back = Follower()
        runner.connect(back, [1])
        assert any(isinstance(e, SeatConnected) and e.seat == 1 for e in ana.events())
        assert any(isinstance(e, StandIn) and e.seat == 1 and e.level is None
                   for e in ana.events())
        assert runner.state().stand_ins[1] is None
        runner.close()

    asyncio.run(run())


def test_a_finished_trick_stays_until_every_player_has_seen_it(tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0,), seed=4)

    async def run() -> None:
        runner = TableRunner(table, ThreadThinker(table), pace="slow")   # a 2.2 s hold
        ana = Follower()
        to_ana = runner.connect(ana, [0])
        while True:
            update = await ana.until(lambda u: u.state.waiting == "hold"
                                     or my_turn(u.views[0]) or asked(u.views[0]))
            if update.state.waiting == "hold":
                break
            view = update.views[0]
            to_ana.send(Declare(0, False) if asked(view) else Play(0, legal(view)[0]))
            await ana.until(lambda u: not my_turn(u.views[0]) or u.state.waiting == "hold")
        assert ana.last.state.held is not None
        to_ana.send(Play(0, ana.last.views[0].hand[0]))   # playing on a held trick: wait
        assert isinstance(ana.last.events[-1], Refused) and ana.last.events[-1].rule == "wait"
        to_ana.send(Seen())
        assert isinstance(ana.last.events[-1], TrickGathered)
        assert ana.last.state.held is None
        runner.close()

    asyncio.run(run())


def test_every_player_hears_who_has_seen_the_deal_summary(tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0, 1), seed=11)

    async def run() -> None:
        runner = TableRunner(table, ThreadThinker(table), pace="instant", after_trick="pause")
        ana, bruno = Follower(), Follower()
        links = {0: runner.connect(ana, [0]), 1: runner.connect(bruno, [1])}
        for _ in range(200):               # both play their cards until the deal is over
            await ana.until(lambda u: u.state.waiting in ("turn", "ready")
                            and (u.state.waiting == "ready" or table.session.turn in (0, 1)))
            if ana.last.state.waiting == "ready":
                break
            seat = table.session.turn
            view = table.view(seat)
            links[seat].send(Declare(seat, False) if view.asked else Play(seat, view.legal[0]))
        assert ana.last.state.waiting == "ready"
        links[0].send(Ready())
        # Bruno is told at once that Ana has seen it (and the deal waits for him).
        assert bruno.last.state.ready == (True, False, False, False)
        assert len(table.session.deals) == 1
        links[1].send(Ready())
        await ana.until(lambda u: len(table.session.deals) == 2)
        runner.close()

    asyncio.run(run())


async def _to_a_hold(runner: TableRunner, ana: Follower, to_ana: object) -> GameUpdate:
    """Play Ana's cards (passing la générale) until a finished trick is on show."""
    while True:
        update = await ana.until(lambda u: u.state.waiting == "hold"
                                 or my_turn(u.views[0]) or asked(u.views[0]))
        if update.state.waiting == "hold":
            return update
        view = update.views[0]
        to_ana.send(Declare(0, False) if asked(view) else Play(0, legal(view)[0]))
        await ana.until(lambda u: not my_turn(u.views[0]) or u.state.waiting == "hold")


def test_at_pace_instant_a_finished_trick_is_still_on_show_then_goes_by_itself(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0,), seed=4)

    async def run() -> None:
        runner = TableRunner(table, ThreadThinker(table), pace="instant", after_trick="pause")
        ana = Follower()
        to_ana = runner.connect(ana, [0])
        update = await _to_a_hold(runner, ana, to_ana)
        assert update.state.held == held_trick(table.session.deals[-1].tricks[0], len(NAMES))
        assert not update.state.held_until_seen
        # Nobody says "seen": the pace's pause gathers it.
        await ana.until(lambda u: u.state.waiting != "hold",
                        limit=TRICK_HOLD["instant"] + 10)
        assert any(isinstance(e, TrickGathered) for e in ana.events())
        runner.close()

    asyncio.run(run())


def test_after_trick_auto_waits_for_a_key_when_a_player_won_or_a_jack_fell(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0,), seed=6, deals=1)

    async def run() -> list[tuple[bool, bool]]:
        runner = TableRunner(table, ThreadThinker(table), pace="instant")   # auto
        ana = Follower()
        to_ana = runner.connect(ana, [0])
        seen: list[tuple[bool, bool]] = []
        while not table.session.needs_deal and not table.session.finished:
            update = await _to_a_hold(runner, ana, to_ana)
            trick = update.state.held
            assert trick is not None
            expected = trick.winner == 0 or any(c[0] == "J" for _, c in trick.cards)
            seen.append((update.state.held_until_seen, expected))
            if update.state.held_until_seen:
                assert runner._hold_timer is None        # no pause: only a key ends it
                to_ana.send(Seen())
            await ana.until(lambda u: u.state.waiting != "hold",
                            limit=TRICK_HOLD["instant"] + 10)
        runner.close()
        return seen

    seen = asyncio.run(run())
    assert all(until_seen == expected for until_seen, expected in seen)
    assert {expected for _, expected in seen} == {True, False}   # both kinds were met


def test_after_trick_key_holds_every_trick_until_seen(tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0,), seed=4)

    async def run() -> None:
        runner = TableRunner(table, ThreadThinker(table), pace="instant", after_trick="key")
        ana = Follower()
        to_ana = runner.connect(ana, [0])
        update = await _to_a_hold(runner, ana, to_ana)
        assert update.state.held_until_seen and runner._hold_timer is None
        to_ana.send(Seen())
        assert isinstance(ana.last.events[-1], TrickGathered)
        runner.close()

    asyncio.run(run())


class TellingThinker(ThreadThinker):
    """A thinker that says when a computer's thought is ready."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.thought = asyncio.Event()

    async def think(self, seat, level, view):  # type: ignore[no-untyped-def]
        action = await super().think(seat, level, view)
        self.thought.set()
        return action


def test_looking_over_the_table_holds_back_the_computers_and_the_trick_on_show(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, humans=(0,), seed=4)

    async def run() -> None:
        thinker = TellingThinker(table)
        runner = TableRunner(table, thinker, pace="instant", after_trick="pause")
        ana = Follower()
        to_ana = runner.connect(ana, [0])
        # A finished trick on show stays while Ana looks at the trick log.
        await _to_a_hold(runner, ana, to_ana)
        to_ana.send(Looking(True))
        assert runner._hold_timer is None and runner.state().waiting == "hold"
        to_ana.send(Looking(False))
        await ana.until(lambda u: u.state.waiting != "hold",
                        limit=TRICK_HOLD["instant"] + 10)
        # A computer's card waits while she looks, and comes when she is back.
        while table.session.turn == 0:
            view = ana.last.views[0]
            to_ana.send(Declare(0, False) if asked(view) else Play(0, legal(view)[0]))
            await ana.until(lambda u: u.state.waiting in ("turn", "hold"))
            if ana.last.state.waiting == "hold":
                to_ana.send(Seen())
        plays = len(table.session.deals[-1].plays)
        thinker.thought.clear()
        to_ana.send(Looking(True))
        runner._schedule_advance()
        await asyncio.wait_for(thinker.thought.wait(), 30)
        for _ in range(5):
            await asyncio.sleep(0)      # let the thought's answer reach the runner
        assert len(table.session.deals[-1].plays) == plays
        assert runner.state().thinking is not None
        to_ana.send(Looking(False))
        await ana.until(lambda u: any(isinstance(e, CardPlayed) for e in u.events))
        assert len(table.session.deals[-1].plays) == plays + 1
        runner.close()

    asyncio.run(run())


def test_a_watcher_is_nobody_at_the_table(tmp_path: Path) -> None:
    """The watch view places the table from seat 0 but is no seat's: never "your turn",
    never "you" (found over SSH: a watcher read "À toi : tu entames" at Ana's turn), and
    the flag crosses the wire; a hostile value is not taken for it."""
    from dataclasses import replace

    from polignac_tui.games.base import Outcome, View
    from polignac_tui.games.polignac.tui.cognac import declaration
    from polignac_tui.ui.gameface import Seating

    table = make_table(tmp_path, humans=(0, 1), seed=6)
    runner = TableRunner(table, ThreadThinker(table), pace="instant")
    seated, watched = runner.view(0), runner.watch_view()
    turn = table.session.turn
    assert turn is not None
    at_zero = replace(watched, turn=0)
    assert replace(seated, turn=0).my_turn and not at_zero.my_turn
    # seat 0's own view is a person's, the watcher's is nobody's: named, never "you"
    assert seated.seat == 0 and seated.humans[0] and not seated.watching
    assert watched.watching and watched.names[0] == "Ana" and watched.hand == ()
    game = table.game.session.match
    watching = game.view(None)             # the seam's: its seat is nobody's
    nobody = Seating(watching.names, watching.seat)
    over = replace(watching, outcome=Outcome((1,), (0,), watching.totals))
    pays = declaration(over, nobody)[0]
    assert "You" not in pays and "Ana" in pays
    # Seat 0 sits at the bottom of a watcher's table with its count of cards, as the
    # others do (a player's own block shows none: their hand is under it).
    from polignac_tui.games.polignac.tui.trick import TrickArea
    area = TrickArea()
    watched_lines = area._block(watched, 0, 30, own=True)
    seated_lines = area._block(seated, 0, 30, own=True)
    assert "▮" * watched.cards_left[0] in watched_lines[1].plain
    assert "▮" not in seated_lines[1].plain
    everyone = replace(watching, outcome=Outcome((), (0, 1, 2, 3), watching.totals))
    assert declaration(everyone, nobody)[0] == "Everyone is tied: they all pay the cognac!"
    # the flag crosses the wire (the seam's view: a watcher's is no seat's)
    assert View.from_json(game.view(None).to_json()).watching is True
    assert View.from_json(game.view(0).to_json()).watching is False
    assert View.from_json({**game.view(0).to_json(), "watching": "yes"}).watching is False
    runner.close()


# -- issue 27, point 3: at a served table a jack's trick stays to be seen ----------------------
class DrivenLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock moves only when the test moves it: the pauses of the
    tricks on show (``call_later``) come due when the test says, never by waiting."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 1000.0

    def time(self) -> float:
        return self.now


def test_served_a_jacks_trick_stays_longer_and_no_idle_player_holds_it(tmp_path: Path) -> None:
    """"shared" (the service's): a trick with a jack stays JACK_HOLD (the next lead waits),
    any other the pace's pause; an idle player who never presses a key holds neither
    longer; a key from every seated player gathers the jack's trick at once."""
    from polignac_tui.table.pace import JACK_HOLD, SHARED
    table = make_table(tmp_path, humans=(0, 1), seed=11, deals=1)
    loop = DrivenLoop()

    async def run() -> list[str]:
        runner = TableRunner(table, ThreadThinker(table), pace="instant", after_trick=SHARED,
                             clock=loop.time)
        ana, bruno = Follower(), Follower()
        links = {0: runner.connect(ana, [0]), 1: runner.connect(bruno, [1])}
        met: list[str] = []
        for _ in range(200):
            update = await ana.until(lambda u: u.state.waiting in ("hold", "ready", "over")
                                     or (u.state.waiting == "turn"
                                         and table.session.turn in (0, 1)))
            if update.state.waiting in ("ready", "over"):
                break
            if update.state.waiting != "hold":
                seat = table.session.turn
                view = table.view(seat)
                links[seat].send(Declare(seat, False) if view.asked
                                 else Play(seat, view.legal[0]))
                continue
            trick = update.state.held
            assert trick is not None and not update.state.held_until_seen
            timer = runner._hold_timer
            assert timer is not None
            jack = any(c[0] == "J" for _, c in trick.cards)
            assert timer.when() - loop.now == (JACK_HOLD if jack else TRICK_HOLD)["instant"]
            if (jack and trick.winner in links and table.view(trick.winner).legal
                    and "both saw" not in met):
                # Only Ana looks; Bruno is idle. Past the plain pause it is still there,
                # and the winner's lead waits for it; at JACK_HOLD it goes without Bruno,
                # and the lead follows.
                links[0].send(Seen())
                loop.now += TRICK_HOLD["instant"] + 0.1
                winner = trick.winner
                lead = Play(winner, table.view(winner).legal[0])
                links[winner].send(lead)
                for _ in range(3):
                    await asyncio.sleep(0)
                assert runner._held == trick
                assert not any(isinstance(e, Refused) for e in ana.last.events)
                played = len([e for e in ana.events() if isinstance(e, CardPlayed)])
                loop.now += JACK_HOLD["instant"]
                await ana.until(lambda u, n=played: len(
                    [e for e in ana.events() if isinstance(e, CardPlayed)]) > n)
                assert CardPlayed(lead.seat, lead.card) in ana.events()
                met.append("the winner's lead waited for the jack's trick")
                met.append("idle player waited for no longer than the jack's pause")
                met.append("both saw")
            elif jack:
                links[0].send(Seen())
                assert runner._held == trick
                links[1].send(Seen())           # both saw it: gathered at once
                assert runner._held is None
                met.append("gathered when both saw")
            else:
                loop.now += TRICK_HOLD["instant"] + 0.1
                met.append("plain pause")
            await ana.until(lambda u, held=trick: u.state.held != held)
        runner.close()
        return met

    try:
        met = loop.run_until_complete(run())
    finally:
        loop.close()
    assert "idle player waited for no longer than the jack's pause" in met
    assert "the winner's lead waited for the jack's trick" in met
    assert "gathered when both saw" in met and "plain pause" in met
