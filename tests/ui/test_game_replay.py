"""Replay and review of a finished deal of Écarté and Piquet: both hands face up, action by
action, and each of the person's choices beside the expert's, off the UI thread."""

from __future__ import annotations

from typing import Any

import pytest
from store.gamehelpers import make_game
from textual.widgets import Static

from polignac_tui.ui.cardtext import CardLook, label
from polignac_tui.ui.screens.game_replay import GameReplayScreen


def text_of(screen: GameReplayScreen, id: str) -> str:
    return str(screen.query_one(f"#{id}", Static).render())


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
async def test_a_finished_deal_replays_action_by_action_and_is_reviewed(
        make_app: Any, game: str) -> None:
    session = make_game(game, f"{game}-replay", seed=5, actions=None, name="Vendredi")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = GameReplayScreen(session, deal=1)
        await app.push_screen(screen)
        await pilot.pause()
        assert "deal 1 of" in text_of(screen, "replay-title")
        assert "action 0 of" in text_of(screen, "replay-title")
        hands = text_of(screen, "replay-hands")
        for hand in session.match.log[0].dealt.hands:    # both hands as dealt, face up
            assert all(label(card, CardLook()) in hands for card in hand)
        assert session.names[0] in hands and session.names[1] in hands
        await pilot.press("right")
        first = session.match.log[0].actions[0]
        assert "action 1 of" in text_of(screen, "replay-title")
        assert first.split()[0][:1] in text_of(screen, "replay-trick")
        for _ in range(300):       # the review comes from a worker thread
            if 1 in screen.reviews:
                break
            await screen.workers.wait_for_complete()
            await pilot.pause()
        review = screen.reviews[1]
        assert all(step.seat == 0 for step in review.steps)      # Anna: the person
        await pilot.press("end")
        assert f"action {len(session.match.log[0].actions)} of" in text_of(screen,
                                                                           "replay-title")
        assert "Choices the same as the expert's" in text_of(screen, "replay-summary")
        await pilot.press("escape")
        assert not isinstance(app.screen, GameReplayScreen)
