"""Resuming tells the story so far (issue 35, point 5): a session of Écarté resumed in the
discard shows that the dealer accepted and the points already marked; a resumed Piquet
deal shows the declarations already said, at once, as they were told before."""

from __future__ import annotations

import pytest
from gametools import act, game_screen, game_table, panel, settle, word_key

from polignac_tui.games.base import CardsChoice, View
from polignac_tui.games.ecarte.tui.story import story
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.ui.gameface import Seating
from polignac_tui.ui.screens.table import TableScreen

# Ana is the elder, Bruno deals and turned up the king of spades (a point for him).
KING_TURNED_UP = 5


async def leave_and_resume(pilot, session_id: str) -> None:
    app = pilot.app
    await pilot.press("q")
    await pilot.pause()
    assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
    assert app.open_game_session(session_id)
    await settle(pilot)


async def test_ecarte_resumed_in_the_discard_tells_the_proposal_accepted(make_app,
                                                                         store) -> None:
    table = game_table(store, "ecarte", seed=KING_TURNED_UP)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "You proposed" not in panel(app)
        await pilot.press(word_key(app, "propose"))
        await settle(pilot)
        assert isinstance(game_screen(app).view().choice, CardsChoice)   # Bruno accepted
        before = panel(app)
        await leave_and_resume(pilot, table.session.id)
        after = panel(app)
        assert game_screen(app).view().game_part["phase"] == "discard_elder"
        assert "You proposed, Bruno accepted." in after
        assert "+1 Bruno: the king turned up" in after
        assert after == before


async def test_piquet_resumed_in_play_tells_the_declarations_at_once(make_app, store,
                                                                    settings) -> None:
    settings.pace = "slow"            # a line every two seconds while it is said
    table = game_table(store, "piquet", seed=3, level="medium")
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _step in range(12):
            await settle(pilot)
            view = game_screen(app).view()
            if view.game_part.get("phase") == "play" and view.turn == 0:
                break
            await act(pilot, prefer=("look",))
        else:
            raise AssertionError("never reached the play")
        said = [line for line in table.session.match.log[0].actions
                if line.startswith("declare")]
        assert len(said) == 2 and len(said[0].split()) > 1
        await settle(pilot, until=lambda: game_screen(app)._answered is None)
        before = panel(app)
        assert "Bruno: " in before and ("You: " in before)
        await leave_and_resume(pilot, table.session.id)
        assert game_screen(app)._answered is None          # all of it, not a line at a time
        assert panel(app) == before


def ecarte_view(phase: str, proposals: int, exchanges: int) -> View:
    part = {"phase": phase, "elder": 0, "proposals": proposals, "exchanges": exchanges}
    return View(game="ecarte", seat=0, names=("Ana", "Bruno"), deal_number=1, dealer=1,
                turn=0, hand=(), choice=None, trick=(), tricks_won=(0, 0),
                cards_left=(5, 5), totals=(0, 0), outcome=None, game_part=part)


@pytest.mark.parametrize(("phase", "proposals", "exchanges", "lines"), [
    ("propose", 0, 0, []),
    ("answer", 1, 0, ["You propose an exchange."]),
    ("discard_elder", 1, 0, ["You proposed, Bruno accepted."]),
    ("discard_dealer", 1, 0, ["You proposed, Bruno accepted."]),
    ("propose", 1, 1, ["You proposed, Bruno accepted."]),
    ("answer", 2, 1, ["You proposed, Bruno accepted.", "You propose an exchange."]),
    ("discard_elder", 2, 1, ["You proposed, Bruno accepted (2 exchanges)."]),
    ("play", 2, 1, []),
])
def test_ecarte_story_of_the_exchange(phase, proposals, exchanges, lines) -> None:
    assert story(ecarte_view(phase, proposals, exchanges), Seating(("Ana", "Bruno"), 0)) == lines


@pytest.mark.parametrize(("lang", "you", "lines"), [
    ("en", 1, ["Ana proposed, you accepted (2 exchanges)."]),
    ("fr", None, ["Ana a proposé, Bruno a accepté (2 échanges)."]),
    ("fr", 0, ["Tu as proposé, Bruno a accepté (2 échanges)."]),
    ("fr", 1, ["Ana a proposé, tu as accepté (2 échanges)."]),
    ("it", None, ["Ana ha proposto, Bruno ha accettato (2 scarti)."]),
    ("it", 0, ["Hai proposto, Bruno ha accettato (2 scarti)."]),
])
def test_ecarte_story_in_each_person_and_language(lang, you, lines) -> None:
    with speaking(translator_for(lang)):
        assert story(ecarte_view("discard_dealer", 2, 1), Seating(("Ana", "Bruno"), you)) == lines
