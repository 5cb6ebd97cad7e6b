"""A player named by the app ("You", "Toi", "Tu": your seat's name until you type one)
follows the player's language wherever it is shown (issue 35, point 4): a session made
in English and opened in French says Toi at its table and on Home's Continue line, and
"à toi de jouer", never "à You de jouer"."""

from __future__ import annotations

import pytest
from gametools import game_screen, settle
from store.gamehelpers import make_game
from test_home import home_ready
from textual.widgets import Static

from polignac_tui.games.namewords import is_default_name, shown_name
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.store.wording import where_words
from polignac_tui.ui.screens.saved import describe_session


@pytest.mark.parametrize(("lang", "you"), [("en", "You"), ("fr", "Toi"), ("it", "Tu")])
def test_the_apps_name_is_said_in_the_current_language(lang, you) -> None:
    with speaking(translator_for(lang)):
        for made in ("You", "Toi", "Tu", "you", " toi "):
            assert is_default_name(made)
            assert shown_name(made) == you
        for name in ("Ana", "Youri", "Tutti", "Toinette"):
            assert not is_default_name(name)
            assert shown_name(name) == name


@pytest.mark.parametrize(("lang", "where"), [
    ("en", "deal 2, to 5, your turn"),
    ("fr", "donne 2, en 5, à toi de jouer"),
    ("it", "smazzata 2, ai 5, tocca a te"),
])
def test_where_a_session_stands_says_your_turn(lang, where) -> None:
    with speaking(translator_for(lang)):
        for made in ("You", "Toi", "Tu"):
            assert where_words(f"deal 2, to 5, {made} to play") == where
        assert "Bruno" in where_words("deal 2, to 5, Bruno to play")


def session_of_you(store, game: str = "ecarte") -> str:
    """An Écarté session made in English: your seat is named "You", your turn."""
    for actions in range(0, 12):
        session = make_game(game, seed=3, actions=actions, names=("You", "Bruno"))
        if session.match.turn == 0 and not session.match.needs_deal:
            store.save_game(session)
            return session.id
    raise AssertionError("never your turn")


async def test_a_session_made_in_english_says_toi_at_its_french_table(make_app,
                                                                      store) -> None:
    session_id = session_of_you(store)
    app = make_app(lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_game_session(session_id)
        await settle(pilot)
        screen = game_screen(app)
        assert screen.view().names == ("Toi", "Bruno")
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "You" not in shown
        assert "Toi" in screen.query_one("#info", Static).render().plain
        assert "Toi" in shown.split("\n", 1)[1]            # the seat on the table too
        assert screen.client.view(0).names == ("You", "Bruno")   # the file keeps its name


@pytest.mark.parametrize(("lang", "words"), [("fr", "à toi de jouer"),
                                             ("it", "tocca a te")])
async def test_homes_continue_line_follows_the_language(make_app, store, lang,
                                                        words) -> None:
    session_of_you(store)
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        info = str(app.screen.query_one("#continue-info", Static).render())
        assert words in info, info
        assert "You" not in info


def test_saved_sessions_say_the_players_in_the_current_language(store) -> None:
    session_of_you(store)
    [summary] = store.summaries()
    with speaking(translator_for("fr")):
        text = describe_session(summary)
    assert "Toi, Bruno" in text and "You" not in text
