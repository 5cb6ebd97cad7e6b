"""Polignac's table runner as its tests knew it, over the house's ``GameRunner``: a thin
test-side shim that speaks Polignac's commands (``Play``, ``Declare``) as ``Act`` and hands
its clients the house's own ``GameUpdate`` (Polignac's fields of a ``View``: ``part_of``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from polignac_tui.games.base import View
from polignac_tui.games.polignac import seats_of, settings_of
from polignac_tui.games.polignac.engine import Declare, Play, Player, SeatView, Session, Trick
from polignac_tui.games.polignac.viewpart import part_of
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gameevents import Act, GameHint, GameTableState, GameUpdate, HeldTrick
from polignac_tui.table.gamerunner import GameConnection, GameRunner, ThreadGameThinker
from polignac_tui.table.gametable import GameTable


class Table:
    """A Polignac table of the house: ``session`` is its engine session (every hand)."""

    def __init__(self, game: GameTable) -> None:
        self.game = game
        self.store = game.store

    @classmethod
    def create(cls, store: SessionStore, rules: Any, players: Sequence[Player],
               name: str = "", seed: int | None = None, **options: Any) -> Table:
        return cls(GameTable.create(store, "polignac", settings_of(rules),
                                    [p.name for p in players], seats_of(players), name=name,
                                    seed=seed, **options))

    @classmethod
    def open(cls, store: SessionStore, id: str, seed: int | None = None) -> Table:
        return cls(GameTable.open(store, id, seed=seed))

    @property
    def session(self) -> Session:
        engine: Session = self.game.session.match.session  # type: ignore[attr-defined]
        return engine

    def view(self, seat: int) -> SeatView:
        return self.session.view(seat)

    def close(self) -> None:
        self.game.close()

    def humans(self) -> list[int]:
        return self.game.humans()

    def computer_to_move(self) -> int | None:
        return self.game.computer_to_move()

    def think(self) -> Play | Declare:
        """The computer's action to move, as the engine's action."""
        seat = self.game.computer_to_move()
        text = self.game.think()
        assert seat is not None
        if text in ("declare", "pass"):
            return Declare(seat, text == "declare")
        return Play(seat, text)

    def apply(self, action: Play | Declare, save: bool = True) -> None:
        """Apply ``action`` (the engine's ``RuleError`` for a refused one, as ever)."""
        from polignac_tui.games.base import RuleError as SeamRuleError
        from polignac_tui.games.polignac.engine import RuleError
        try:
            self.game.apply(command(action).action, action.seat, save=save)
        except SeamRuleError as error:
            raise RuleError(error.message, error.code, dict(error.params)) from None

    def deal_next(self) -> None:
        self.game.deal_next()

    def undo(self, seat: int) -> bool:
        return self.game.undo(seat)

    def hint(self, view: SeatView) -> Any:
        """The expert's advice for ``view`` (the engine's ``Hint``), from the table's seed."""
        from polignac_tui.games.polignac.players import hint
        from polignac_tui.table.gametable import _seed_for
        return hint(view, _seed_for(self.game.seed, "hint"))


class ThreadThinker(ThreadGameThinker):
    """The local thinker of a Polignac table: the runner's own, in one worker thread."""

    def __init__(self, table: Table) -> None:
        super().__init__(table.game)


def command(sent: Any) -> Any:
    if isinstance(sent, Play):
        return Act(sent.seat, sent.card)
    if isinstance(sent, Declare):
        return Act(sent.seat, "declare" if sent.declare else "pass")
    return sent


class Connection:
    """A client's place: Polignac's commands in, the house's ``GameUpdate`` out."""

    def __init__(self, runner: TableRunner, listener: Callable[[GameUpdate], None],
                 seats: Sequence[int]) -> None:
        self.runner = runner
        self._listener = listener
        self.inner: GameConnection = runner.inner.connect(self._receive, seats)

    @property
    def listener(self) -> Callable[[GameUpdate], None]:
        return self._listener

    @listener.setter
    def listener(self, listener: Callable[[GameUpdate], None]) -> None:
        self._listener = listener

    @property
    def seats(self) -> tuple[int, ...]:
        return self.inner.seats

    def _receive(self, update: GameUpdate) -> None:
        self._listener(update)

    def send(self, sent: Any) -> None:
        self.inner.send(command(sent))

    async def hint(self, seat: int) -> GameHint | None:
        return await self.inner.hint(seat)

    def close(self) -> None:
        self.inner.close()


class TableRunner:
    """``GameRunner`` over a Polignac table, Polignac's commands sent as ``Act``."""

    def __init__(self, table: Table, thinker: ThreadGameThinker | None = None,
                 **options: Any) -> None:
        self.table = table
        self.inner = GameRunner(table.game, thinker or ThreadGameThinker(table.game),
                                **options)
        self._connections: list[Connection] = []

    def connect(self, listener: Callable[[GameUpdate], None], seats: Sequence[int] = ()
                ) -> Connection:
        connection = Connection(self, listener, seats)
        self._connections.append(connection)
        return connection

    @property
    def connections(self) -> list[Connection]:
        return [c for c in self._connections if c.inner in self.inner.connections]

    def handle(self, connection: Connection, sent: Any) -> None:
        self.inner.handle(connection.inner, command(sent))

    def state(self, connection: Connection | None = None) -> GameTableState:
        return self.inner.state(None if connection is None else connection.inner)

    def view(self, seat: int) -> SeatView:
        return self.table.view(seat)

    def watch_view(self) -> SeatView:
        return replace(self.table.view(0), hand=(), legal=(), asked=False, watching=True)

    @property
    def _held(self) -> HeldTrick | None:
        return self.inner._held

    @property
    def _hold_timer(self) -> Any:
        return self.inner._hold_timer

    def _schedule_advance(self) -> None:
        self.inner._schedule_advance()

    def close(self) -> None:
        self.inner.close()


def store_in(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions")


def held_trick(trick: Trick, players: int) -> HeldTrick:
    """The engine's finished ``trick`` as a table shows it (``GameTableState.held``): its
    cards with their seats, in the order played."""
    return HeldTrick(tuple(((trick.leader + i) % players, card)
                           for i, card in enumerate(trick.cards)), trick.winner)


# -- Polignac's fields of a seat's ``View`` (what the engine's ``SeatView`` called them) --------
def my_turn(view: View) -> bool:
    """``view``'s seat is to act now (a card, or its word on la générale); a watcher never."""
    return view.seat is not None and view.turn == view.seat


def asked(view: View) -> bool:
    """``view``'s seat is asked about la générale now."""
    return part_of(view).asked


def legal(view: View) -> tuple[str, ...]:
    """What ``view``'s seat may play now (empty when it is not its card)."""
    return part_of(view).legal
