"""The table in French and Italian: a refusal in the player's words, the rules panel in
the game's words, and a language switched while a table is open."""

from __future__ import annotations

from typing import ClassVar

import pytest
from tabletools import engine, settle
from test_table_screen import seated, status

from polignac_tui.games.polignac.tui.rules_overlay import RulesOverlay

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", "tu dois fournir à {suit} : tu as du {suit}"),
    ("it", "devi rispondere a {suit}: hai un {suit}"),
])
async def test_an_illegal_card_is_refused_in_the_players_language(make_app, store, lang,
                                                                   words) -> None:
    table = seated(store, seed=8)
    app = make_app(table=table, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        for _turn in range(8):
            await settle(pilot)
            view = engine(table).view(0)
            wrong = [c for c in view.hand if c not in view.legal]
            if view.led_suit and wrong:
                break
            await pilot.press("enter")
        else:
            raise AssertionError("never had to follow suit")
        key = str(view.hand.index(wrong[0]) + 1)
        await pilot.press(key, key)
        await pilot.pause()
        assert words.format(suit=SUITS[view.led_suit]) in status(app)
        assert "must" not in status(app)


@pytest.mark.parametrize(("lang", "expected", "english"), [
    ("fr", ["la générale", "levée", "valet", "le Polignac", "donneur", "paie le cognac",
            "R D V A 10 9 8 7"], ["trick", "jack", "dealer"]),
    ("it", ["presa", "fante", "il Polignac", "mazziere", "paga il cognac", "smazzata",
            "R D F A 10 9 8 7"], ["trick", "jack", "dealer"]),
])
async def test_the_rules_panel_speaks_the_games_words(make_app, store, lang, expected,
                                                      english) -> None:
    table = seated(store, seed=5)
    app = make_app(table=table, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesOverlay)
        from polignac_tui.games.polignac.tui.rules_panel import RulesPanel, rules_text
        from polignac_tui.i18n import speaking, translator_for
        shown = "\n".join(str(w.render()) for w in app.screen.query(RulesPanel).first()
                          .query("Static"))
        assert expected[-1] in shown                    # the panel on the screen
        with speaking(translator_for(lang)):            # and every section of the rulebook
            text = rules_text(engine(table).rules.replace(generale=True), 4).plain
        for word in expected:
            assert word in text, word
        for word in english:
            assert word not in text.lower(), word


async def test_switching_the_language_redraws_the_open_table(make_app, store) -> None:
    from polignac_tui.i18n import translator_for
    table = seated(store, seed=5)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Your turn" in status(app)
        app.set_language(translator_for("it"))
        await settle(pilot)
        await pilot.pause()
        assert "Tocca a te" in status(app)
        assert "Your turn" not in status(app)


@pytest.mark.parametrize(("lang", "width", "last", "compact"), [
    ("en", 80, "Quit", False), ("fr", 80, "Quitter", False), ("it", 80, "Esci", False),
    ("fr", 100, "Quitter", False)])
async def test_home_footer_keeps_its_last_key_on_screen_in_every_language(
        make_app, store, lang, width, last, compact) -> None:
    """With a session to continue, the Footer's last key stays whole at 80 columns in
    every language (Rules and Settings are in the menu with their keys, not the Footer)."""
    from polignac_tui.ui.chrome import Footer
    seated(store, seed=8)                  # a session in play: Home offers Continue
    app = make_app(lang=lang)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        await pilot.pause()
        assert [k for k in footer.children if getattr(k, "description", None) in
                ("Continue", "Continuer", "Continua")]
        assert footer.compact is compact
        keys = [k for k in footer.children if getattr(k, "description", None) == last]
        assert keys, [getattr(k, "description", None) for k in footer.children]
        assert keys[0].region.right <= width - len(" ^p palette")


async def test_a_footer_too_long_for_its_line_takes_the_compact_style() -> None:
    """Words longer than the line (a language's longer words): the compact style, so the
    last key is still on the screen; a footer that fits keeps the roomy style."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding, BindingType

    from polignac_tui.ui.chrome import Footer

    class Keys(App[None]):
        BINDINGS: ClassVar[list[BindingType]] = [
            Binding(k, f"ring_{k}", f"Word {k}") for k in "abcdefg"]

        def compose(self) -> ComposeResult:
            yield Footer()

    for width, compact in ((80, True), (100, False)):
        app = Keys()
        async with app.run_test(size=(width, 10)) as pilot:
            await pilot.pause()
            footer = app.query_one(Footer)
            await pilot.pause()
            assert footer.compact is compact, width
            last = [k for k in footer.children if getattr(k, "description", "") == "Word g"]
            assert last and last[0].region.right <= width
