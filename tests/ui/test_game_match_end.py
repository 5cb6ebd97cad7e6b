"""The end of a match of Écarté or Piquet (issue 35): the box's keys do what it says. Esc
or Space closes it and the finished table stays on show, its footer offering what is left
to do (the score sheet, the tricks, leaving with q); Enter goes home. Snapshots at 80×24
of the end of a Piquet partie (its rubicon line) in each language."""

from __future__ import annotations

from typing import Any

import pytest
from gametools import game_screen, settle, status
from store.gamehelpers import make_game
from tabletools import text_of

from polignac_tui.games import get_game
from polignac_tui.games.session import SeatPlayer
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.panels import MatchOverBox
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.widgets.scoresheet import ScoreSheet

SIZE = (80, 24)


def finished_ecarte(store: Any) -> GameTable:
    """Seed 5 turns up a king for Bruno: with a target of 1 the game is over at once."""
    table = GameTable.create(store, "ecarte", get_game("ecarte").settings(
        "classique", {"target": 1}), ["Ana", "Bruno"],
        [SeatPlayer(True), SeatPlayer(False, "easy")],
        seed=5)
    assert table.session.finished
    return table


def footer_keys(app: Any) -> dict[str, str]:
    """The keys the table's footer shows now: action -> key shown."""
    screen = game_screen(app)
    return {binding.action: binding.key_display or binding.key
            for _key, (_node, binding, enabled, _tip) in screen.active_bindings.items()
            if binding.show and enabled}


@pytest.mark.parametrize("close", ["escape", "space"])
async def test_closing_the_box_leaves_the_finished_table_on_show(make_app, store,
                                                                 close) -> None:
    app = make_app(game_table=finished_ecarte(store))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        box = app.screen
        assert isinstance(box, MatchOverBox)
        assert str(box.query_one("#overlay-box").border_subtitle) == \
            "Esc or Space: close · Enter: Home"
        await pilot.press(close)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.state is not None and screen.state.waiting == "over"
        keys = footer_keys(app)
        assert keys.get("scores") == "s" and keys.get("trick_log") == "t"
        assert keys.get("leave") == "q/esc"
        assert not {"play", "move", "hint", "mark", "undo", "next_deal"} & set(keys)
        assert "s: the score sheet · t: the tricks · q: Home" in status(app)
        assert "Bruno wins a treble game (1-0)." in status(app)
        # the table redrawn, asked what to show: the box stays closed
        screen.refresh_table()
        screen._next()
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("s")
        await pilot.pause()
        sheet = screen.query_one(ScoreSheet)       # the score sheet over the table
        assert app.screen is screen and sheet.full and screen.has_class("-side-full")
        assert "1-0" in " ".join(text_of(sheet.query_one("Static")).split())
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is screen and not sheet.full
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_enter_in_the_box_goes_home(make_app, store) -> None:
    app = make_app(game_table=finished_ecarte(store))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MatchOverBox)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_q_does_not_close_the_box(make_app, store) -> None:
    app = make_app(game_table=finished_ecarte(store))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        box = app.screen
        assert isinstance(box, MatchOverBox)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is box


@pytest.mark.parametrize(("lang", "subtitle", "left"), [
    ("fr", "Échap ou Espace : fermer · Entrée : l'accueil",
     "s : la feuille de marque · t : les plis · q : l'accueil"),
    ("it", "Esc o Spazio: chiudi · Invio: inizio",
     "s: il foglio dei punti · t: le prese · q: inizio"),
])
async def test_the_match_end_in_the_players_language(make_app, store, lang, subtitle,
                                                     left) -> None:
    app = make_app(game_table=finished_ecarte(store), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert str(app.screen.query_one("#overlay-box").border_subtitle) == subtitle
        await pilot.press("escape")
        await pilot.pause()
        assert left in status(app)


async def test_at_a_served_table_the_box_says_the_lobby(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        box = MatchOverBox("The match is over", "Ana wins", True)
        closed: list[object] = []
        await app.push_screen(box, closed.append)
        await pilot.pause()
        assert str(box.query_one("#overlay-box").border_subtitle) == \
            "Esc or Space: close · Enter: the lobby"
        await pilot.press("enter")
        await pilot.pause()
        assert closed == [None] and box.leave


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_end_of_a_partie_snapshot(snap_compare, make_app, store, lang) -> None:
    session = make_game("piquet", "20261127-2210-anna", seed=3, actions=None,
                        names=("Ana", "Bruno"))
    store.save_game(session)
    app = make_app(lang=lang)

    async def opened(pilot: Any) -> None:
        assert pilot.app.open_game_session(session.id)
        await settle(pilot)
        assert isinstance(pilot.app.screen, MatchOverBox)

    assert snap_compare(app, terminal_size=SIZE, run_before=opened)
