"""Snapshots of the table and the screens it opens: seeded, pace instant, temporary folders.

Update after a deliberate change of the look with ``pytest tests/ui --snapshot-update``.
"""

from __future__ import annotations

import random

import pytest
from tabletools import (
    engine,
    open_table,
    play_selected,
    players,
    polignac_table,
    settle,
    strong_session,
    table_screen,
)

from polignac_tui.games.polignac.engine import Player, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.screens.panels import MatchOverBox
from polignac_tui.ui.screens.table import TableScreen

SMALL = (80, 24)
LARGE = (120, 36)


def seated(store, seed: int = 5, count: int = 4, preset_name: str = "classique") -> GameTable:
    names = ("Ana", "Bruno", "Claire", "Denis", "Élodie", "Fanny", "Gaston", "Hélène")[:count]
    seats = [Player(names[0])] + [Player(n, "computer", "easy") for n in names[1:]]
    return polignac_table(store, preset(preset_name, count), seats, name="Friday", seed=seed)


async def mid_trick(pilot) -> None:
    """Ana has played one card and it is her turn again, with cards on the table."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def to_summary(pilot) -> None:
    app = pilot.app
    while True:
        await settle(pilot)
        if not isinstance(app.screen, TableScreen):
            return
        await pilot.press("enter")


def test_table_mid_trick(snap_compare, make_app, store) -> None:
    assert snap_compare(make_app(table=seated(store)), terminal_size=SMALL, run_before=mid_trick)


def test_table_mid_trick_large(snap_compare, make_app, store) -> None:
    assert snap_compare(make_app(table=seated(store)), terminal_size=LARGE, run_before=mid_trick)


def test_table_eight_players(snap_compare, make_app, store) -> None:
    assert snap_compare(make_app(table=seated(store, seed=8, count=8)), terminal_size=SMALL,
                        run_before=mid_trick)


def test_table_ascii(snap_compare, make_app, store, settings) -> None:
    settings.ascii = True
    assert snap_compare(make_app(table=seated(store)), terminal_size=SMALL, run_before=mid_trick)


def test_rules_panel(snap_compare, make_app, store) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()

    seats = [Player("Ana")] + [Player(n, "computer", "easy") for n in ("Bruno", "Claire")]
    rules = preset("italiana", 3).replace(jack_guard=True)
    table = polignac_table(store, rules, seats, name="Friday", seed=5)
    assert snap_compare(make_app(table=table), terminal_size=SMALL, run_before=run_before)


async def scores_in_deal_2(pilot) -> None:
    await to_summary(pilot)        # a chelem in deal 1
    await pilot.press("enter")
    await settle(pilot)
    await play_selected(pilot)
    await settle(pilot)
    await pilot.press("s")
    await pilot.pause()


def test_score_table_full(snap_compare, make_app, store) -> None:
    table = open_table(store, strong_session())
    assert snap_compare(make_app(table=table), terminal_size=SMALL,
                        run_before=scores_in_deal_2)


def test_score_table_full_large(snap_compare, make_app, store) -> None:
    """Issue 27, point 10: at 120x36 the score table is its own size in the middle, not
    squeezed into the left third of a screen-wide frame."""
    table = open_table(store, strong_session())
    assert snap_compare(make_app(table=table), terminal_size=LARGE,
                        run_before=scores_in_deal_2)


def test_deal_summary(snap_compare, make_app, store) -> None:
    assert snap_compare(make_app(table=seated(store)), terminal_size=SMALL,
                        run_before=to_summary)


def test_generale_question(snap_compare, make_app, store) -> None:
    table = open_table(store, strong_session("generale"))
    assert snap_compare(make_app(table=table), terminal_size=SMALL, run_before=settle)


def test_end_of_session(snap_compare, make_app, store) -> None:
    async def run_before(pilot) -> None:
        await to_summary(pilot)
        await pilot.press("enter")
        await pilot.pause()

    table = open_table(store, strong_session(limit=5))
    assert snap_compare(make_app(table=table), terminal_size=SMALL, run_before=run_before)


def test_end_of_session_large(snap_compare, make_app, store) -> None:
    async def run_before(pilot) -> None:
        await to_summary(pilot)
        await pilot.press("enter")
        await pilot.pause()

    table = open_table(store, strong_session(limit=5))
    assert snap_compare(make_app(table=table), terminal_size=LARGE, run_before=run_before)


def test_players_helper_is_seeded() -> None:
    assert [p.name for p in players()] == ["Ana", "Bruno", "Claire", "Denis"]


def test_trick_log(snap_compare, make_app, store) -> None:
    async def run_before(pilot) -> None:
        for _ in range(3):
            await settle(pilot)
            await pilot.press("enter")
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(make_app(table=seated(store)), terminal_size=SMALL, run_before=run_before)


def test_last_trick(snap_compare, make_app, store) -> None:
    async def run_before(pilot) -> None:
        for _ in range(2):
            await settle(pilot)
            await pilot.press("enter")
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()

    assert snap_compare(make_app(table=seated(store, seed=8, count=8)), terminal_size=SMALL,
                        run_before=run_before)


def _finished(store) -> GameTable:
    """A session of three deals, played to its end by random cards."""
    seats = [Player("Ana")] + [Player(n, "computer", "easy") for n in ("Bruno", "Claire",
                                                                     "Denis")]
    table = polignac_table(store, preset("classique", 4).replace(end="deals", limit=3), seats,
                         name="Friday", seed=4)
    rng = random.Random(2)
    while not table.session.finished:
        random_step(engine(table), rng, declare_rate=None)
    table.save()
    return table


@pytest.mark.parametrize("size", [SMALL, LARGE, (160, 48)], ids=["80x24", "120x36", "160x48"])
def test_the_cognac(snap_compare, make_app, store, size) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, MatchOverBox))
        await pilot.pause()

    assert snap_compare(make_app(table=_finished(store)), terminal_size=size,
                        run_before=run_before)


# -- card faces from about 100×30 (issue 11, point 1) ------------------------------------------
HUGE = (160, 48)


def test_table_faces_huge(snap_compare, make_app, store) -> None:
    assert snap_compare(make_app(table=seated(store)), terminal_size=HUGE, run_before=mid_trick)


def test_table_faces_eight_players_huge(snap_compare, make_app, store) -> None:
    assert snap_compare(make_app(table=seated(store, seed=8, count=8)), terminal_size=HUGE,
                        run_before=mid_trick)


def test_table_faces_eight_players_at_the_threshold(snap_compare, make_app, store) -> None:
    assert snap_compare(make_app(table=seated(store, seed=8, count=8)),
                        terminal_size=(100, 30), run_before=mid_trick)


def test_table_faces_ascii(snap_compare, make_app, store, settings) -> None:
    settings.ascii = True
    assert snap_compare(make_app(table=seated(store)), terminal_size=LARGE, run_before=mid_trick)


def test_table_faces_no_color(snap_compare, make_app, store, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(table=seated(store))
    assert app.no_color
    assert snap_compare(app, terminal_size=LARGE, run_before=mid_trick)


def test_table_faces_trick_on_show(snap_compare, make_app, store, settings) -> None:
    """A finished trick waits for a key: the winner's card in a heavy frame."""
    settings.after_trick = "key"

    async def run_before(pilot) -> None:
        screen = table_screen(pilot.app)
        await settle(pilot, screen.awaits_me)
        await play_selected(pilot)
        await settle(pilot, lambda: screen.holding())

    assert snap_compare(make_app(table=seated(store)), terminal_size=LARGE,
                        run_before=run_before)
