"""One New session form for every game, built from each game's described settings: the
fields each game shows, a preset filling its defaults, and what Start gives (the game's
settings, names and seats); a session of Polignac starts as the form of its own did."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Select

from polignac_tui.games import game_names, get_game
from polignac_tui.games.session import SeatPlayer
from polignac_tui.ui.app import CardGamesApp
from polignac_tui.ui.gameface import face_of
from polignac_tui.ui.screens.new_session import NewSessionScreen, optional

GAMES = game_names()


def shown(widget: Any) -> bool:
    """The widget and every row holding it are displayed."""
    from textual.widget import Widget
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """What the form hands to the app's start, instead of opening a table."""
    calls: list[tuple[Any, ...]] = []

    def start_game(self: Any, game: str, settings: Any, names: list[str], seats: list[Any],
                   name: str = "", undo: bool = True) -> bool:
        calls.append((game, settings, names, seats, name, undo))
        return True
    monkeypatch.setattr(CardGamesApp, "start_game", start_game)
    return calls


async def open_on(app: Any, pilot: Any, game: str) -> NewSessionScreen:
    await pilot.press("n")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, NewSessionScreen)
    assert app.focused is form.query_one("#game", Select)      # it opens on the game
    form.query_one("#game", Select).value = game
    await pilot.pause()
    assert form.game == game
    return form


@pytest.mark.parametrize("name", GAMES)
async def test_each_game_shows_its_presets_players_seats_and_settings(make_app,
                                                                        name: str) -> None:
    game, face = get_game(name), face_of(name)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_on(app, pilot, name)
        presets = [value for _, value in form.field("preset", Select)._options]
        assert presets == [*game.presets, "custom"]
        assert bool(form.query(f"#{name}-players")) == (game.min_players != game.max_players)
        seats = [i for i in range(game.max_players) if shown(form.field(f"seat-{i}"))]
        assert seats == list(range(form.players))
        for setting in game.described:
            field = form.field(f"set-{setting.name}")
            assert isinstance(field, Input if setting.kind == "int" else Select)
            applies = setting.applies(form.chosen_values())   # (Piquet's limit: a partie)
            assert shown(field) == (setting.name not in face.form_more and applies), setting.name
        for other in GAMES:              # no other game's fields in sight
            if other != name:
                assert not shown(form.query_one(f"#{other}-preset"))
        if face.form_more:               # m: the others, each with its explanation
            await pilot.press("m")
            await pilot.pause()
            assert all(shown(form.field(f"set-{s}")) for s in face.form_more)
        assert form.validate()


@pytest.mark.parametrize("name", GAMES)
async def test_a_preset_fills_the_game_s_defaults(make_app, name: str) -> None:
    game = get_game(name)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_on(app, pilot, name)
        for preset in reversed(game.presets):
            form.field("preset", Select).value = preset
            await pilot.pause()
            await pilot.pause()
            values = game.settings(preset, players=form.players)
            for setting in game.described:
                if optional(game, setting):
                    continue
                field = form.field(f"set-{setting.name}")
                assert isinstance(field, (Input, Select))
                shown_value = field.value if isinstance(field, Select) else int(field.value)
                assert shown_value == values[setting.name], (preset, setting.name)
            assert str(form.query_one("#differences").render()).startswith("As in the preset")


@pytest.mark.parametrize("name", GAMES)
async def test_start_gives_the_game_s_settings_names_and_seats(make_app, started,
                                                               name: str) -> None:
    game = get_game(name)
    number = next(s for s in game.described if s.kind == "int")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_on(app, pilot, name)
        preset = game.presets[-1]
        form.field("preset", Select).value = preset
        await pilot.pause()
        form.field(f"set-{number.name}", Input).value = str(number.low)
        form.field("seat-name-0", Input).value = "Zoé"
        form.field("seat-kind-1", Select).value = "expert"
        form.query_one("#session-name", Input).value = "Dimanche"
        await pilot.pause()
        assert "Changed from" in str(form.query_one("#differences").render())
        shown_names = form.names()
        await pilot.press("ctrl+s")
        await pilot.pause()
    ((game_name, settings, names, seats, session_name, undo),) = started
    players = game.min_players if game.min_players == game.max_players else 4
    expected = game.kept_settings(game.table_settings(
        {**game.settings(preset, players=players).to_dict(), number.name: number.low},
        players))
    assert game_name == name and settings == expected
    assert settings[number.name] == number.low
    assert names == shown_names and names[0] == "Zoé" and len(names) == players
    assert seats[:2] == [SeatPlayer(True), SeatPlayer(False, "expert")]
    assert all(s == SeatPlayer(False, "medium") for s in seats[2:])
    assert session_name == "Dimanche" and undo is True


async def test_polignac_starts_as_its_own_form_started_it(make_app, started) -> None:
    """The engine's rules and players of the form Polignac had (``Rules(**values)``, the
    preset's name kept beside a changed setting) give the same settings and seats."""
    from polignac_tui.games.polignac import seats_of, settings_of
    from polignac_tui.games.polignac.engine import Player, Rules
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_on(app, pilot, "polignac")
        form.field("preset", Select).value = "italiana"
        form.field("players", Select).value = 5
        await pilot.pause()
        form.field("set-generale", Select).value = True
        form.field("set-limit", Input).value = "30"
        form.field("seat-kind-2", Select).value = "hard"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    ((_game, settings, names, seats, _name, _undo),) = started
    values = {**get_game("polignac").settings("italiana", players=5), "generale": True,
              "limit": 30}
    rules = Rules(preset="italiana", **values)
    players = [Player("Ana"), Player("Bruno", "computer", "medium"),
               Player("Claire", "computer", "hard"), Player("Denis", "computer", "medium"),
               Player("Élodie", "computer", "medium")]
    assert settings == settings_of(rules) and settings.preset == "italiana"
    assert names == [p.name for p in players] and seats == list(seats_of(players))


async def test_a_game_of_two_may_seat_two_people_with_their_names(make_app, started) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_on(app, pilot, "piquet")
        form.field("seat-kind-1", Select).value = "human"
        await pilot.pause()
        assert form.validate()
        form.field("seat-name-1", Input).value = "ana"           # Ana sits at seat 1
        await pilot.pause()
        assert not form.validate()
        assert "already taken by seat 1" in str(form.query_one("#problems").render())
        form.field("seat-name-1", Input).value = "Bruno"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    ((game, _settings, names, seats, _name, _undo),) = started
    assert game == "piquet" and names == ["Ana", "Bruno"] and seats == [SeatPlayer(True)] * 2


async def test_a_setting_that_plays_no_part_is_not_shown(make_app, started) -> None:
    """Piquet's limit in a partie (issue 34): its row and explanation are hidden, a
    number left wrong there keeps nothing from starting, and the settings carry the
    preset's limit; at points it is back."""
    game = get_game("piquet")
    limit = next(s for s in game.described if s.name == "limit")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_on(app, pilot, "piquet")
        rows = list(form.query(".row-piquet-limit"))
        assert len(rows) == 2                                  # the field, its explanation
        for end, applies in (("partie", False), ("points", True), ("partie", False)):
            form.field("set-end", Select).value = end
            await pilot.pause()
            await pilot.pause()
            assert limit.applies(form.chosen_values()) is applies
            assert [shown(row) for row in rows] == [applies, applies], end
            assert shown(form.field("set-limit")) is applies, end
        form.field("set-limit", Input).value = "abc"           # hidden: plays no part
        await pilot.pause()
        assert form.validate(), form.build()
        await pilot.press("ctrl+s")
        await pilot.pause()
    ((_game, settings, *_rest),) = started
    assert settings["end"] == "partie"
    assert settings["limit"] == game.settings(settings.preset if settings.preset != "custom"
                                              else game.presets[0], players=2)["limit"]


@pytest.mark.parametrize(("preset", "limit_said"), [("rubicon", False), ("cent", True)])
def test_the_rules_panel_says_a_setting_only_where_it_plays_a_part(preset: str,
                                                                   limit_said: bool) -> None:
    """The rules panel reads the same description as the form: no limit in a partie."""
    from polignac_tui.ui.gamedraw import rules_text
    game = get_game("piquet")
    settings = game.settings(preset, players=2)
    match = game.start(settings, ["Ana", "Bruno"], 0)
    text = rules_text(game, match.view(0), settings, face_of("piquet")).plain
    assert ("Limit: 100" in text) is limit_said, text
    assert "End of the game: " in text
