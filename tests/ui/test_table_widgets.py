"""Cards, seats round the table, the score table and the rules panel, without a terminal;
and the table's timing: a finished trick stays until a key, a click plays a card."""

from __future__ import annotations

import pytest
from tabletools import (
    engine,
    open_table,
    play_selected,
    seam_view,
    settle,
    strong_session,
    table_screen,
    text_of,
)

from polignac_tui.games.polignac.engine import preset
from polignac_tui.games.polignac.tui.rules_panel import rules_text
from polignac_tui.games.polignac.tui.scores import compact, full
from polignac_tui.table import pace as table_module
from polignac_tui.ui.cardtext import BLUE, GREEN, RED, CardLook, box, inline, words
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.widgets.hand import Hand, key_for
from polignac_tui.ui.widgets.trick import slots


def test_playable_and_unplayable_cards_differ_without_colour() -> None:
    look = CardLook(colour=False)
    legal = box("TH", look, legal=True)
    illegal = box("TH", look, legal=False)
    assert [t.plain for t in legal] == ["┌───┐", "│10♥│", "└───┘"]
    assert [t.plain for t in illegal] == ["┌┄┄┄┐", "┆10♥┆", "└┄┄┄┘"]
    for line in legal + illegal:
        assert all(span.style == "" or getattr(span.style, "color", None) is None
                   for span in line.spans)


def test_ascii_cards_and_colours() -> None:
    assert [t.plain for t in box("JS", CardLook(ascii=True))] == ["+---+", "|JS |", "+---+"]
    assert [t.plain for t in box("JS", CardLook(ascii=True), legal=False)] == [
        ".....", ":JS :", "'...'"]
    heart = inline("KH", CardLook())
    assert heart.plain == "[K♥]"
    assert any(RED in str(s.style) for s in heart.spans)
    diamond = inline("KD", CardLook(four_colour=True))
    assert any(BLUE in str(s.style) for s in diamond.spans)
    club = inline("KC", CardLook(four_colour=True))
    assert any(GREEN in str(s.style) for s in club.spans)
    assert not any(RED in str(s.style) for s in inline("KH", CardLook(colour=False)).spans)


def test_engine_sentences_in_symbols() -> None:
    sentence = "10H: you must follow hearts: you hold a heart"
    assert words(sentence, CardLook()) == "10♥: you must follow ♥: you hold a heart"
    assert words(sentence, CardLook(ascii=True)) == sentence
    assert words("play the J♠ now", CardLook(ascii=True)) == "play the JS now"


def test_seats_go_round_in_the_direction_of_play() -> None:
    # counterclockwise: the next seat is on your right, then the top, then the left
    assert slots(3, "counterclockwise") == ("R", "T", "L")
    assert slots(3, "clockwise") == ("L", "T", "R")
    assert slots(2, "clockwise") == ("TL", "TR")
    for others in range(2, 8):
        order = slots(others, "counterclockwise")
        assert len(order) == len(set(order)) == others


def test_digit_keys() -> None:
    assert [key_for(i) for i in range(10)] == list("1234567890")


def test_score_tables_mark_chelem_and_dealer() -> None:
    session = strong_session()
    from polignac_tui.games.polignac.engine import Play
    while not session.deals[0].over:
        seat = session.turn
        session.apply(Play(seat, session.view(seat).legal[0]))
    view = seam_view(session, 0)
    text = compact(view).plain
    assert "Ana" in text and "Limit 20 points" in text
    import io

    from rich.console import Console
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(full(view))
    table = console.export_text()
    assert "0 C" in table and "5 d" in table


def test_rules_panel_names_changed_settings() -> None:
    rules = preset("italiana", 4).replace(jack_guard=True, generale=True)
    text = rules_text(rules, 4).plain
    assert "Jack guard" in text and "(changed; in Italiana (IT): off)" in text
    assert "Point limit: 10" in text and "La générale" in text
    assert "no revoke penalty" in text
    plain = rules_text(preset("classique", 3), 3, ascii=True).plain
    assert "♠" not in plain and "the red sevens are taken out, 10 cards each" in plain


@pytest.mark.parametrize("key", ["x", "enter"])
async def test_a_finished_trick_stays_until_a_key(make_app, store, monkeypatch, key) -> None:
    monkeypatch.setitem(table_module.TRICK_HOLD, "instant", 3600.0)
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_selected(pilot)      # Ana leads K♠; the computers follow
        screen = table_screen(app)
        await settle(pilot, lambda: screen.holding())
        assert screen.holding() and screen._held() is not None and screen._held().winner == 0
        assert "You win with K♠" in str(screen.query_one("TrickArea").render())
        hand = screen.query_one(Hand)
        assert not hand.active
        await pilot.press(key)
        await settle(pilot)
        assert screen.holding() is False and hand.active
        assert len(engine(table).deals[0].tricks) == 1
        assert len(engine(table).deals[0].plays) == 4    # the key only gathered the trick


async def test_a_click_selects_then_plays(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        hand = screen.query_one(Hand)
        x = hand._left() + 6 * 2 + 2          # the middle of the third card (K♥)
        await pilot.click(Hand, offset=(x, 3))
        assert hand.selected_card == "KH"
        await pilot.click(Hand, offset=(x, 3))
        await settle(pilot)
        assert engine(table).deals[0].tricks[0].cards[0] == "KH"


@pytest.mark.parametrize("pace", ["instant", "fast", "normal", "slow"])
def test_every_pace_has_a_delay(pace: str) -> None:
    assert table_module.PACE_DELAY[pace] >= 0 and table_module.TRICK_HOLD[pace] >= 0
    assert (table_module.PACE_DELAY[pace] == 0) == (pace == "instant")


async def test_status_names_the_turn(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "Your turn: you lead" in text_of(app.screen.query_one("#status"))


@pytest.mark.parametrize(("direction", "side"), [("counterclockwise", "right"),
                                                 ("clockwise", "left")])
async def test_the_next_seat_sits_on_the_side_of_the_direction(make_app, store, direction,
                                                               side) -> None:
    session = strong_session(direction=direction)
    table = open_table(store, session)
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        area = table_screen(app).query_one("TrickArea")
        lines = str(area.render()).split("\n")
        row = next(line for line in lines if "Bruno" in line)   # Bruno plays after Ana
        column = row.index("Bruno")
        assert (column > area.size.width // 2) == (side == "right")
        assert "Denis" in row                                   # Denis, before Ana: opposite


async def test_no_color_draws_suits_in_the_text_colour(make_app, store, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert app.no_color and not screen.look.colour
        hand = screen.query_one(Hand)
        assert hand.look.colour is False


async def test_a_failed_save_is_said_and_the_game_goes_on(make_app, store, monkeypatch) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def broken(session) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(store, "save_game", broken)
        await play_selected(pilot)
        await pilot.pause()
        status = text_of(table_screen(app).query_one("#status"))
        assert "Could not save" in status and "No space left" in status
        await settle(pilot)
        assert engine(table).deals[0].plays[0] == "KS"
        assert len(engine(table).deals[0].plays) >= 4        # the computers went on
