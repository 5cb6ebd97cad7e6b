"""The footer says what Enter does (issue 35, 4): while the person marks cards to
exchange (Piquet's and Écarté's discard) Enter confirms the discard, and the footer
reads "Discard" (Écarter, Scarta), not "Play" (Jouer, Gioca); once the cards are played
it reads "Play" again, and Enter there has discarded the cards marked. With words alone
to choose (Écarté's propose or play, Piquet's talon and declarations) Enter says the
word highlighted: the footer reads "Choose", not "Play" (found in play)."""

from __future__ import annotations

from typing import Any

import pytest

from polignac_tui.games.choices import CardChoice, CardsChoice, WordChoice
from polignac_tui.ui.widgets.hand import key_for

ENTER = {"en": ("Discard", "Play"), "fr": ("Écarter", "Jouer"), "it": ("Scarta", "Gioca")}
CHOOSE = {"en": "Choose", "fr": "Choisir", "it": "Scegli"}


def footer_words(app: Any) -> list[str]:
    """The words of the keys the footer shows."""
    from textual.widgets._footer import FooterKey
    return [str(key.description) for key in app.screen.query(FooterKey)]


def enter_reads(app: Any, action: str, shown: str, hidden: tuple[str, ...]) -> None:
    """Enter does ``action`` now, the footer shows ``shown`` and none of ``hidden``."""
    from gametools import game_screen
    assert game_screen(app).active_bindings["enter"].binding.action == action
    words = footer_words(app)
    assert shown in words and not set(hidden) & set(words), words


async def until(pilot: Any, holds: Any) -> Any:
    """Act as ``gametools.act`` does until ``holds(view)``; that view."""
    from gametools import act, game_screen, settle
    for _step in range(30):
        await settle(pilot)
        view = game_screen(pilot.app).view()
        if holds(view):
            await pilot.pause()
            return view
        await act(pilot, prefer=("propose", "accept", "nolook"))
    raise AssertionError("the moment never came")


@pytest.mark.parametrize(("game", "lang"), [("piquet", "it"), ("ecarte", "fr"),
                                            ("piquet", "en")])
async def test_enter_reads_discard_while_cards_are_marked(make_app, store, game, lang) -> None:
    from gametools import game_table
    app = make_app(game_table=game_table(store, game, seed=4), lang=lang)
    discard, play = ENTER[lang]
    async with app.run_test(size=(80, 24)) as pilot:
        view = await until(pilot, lambda v: isinstance(v.choice, CardsChoice))
        enter_reads(app, "discard", discard, (play,))
        first = view.hand[0]
        await pilot.press(key_for(0), "enter")       # the first card marked, then Enter
        after = await until(pilot, lambda v: isinstance(v.choice, CardChoice))
        assert first not in after.hand and after.deal_number == view.deal_number
        enter_reads(app, "play", play, (discard,))


@pytest.mark.parametrize(("game", "lang"), [("ecarte", "en"), ("piquet", "fr"),
                                            ("ecarte", "it")])
async def test_enter_reads_choose_while_words_are_asked(make_app, store, game, lang) -> None:
    from gametools import game_screen, game_table, settle
    app = make_app(game_table=game_table(store, game, seed=4), lang=lang)
    discard, play = ENTER[lang]
    async with app.run_test(size=(80, 24)) as pilot:
        view = await until(pilot, lambda v: isinstance(v.choice, WordChoice))
        enter_reads(app, "choose", CHOOSE[lang], (play, discard))
        screen = game_screen(app)
        asked = view.choice
        assert isinstance(asked, WordChoice)
        await pilot.press("enter")                  # the word highlighted: the first
        await settle(pilot)
        if asked.verb is None:                      # said: no longer asked
            assert screen.view().choice != asked
        else:                                       # a declaration: its first kind toggled
            assert screen._toggled == set(screen.face.toggled_first(view)) ^ {asked.words[0]}
