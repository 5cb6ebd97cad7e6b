"""Card faces from about 100×30 (issue 11, point 1): the drawing of a face, the switch
between chips and faces on a resize, a long hand overlapping, the others' hands as backs
that say nothing but their count, and a click on a face."""

from __future__ import annotations

import pytest
from rich.text import Text
from tabletools import engine, open_table, polignac_table, settle, strong_session, table_screen

from polignac_tui.games.polignac.engine import Player, glyph, preset
from polignac_tui.games.polignac.engine.cards import FULL_DECK
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.widgets.cardface import (
    LARGE,
    MEDIUM,
    FaceSize,
    draw_face,
    draw_slot,
    face_size,
    faces_fit,
    fan,
)
from polignac_tui.ui.widgets.hand import MIN_STEP, Hand
from polignac_tui.ui.widgets.trick import TrickArea

LOOKS = {"glyphs": CardLook(), "ascii": CardLook(ascii=True),
         "no colour": CardLook(colour=False), "four colours": CardLook(four_colour=True)}


def plain(lines: list[Text]) -> list[str]:
    return [line.plain for line in lines]


# -- the face ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [MEDIUM, LARGE, FaceSize(11, 9)])
@pytest.mark.parametrize("look", LOOKS.values(), ids=LOOKS.keys())
def test_every_face_has_the_size_asked(size: FaceSize, look: CardLook) -> None:
    for card in FULL_DECK:
        for legal in (True, False):
            lines = draw_face(card, look, size, legal=legal)
            assert len(lines) == size.height, card
            assert all(line.cell_len == size.width for line in lines), (card, plain(lines))


@pytest.mark.parametrize("size", [MEDIUM, LARGE])
def test_rank_and_suit_in_two_corners(size: FaceSize) -> None:
    look = CardLook()
    for card in FULL_DECK:
        lines = plain(draw_face(card, look, size))
        name = glyph(card)
        assert lines[1][1:].startswith(name), lines          # top left
        assert lines[-2][:-1].endswith(name), lines          # bottom right
        assert lines[0][0] in "┌╔" and lines[-1][-1] in "┘╝"


def test_ascii_faces_are_ascii_with_suit_letters() -> None:
    look = CardLook(ascii=True)
    for size in (MEDIUM, LARGE):
        for card in FULL_DECK:
            for legal in (True, False):
                text = "".join(plain(draw_face(card, look, size, legal=legal)))
                assert text.isascii(), (card, text)
                assert glyph(card, ascii=True) in text
        assert plain(draw_face("KH", look, size))[0].startswith("+-")
        assert plain(draw_face("KH", look, size))[1].startswith("|KH")
    assert "".join(plain(fan(7, look))).isascii()
    assert "".join(plain(draw_slot(look))).isascii()


@pytest.mark.parametrize("size", [MEDIUM, LARGE])
def test_jacks_and_court_cards_are_told_at_a_glance(size: FaceSize) -> None:
    look = CardLook()
    for card in FULL_DECK:
        lines = plain(draw_face(card, look, size))
        middle = "".join(lines[2:-2])
        if card[0] == "J":
            assert lines[0][0] == "╔" and lines[2][0] == "║"     # a double frame
            # the penalty it costs, signed as the scores add it (issue 27: one sign, +)
            assert f"+{2 if card == 'JS' else 1}" in middle and "-" not in middle
        else:
            assert lines[0][0] == "┌"
        if card[0] in "KQ":
            assert f"({card[0]})" in middle
        elif card[0] != "J":
            assert "(" not in middle and "J" not in middle


def test_unplayable_selected_and_winning_faces_differ_without_colour() -> None:
    """Colour is never the only cue: dotted frame, heavy frame."""
    look = CardLook(colour=False)
    assert plain(draw_face("9H", look, legal=False))[0].startswith("┌┄")
    assert plain(draw_face("JS", look, legal=False))[0].startswith("┌┄")
    assert plain(draw_face("9H", look, selected=True))[0].startswith("┏━")
    assert plain(draw_face("9H", look, highlight=True))[0].startswith("┏━")
    assert plain(draw_face("9H", CardLook(ascii=True), legal=False))[1].startswith(":")


def test_no_color_faces_carry_no_colour_and_keep_the_suit_glyph() -> None:
    look = CardLook(colour=False)
    for card in ("9H", "9D", "9S", "9C", "JS", "KH"):
        lines = draw_face(card, look)
        assert glyph(card) in lines[1].plain
        for line in lines:
            styles = [line.style] + [span.style for span in line.spans]
            for style in styles:
                assert not isinstance(style, str) or style in ("", "dim", "bold")
                if not isinstance(style, str):
                    assert style.color is None and style.bgcolor is None, (card, style)


def colour_at(text: Text, index: int) -> str | None:
    """The colour of the character at ``index`` (the last span over it wins)."""
    colour = None
    for span in text.spans:
        if span.start <= index < span.end and not isinstance(span.style, str) \
                and span.style.color is not None:
            colour = span.style.color.triplet.hex if span.style.color.triplet else None
    return colour


def test_four_colour_faces_have_one_ink_per_suit() -> None:
    look = CardLook(four_colour=True)
    inks = {suit: colour_at(draw_face("9" + suit, look)[1], 1) for suit in "SHDC"}
    assert len(set(inks.values())) == 4, inks
    two = {suit: colour_at(draw_face("9" + suit, CardLook())[1], 1) for suit in "SHDC"}
    assert two["H"] == two["D"] == inks["H"] and two["S"] == two["C"] == inks["S"]


def test_a_fan_of_backs_says_only_how_many() -> None:
    for look in LOOKS.values():
        for count in (1, 4, 16):
            text = "\n".join(plain(fan(count, look)))
            assert str(count) in text
            assert not any(g in text for g in "♠♥♦♣KQJA")
    assert fan(0, CardLook())[1].plain == "no cards"


def test_the_threshold() -> None:
    assert not faces_fit(80, 24) and not faces_fit(99, 30) and not faces_fit(100, 29)
    assert faces_fit(100, 30) and faces_fit(120, 36) and faces_fit(160, 48)
    assert face_size(120, 36) == MEDIUM and face_size(160, 48) == LARGE


# -- at the table -------------------------------------------------------------------------------
def seated(store, count: int = 4, seed: int = 5) -> GameTable:
    names = ("Ana", "Bruno", "Claire", "Denis", "Élodie", "Fanny", "Gaston", "Hélène")[:count]
    seats = [Player(names[0])] + [Player(n, "computer", "easy") for n in names[1:]]
    return polignac_table(store, preset("classique", count), seats, name="Friday", seed=seed)


async def test_a_resize_across_the_threshold_switches_chips_and_faces(make_app, store) -> None:
    app = make_app(table=seated(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        hand, area = screen.query_one(Hand), screen.query_one(TrickArea)
        chips = hand.render().plain
        assert hand.face is None and area.face is None and hand.size.height == 5
        assert "┌───┐" in chips and "┌─────┐" not in chips
        await pilot.resize_terminal(120, 36)
        await settle(pilot, lambda: hand.size.height == MEDIUM.height + 2)
        assert hand.face == MEDIUM and area.face == MEDIUM
        assert "┌─────┐" in hand.render().plain
        await pilot.resize_terminal(160, 48)
        await settle(pilot, lambda: hand.size.height == LARGE.height + 2)
        assert "┌───────┐" in hand.render().plain
        await pilot.resize_terminal(99, 40)          # one column short: chips again
        await settle(pilot, lambda: hand.size.height == 5)
        assert hand.face is None and area.face is None
        assert "┌───┐" in hand.render().plain
        await pilot.resize_terminal(100, 30)
        await settle(pilot, lambda: hand.face is not None)
        assert area.face == MEDIUM


async def test_sixteen_cards_fit_at_100_columns(make_app, store) -> None:
    app = make_app(table=seated(store))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        hand = table_screen(app).query_one(Hand)
        cards = FULL_DECK[:16]
        hand.show(cards, cards, False, CardLook())
        await pilot.pause()
        assert hand.size.width == 100 and hand.face == MEDIUM
        assert MIN_STEP <= hand.step() < MEDIUM.width    # they overlap
        lines = hand.render().plain.split("\n")
        assert all(len(line) <= 100 for line in lines)
        corners = lines[3]                                # every corner shows, in order
        positions = [corners.find(glyph(card)) for card in cards]
        assert -1 not in positions and positions == sorted(positions), corners
        # the keys: 1..9, 0, then - and = over the first twelve cards (a Piquet hand)
        assert lines[0].split() == list("1234567890-=")


async def test_the_others_hands_are_backs_that_say_only_how_many(make_app, store) -> None:
    table = seated(store)
    app = make_app(table=table)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        view = screen.view()
        drawn = screen.query_one(TrickArea).render().plain
        deal = engine(table).current
        assert deal is not None
        hidden = {card for seat in range(4) if seat != view.seat for card in deal.hands[seat]}
        assert hidden
        for card in hidden:
            assert glyph(card) not in drawn, card
        for seat in range(1, 4):
            assert f"░░│ {len(deal.hands[seat])}" in drawn
        for card in view.hand:                           # your own hand is not on the felt
            if card not in {c for _, c in view.trick}:
                assert glyph(card) not in drawn


async def test_a_click_on_a_face_selects_then_plays(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        hand = screen.query_one(Hand)
        assert hand.face == MEDIUM
        x = hand._left() + hand.step() * 2 + 1      # the corner of the third card (K♥)
        assert hand.card_at(x) == "KH"
        await pilot.click(Hand, offset=(x, 4))
        assert hand.selected_card == "KH"
        await pilot.click(Hand, offset=(x, 4))
        await settle(pilot)
        assert engine(table).deals[0].tricks[0].cards[0] == "KH"
