"""Talk at a served table of Écarté or Piquet, as at Polignac's: ' opens the talk line
(its keys are the line's, never the table's), Enter says the line, it shows literally,
" shows every line, q/esc goes back to the lobby, and from 120×36 the talk sits under the
game's panel. A table in this process has none of it.

The table runs in this process; its client holds one seat as a remote player does and
talks as a served table's client does (its own line comes back). Talk over a real
service: tests/service/test_talk.py."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from gametools import game_screen, game_table, settle
from test_game_gone import SeatClient

from polignac_tui.table.gamerunner import GameRunner, ThreadGameThinker
from polignac_tui.table.talk import Said, TalkRoom
from polignac_tui.ui.widgets.talk import TalkBar, TalkPanel


class TalkingSeatClient(SeatClient):
    """One seat of a table of this process that talks as a served table's seat does."""

    def __init__(self, runner: GameRunner, seat: int) -> None:
        super().__init__(runner, seat)
        self.talk = TalkRoom()
        self.sent: list[str] = []

    async def say(self, text: str) -> None:
        self.sent.append(text)
        self.talk.hear(Said("Ana", self._seat, text, mine=True))


def shown_actions(screen: Any) -> set[str]:
    return {b.action for _, b, enabled, _ in screen.active_bindings.values()
            if b.show and enabled}


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
async def test_a_line_said_at_a_served_table_of_a_game(make_app, store, game: str) -> None:
    table = game_table(store, game, seed=4, both_human=True)
    runner = GameRunner(table, ThreadGameThinker(table), pace="instant")
    other = runner.connect(lambda update: None, (1,))
    client = TalkingSeatClient(runner, 0)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game_client(client)
        await settle(pilot, lambda: game_screen(app).state is not None)
        screen = game_screen(app)
        assert {"talk", "leave_to_lobby"} <= shown_actions(screen)
        assert "leave" not in shown_actions(screen)
        history = table.session.match.history
        await pilot.press("apostrophe")
        await pilot.pause()
        bar = screen.query_one(TalkBar)
        assert bar.is_open
        line = "p1 [b]not bold[/b] <i>"   # p, 1: a word's key and a card's, here typed
        for char in line:
            await pilot.press(char)
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause(0.01)
            if client.sent:
                break
        assert client.sent == [line]
        assert table.session.match.history == history     # nothing played by the text
        assert not bar.is_open
        assert line in str(bar.query_one("#talk-note").render())
        await pilot.press("quotation_mark")
        await pilot.pause()
        from polignac_tui.ui.screens.talk import TalkScreen
        assert isinstance(app.screen, TalkScreen)
        other.close()
        runner.close()
    await asyncio.sleep(0)


async def test_the_talk_panel_from_120x36_only(make_app, store) -> None:
    table = game_table(store, "ecarte", seed=4, both_human=True)
    runner = GameRunner(table, ThreadGameThinker(table), pace="instant")
    other = runner.connect(lambda update: None, (1,))
    client = TalkingSeatClient(runner, 0)
    client.talk.hear(Said("Bruno", 1, "Bonne chance", mine=False))
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        app.open_game_client(client)
        await settle(pilot, lambda: game_screen(app).state is not None)
        panel = game_screen(app).query_one(TalkPanel)
        assert panel.display and panel.region.height > 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert panel.region.height == 0
        other.close()
        runner.close()
    await asyncio.sleep(0)


async def test_a_game_table_of_this_process_has_no_talk(make_app, store) -> None:
    from polignac_tui.table.gamerunner import LocalGameClient
    table = game_table(store, "ecarte", seed=4)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        app.open_game_client(LocalGameClient(table, pace="instant"))
        await settle(pilot, lambda: game_screen(app).state is not None)
        screen = game_screen(app)
        assert not screen.query(TalkBar) and not screen.query(TalkPanel)
        assert screen.check_action("talk", ()) is False
        assert "leave" in shown_actions(screen) and "leave_to_lobby" not in shown_actions(screen)
        await pilot.press("apostrophe", "quotation_mark")
        await pilot.pause()
        assert app.screen is screen


async def test_the_end_of_a_served_match_has_a_word_for_the_table(make_app) -> None:
    """The end of a match at a table of the service keeps the talk line under its box:
    ' opens it, q, space and Esc's neighbours are letters there (never the way out),
    Enter says the line; then Esc closes the box, the lobby not reached."""
    from polignac_tui.ui.screens.panels import MatchOverBox
    room, said = TalkRoom(), []

    async def say(text: str) -> None:
        said.append(text)
        room.hear(Said("Ana", 0, text, mine=True))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        closed: list[object] = []
        end = MatchOverBox("The match is over", "Ana wins", True, room, say)
        await app.push_screen(end, closed.append)
        await pilot.press("apostrophe")
        await pilot.pause()
        assert end.query_one(TalkBar).is_open
        for key in "quel match":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause(0.01)
            if said:
                break
        assert said == ["quel match"] and app.screen is end and not closed
        assert "Enter: the lobby" in str(end.query_one("#overlay-box").border_subtitle)
        await pilot.press("escape")
        await pilot.pause()
        assert closed == [None] and not end.leave
