"""The footer says what Enter does (issue 35, 4): while the person marks cards to
exchange (Piquet's and Écarté's discard) Enter confirms the discard, and the footer
reads "Discard" (Écarter, Scarta), not "Play" (Jouer, Gioca); once the cards are played
it reads "Play" again, and Enter there has discarded the cards marked. With words alone
to choose (Écarté's propose or play, Piquet's talon) Enter says the word highlighted:
the footer reads "Choose", not "Play" (found in play), and the arrows move along the
words, not the cards. At Piquet's declarations Enter marks or sinks the kind
highlighted: the footer reads "Mark" there, and names the key that declares (d,
"Confirm"), as the prompt does; on the Declare button Enter reads "Choose"."""

from __future__ import annotations

from typing import Any

import pytest

from polignac_tui.games.choices import CardChoice, CardsChoice, WordChoice
from polignac_tui.ui.widgets.hand import key_for

ENTER = {"en": ("Discard", "Play"), "fr": ("Écarter", "Jouer"), "it": ("Scarta", "Gioca")}
CHOOSE = {"en": "Choose", "fr": "Choisir", "it": "Scegli"}
MARK = {"en": "Mark", "fr": "Marquer", "it": "Segna"}
CONFIRM = {"en": "Confirm", "fr": "Valider", "it": "Conferma"}
CARD = {"en": "Card", "fr": "Carte", "it": "Carta"}
CHOICE = {"en": "Choice", "fr": "Choix", "it": "Scelta"}


def footer_words(app: Any) -> list[str]:
    """The words of the keys the footer shows."""
    from textual.widgets._footer import FooterKey
    return [str(key.description) for key in app.screen.query(FooterKey)]


def footer_labels(app: Any) -> list[str]:
    """The labels of the footer's groups of keys (the arrows': "Card", "Choice")."""
    from textual.widgets._footer import FooterLabel
    return [str(label.content) for label in app.screen.query(FooterLabel)]


def footer_keys(app: Any) -> list[tuple[str, str, int]]:
    """Each key the footer shows: its key, its words, the column its right edge is at."""
    from textual.widgets._footer import FooterKey
    return [(str(key.key), str(key.description), key.region.right)
            for key in app.screen.query(FooterKey)]


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
        screen = game_screen(app)
        asked = view.choice
        assert isinstance(asked, WordChoice)
        if asked.verb is None:
            enter_reads(app, "choose", CHOOSE[lang], (play, discard))
            assert CARD[lang] not in footer_words(app) and CHOICE[lang] in footer_labels(app)
        else:
            enter_reads(app, "mark_word", MARK[lang], (play, discard, CHOOSE[lang]))
        await pilot.press("enter")                  # the word highlighted: the first
        await settle(pilot)
        if asked.verb is None:                      # said: no longer asked
            assert screen.view().choice != asked
        else:                                       # a declaration: its first kind toggled
            assert screen._toggled == set(screen.face.toggled_first(view)) ^ {asked.words[0]}


async def declaring(pilot: Any) -> Any:
    """Play Piquet by keys until the person's declarations are asked; their view."""
    return await until(pilot, lambda v: isinstance(v.choice, WordChoice)
                       and v.choice.verb == "declare")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
async def test_at_the_declarations_the_footer_says_enter_marks_and_d_declares(
        make_app, store, lang) -> None:
    from gametools import game_screen, game_table, settle, status

    from polignac_tui.ui.widgets.words import WordChoices
    app = make_app(game_table=game_table(store, "piquet", seed=4), lang=lang)
    discard, play = ENTER[lang]
    async with app.run_test(size=(80, 24)) as pilot:
        view = await declaring(pilot)
        screen = game_screen(app)
        buttons = screen.query_one(WordChoices)
        assert buttons.words[buttons.cursor] == view.choice.words[0]
        enter_reads(app, "mark_word", MARK[lang], (play, discard, CHOOSE[lang]))
        keys = footer_keys(app)
        assert ("d", CONFIRM[lang]) in [(k, w) for k, w, _r in keys]
        assert buttons.key_of("=declare") == "d"                # the button's own key
        assert "d" in status(app).split(":")[-2]                # the prompt names it too
        assert max(right for _k, _w, right in keys) <= 80, keys  # the last key whole
        assert CARD[lang] not in footer_labels(app)            # the arrows: not the cards
        first = set(screen._toggled)
        await pilot.press("enter")                             # Enter still marks or sinks
        await pilot.pause()
        assert screen._toggled == first ^ {view.choice.words[0]}
        assert screen.view().choice == view.choice              # nothing said yet
        for _step in range(len(buttons.words)):                # on to the Declare button
            if buttons.words[buttons.cursor] == "=declare":
                break
            await pilot.press("right")
        await pilot.pause()
        enter_reads(app, "choose", CHOOSE[lang], (play, discard, MARK[lang]))
        await pilot.press("left")                              # back on a kind: Mark
        await pilot.pause()
        enter_reads(app, "mark_word", MARK[lang], (play, discard, CHOOSE[lang]))
        await pilot.press("d")                                  # d declares what is marked
        await settle(pilot, until=lambda: screen.view().choice != view.choice)
        assert not screen._error, status(app)                   # said once, not refused
