"""A hint asked while the last one is still being worked out: the screens wait for the
first answer, or say so in a short notice (the table service refuses a second hint of a
seat as ``busy``), never a traceback."""

from __future__ import annotations

import asyncio

from tabletools import engine, polignac_table, settle, table_screen, text_of

from polignac_tui.games.polignac import players as players_module
from polignac_tui.games.polignac.engine import Player, preset
from polignac_tui.games.polignac.tui.generale import GeneraleScreen
from polignac_tui.table.gameclient import HintBusy
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.widgets.hand import Hand


def status(app) -> str:
    return text_of(table_screen(app).query_one("#status"))


def seated(store) -> GameTable:
    seats = [Player("Ana")] + [Player(n, "computer", "easy") for n in ("Bruno", "Claire",
                                                                      "Denis")]
    return polignac_table(store, preset("classique", 4), seats, name="Test", seed=6)


async def test_a_hint_asked_twice_waits_for_the_first_answer(make_app, store) -> None:
    table = seated(store)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        asked = screen.client.hint
        calls: list[int] = []
        release = asyncio.Event()

        async def slow(seat: int):
            calls.append(seat)
            await release.wait()
            return await asked(seat)
        screen.client.hint = slow
        await pilot.press("h")
        await settle(pilot, lambda: calls == [0])
        await pilot.press("h")
        await settle(pilot, lambda: "A hint is already on its way." in status(app))
        release.set()
        await settle(pilot, lambda: "Hint: play" in status(app))
        assert calls == [0]                      # asked once: the first answer is shown
        expected = players_module.hint(engine(table).view(0), table.seed).card
        assert screen.query_one(Hand).selected_card == expected


async def test_a_busy_refusal_is_a_notice_then_the_next_hint_comes(make_app, store) -> None:
    table = seated(store)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)

        async def busy(seat: int):
            raise HintBusy("a hint is already on its way")
        screen.client.hint = busy
        await pilot.press("h")
        await settle(pilot, lambda: "still thinking of the hint asked before" in status(app))
        del screen.client.hint                   # the service is free again
        await pilot.press("h")
        await settle(pilot, lambda: "Hint: play" in status(app))


async def test_the_generale_question_says_a_busy_refusal(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        async def busy():
            raise HintBusy("a hint is already on its way")
        question = GeneraleScreen("Ana", [], leads=True, hint=busy)
        await app.push_screen(question)
        await pilot.pause()
        await pilot.press("h")
        label = question.query_one("#generale-hint")
        await settle(pilot, lambda: "still thinking of the hint asked before"
                     in text_of(label))
