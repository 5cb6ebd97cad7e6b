"""The one replay and review screen on Écarté and Piquet: both hands face up, action by
action, each trick and who took it, the deal's points, and each of the person's choices
beside the expert's, off the UI thread, its progress told while it runs."""

from __future__ import annotations

from typing import Any

import pytest
from store.gamehelpers import make_game
from textual.widgets import Static

from polignac_tui.games.base import replay
from polignac_tui.games.events import TrickTaken
from polignac_tui.ui.cardtext import CardLook, label
from polignac_tui.ui.screens.replay import ReplayScreen


def tricks_of_the_first_deal(session: Any) -> int:
    """How many tricks deal 1 had, its events counted as it is played again."""
    match = session.match
    again = replay(match.game, match.settings, match.names, (), match.first_dealer)
    again.start_deal(match.log[0].dealt)
    return sum(isinstance(event, TrickTaken) for action in match.log[0].actions
               for event in again.apply(action))


def text_of(screen: ReplayScreen, id: str) -> str:
    return str(screen.query_one(f"#{id}", Static).render())


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
async def test_a_finished_deal_replays_action_by_action_and_is_reviewed(
        make_app: Any, game: str) -> None:
    session = make_game(game, f"{game}-replay", seed=5, actions=None, name="Vendredi")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(session, deal=1)
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
        # the first action told with who took it (by the review's line once it came)
        told = text_of(screen, "replay-trick") + text_of(screen, "replay-review")
        assert f"{session.names[0]}: " in told and first.split()[0][:1] in told
        for _ in range(300):       # the review comes from a worker thread
            if 1 in screen.reviews:
                break
            await screen.workers.wait_for_complete()
            await pilot.pause()
        review = screen.reviews[1]
        assert all(step.seat == 0 for step in review.steps)      # Anna: the person
        panel = text_of(screen, "replay-panel")     # the game's own side column, watching
        assert screen.query_one("#replay-panel").display
        assert ("Trumps: " in panel) if game == "ecarte" else ("Deal 1 of " in panel)
        step = review.steps[0]
        await pilot.press("home", *["right"] * step.index)
        said = text_of(screen, "replay-review")
        assert said.startswith(f"{session.names[0]}: ")
        assert ("the expert's choice too" in said) == step.agrees
        await pilot.press("end")
        assert f"action {len(session.match.log[0].actions)} of" in text_of(screen,
                                                                           "replay-title")
        assert "Choices the same as the expert's" in text_of(screen, "replay-summary")
        assert "Deal over: " in text_of(screen, "replay-trick")
        taken = 0
        await pilot.press("home")
        for _ in session.match.log[0].actions:     # every trick told with its taker
            await pilot.press("right")
            taken += " wins the trick" in text_of(screen, "replay-trick")
        assert taken == tricks_of_the_first_deal(session) > 0
        done = screen.reviews.pop(1)                # as while the review runs: its progress
        screen._progressed(1, 1, len(done.steps))
        assert text_of(screen, "replay-summary") == (
            f"Reviewing against the expert: 1 of {len(done.steps)} choices")
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_game_replay_snapshot(snap_compare: Any, make_app: Any, game: str) -> None:
    """Deal 1 at its fifth action, reviewed: the hands, the trick, the choice against the
    expert's, the summary, and the game's panel beside them."""
    session = make_game(game, f"{game}-replay", seed=5, actions=None, name="Vendredi")

    async def run_before(pilot: Any) -> None:
        screen = ReplayScreen(session, deal=1)
        await pilot.app.push_screen(screen)
        for _ in range(300):
            if 1 in screen.reviews:
                break
            await screen.workers.wait_for_complete()
            await pilot.pause()
        await pilot.press(*["right"] * 5)
        await pilot.pause()
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)
