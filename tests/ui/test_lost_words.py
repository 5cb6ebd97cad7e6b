"""A table out of reach is said as such in the player's language, never as a refusal of
something the player did (the host stopping: every table is saved)."""

from __future__ import annotations

import pytest

from polignac_tui.i18n import speaking, translator_for
from polignac_tui.service.client import HOST_STOPPED
from polignac_tui.ui.screens.table import lost_words


@pytest.mark.parametrize(("lang", "head", "saved"), [
    ("en", "Connection lost: ", "every table is saved"),
    ("fr", "Connexion perdue : ", "chaque table est enregistrée"),
    ("it", "Connessione persa: ", "ogni tavolo è salvato"),
])
def test_the_host_stopping_reads_as_a_lost_connection_with_every_table_saved(
        lang: str, head: str, saved: str) -> None:
    with speaking(translator_for(lang)):
        text = lost_words(f"connection lost: {HOST_STOPPED}").plain
    assert text.startswith(head)
    assert saved in text
    assert "Refus" not in text and "Rifiut" not in text


def test_a_broken_connection_keeps_its_cause_in_french() -> None:
    with speaking(translator_for("fr")):
        text = lost_words("connection lost: the connection to the table service broke: "
                          "Broken pipe").plain
    assert text == ("Connexion perdue : la connexion au service des tables s'est rompue : "
                    "Broken pipe")
