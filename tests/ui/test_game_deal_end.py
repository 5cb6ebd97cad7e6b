"""The end of a deal of Écarté or Piquet (issue 35, point 3): the box's keys do what it
says. Esc or Space closes it and the finished table stays on show, its tricks and points
there to be read; the next deal comes with its own key (n, or Enter), in the footer and
in the box; Enter or n in the box goes on at once. Snapshots at 80×24 in each language."""

from __future__ import annotations

from typing import Any

import pytest
from gametools import act, game_screen, game_table, settle, status

from polignac_tui.ui.screens.panels import DealOverBox
from polignac_tui.ui.screens.table import TableScreen

SIZE = (80, 24)


async def to_the_deals_end(pilot: Any) -> None:
    """Ana plays the first deal of Écarté (seed 4) by keys until its box shows."""
    app = pilot.app
    for _step in range(40):
        await settle(pilot)
        if isinstance(app.screen, DealOverBox):
            return
        await act(pilot, prefer=("propose", "accept"))
    raise AssertionError("the deal never ended")


def footer_keys(app: Any) -> dict[str, str]:
    """The keys the table's footer shows now: action -> key shown."""
    screen = game_screen(app)
    return {binding.action: binding.key_display or binding.key
            for _key, (_node, binding, enabled, _tip) in screen.active_bindings.items()
            if binding.show and enabled}


@pytest.mark.parametrize("close", ["escape", "space"])
async def test_closing_the_box_shows_the_finished_table(make_app, store, close) -> None:
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_deals_end(pilot)
        box = app.screen
        assert "Esc or Space: close · Enter or n: the next deal" in str(
            box.query_one("#overlay-box").border_subtitle)
        await pilot.press(close)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        view = screen.view()
        assert view.deal_number == 1 and screen.state is not None
        assert screen.state.waiting == "ready"               # the next deal waits
        assert len(table.session.match.log) == 1
        assert sum(view.tricks_won) == 5                     # the deal's tricks, still there
        assert "The deal is over: Enter or n, the next deal." in status(app)
        keys = footer_keys(app)
        assert keys.get("next_deal") == "n"
        assert "play" not in keys and "move" not in keys    # no card to play now
        # the table may change (a redraw, a look at the tricks): the box stays closed
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        screen.refresh_table()
        screen._next()
        await pilot.pause()
        assert app.screen is screen and len(table.session.match.log) == 1
        await pilot.press("n")
        await settle(pilot)
        assert game_screen(app).view().deal_number == 2
        assert len(table.session.match.log) == 2
        assert "next_deal" not in footer_keys(app)


@pytest.mark.parametrize("key", ["enter", "n"])
async def test_the_boxs_next_deal_key_goes_on_at_once(make_app, store, key) -> None:
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_deals_end(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game_screen(app).view().deal_number == 2


async def test_enter_at_the_finished_table_goes_on(make_app, store) -> None:
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_deals_end(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert game_screen(app).view().deal_number == 1
        await pilot.press("enter")
        await settle(pilot)
        assert game_screen(app).view().deal_number == 2


@pytest.mark.parametrize(("lang", "subtitle", "footer"), [
    ("fr", "Échap ou Espace : fermer · Entrée ou n : la donne suivante", "Donne suivante"),
    ("it", "Esc o Spazio: chiudi · Invio o n: smazzata successiva", "Smazzata successiva"),
])
async def test_the_deals_end_in_the_players_language(make_app, store, lang, subtitle,
                                                     footer) -> None:
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_deals_end(pilot)
        assert str(app.screen.query_one("#overlay-box").border_subtitle) == subtitle
        await pilot.press("escape")
        await pilot.pause()
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert f"n {footer}" in shown


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_deals_end_box_snapshot(snap_compare, make_app, store, lang) -> None:
    app = make_app(game_table=game_table(store, "ecarte", seed=4), lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=to_the_deals_end)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_finished_table_snapshot(snap_compare, make_app, store, lang) -> None:
    async def closed(pilot: Any) -> None:
        await to_the_deals_end(pilot)
        await pilot.press("escape")
        await pilot.pause()

    app = make_app(game_table=game_table(store, "ecarte", seed=4), lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=closed)


async def test_at_a_served_table_the_next_deal_waits_for_everyone(make_app, store) -> None:
    """Ana (this screen) and Bruno (another client of the table) both people: Ana closes
    the box and reads the finished table while Bruno is ready; the table waits for Ana's
    n, then deals; Bruno ready last is waited for by name."""
    import asyncio
    import random

    from store.gamehelpers import random_action
    from test_game_gone import SeatClient

    from polignac_tui.table.gameevents import Act, Ready, Seen
    from polignac_tui.table.gamerunner import GameRunner, ThreadGameThinker

    table = game_table(store, "ecarte", seed=4, both_human=True)
    runner = GameRunner(table, ThreadGameThinker(table), pace="instant")
    rng = random.Random(1)
    latest: list[Any] = []
    bruno = runner.connect(latest.append, (1,))
    client = SeatClient(runner, 0)
    app = make_app()

    def bruno_plays() -> None:
        """Bruno acts when it is his turn (a random legal action)."""
        update = latest[-1]
        view = update.views[0]
        if update.state.waiting == "turn" and view.turn == 1 and view.choice is not None:
            bruno.send(Act(1, random_action(view.choice, rng)))
        elif update.state.waiting == "hold":         # a trick on show: both have seen it
            bruno.send(Seen())
            client.send(Seen())

    async with app.run_test(size=SIZE) as pilot:
        app.open_game_client(client)
        for _step in range(80):
            await pilot.pause(0.02)
            bruno_plays()
            if isinstance(app.screen, DealOverBox):
                break
            screen = game_screen(app)
            if screen.awaits_me():
                await act(pilot, prefer=("propose", "accept"))
        else:
            raise AssertionError("the deal never ended")
        bruno.send(Ready())                          # Bruno has read it
        await pilot.press("escape")                  # Ana reads the finished table
        for _ in range(20):
            await pilot.pause(0.02)
        assert isinstance(app.screen, TableScreen)
        assert latest[-1].state.waiting == "ready"   # the table waits for Ana
        assert len(table.session.match.log) == 1
        await pilot.press("n")
        for _ in range(200):
            await pilot.pause(0.02)
            if len(table.session.match.log) == 2:
                break
        assert len(table.session.match.log) == 2     # everyone ready: the next deal
        # the end of deal 2: Ana goes on first, Bruno is waited for by name
        for _step in range(80):
            await pilot.pause(0.02)
            bruno_plays()
            if isinstance(app.screen, DealOverBox) or table.session.match.outcome is not None:
                break
            if game_screen(app).awaits_me():
                await act(pilot, prefer=("propose", "accept"))
        assert isinstance(app.screen, DealOverBox)
        await pilot.press("n")
        for _ in range(20):
            await pilot.pause(0.02)
        assert "Waiting for Bruno to see the deal's summary." in status(app)
        assert len(table.session.match.log) == 2
        runner.close()
        client.close()
    await asyncio.sleep(0)
