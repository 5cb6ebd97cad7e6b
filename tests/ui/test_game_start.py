"""Starting a game of the seam (issues 25 and 26, point 2): ``polignac-tui new --game``,
Home's New session form with its Game choice, and the app's hook that resumes a saved
Écarté or Piquet session."""

from __future__ import annotations

import pytest
from gametools import game_screen, game_table, settle
from textual.widgets import Input, Select

from polignac_tui.cli import main
from polignac_tui.games import FIRST_GAME, game_names
from polignac_tui.ui.screens.new_session import NewSessionScreen
from polignac_tui.ui.screens.table import TableScreen


def shown(widget) -> bool:
    """The widget and every row holding it are displayed."""
    from textual.widget import Widget
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list:
    from polignac_tui.ui.app import CardGamesApp
    apps: list = []
    monkeypatch.setattr(CardGamesApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def test_the_cli_plays_every_game_of_the_registry() -> None:
    """``--game`` offers every game of the registry, the first by default."""
    import argparse

    from polignac_tui.commands.play import register
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    (game,) = [a for a in parser._subparsers._group_actions[0].choices["new"]._actions
               if a.dest == "game"]
    assert tuple(game.choices) == game_names() and game.default == FIRST_GAME


@pytest.mark.parametrize(("argv", "said"), [
    (["--game", "piquet", "--players", "3"], "Piquet is played by 2 players, not 3"),
    (["--game", "piquet", "--preset", "classique"],
     "Piquet has no preset 'classique' (one of rubicon, cent)"),
])
def test_new_refuses_in_one_line_naming_the_game(capsys, ran, store, argv, said) -> None:
    """The count and the preset are checked against the game chosen: nothing started."""
    assert main(["new", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err
    assert ran == [] and store.entries() == []


def test_the_settings_default_preset_is_the_first_games_only(ran, store) -> None:
    """A default preset of Polignac's (italiana) does not choose Écarté's italiana."""
    from polignac_tui.config import Settings, save_settings
    save_settings(Settings(default_preset="italiana"))
    assert main(["new", "--game", "ecarte", "--seed", "1"]) == 0
    assert main(["new", "--seed", "1"]) == 0
    ecarte, polignac = (app._start_table for app in ran)
    assert ecarte.game == "ecarte" and ecarte.session.match.settings.preset == "classique"
    assert polignac.game == "polignac" and polignac.session.match.settings.preset == "italiana"


@pytest.mark.parametrize(("game", "players"), [("ecarte", []), ("polignac", ["--players", "3"])])
def test_new_game_starts_you_against_computers(ran, store, game, players) -> None:
    """Every game of the registry by its name, the first one too."""
    assert main(["new", "--game", game, *players, "--preset", "italiana", "--level", "hard",
                 "--seed", "4"]) == 0
    (app,) = ran
    table = app._start_table
    assert table is not None and table.game == game
    session = table.session
    assert session.match.settings.preset == "italiana"
    count = 3 if players else 2
    assert [s.human for s in session.seats] == [True] + [False] * (count - 1)
    assert [s.level for s in session.seats[1:]] == ["hard"] * (count - 1)
    assert table.closed                  # released when the app ended
    assert store.game_of(session.id) == game


def test_new_game_with_another_games_preset_is_one_line(capsys, ran) -> None:
    assert main(["new", "--game", "ecarte", "--preset", "rubicon"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Écarté has no preset 'rubicon'" in err
    assert ran == []


def test_new_game_for_more_than_two_is_one_line(capsys, ran) -> None:
    assert main(["new", "--game", "piquet", "--players", "4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Piquet is played by 2 players" in err
    assert ran == []


def test_new_with_an_unprintable_name_is_one_line(capsys, ran, store) -> None:
    """The house's rule for a seat's name (the form's too): nothing started."""
    assert main(["new", "--name", "Bru\x1b[2Jno"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not 1 to 24 printable characters" in err
    assert "\x1b" not in err and ran == [] and store.entries() == []


def test_new_without_game_is_polignac_as_before(ran, store) -> None:
    assert main(["new", "--seed", "1"]) == 0
    (app,) = ran
    assert app._start_table is not None and app._start_game_table is None


async def test_the_form_offers_each_game_and_starts_ecarte(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewSessionScreen)
        game = form.query_one("#game", Select)
        assert game.value == "polignac"
        assert shown(form.field("players")) and not shown(form.query_one("#ecarte-preset"))
        game.value = "ecarte"
        await pilot.pause()
        assert not shown(form.query_one("#polignac-players"))
        assert not shown(form.query_one("#polignac-seat-name-0"))
        assert not form.query("#ecarte-players")        # two players: nothing to choose
        assert shown(form.query_one("#ecarte-preset"))
        assert not shown(form.query_one("#piquet-preset"))
        form.query_one("#ecarte-preset", Select).value = "italiana"
        await pilot.pause()
        assert form.query_one("#ecarte-set-forcing", Select).value is False
        form.query_one("#ecarte-set-target", Input).value = "7"
        form.query_one("#ecarte-seat-kind-1", Select).value = "easy"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        table = screen.client.table
        assert table.game == "ecarte"
        assert table.session.match.settings.number("target") == 7
        assert table.session.match.settings.flag("forcing") is False
        assert table.session.seats[1].level == "easy"


async def test_the_form_explains_a_bad_target(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.query_one("#game", Select).value = "ecarte"
        await pilot.pause()
        form.query_one("#ecarte-set-target", Input).value = "99"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        shown = str(form.query_one("#problems").render())
        assert "Points to win: a whole number from 1 to 50." in shown
        assert store.entries() == []


async def test_open_game_session_resumes_a_saved_piquet(make_app, store) -> None:
    table = game_table(store, "piquet", seed=5, both_human=True)
    table.apply("discard " + table.view(table.session.match.turn).hand[0])
    session_id = table.session.id
    table.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_game_session(session_id)
        await settle(pilot)
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert game_screen(app).client.table.session.match.log[0].actions[0].startswith(
            "discard ")


def test_new_game_piquet_starts_you_against_a_computer(ran, store) -> None:
    assert main(["new", "--game", "piquet", "--preset", "cent", "--seed", "2"]) == 0
    (app,) = ran
    table = app._start_table
    assert table.game == "piquet" and table.session.match.settings.word("end") == "points"
    assert [s.level for s in table.session.seats] == [None, "medium"]
