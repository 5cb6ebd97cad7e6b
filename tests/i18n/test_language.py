"""Which language a run speaks, and the app that speaks it."""

from __future__ import annotations

import pytest

from polignac_tui.config import Settings, check, load_settings, save_settings
from polignac_tui.i18n import (
    ENGLISH,
    _,
    choose_language,
    current,
    language_of_environment,
    speaking,
    translator_for,
)


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, None),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "it_IT"}, "it"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "it"),
    ({"LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "it_IT.UTF-8", "LANG": "fr_FR"}, "en"),
    ({"LC_ALL": "", "LANG": "fr_CA"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, None),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "it_IT@euro"}, "it"),
])
def test_language_of_environment(environ: dict[str, str], expected: str | None) -> None:
    assert language_of_environment(environ) == expected


def test_command_line_over_setting_over_environment_over_english() -> None:
    env = {"LANG": "fr_FR.UTF-8"}
    assert choose_language("it", "en", env) == "it"
    assert choose_language(None, "en", env) == "en"
    assert choose_language(None, "auto", env) == "fr"
    assert choose_language(None, "auto", {"LANG": "de_DE"}) == "en"
    assert choose_language(None, "auto", {}) == "en"


def test_the_setting_is_checked_saved_and_read(tmp_path) -> None:
    assert check("language", "fr") is None
    assert "is not one of" in (check("language", "de") or "")
    path = tmp_path / "settings.toml"
    save_settings(Settings(language="it"), path)
    assert load_settings(path).language == "it"
    path.write_text('language = "klingon"\n', encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.language == "auto" and "language" in (loaded.problem or "")


def test_outside_an_app_the_command_line_translator_speaks() -> None:
    assert current() is ENGLISH
    with speaking(translator_for("fr")):
        assert _("commands") == "commandes"
    with speaking(translator_for("it")):
        assert _("commands") == "comandi"
    assert _("commands") == "commands"
