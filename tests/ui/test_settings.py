"""User settings: the file (damaged, unknown keys, atomic save) and the settings screen."""

from __future__ import annotations

import tomllib
from pathlib import Path

from textual.widgets import Input, Select, Static

from polignac_tui.config import Settings, load_settings, save_settings, settings_path
from polignac_tui.ui.screens.settings import SettingsScreen


def test_settings_path_follows_xdg(ui_environment: Path) -> None:
    assert settings_path() == ui_environment / "config" / "polignac-tui" / "settings.toml"


def test_missing_file_gives_defaults() -> None:
    assert load_settings() == Settings()
    assert load_settings().problem is None


def test_round_trip() -> None:
    wanted = Settings(name="Zoé", theme="nord", pace="slow", ascii=True, four_colour=True,
                      default_preset="italiana")
    save_settings(wanted)
    assert load_settings() == wanted
    assert not list(settings_path().parent.glob(".settings-*"))  # no temporary file left


def test_damaged_file_gives_defaults_a_reason_and_is_left_alone() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("name = 'Zoé\n", encoding="utf-8")
    settings = load_settings()
    assert settings == Settings()
    assert settings.problem is not None
    assert str(path) in settings.problem and "not valid TOML" in settings.problem
    assert path.read_text(encoding="utf-8") == "name = 'Zoé\n"


def test_bad_values_keep_the_good_ones() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('name = "Zoé"\npace = "warp"\nascii = "yes"\nfuture = 1\n',
                    encoding="utf-8")
    settings = load_settings()
    assert settings.name == "Zoé" and settings.pace == "normal" and settings.ascii is False
    assert settings.problem is not None
    assert "pace 'warp' is not one of" in settings.problem
    assert "ascii must be true or false" in settings.problem
    # Worded again in the app's language (the file is read before the language is known).
    from polignac_tui.i18n import speaking, translator_for
    with speaking(translator_for("fr")):
        french = settings.problem_text()
    assert french is not None and "valeurs par défaut" in french
    assert "'warp'" in french and "pace 'warp' is not one of" not in french
    assert settings.problem_text() == settings.problem


async def test_damaged_settings_are_notified_at_start(make_app) -> None:
    from polignac_tui.ui.app import CardGamesApp
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("[[[", encoding="utf-8")
    app = CardGamesApp(load_settings(), make_app().store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any(str(path) in m for m in messages)
    assert path.read_text(encoding="utf-8") == "[[["


async def test_screen_saves_each_change_at_once(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#theme", Select).value = "nord"
        await pilot.pause()
        assert app.theme == "nord"
        screen.query_one("#ascii", Select).value = True
        await pilot.pause()
        assert app.has_class("ascii")
        name = screen.query_one("#name", Input)
        name.focus()
        await pilot.press("ctrl+u", *"Zoé")
        await pilot.pause()
    data = tomllib.loads(settings_path().read_text(encoding="utf-8"))
    assert data["theme"] == "nord" and data["ascii"] is True and data["name"] == "Zoé"


async def test_empty_name_is_refused_inline(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        name.focus()
        await pilot.press("ctrl+u")
        await pilot.pause()
        error = app.screen.query_one("#name-error", Static)
        assert error.display and "your name cannot be empty" in str(error.render())
        assert app.settings.name == "Ana"
    assert not settings_path().exists()


async def test_theme_chosen_elsewhere_is_kept(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "dracula"  # as the command palette's "Change theme" does
        await pilot.pause()
    assert app.settings.theme == "dracula"
    assert load_settings().theme == "dracula"


def test_unknown_theme_name_is_kept_but_falls_back_at_start() -> None:
    save_settings(Settings(theme="some-future-theme"))
    assert load_settings().theme == "some-future-theme"
    assert load_settings().problem is None


async def test_ascii_from_the_command_line_is_not_saved(store) -> None:
    from polignac_tui.ui.app import CardGamesApp
    app = CardGamesApp(Settings(name="Ana"), store, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert app.has_class("ascii")
        app.screen.query_one("#pace", Select).value = "slow"
        await pilot.pause()
    saved = load_settings()
    assert saved.pace == "slow" and saved.ascii is False


def burst(app, keys: list[str]) -> None:
    """Keys arriving together, as one read from a fast typist or a paste through tmux."""
    from textual import events
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_fast_typing_after_deleting_keeps_every_key(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        name.focus()
        await pilot.pause()
        burst(app, ["end", *["backspace"] * 8, *"Zoé"])
        await pilot.pause()
        await pilot.pause()
        assert name.value == "Zoé"
        await pilot.press("backspace", "backspace", *"ra")  # as fast as the pilot goes
        await pilot.pause()
        assert name.value == "Zra"
    assert load_settings().name == "Zra"


async def test_the_focused_field_is_marked(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("tab", "tab", "tab")      # from Language: name, theme, pace
        await pilot.pause()
        marked = list(app.screen.query(".field.has-focus"))
        assert len(marked) == 1 and marked[0].query_one("#pace") is app.focused


async def test_settings_open_on_language_a_choice_enter_opens(make_app) -> None:
    """The first field takes Enter (a list of choices, not a text field), and it is
    Language: found without shift+tab by whoever does not read the language on screen
    (issue 35, point 6)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        language = app.screen.query_one("#language", Select)
        assert app.focused is language
        assert [w.id for w in app.screen.focus_chain][:2] == ["language", "name"]
        await pilot.press("enter")
        await pilot.pause()
        assert language.expanded
        choices = [value for _, value in language._options]
        await pilot.press(*["down"] * (choices.index("it") - choices.index("auto")), "enter")
        await pilot.pause()
    assert load_settings().language == "it"
