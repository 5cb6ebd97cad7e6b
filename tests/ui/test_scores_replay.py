"""The scores at every game's table (issue 34, point 1): a deal finished by keys against
a computer, then ``s`` opens the scores over the table on that finished deal, Enter opens
the one replay screen at it, Esc comes back to the table as it was (the same deal in
play, the same turn, nothing played), and ``s`` closes the scores."""

from __future__ import annotations

from typing import Any

import pytest
from gametools import act, game_screen, game_table, settle
from tabletools import polignac_table, text_of
from textual.binding import Binding

from polignac_tui.games.base import WordChoice
from polignac_tui.games.polignac.engine import Player, preset
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.panels import DealOverBox, MatchOverBox
from polignac_tui.ui.screens.replay import ReplayScreen
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.widgets.scoresheet import ScoreSheet
from polignac_tui.ui.widgets.words import WordChoices

SIZE = (80, 24)


def table_of(store: SessionStore, game: str) -> GameTable:
    """Ana (a person) against computers, seeded: a duel, or Polignac at four without
    la générale (no question before the first card)."""
    if game != "polignac":
        return game_table(store, game, seed=4)
    seats = [Player("Ana")] + [Player(n, "computer", "easy") for n in ("Bruno", "Claire", "Denis")]
    return polignac_table(store, preset("classique", 4).replace(generale=False), seats,
                          name="Evening", seed=4)


async def first_deal_played(pilot: Any) -> None:
    """Ana plays the first deal by keys until its box shows, then goes on to the next deal
    and waits for her turn in it."""
    app = pilot.app
    for _step in range(200):
        await settle(pilot)
        if isinstance(app.screen, DealOverBox):
            await pilot.press("enter")       # on to the next deal
            await settle(pilot)
            return
        await act(pilot, prefer=("propose", "accept", "nolook"))
    raise AssertionError("the deal never ended")


async def replay_shown(pilot: Any) -> ReplayScreen:
    app = pilot.app
    for _ in range(300):
        if isinstance(app.screen, ReplayScreen):
            return app.screen
        await pilot.pause()
    raise AssertionError(f"no replay (screen {type(app.screen).__name__})")


@pytest.mark.parametrize("game", ["polignac", "ecarte", "piquet"])
async def test_a_finished_deal_replays_from_the_scores_and_the_table_is_as_it_was(
        make_app, store, game: str) -> None:
    table = table_of(store, game)
    app = make_app(game_table=table)
    async with app.run_test(size=SIZE) as pilot:
        await first_deal_played(pilot)
        screen = game_screen(app)
        assert isinstance(screen, TableScreen)
        before = screen.view()
        assert before.deal_number == 2 and before.turn == 0 and screen.awaits_me()
        assert before.deals[0].points is not None and before.deals[1].points is None
        log = table.session.match.log
        actions = (len(log), len(log[-1].actions))
        sheet = screen.query_one(ScoreSheet)

        await pilot.press("s")
        await pilot.pause()
        assert screen.has_class("-side-full") and sheet.full and sheet.display
        assert sheet.chosen == 1                 # the finished deal, never the one in play
        await pilot.press("down")
        assert sheet.chosen == 1
        text = text_of(sheet.query_one("Static"))
        assert str(sheet.border_subtitle) == "↑↓ a deal · Enter: replay · Esc or s: close"
        assert str(sheet.border_title) == ("Score table" if game == "polignac"
                                           else "Score sheet")
        assert all(str(total) in text for total in before.totals)

        await pilot.press("enter")
        replay = await replay_shown(pilot)
        assert replay.number == 1 and replay.session.game == game
        assert len(replay.session.match.log) == 1    # the deal in play is not there
        assert tuple(replay.actions) == tuple(log[0].actions)

        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and sheet.full      # back at the table, scores open
        assert screen.view() == before                   # the same deal, hand and turn
        log = table.session.match.log
        assert (len(log), len(log[-1].actions)) == actions     # nothing was played
        assert screen.state is not None and screen.state.waiting == "turn"

        await pilot.press("s")
        await pilot.pause()
        assert not sheet.full and not screen.has_class("-side-full")
        assert sheet.display == (game == "polignac")    # Polignac's scores are its column
        assert screen.awaits_me() and screen.view() == before


async def test_no_finished_deal_no_replay_and_no_word_said(make_app, store) -> None:
    """In the first deal the sheet chooses nothing: Enter there replays nothing, and never
    says the word the buttons under it offer (Écarté's propose); closed, the buttons have
    the keys again."""
    table = table_of(store, "ecarte")
    app = make_app(game_table=table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        words = screen.query_one(WordChoices)
        assert isinstance(screen.view().choice, WordChoice) and words.has_focus
        actions = len(table.session.match.log[-1].actions)
        await pilot.press("s")
        await pilot.pause()
        sheet = screen.query_one(ScoreSheet)
        assert sheet.full and sheet.chosen is None and not words.has_focus
        assert str(sheet.border_subtitle) == "Esc or s: close"      # nothing to replay
        await pilot.press("enter", "right", "1")
        await pilot.pause()
        assert app.screen is screen
        assert "nothing to replay" in text_of(screen.query_one("#status"))
        assert len(table.session.match.log[-1].actions) == actions
        await pilot.press("s")
        await pilot.pause()
        assert not sheet.full and words.has_focus


def finished_session(store: SessionStore, game: str) -> str:
    """A match of ``game`` played to its end and saved (Ana against computers); its id."""
    if game == "polignac":
        from conftest import make_session, play_to_end
        from polignac_file import save_session
        session = play_to_end(make_session(limit=5))
        session.id = "20261128-0300-ana"
        store.root.mkdir(parents=True, exist_ok=True)
        save_session(store, session)
        return session.id
    from store.gamehelpers import make_game
    played = make_game(game, f"20261128-0300-{game}", seed=3, actions=None,
                       names=("Ana", "Bruno"))
    store.save_game(played)
    return played.id


@pytest.mark.parametrize("game", ["polignac", "ecarte", "piquet"])
async def test_one_end_of_match_box_for_every_game(make_app, store, game: str) -> None:
    """The cognac, the game of Écarté won, the partie: one box, its frame, its keys, its
    place; Esc leaves the finished table on show (s its scores), Enter goes home."""
    session_id = finished_session(store, game)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_game_session(session_id)
        await settle(pilot)
        box = app.screen
        assert type(box) is MatchOverBox
        frame = box.query_one("#overlay-box")
        assert str(frame.border_title) == "The match is over"
        assert str(frame.border_subtitle) == "Esc or Space: close · Enter: Home"
        assert frame.styles.border_top[0] == "round" and frame.region.width == 78
        assert frame.region.y >= 0 and frame.region.bottom <= SIZE[1]
        keys = {binding.action: binding.key for binding in box.BINDINGS
                if isinstance(binding, Binding)}
        assert keys == {"close": "escape,space", "leave": "enter"}
        await pilot.press("escape")
        await pilot.pause()
        screen = game_screen(app)
        assert app.screen is screen and screen.state.waiting == "over"
        await pilot.press("s")
        await pilot.pause()
        assert screen.query_one(ScoreSheet).full
        await pilot.press("s", "q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_at_the_finished_table_enter_replays_and_n_deals_the_next(make_app, store) -> None:
    """The deal's box closed, the scores open: Enter replays the deal chosen (the status
    line says so), n still deals the next one."""
    table = table_of(store, "ecarte")
    app = make_app(game_table=table)
    async with app.run_test(size=SIZE) as pilot:
        for _step in range(40):
            await settle(pilot)
            if isinstance(app.screen, DealOverBox):
                break
            await act(pilot, prefer=("propose", "accept"))
        assert isinstance(app.screen, DealOverBox)
        await pilot.press("escape", "s")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.query_one(ScoreSheet).chosen == 1
        assert "n, the next deal (Enter replays the deal chosen)" in " ".join(
            text_of(screen.query_one("#status")).split())
        await pilot.press("enter")
        replay = await replay_shown(pilot)
        assert replay.number == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.view().deal_number == 1
        assert len(table.session.match.log) == 1
        await pilot.press("n")
        await settle(pilot)
        assert game_screen(app).view().deal_number == 2


async def test_the_three_tables_offer_the_same_keys_when_a_card_is_asked(make_app,
                                                                       store) -> None:
    """Issue 34: one footer for every game: at a card to play, the same keys (s Scores at
    Écarté too), in the same order."""
    from polignac_tui.games.base import CardChoice
    shown: dict[str, list[tuple[str, str]]] = {}
    for game in ("polignac", "ecarte", "piquet"):
        app = make_app(game_table=table_of(store, game))
        async with app.run_test(size=SIZE) as pilot:
            for _step in range(20):
                await settle(pilot)
                if isinstance(game_screen(app).view().choice, CardChoice):
                    break
                await act(pilot, prefer=("play", "nolook"))
            screen = game_screen(app)
            assert isinstance(screen.view().choice, CardChoice) and screen.awaits_me()
            shown[game] = [(binding.action, binding.key_display or binding.key)
                           for _key, (_node, binding, enabled, _tip)
                           in screen.active_bindings.items() if binding.show and enabled]
    assert ("scores", "s") in shown["ecarte"]
    assert shown["polignac"] == shown["ecarte"] == shown["piquet"], shown


def test_the_score_sheet_of_a_partie_with_a_deal_chosen_snapshot(snap_compare, make_app,
                                                                  store) -> None:
    """A finished partie of Piquet at 80×24: its score sheet over the table, deal 5 chosen
    (its row highlighted), the keys to replay it under the sheet and in the footer."""
    from store.gamehelpers import make_game
    session = make_game("piquet", "20261128-0310-ana", seed=3, actions=None,
                        names=("Ana", "Bruno"))
    store.save_game(session)
    app = make_app()

    async def chosen(pilot: Any) -> None:
        assert pilot.app.open_game_session(session.id)
        await settle(pilot)
        assert isinstance(pilot.app.screen, MatchOverBox)
        await pilot.press("escape", "s", "up")
        await pilot.pause()
        assert game_screen(pilot.app).query_one(ScoreSheet).chosen == 5

    assert snap_compare(app, terminal_size=SIZE, run_before=chosen)


async def test_in_ascii_mode_the_sheet_and_its_keys_are_plain_ascii(make_app, store,
                                                                   settings) -> None:
    from store.gamehelpers import make_game
    settings.ascii = True
    session = make_game("ecarte", "20261128-0320-ana", seed=3, actions=None,
                        names=("Ana", "Bruno"))
    store.save_game(session)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_game_session(session.id)
        await settle(pilot)
        await pilot.press("escape", "s")
        await pilot.pause()
        sheet = game_screen(app).query_one(ScoreSheet)
        assert sheet.chosen is not None
        subtitle = str(sheet.border_subtitle)
        assert subtitle == "up/down a deal - Enter: replay - Esc or s: close"
        assert text_of(sheet.query_one("Static")).isascii()
