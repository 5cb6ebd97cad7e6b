"""A hint at the exchange (Écarté's and Piquet's discard) marks the cards it advises in
the hand, as the person's own marks are (raised, a mark under them that needs no
colour: ``v`` in ASCII), says them in the hand's order, and Enter then discards them;
the person's own marks give way to the hint's."""

from __future__ import annotations

from typing import Any

import pytest
from gametools import game_screen, game_table, settle, status

from polignac_tui.config import Settings
from polignac_tui.games.base import CardsChoice
from polignac_tui.games.cardwords import glyph
from polignac_tui.ui.widgets.hand import Hand, key_for

HINT = {"en": "Hint:", "fr": "Conseil :", "it": "Consiglio:"}
MARKED = {"en": "(marked)", "fr": "(cartes marquées)", "it": "(carte segnate)"}


async def until_discard(pilot: Any) -> Any:
    from test_discard_footer import until
    return await until(pilot, lambda v: isinstance(v.choice, CardsChoice))


@pytest.mark.parametrize(("game", "lang", "ascii"), [
    ("ecarte", "en", True), ("piquet", "fr", False), ("piquet", "it", True)])
async def test_a_discard_hint_marks_its_cards(store, monkeypatch, game, lang, ascii) -> None:
    from polignac_tui.ui.app import CardGamesApp
    if ascii:
        monkeypatch.setenv("NO_COLOR", "1")
    app = CardGamesApp(Settings(name="Ana", pace="instant", ascii=ascii), store, seed=11,
                       game_table=game_table(store, game, seed=4, level="medium"), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await until_discard(pilot)
        screen = game_screen(app)
        hand = screen.query_one(Hand)
        await pilot.press(key_for(len(view.hand) - 1))     # the person's own mark: the last
        assert hand.marked == (view.hand[-1],)
        await pilot.press("h")
        await settle(pilot, until=lambda: HINT[lang] in status(app))
        shown = status(app)
        marked = hand.marked
        assert marked and set(marked) <= set(view.hand), (marked, shown)
        assert shown.startswith(HINT[lang]) and MARKED[lang] in shown, shown
        # said in the hand's order, as they lie marked left to right
        said = [shown.index(glyph(card, ascii)) for card in marked]
        assert said == sorted(said), shown
        assert hand.selected_card == marked[0]
        lines = hand.render().plain.split("\n")
        assert lines[4].count("v" if ascii else "✓") == len(marked)
        for card in marked:                                  # raised a line
            assert glyph(card, ascii) in lines[2] and glyph(card, ascii) not in lines[3]
        await pilot.press("enter")                            # the hint's cards discarded
        await settle(pilot, until=lambda: not isinstance(screen.view().choice, CardsChoice)
                     or len(screen.view().hand) != len(view.hand)
                     or screen.view().phase != view.phase)
        after = screen.view()
        assert after.deal_number == view.deal_number
        assert not set(marked) & set(after.hand), (marked, after.hand)
