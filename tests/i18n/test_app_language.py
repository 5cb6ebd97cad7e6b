"""The app speaks its own language, switches at once, and words refusals itself."""

from __future__ import annotations

import asyncio
import tomllib

import pytest
from textual.widgets import Select, Static

from polignac_tui.config import Settings, settings_path
from polignac_tui.games.polignac.engine.wording import refusal_text
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.service.protocol import event_from_json, event_to_json
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gameevents import Refused
from polignac_tui.ui.app import CardGamesApp
from polignac_tui.ui.screens.settings import SettingsScreen


def screen_text(app: CardGamesApp) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


def make(tmp_path, **kwargs) -> CardGamesApp:
    return CardGamesApp(kwargs.pop("settings", Settings()),
                       SessionStore(tmp_path / "sessions"), **kwargs)


async def open_settings(app: CardGamesApp, pilot) -> SettingsScreen:
    app.action_settings()
    await pilot.pause()
    assert isinstance(app.screen, SettingsScreen)
    return app.screen


def test_lang_over_setting_over_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert make(tmp_path).translator.code == "it"
    assert make(tmp_path, settings=Settings(language="fr")).translator.code == "fr"
    assert make(tmp_path, settings=Settings(language="fr"), lang="en").translator.code == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert make(tmp_path).translator.code == "en"


def test_changing_the_setting_redraws_at_once_and_is_saved(tmp_path) -> None:
    async def run() -> None:
        app = make(tmp_path, settings=Settings(language="fr"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_settings(app, pilot)
            assert "Réglages (enregistrés dès que tu les changes)" in screen_text(app)
            screen.query_one("#language", Select).value = "it"
            await pilot.pause()
            await pilot.pause()
            assert app.translator.code == "it"
            text = screen_text(app)
            assert "Impostazioni (salvate appena le cambi)" in text
            assert "Réglages" not in text
            screen.query_one("#language", Select).value = "en"
            await pilot.pause()
            await pilot.pause()
            assert "Settings (saved as soon as you change them)" in screen_text(app)
        data = tomllib.loads(settings_path().read_text(encoding="utf-8"))
        assert data["language"] == "en"

    asyncio.run(run())


def test_lang_for_one_run_is_not_saved(tmp_path) -> None:
    async def run() -> None:
        app = make(tmp_path, lang="it")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_settings(app, pilot)
            assert "Impostazioni" in screen_text(app)
            screen.query_one("#pace", Select).value = "slow"
            await pilot.pause()
        data = tomllib.loads(settings_path().read_text(encoding="utf-8"))
        assert data["language"] == "auto" and data["pace"] == "slow"

    asyncio.run(run())


def test_two_apps_in_one_process_speak_their_own_languages(tmp_path) -> None:
    async def run() -> None:
        french = make(tmp_path, settings=Settings(language="fr"))
        italian = make(tmp_path, settings=Settings(language="it"))
        # each app opens its screen from its own keys (its own tasks)
        async with french.run_test(size=(80, 24)) as p1, italian.run_test(size=(80, 24)) as p2:
            await p1.press("o")
            await p2.press("o")
            await p1.pause()
            await p2.pause()
            assert isinstance(french.screen, SettingsScreen)
            assert isinstance(italian.screen, SettingsScreen)
            assert "Réglages" in screen_text(french)
            assert "Impostazioni" in screen_text(italian)

    asyncio.run(run())


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "you must follow ♥: you hold a ♥"),
    ("fr", "tu dois fournir à ♥ : tu as du ♥"),
    ("it", "devi rispondere a ♥: hai un ♥"),
])
def test_a_refusal_is_worded_by_each_language(code: str, expected: str) -> None:
    params = {"card": "KS", "suit": "H", "why": "follow_suit"}
    with speaking(translator_for(code)):
        assert refusal_text("illegal_card", params, "fallback") == expected


def test_refusal_in_ascii_uses_the_language_letters() -> None:
    params = {"card": "QH", "suit": "H", "why": "jack_guard"}
    with speaking(translator_for("fr")):
        assert refusal_text("illegal_card", params, "x") == (
            "pas de dame de cœur tant que tu as le valet de cœur (garde du valet)")
        assert refusal_text("illegal_card", {"card": "KS", "suit": "D",
                                             "why": "follow_suit"}, "x", ascii=True) == (
            "tu dois fournir à K : tu as du K")
    with speaking(translator_for("it")):
        assert refusal_text("not_held", {"card": "JS"}, "x", ascii=True) == (
            "FP non è nella tua mano")
    assert refusal_text("something_new", {}, "the English sentence") == "the English sentence"


def test_the_wire_carries_the_code_and_params_not_words() -> None:
    event = Refused("KS: you must follow hearts: you hold a heart", "illegal_card",
                    (("card", "KS"), ("suit", "H"), ("why", "follow_suit")))
    data = event_to_json(event)
    assert data["params"] == (("card", "KS"), ("suit", "H"), ("why", "follow_suit"))
    import json
    back = event_from_json(json.loads(json.dumps(data)))
    assert back == event


def test_your_name_stays_yours_in_every_language(tmp_path) -> None:
    """Changing the pace in French writes no name (issue 27, point 8): the seat of a new
    session is "Toi" in French and, the same file read again, "Tu" in Italian."""
    from textual.widgets import Input

    from polignac_tui.config import load_settings
    from polignac_tui.ui.screens.new_session import NewSessionScreen
    from polignac_tui.ui.screens.table import TableScreen

    async def run() -> None:
        app = make(tmp_path, settings=Settings(language="fr", pace="instant"), seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_settings(app, pilot)
            assert screen.query_one("#name", Input).value == "Toi"
            screen.query_one("#pace", Select).value = "fast"
            await pilot.pause()
            data = tomllib.loads(settings_path().read_text(encoding="utf-8"))
            assert data["pace"] == "fast" and "name" not in data
            await pilot.press("escape", "n")
            await pilot.pause()
            assert isinstance(app.screen, NewSessionScreen)
            await pilot.press("ctrl+s")
            await pilot.pause()
            tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
            assert len(tables) == 1
            assert tables[0].client.table.session.names[0] == "Toi"
            tables[0].client.table.close()
        with speaking(translator_for("it")):
            assert load_settings().your_name() == "Tu"

    asyncio.run(run())


def test_a_typed_name_is_kept_and_the_default_typed_back_is_not(tmp_path) -> None:
    from textual.widgets import Input

    async def run() -> None:
        app = make(tmp_path, settings=Settings(language="fr"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_settings(app, pilot)
            name = screen.query_one("#name", Input)
            name.value = "Zoé"
            await pilot.pause()
            assert tomllib.loads(settings_path().read_text(encoding="utf-8"))["name"] == "Zoé"
            name.value = "Toi"                  # the language's default, typed back
            await pilot.pause()
            assert "name" not in tomllib.loads(settings_path().read_text(encoding="utf-8"))
            assert app.settings.your_name() == "Toi"

    asyncio.run(run())


def test_several_people_cannot_all_keep_your_default_name_in_french(tmp_path) -> None:
    """"Toi" says nobody in particular at a table of several people, as "You" does."""
    from polignac_tui.ui.screens.new_session import NewSessionScreen

    async def run() -> None:
        app = make(tmp_path, settings=Settings(language="fr"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewSessionScreen)
            form.field("seat-kind-1", Select).value = "human"
            await pilot.pause()
            await pilot.pause()
            said = " ".join(str(w.render()) for w in form.query(".field-error"))
            assert ("Place 1 : avec plusieurs personnes à la table, donne à chacune son nom, "
                    "pas 'Toi'.") in " ".join(said.split())

    asyncio.run(run())
