"""A player gone from a table of Écarté: the other is told who the table waits for and for
how long, and, once the wait is over, `o` gives the seat to a computer (the service's
hand-over), which plays for them."""

from __future__ import annotations

import asyncio
from typing import Any

from gametools import game_table

from polignac_tui.table.gameclient import GameClient, GameListener
from polignac_tui.table.gameevents import GameCommand, GameHint, StandIn
from polignac_tui.table.gamerunner import GameConnection, GameRunner, ThreadGameThinker


class SeatClient(GameClient):
    """One seat of a table run in this process, as a remote player holds it."""

    served = True

    def __init__(self, runner: GameRunner, seat: int) -> None:
        super().__init__(runner.table.game)
        self.runner = runner
        self._seat = seat
        self.connection: GameConnection | None = None
        self.events: list[object] = []

    @property
    def seats(self) -> tuple[int, ...]:
        return (self._seat,)

    def listen(self, listener: GameListener) -> None:
        self._listener = listener
        if self.connection is None:
            def hear(update: Any) -> None:
                self.events.extend(update.events)
                self._receive(update)
            self.connection = self.runner.connect(hear, self.seats)

    def send(self, command: GameCommand) -> None:
        if self.connection is not None:
            self.connection.send(command)

    async def hint(self, seat: int) -> GameHint | None:
        return None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


async def test_a_gone_player_is_waited_for_then_handed_to_a_computer(make_app, store) -> None:
    table = game_table(store, "ecarte", seed=4, both_human=True)
    runner = GameRunner(table, ThreadGameThinker(table), pace="instant", hand_over_after=0.3)
    turn = table.session.match.turn
    assert turn is not None
    gone, here = turn, 1 - turn
    ghost = runner.connect(lambda update: None, (gone,))
    client = SeatClient(runner, here)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game_client(client)
        await pilot.pause()
        # a person's turn is waited for, never "thinking" as a computer's is
        status = str(app.screen.query_one("#status").render())
        assert f"Waiting for {table.session.names[gone]}…" in status, status
        ghost.close()                        # the player whose turn it is goes
        for _ in range(200):
            await pilot.pause(0.02)
            status = str(app.screen.query_one("#status").render())
            if "o: a computer plays for them" in status:
                break
        assert f"Waiting for {table.session.names[gone]}" in status
        assert app.screen.check_action("hand_over", ()) is True
        await pilot.press("o")
        for _ in range(200):
            await pilot.pause(0.02)
            if any(s == gone for s, _ in table.session.match.history):
                break
        assert StandIn(gone, "hard") in client.events
        assert any(s == gone for s, _ in table.session.match.history)
        runner.close()
    await asyncio.sleep(0)
