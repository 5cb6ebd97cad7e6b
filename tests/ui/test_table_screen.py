"""The table screen played through keys: whole deals, la générale, a chelem, the cognac,
resume mid-trick, an illegal card refused, hint, undo, the privacy screen."""

from __future__ import annotations

from pathlib import Path

from polignac_file import load_session
from tabletools import (
    TOP,
    engine,
    open_table,
    polignac_table,
    settle,
    strong_session,
    table_screen,
    text_of,
)

from polignac_tui.games.polignac import players as players_module
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.tui.generale import GeneraleScreen
from polignac_tui.games.polignac.tui.rules_overlay import RulesOverlay
from polignac_tui.games.polignac.tui.scores import ScoreTable
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.panels import DealOverBox, MatchOverBox, Overlay
from polignac_tui.ui.screens.privacy import PrivacyScreen
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.widgets.hand import Hand


def status(app) -> str:
    return text_of(table_screen(app).query_one("#status"))


def seated(store, seed: int = 5, humans: int = 1, **rules) -> GameTable:
    names = ["Ana", "Bruno", "Claire", "Denis"]
    seats = [Player(n) if i < humans else Player(n, "computer", "easy")
             for i, n in enumerate(names)]
    rules_ = preset("classique", 4).replace(**rules) if rules else preset("classique", 4)
    return polignac_table(store, rules_, seats, name="Test", seed=seed)


async def play_my_cards(pilot, count: int | None = None) -> None:
    """Press Enter on every turn of Ana (the chosen card is always a legal one)."""
    app = pilot.app
    done = 0
    while count is None or done < count:
        await settle(pilot)
        if not isinstance(app.screen, TableScreen):
            return
        await pilot.press("enter")
        done += 1


async def test_a_whole_deal_by_keys_then_the_next(make_app, store) -> None:
    table = seated(store)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_my_cards(pilot)
        assert isinstance(app.screen, DealOverBox)
        deal = engine(table).deals[0]
        assert deal.over and sum(deal.points()) == 5
        on_disk = load_session(store, table.session.id)
        assert on_disk.deals[0].plays == deal.plays and on_disk.totals == engine(table).totals
        summary = text_of(app.screen.query_one("#overlay-box Static"))
        assert "Ana" in summary and "Jacks taken" in summary
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(engine(table).deals) == 2
        assert len(load_session(store, table.session.id).deals) == 2


async def test_an_illegal_card_is_refused_with_the_reason(make_app, store) -> None:
    table = seated(store, seed=8)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(8):
            await settle(pilot)
            view = engine(table).view(0)
            wrong = [c for c in view.hand if c not in view.legal]
            if view.led_suit and wrong:
                break
            await pilot.press("enter")
        else:
            raise AssertionError("never had to follow suit")
        plays = list(engine(table).deals[-1].plays)
        key = str(view.hand.index(wrong[0]) + 1)
        await pilot.press(key, key)
        await pilot.pause()
        glyph = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[view.led_suit]
        assert f"you must follow {glyph}" in status(app)
        assert engine(table).deals[-1].plays == plays
        assert engine(table).view(0).hand == view.hand


async def test_keys_move_the_selection_and_digits_pick(make_app, store) -> None:
    table = seated(store, seed=2)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = table_screen(app).query_one(Hand)
        start = hand.selected
        await pilot.press("right")
        assert hand.selected == (start + 1) % len(hand.cards)
        await pilot.press("left", "left")
        assert hand.selected == (start - 1) % len(hand.cards)
        await pilot.press("3")
        assert hand.selected == 2


async def test_generale_declared_and_made(make_app, store) -> None:
    table = open_table(store, strong_session("generale"))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GeneraleScreen)
        await pilot.press("d")
        await play_my_cards(pilot)
        assert isinstance(app.screen, DealOverBox)
        deal = engine(table).deals[0]
        assert deal.declarer == 0 and deal.generale_made
        assert engine(table).totals == [0, 5, 5, 5]
        assert "You declared la générale and won every trick" in text_of(
            app.screen.query_one("#overlay-box Static"))


async def test_generale_passed(make_app, store) -> None:
    table = open_table(store, strong_session("generale"))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GeneraleScreen)
        await pilot.press("p")
        await settle(pilot)
        deal = engine(table).deals[0]
        assert deal.phase == "play" and deal.declarer != 0 and deal.passed >= 1
        assert load_session(store, table.session.id).deals[0].passed == deal.passed


async def test_chelem_scores_zero_and_five(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_my_cards(pilot)
        assert isinstance(app.screen, DealOverBox)
        assert engine(table).deals[0].chelem == 0
        assert engine(table).totals == [0, 5, 5, 5]
        shown = text_of(app.screen.query_one("#overlay-box Static"))
        assert "Chelem! You won every trick: 0 for you" in shown


async def test_end_of_session_with_a_tie_for_the_cognac(make_app, store) -> None:
    table = open_table(store, strong_session(limit=5))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_my_cards(pilot)
        assert isinstance(app.screen, MatchOverBox)
        assert engine(table).losers == [1, 2, 3] and engine(table).winners == [0]
        shown = " ".join(text_of(app.screen.query_one("#overlay-box Static")).split())
        assert "Bruno, Claire and Denis tie for the most points: they all pay" in shown
        assert "You win!" in shown
        assert "Ana 0" in shown and "Denis 5" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert table.closed
        assert load_session(store, table.session.id).finished


async def test_resume_mid_trick_shows_the_same_view(make_app, store) -> None:
    table = seated(store, seed=4)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(8):
            await settle(pilot)
            if engine(table).view(0).trick:
                break
            await pilot.press("enter")
        view = engine(table).view(0)
        assert view.trick and view.my_turn
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and table.closed
        assert app.resume(table.session.id)
        await settle(pilot)
        again = table_screen(app)
        assert again.client.table is not table
        assert engine(again.client.table).view(0) == view
        hand = again.query_one(Hand)
        assert hand.cards == view.hand and hand.active


async def test_undo_takes_back_my_card(make_app, store) -> None:
    table = seated(store, seed=6)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = engine(table).view(0)
        await pilot.press("u")
        assert "Nothing to undo" in status(app)
        await pilot.press("enter")
        await settle(pilot)
        assert engine(table).view(0).hand != before.hand
        await pilot.press("u")
        await settle(pilot)
        screen = table_screen(app)
        assert engine(screen.client.table).view(0).hand == before.hand
        assert engine(screen.client.table).deals[-1].undos == 1
        assert load_session(store, table.session.id).deals[-1].undos == 1


async def test_hint_selects_a_card_or_says_none(make_app, store) -> None:
    table = seated(store, seed=6)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot, lambda: "…" not in status(app))
        expected = players_module.hint(engine(table).view(0), table.seed).card
        assert table_screen(app).query_one(Hand).selected_card == expected
        assert "Hint: play" in status(app)


async def test_privacy_screen_between_two_humans(make_app, store) -> None:
    table = seated(store, seed=9, humans=2)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert table_screen(app).query_one(Hand).cards == ()   # nobody's hand before Enter
        seen: set[int] = set()
        for _ in range(12):
            await settle(pilot)
            if isinstance(app.screen, PrivacyScreen):
                name = app.screen.player_name
                await pilot.press("enter")
                await settle(pilot)
                screen = table_screen(app)
                assert engine(screen.client.table).players[screen.seat].name == name
                seen.add(screen.seat)
                continue
            if not isinstance(app.screen, TableScreen):
                break
            await pilot.press("enter")
        assert seen == {0, 1}
        screen = table_screen(app)
        assert screen.check_action("undo", ()) is False       # not even in the Footer
        await pilot.press("u")
        await pilot.pause()
        assert all(d.undos == 0 for d in engine(screen.client.table).deals)


async def test_panels_open_and_close(make_app, store) -> None:
    table = seated(store, seed=5)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_my_cards(pilot, count=2)
        await settle(pilot)
        for key, kind in (("l", Overlay), ("t", Overlay), ("r", RulesOverlay)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen), key
        scores = table_screen(app).query_one(ScoreTable)
        await pilot.press("s")
        assert scores.full and table_screen(app).has_class("-side-full")
        await pilot.press("s")
        assert not scores.full


def test_session_file_round_trip_keeps_hand_made_deal(tmp_path: Path) -> None:
    session: Session = strong_session()
    assert tuple(session.deals[0].dealt[0]) == TOP
