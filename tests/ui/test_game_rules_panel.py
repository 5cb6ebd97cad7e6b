"""The rules panel (r) of an Écarté or a Piquet table says how a deal is scored and how
the game ends, as Polignac's does for its game, in the player's language, with French
typography (a space before a colon) (issue 35, point 4)."""

from __future__ import annotations

import re

import pytest
from gametools import game_table, settle
from tabletools import text_of
from textual.widgets import Static

from polignac_tui.ui.screens.panels import Overlay

PIQUET = {
    "en": ["How a deal is scored", "Carte blanche", "The point", "a point a card",
           "Sequences", "tierce 3", "quatorze 14", "sunk", "The tricks", "The cards",
           "Capot", "Repique", "Pique", "The partie and the rubicon", "rubiconed"],
    "fr": ["Comment se compte une donne", "Carte blanche", "Le point", "un point par carte",
           "Les séquences", "tierce 3", "quatorze 14", "taire", "Les levées", "Les cartes",
           "Capot", "Repic", "Pic", "La partie et le rubicon", "rubiconné"],
    "it": ["Come si conta una smazzata", "Carte bianche", "Il punto", "un punto per carta",
           "Le sequenze", "terza 3", "quattordici 14", "tacere", "Le prese", "Le carte",
           "Cappotto", "Ripicco", "Picco", "La partita e il rubicone", "rubicone"],
}
ECARTE = {
    "en": ["How a deal is scored", "The king of trumps", "la vole", "fewer than 3 tricks",
           "The first to 5 points wins", "treble", "buys the ices", "forcing rule"],
    "fr": ["Comment se compte une donne", "Le roi d'atout", "la vole", "moins de 3 levées",
           "Le premier à 5 points gagne", "triple", "offre les glaces", "Forcer :"],
    "it": ["Come si conta una smazzata", "Il re di briscola", "la vole", "meno di 3 prese",
           "Il primo a 5 punti vince", "tripla", "offre il gelato", "La forzatura"],
}


async def rules_shown(app, pilot) -> str:
    await settle(pilot)
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(app.screen, Overlay)
    return " ".join(text_of(app.screen.query_one(Static)).split())


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize(("game", "seed", "expected"), [("piquet", 3, PIQUET),
                                                       ("ecarte", 4, ECARTE)])
async def test_the_rules_say_how_a_deal_is_scored(make_app, store, lang, game, seed,
                                                  expected) -> None:
    app = make_app(game_table=game_table(store, game, seed=seed), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await rules_shown(app, pilot)
    for words in expected[lang]:
        assert words in shown, words
    if lang == "fr":              # a space before every colon and semicolon
        assert not re.search(r"\w[:;]", shown), re.findall(r"\S*\w[:;]", shown)


async def test_piquet_au_cent_says_its_limit_not_the_rubicon(make_app, store) -> None:
    app = make_app(game_table=game_table(store, "piquet", seed=3, preset="cent"))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await rules_shown(app, pilot)
    assert "reaches 100, the higher total wins" in shown
    assert "rubicon" not in shown.split("How a deal is scored")[1]


async def test_without_forcing_ecartes_rules_do_not_say_it(make_app, store) -> None:
    app = make_app(game_table=game_table(store, "ecarte", seed=4, preset="italiana"))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await rules_shown(app, pilot)
    assert "The forcing rule" not in shown and "How a deal is scored" in shown
