"""The play-test findings on the table (F1-F14): keys, wording, the header at 80 columns,
the deal summary, the cognac at 80x24, refusals in full."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from polignac_file import load_session
from rich.console import Console
from tabletools import (
    FIXED_TIME,
    engine,
    header_of,
    open_table,
    play_selected,
    players,
    polignac_table,
    seam_view,
    seated,
    settle,
    strong_session,
    table_screen,
    text_of,
    void_session,
)
from textual.widgets._footer import FooterKey

from polignac_tui.games.base import Gathered, Outcome
from polignac_tui.games.polignac.engine import Declare, Play, Player, Session, preset
from polignac_tui.games.polignac.engine.cards import FULL_DECK
from polignac_tui.games.polignac.tui.cognac import declaration
from polignac_tui.games.polignac.tui.generale import GeneraleScreen
from polignac_tui.games.polignac.tui.rules_overlay import RulesOverlay
from polignac_tui.games.polignac.tui.rules_panel import rules_text
from polignac_tui.games.polignac.tui.scores import ScoreTable, compact, full_width
from polignac_tui.games.polignac.tui.summary import summary_renderable
from polignac_tui.games.polignac.tui.tableparts import taken
from polignac_tui.table import pace as table_module
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.gamedraw import trick_log
from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.panels import DealOverBox, MatchOverBox, Overlay
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.widgets.hand import Hand
from polignac_tui.ui.widgets.trick import TrickArea


def plain(renderable: object) -> str:
    console = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def status(app) -> str:
    return text_of(table_screen(app).query_one("#status"))


def header(app) -> str:
    return text_of(table_screen(app).query_one("#info"))


# -- F7: Esc closes the score table; the Footer names the way Home ----------------------
async def test_escape_closes_the_score_table_then_goes_home(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        scores = screen.query_one(ScoreTable)
        await pilot.press("s")
        assert scores.full and scores.border_subtitle == "Esc or s: close"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and not scores.full
        assert not screen.has_class("-scores-full")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and table.closed


async def test_the_footer_shows_the_way_home_and_ascii_key_labels(make_app, store,
                                                                 settings) -> None:
    settings.ascii = True
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        shown = {b.action: app.get_key_display(b)
                 for _, b, _, _ in screen.active_bindings.values() if b.show}
        assert shown["leave"] == "q/esc"
        assert shown["play"] == "Enter" and shown["move(-1)"] == "<-"
        assert shown["move(1)"].strip() == "->"
        assert "←" not in status(app) and "<-/-> or its number" in status(app)


# -- F1: a number selects, the same number again plays; the prompt says so -------------
async def test_a_number_selects_and_the_same_number_plays(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "(←/→ or its number, then Enter)" in status(app)
        screen = table_screen(app)
        assert screen.awaits_me()
        hand = screen.query_one(Hand)
        await pilot.press("3")
        assert hand.selected_card == "KH" and engine(table).deals[0].plays == []
        await pilot.press("3")
        await settle(pilot)
        assert engine(table).deals[0].plays[0] == "KH"


# -- F2: who wins with which card, and which jacks that gathers ---------------------------
async def test_a_won_trick_names_the_winning_card_and_the_jacks(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        view = screen.view()
        # Bruno led 7♥, Claire 8♥, Denis A♥, Ana discarded J♦.
        seating, look = screen.seating(), screen.look
        other = Gathered(1, ("7H", "8H", "AH", "JD"), 3)
        assert taken(view, other, seating, look).plain == "Denis wins with A♥ and takes J♦"
        mine = Gathered(1, ("7H", "JH", "8H", "KH"), 0)
        assert taken(view, mine, seating, look).plain == "You win with K♥ and take J♥"
        alone = Gathered(1, ("7H", "JH", "8H", "9H"), 2)
        assert taken(view, alone, seating, look).plain == "Claire wins with J♥"


# -- F3/F9: the person at the keyboard is "you" ---------------------------------------------
async def test_you_deal(make_app, store) -> None:
    table = open_table(store, void_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "You deal" in header(app) and "You deals" not in header(app)
        assert "Bruno led" in status(app)


async def test_you_are_asked_about_la_generale(make_app, store) -> None:
    table = open_table(store, strong_session("generale"))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert engine(table).view(0).asked
        assert "Denis deals" in header(app)
        assert "La générale: you are asked whether to declare it." in status(app)


# -- F4: one wording for trick counters ------------------------------------------------------
async def test_trick_counters_say_won_for_every_seat(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_selected(pilot)
        await settle(pilot)
        drawn = str(table_screen(app).query_one(TrickArea).render())
        assert "won 1" in drawn and "tricks" not in drawn


# -- F5: the summary says why the deal ended early; t shows its tricks ---------------------
async def test_summary_explains_an_early_end_and_shows_the_tricks(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        played = 0
        while not isinstance(app.screen, DealOverBox):
            await settle(pilot)
            if isinstance(app.screen, TableScreen):
                await pilot.press("enter")
                played += 1
        view = engine(table).view(0)
        assert len(view.tricks) == view.tricks_total    # a chelem: every trick played
        summary = text_of(app.screen.query_one("#overlay-box Static"))
        assert "Jacks taken" in summary and "not played" not in summary
        await pilot.press("space")          # the box closed: the finished deal on show
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, Overlay)
        log = text_of(app.screen.query_one("Static"))
        assert log.count("Ana") >= 8          # the header and the winner of every trick
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.parametrize(("seed", "left"), [(1, 2), (2, 1)])
def test_summary_of_an_early_end_says_how_many_tricks_are_left(session_maker, seed: int,
                                                                left: int) -> None:
    session = session_maker(seed=seed)
    rng = random.Random(seed)
    while not session.deals[0].over:
        seat = session.turn
        assert seat is not None
        session.apply(Play(seat, rng.choice(session.view(seat).legal)))
    deal = session.deals[0]
    assert deal.tricks_total - len(deal.tricks) == left
    view = seam_view(session, 0)
    text = plain(summary_renderable(view, CardLook(), seated(view)))
    tricks = "the last 2 tricks are" if left == 2 else "the last trick is"
    assert f"All four jacks are taken: {tricks} not played." in text


# -- F6: the cognac at 80x24 shows the totals without scrolling -----------------------------
async def test_cognac_shows_totals_and_who_pays_at_80x24(make_app, store, finish) -> None:
    session = strong_session(limit=30)
    table = open_table(store, finish(session, seed=3))
    assert len(engine(table).deals) >= 10
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MatchOverBox))
        region = app.screen.query_one("#overlay-box").region
        assert region.y >= 0 and region.bottom <= 24
        shown = text_of(app.screen.query_one("#overlay-box Static"))
        assert "pay the cognac" in shown or "pays the cognac" in shown
        for name, total in zip(engine(table).players, engine(table).totals, strict=True):
            assert f"{name.name} {total}" in shown


@pytest.mark.parametrize(("served", "way_out"), [(False, "Enter: Home"),
                                                 (True, "Enter: the lobby")])
async def test_the_cognacs_enter_names_the_way_out(served: bool, way_out: str) -> None:
    """At a table of the service the session's end leads back to its lobby, and says so
    (found playing: it said "Back home"); esc closes the box either way."""
    from textual.app import App

    from polignac_tui.games.polignac.tui.cognac import cognac
    session = strong_session(limit=5)
    view = seam_view(session, 0)
    view = replace(view, outcome=Outcome((0, 2, 3), (1,), view.totals))
    closed: list[None] = []
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        box = MatchOverBox("The match is over", cognac(view, CardLook(), seated(view)), served)
        app.push_screen(box, closed.append)
        await pilot.pause()
        said = str(box.query_one("#overlay-box").border_subtitle)
        assert way_out in said and ({"Enter: Home", "Enter: the lobby"} - {way_out}) \
            .isdisjoint({said})
        await pilot.press("escape")
        await pilot.pause()
        assert closed == [None] and not box.leave


def test_cognac_wording_for_two_losers_one_of_them_you() -> None:
    session = strong_session(limit=5)
    view = seam_view(session, 0)
    tie = replace(view, outcome=Outcome((2, 3), (0, 1), view.totals))
    pays, wins = declaration(tie, seated(tie))
    assert pays == "You and Bruno tie for the most points: you both pay the cognac!"
    assert wins == "Winners: Claire and Denis"


# -- F8/F13/F14: the header fits 80 columns in every state -------------------------------------
@pytest.mark.parametrize("preset_name", ["classique", "italiana", "generale", "english"])
def test_header_fits_80_columns_and_says_who_declared(preset_name: str) -> None:
    rules = preset(preset_name, 4).replace(jack_guard=True)
    session = Session(rules, players(names=("Anastasia", "Bartholomew", "Clementine",
                                            "Desdemona")),
                      name="The long Friday night session at the club",
                      created=FIXED_TIME, updated=FIXED_TIME)
    rest = [c for c in FULL_DECK]
    session.add_deal(3, [rest[0:8], rest[8:16], rest[16:24], rest[24:32]])
    if rules.generale:
        session.apply(Declare(0, True))
    text = header_of(session, 0, session.name, 78).plain
    assert len(text) <= 78
    assert "Deal 1" in text and "Desdemona deals" in text
    if rules.generale:
        assert "You declared la générale" in text
    if preset_name == "english":
        assert "Deal 1 of 8" in text
    wide = header_of(session, 0, session.name, 200).plain
    assert "+" in wide            # jack guard changed the preset


def test_header_says_when_la_generale_has_failed() -> None:
    session = void_session(generale=True, chelem="declared")
    for seat in (1, 2, 3):
        session.apply(Declare(seat, False))
    session.apply(Declare(0, True))
    view = session.view(0)
    assert "You declared la générale" in header_of(session, 0, "", 78).plain
    session.apply(Play(0, "7C"))            # Ana leads her lowest club: someone beats it
    for seat in (1, 2, 3):
        session.apply(Play(seat, session.view(seat).legal[0]))
    view = session.view(0)
    assert view.tricks[0].winner != 0
    assert "Générale failed (you)" in header_of(session, 0, "", 78).plain


# -- F11: refusals in full at 80 columns; the prompt names the restriction --------------------
async def test_must_discard_refusal_in_full_and_the_prompt_says_it(make_app, store) -> None:
    table = open_table(store, void_session(must_discard_jack=True, jack_guard=True))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = engine(table).view(0)
        assert view.led_suit == "H" and view.my_turn
        assert "no ♥: you must discard le Polignac" in status(app)
        key = str(view.hand.index("KS") + 1)
        await pilot.press(key, key)
        await pilot.pause()
        shown = status(app)
        assert "must discard a jack" in shown and "jack guard" not in shown
        assert shown.rstrip().endswith("(must discard a jack)")
        widget = table_screen(app).query_one("#status")
        assert widget.size.height == 2 and widget.region.bottom <= 24 - 6
        assert len(engine(table).deals[0].plays) == 3 and "KS" in engine(table).view(0).hand


# -- F19: where points other than jacks come from; one seat with every jack ---------------
def test_summary_names_trick_penalties_and_all_four_jacks() -> None:
    session = strong_session(first_trick_penalty=True, last_trick_penalty=True, chelem="off")
    leads = iter(("KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC"))
    while not session.deals[0].over:
        seat = session.turn
        assert seat is not None
        card = next(leads) if seat == 0 else session.view(seat).legal[0]
        session.apply(Play(seat, card))
    view = seam_view(session, 0)
    assert view.deals[-1].points == (7, 0, 0, 0)     # 5 for the jacks, 1 + 1 for tricks
    text = plain(summary_renderable(view, CardLook(), seated(view)))
    assert "You took all four jacks." in text
    assert "+1 first trick (you) · +1 last trick (you)" in text
    assert "shared out" not in text


# -- F22: the side column says which deal the +N are from; undo lands on a playable card ---
def test_side_scores_say_which_deal_the_points_are_from() -> None:
    session = strong_session()
    assert compact(seam_view(session, 0)).plain.startswith("Scores · deal 1\n")
    rng = random.Random(2)
    while not session.deals[0].over:
        seat = session.turn
        assert seat is not None
        session.apply(Play(seat, rng.choice(session.view(seat).legal)))
    assert compact(seam_view(session, 0)).plain.startswith("Scores after deal 1\n")
    session.deal_next(rng)
    assert compact(seam_view(session, 0)).plain.startswith("Scores · deal 2\n")


async def test_after_undo_the_cursor_is_on_a_playable_card(make_app, store) -> None:
    table = open_table(store, void_session(must_discard_jack=True))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = engine(table).view(0)
        assert before.legal == ("JS",)
        await pilot.press("enter")
        await settle(pilot)
        hand = table_screen(app).query_one(Hand)
        hand.select("9C")
        await pilot.press("u")
        await settle(pilot)
        assert engine(table_screen(app).client.table).view(0).hand == before.hand
        assert hand.selected_card == "JS"


# -- F20: resumed between tricks, the last trick is shown again first ------------------------
async def test_resume_between_tricks_shows_the_last_trick(make_app, store,
                                                          monkeypatch) -> None:
    monkeypatch.setitem(table_module.TRICK_HOLD, "instant", 3600.0)
    session = strong_session()
    session.apply(Play(0, "KS"))
    for seat in (1, 2, 3):
        session.apply(Play(seat, session.view(seat).legal[0]))
    table = open_table(store, session)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        held = screen._held()
        assert held is not None and held.cards == session.deals[0].tricks[0].cards
        assert "You win with K♠" in str(screen.query_one(TrickArea).render())
        assert "Any key gathers the trick" in status(app)
        await pilot.press("x")
        await settle(pilot)
        assert screen.holding() is False and screen.awaits_me()


# -- F17: the rules panel in ASCII mode draws no suit glyph ----------------------------------
@pytest.mark.parametrize("sevens", ["red", "black"])
def test_rules_panel_ascii_has_no_suit_glyphs(sevens: str) -> None:
    plain = rules_text(preset("classique", 3).replace(sevens_removed=sevens), 3,
                       ascii=True).plain
    assert not any(glyph in plain for glyph in "♠♥♦♣")
    assert ("(7H 7D)" if sevens == "red" else "(7S 7C)") in plain


# -- F23: the générale question: Esc never passes, s and r look, q and Esc go Home ----------
async def test_generale_question_escape_scores_rules_and_home(make_app, store) -> None:
    table = open_table(store, strong_session("generale"))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GeneraleScreen)
        footer = [f"{key.key_display} {key.description}" for key in app.screen.query(FooterKey)]
        assert "q/esc Home" in footer, footer         # the table's footer's words
        for key, kind in (("s", Overlay), ("r", RulesOverlay)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GeneraleScreen), key
        session_id = table.session.id
        for key in ("escape", "q"):                 # Home, as at the table; never a pass
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen), key
            assert load_session(store, session_id).deals[0].passed == 0, key
            assert load_session(store, session_id).deals[0].declarer is None, key
            assert app.resume(session_id)
            await settle(pilot)
            assert isinstance(app.screen, GeneraleScreen), key


# -- F24: eight players: the trick log keeps one line per trick at 80 columns --------------
def test_trick_log_of_eight_players_fits_an_overlay(session_maker) -> None:
    names = ("Maximilienne", "Bruno", "Claire", "Denis", "Élodie", "Fanny", "Gaston",
             "Hélène")
    session = session_maker(seed=3, names=names)
    rng = random.Random(1)
    while len(session.deals[0].tricks) < 3:
        seat = session.turn
        assert seat is not None
        session.apply(Play(seat, rng.choice(session.view(seat).legal)))
    console = Console(width=74, record=True, file=io.StringIO(), color_system=None)
    console.print(trick_log(seam_view(session, 0), CardLook()))
    drawn = console.export_text()
    lines = [line for line in drawn.splitlines() if line.strip()]
    assert len(lines) == 2 + 3                     # header, rule, one line per trick
    assert "Maxi…" in lines[0] or "Max…" in lines[0]
    assert compact(seam_view(session, 0)).plain.splitlines()[1].startswith("Maximilie…")


# -- F31: a wide terminal with eight players: the side column falls back to compact scores ---
async def test_wide_side_column_is_compact_when_every_deal_does_not_fit(make_app,
                                                                        store) -> None:
    names = ["Maximilienne", "Bartholomew", "Clementine", "Desdemona", "Élodie-Anne",
             "Fanny-Rose", "Gaston-Paul", "Hélène-Lou"]
    seats = [Player(names[0])] + [Player(n, "computer", "easy") for n in names[1:]]
    table = polignac_table(store, preset("classique", 8), seats, name="Big", seed=5)
    app = make_app(table=table)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        scores = table_screen(app).query_one(ScoreTable)
        assert scores.has_class("-wide")
        assert text_of(scores._body).startswith("Scores")
        assert full_width(seam_view(engine(table), 0)) > scores.size.width - 3
    four = polignac_table(store, preset("classique", 4),
                        [Player("Ana")] + [Player(n, "computer", "easy")
                                           for n in ("Bruno", "Claire", "Denis")],
                        name="Small", seed=5)
    app = make_app(table=four)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        scores = table_screen(app).query_one(ScoreTable)
        assert "Score table" in text_of(scores._body)


# -- F29: computers only: the footer offers no card keys -----------------------------------
async def test_a_table_of_computers_offers_no_card_keys(make_app, store) -> None:
    seats = [Player(n, "computer", "easy") for n in ("Bruno", "Claire", "Denis")]
    table = polignac_table(store, preset("classique", 3), seats, name="Watch", seed=5)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        shown = {b.action for _, b, _, _ in screen.active_bindings.values() if b.show}
        assert {"move(-1)", "move(1)", "play", "hint", "undo"}.isdisjoint(shown)
        assert {"trick_log", "scores", "leave"} <= shown


async def test_the_header_follows_a_resize(make_app, store) -> None:
    table = open_table(store, strong_session("generale", jack_guard=True))
    app = make_app(table=table)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert header(app).startswith("Polignac · Strong hand · La générale+ · Deal 1")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        shown = header(app).strip()
        assert len(shown) <= 78 and "Deal 1" in shown and "Denis deals" in shown


# -- F34: a table screen on its way out (keys faster than screens) never crashes ----------
async def test_a_table_screen_without_its_widgets_does_not_crash(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert screen.refresh_table() is True
        await screen.query_one("#middle").remove()     # as while the screen is removed
        assert screen.refresh_table() is False
        screen._next()                                 # what on_mount does: no NoMatches
        await pilot.pause()
        await pilot.pause()
        assert app.return_value is None and isinstance(app.screen, TableScreen)


def test_the_score_legend_names_the_generales_marks_only_when_it_is_played() -> None:
    from polignac_tui.games.polignac.tui.scores import legend
    assert "G+" not in legend(preset("classique", 4))
    assert "G+ générale made" in legend(preset("generale", 4))
    assert legend(preset("classique", 4), ascii=True) == "d dealer, C chelem, . in play"


async def test_the_side_scores_drawn_again_lay_nothing_out_and_open_full_at_their_size(
        make_app, store) -> None:
    """The table redraws the side score table at every card: with its size unchanged it
    asks no layout of the screen (setting a size to None asked one, twice a card); open
    full it takes its table's size, closed the stylesheet's again."""
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        scores = screen.query_one(ScoreTable)
        layouts: list[bool] = []
        original = scores.styles.inline.refresh

        def refresh(**kwargs: bool) -> None:
            layouts.append(kwargs.get("layout", False))
            original(**kwargs)
        scores.styles.inline.refresh = refresh  # type: ignore[method-assign]
        screen.refresh_table()
        screen.refresh_table()
        assert True not in layouts
        await pilot.press("s")
        await pilot.pause()
        assert scores.full and scores.styles.inline.has_rule("width")
        assert scores.styles.inline.has_rule("height") and True in layouts
        await pilot.press("s")
        await pilot.pause()
        assert not scores.full and not scores.styles.inline.has_rule("width")
        assert not scores.styles.inline.has_rule("height")
