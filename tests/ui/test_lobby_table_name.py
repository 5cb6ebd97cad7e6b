"""The table the lobby names for its creator when they give it no name, in each language
(French elides before a vowel: "Table d'Anna", "Table de Bruno")."""

from __future__ import annotations

import pytest

from polignac_tui.i18n import speaking, translator_for
from polignac_tui.ui.screens.lobby import table_of


@pytest.mark.parametrize(("language", "name", "expected"), [
    ("en", "Anna", "Anna's table"), ("en", "Bruno", "Bruno's table"),
    ("fr", "Anna", "Table d'Anna"), ("fr", "Émile", "Table d'Émile"),
    ("fr", "Hugo", "Table d'Hugo"), ("fr", "Bruno", "Table de Bruno"),
    ("it", "Anna", "Tavolo di Anna"), ("it", "Bruno", "Tavolo di Bruno"),
])
def test_a_table_is_named_for_its_creator_in_their_language(
        language: str, name: str, expected: str) -> None:
    with speaking(translator_for(language)):
        assert table_of(name) == expected


def test_a_name_of_markup_is_taken_literally() -> None:
    with speaking(translator_for("fr")):
        assert table_of("[b]x") == "Table de [b]x"
