"""Resuming tells the story so far (issue 35, point 5): a session of Écarté resumed in the
discard shows that the dealer accepted and the points already marked; a resumed Piquet
deal shows the declarations already said, at once, as they were told before."""

from __future__ import annotations

from gametools import act, game_screen, game_table, panel, settle, word_key

from polignac_tui.games.base import CardsChoice
from polignac_tui.ui.screens.game_table import GameTableScreen

# Ana is the elder, Bruno deals and turned up the king of spades (a point for him).
KING_TURNED_UP = 5


async def leave_and_resume(pilot, session_id: str) -> None:
    app = pilot.app
    await pilot.press("q")
    await pilot.pause()
    assert not any(isinstance(s, GameTableScreen) for s in app.screen_stack)
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
