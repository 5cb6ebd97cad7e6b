"""The table's widgets hold any game of the house: a table of two (Écarté, Piquet) to
eight, a hand of twelve cards with a key each, a discard of several cards, word choices
and a game's own panel. Each tried alone in a small app (``widgethost``)."""

from __future__ import annotations

import pytest
from rich.text import Text
from tabletools import open_table, settle, strong_session, table_screen
from widgethost import TWELVE, WidgetHost, seat_view

from polignac_tui.games.polignac.engine import glyph
from polignac_tui.i18n import _, speaking, translator_for
from polignac_tui.ui.widgets.gamepanel import GamePanel
from polignac_tui.ui.widgets.hand import Hand, bounds_sentence, key_for, key_index
from polignac_tui.ui.widgets.trick import TrickArea, slots
from polignac_tui.ui.widgets.words import WordChoices, choose_keys

SIZES = [(80, 24), (120, 36)]


def row_of(lines: list[str], text: str) -> int:
    rows = [i for i, line in enumerate(lines) if text in line]
    assert len(rows) == 1, (text, lines)
    return rows[0]


def column_of(line: str, text: str) -> int:
    return line.index(text) + len(text) // 2


# -- the trick area: two seats to eight --------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
@pytest.mark.parametrize("seat", [0, 1])
async def test_two_seats_the_opponent_sits_across(size: tuple[int, int], seat: int) -> None:
    """You at the bottom, the other across the table; the trick's two cards face to
    face between you, the other's card on the far side (chips at 80×24, faces at 120×36)."""
    other = 1 - seat
    view = seat_view(2, seat=seat, trick=((other, "KS"), (seat, "7H")))
    app = WidgetHost(TrickArea(), view=view)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        area = app.query_one(TrickArea)
        assert (area.face is not None) == (size == (120, 36))
        lines = area.render().plain.split("\n")
        top = row_of(lines, f"{view.names[other]} (D)" if other == 1 else view.names[other])
        mine = row_of(lines, view.names[seat])
        theirs = [i for i, line in enumerate(lines) if glyph("KS") in line]
        yours = [i for i, line in enumerate(lines) if glyph("7H") in line]
        assert theirs and yours
        assert top < min(theirs) <= max(theirs) < min(yours) <= max(yours) < mine
        # all in one column, the middle of the table
        middle = column_of(lines[top], view.names[other])
        for row, card in ((theirs[0], "KS"), (yours[0], "7H")):
            assert abs(column_of(lines[row], glyph(card)) - middle) <= 3


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
@pytest.mark.parametrize("players", range(2, 9))
async def test_every_table_of_two_to_eight_is_drawn(size: tuple[int, int],
                                                    players: int) -> None:
    trick = tuple(((1 + k) % players, card) for k, card in enumerate(("KS", "QS")))
    view = seat_view(players, trick=trick, turn=0)
    app = WidgetHost(TrickArea(), view=view)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        drawn = app.query_one(TrickArea).render().plain
        for name in view.names:
            assert name in drawn
        assert glyph("KS") in drawn and glyph("QS") in drawn
        assert len(slots(players - 1, "clockwise")) == players - 1


# -- a hand of twelve ---------------------------------------------------------------------
def test_twelve_keys() -> None:
    assert [key_for(i) for i in range(12)] == list("1234567890-=")
    assert key_index("minus") == key_index("-") == 10
    assert key_index("equals_sign") == key_index("=") == 11
    assert key_index("0") == 9 and key_index("a") is None and key_index("space") is None


async def test_a_hand_of_twelve_at_80x24_shows_every_card_and_its_key() -> None:
    app = WidgetHost(Hand(focusable=True), cards=TWELVE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        lines = hand.render().plain.split("\n")
        assert all(len(line) <= 80 for line in lines)
        keys, columns = lines[0], {}
        for i, card in enumerate(TWELVE):
            # the first card is selected: raised a line
            columns[card] = lines[2 if i == 0 else 3].index(glyph(card))
            # the key right above its card
            assert keys[columns[card]: columns[card] + 2].strip() == key_for(i), (i, keys)
        assert keys.split() == list("1234567890-=")
        await pilot.press("minus")
        assert hand.selected_card == TWELVE[10]
        await pilot.press("equals_sign")
        assert hand.selected_card == TWELVE[11]
        assert hand.card_at(columns[TWELVE[11]]) == TWELVE[11]
        await pilot.press("equals_sign")          # its key again: that card is chosen
        await pilot.pause()
        assert [m.card for m in app.of(Hand.Chosen)] == [TWELVE[11]]
        assert hand.pick("-") is None and hand.selected_card == TWELVE[10]


async def test_the_table_screen_passes_minus_and_equals_to_the_hand(make_app, store) -> None:
    """At the table the hand is not focused: the screen passes the card keys on, - and =
    too (only a game of more than ten cards in hand has them)."""
    app = make_app(table=open_table(store, strong_session()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = table_screen(app).query_one(Hand)
        hand.show(TWELVE, (), False, hand.look)
        await pilot.pause()
        drawn = hand.render().plain
        assert hand.size.width == 80 and all(glyph(card) in drawn for card in TWELVE)
        assert drawn.split("\n")[0].split() == list("1234567890-=")
        await pilot.press("minus")
        assert hand.selected_card == TWELVE[10]
        await pilot.press("equals_sign")
        assert hand.selected_card == TWELVE[11]
        await pilot.press("3")
        assert hand.selected_card == TWELVE[2]


# -- several cards: a discard -------------------------------------------------------------
def marked_row(hand: Hand) -> str:
    return hand.render().plain.split("\n")[4]


async def test_several_cards_marked_by_keys_space_and_clicks() -> None:
    app = WidgetHost(Hand(focusable=True), cards=TWELVE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        hand.choose_several(1, 5)
        await pilot.press("1", "3")
        await pilot.pause()
        assert hand.marked == (TWELVE[0], TWELVE[2])
        assert [m.cards for m in app.of(Hand.Marked)] == [(TWELVE[0],), (TWELVE[0], TWELVE[2])]
        # raised, with a mark under each that needs no colour
        lines = hand.render().plain.split("\n")
        assert marked_row(hand).count("✓") == 2
        for card in (TWELVE[0], TWELVE[2]):
            assert glyph(card) in lines[2] and glyph(card) not in lines[3]
        assert glyph(TWELVE[1]) in lines[3]
        await pilot.press("1")                  # again: unmarked
        assert hand.marked == (TWELVE[2],)
        await pilot.press("right", "right", "right", "right", "space")  # on the fifth card
        assert hand.selected == 4 and hand.marked == (TWELVE[2], TWELVE[4])
        x = lines[3].index(glyph(TWELVE[7]))
        await pilot.click(Hand, offset=(x, 2))
        await pilot.pause()
        assert hand.marked == (TWELVE[2], TWELVE[4], TWELVE[7])
        await pilot.click(Hand, offset=(x, 2))   # a click again: unmarked
        await pilot.pause()
        assert hand.marked == (TWELVE[2], TWELVE[4])
        await pilot.press("enter")
        await pilot.pause()
        assert [m.cards for m in app.of(Hand.Confirmed)] == [(TWELVE[2], TWELVE[4])]
        assert not app.of(Hand.Refused) and not app.of(Hand.Chosen)


async def test_several_cards_within_bounds_only() -> None:
    app = WidgetHost(Hand(focusable=True), cards=TWELVE, legal=TWELVE[:11])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        hand.choose_several(1, 5)
        await pilot.press("enter")              # none marked
        await pilot.pause()
        assert [m.reason for m in app.of(Hand.Refused)] == ["Choose 1 to 5 cards."]
        await pilot.press("1", "2", "3", "4", "5", "6")   # a sixth: refused, not marked
        await pilot.pause()
        assert hand.marked == TWELVE[:5]
        assert [m.reason for m in app.of(Hand.Refused)][-1] == "Choose 1 to 5 cards."
        await pilot.press("equals_sign")        # not a card that may be chosen
        await pilot.pause()
        assert hand.marked == TWELVE[:5]
        assert app.of(Hand.Refused)[-1].reason == "This card cannot be chosen now."
        assert not app.of(Hand.Confirmed)
        await pilot.press("enter")
        await pilot.pause()
        assert [m.cards for m in app.of(Hand.Confirmed)] == [TWELVE[:5]]
        # exactly three, as Écarté's dealer may be asked
        hand.choose_several(3, 3)
        assert hand.marked == ()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert app.of(Hand.Refused)[-1].reason == "Choose 3 cards."
        # back to one card at a time: a key twice chooses, nothing is marked
        hand.choose_one()
        await pilot.press("2", "2")
        await pilot.pause()
        assert hand.marked == () and [m.card for m in app.of(Hand.Chosen)] == [TWELVE[1]]


async def test_a_hint_marks_exactly_its_cards() -> None:
    """A hinted discard replaces the person's marks, in the hand's order, the cursor on
    the first; a hint the hand cannot take (a card not playable, too many, one card at a
    time) changes nothing."""
    app = WidgetHost(Hand(), cards=TWELVE, legal=TWELVE[:11], ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        assert not hand.mark_only((TWELVE[2],))          # one card at a time: no marks
        hand.choose_several(1, 3)
        hand.pick("1")
        assert hand.mark_only((TWELVE[6], TWELVE[3]))
        assert hand.marked == (TWELVE[3], TWELVE[6]) and hand.selected_card == TWELVE[3]
        await pilot.pause()
        assert app.of(Hand.Marked)[-1].cards == (TWELVE[3], TWELVE[6])
        lines = hand.render().plain.split("\n")
        assert marked_row(hand).count("v") == 2         # raised and marked, no colour needed
        for card in (TWELVE[3], TWELVE[6]):
            assert glyph(card, ascii=True) in lines[2]
        assert glyph(TWELVE[0], ascii=True) in lines[3]  # the person's own mark: gone
        for refused in ((TWELVE[11],), TWELVE[:4], ("XX",)):
            assert not hand.mark_only(refused)
            assert hand.marked == (TWELVE[3], TWELVE[6])
        assert hand.mark_only(()) and hand.marked == ()


def test_bounds_sentences() -> None:
    assert bounds_sentence(1, 5) == "Choose 1 to 5 cards."
    assert bounds_sentence(0, 3) == "Choose up to 3 cards."
    assert bounds_sentence(0, 1) == "Choose up to 1 card."
    assert bounds_sentence(2, 2) == "Choose 2 cards."
    assert bounds_sentence(1, 1) == "Choose 1 card."
    with pytest.raises(ValueError):
        Hand().choose_several(3, 2)
    with speaking(translator_for("fr")):
        assert bounds_sentence(1, 5) == "Choisis de 1 à 5 cartes."
        assert bounds_sentence(0, 2) == "Choisis jusqu'à 2 cartes."
    with speaking(translator_for("it")):
        assert bounds_sentence(1, 1) == "Scegli 1 carta."
        assert _("This card cannot be chosen now.") == "Questa carta non si può scegliere ora."


async def test_marked_cards_show_in_ascii_and_with_faces() -> None:
    app = WidgetHost(Hand(), cards=TWELVE, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        hand.choose_several(0, 12)
        assert hand.pick("2") is None and hand.pick("=") is None
        assert marked_row(hand).count("v") == 2 and "✓" not in marked_row(hand)
    app = WidgetHost(Hand(), cards=TWELVE)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        assert hand.face is not None
        hand.choose_several(1, 5)
        hand.pick("4")
        lines = hand.render().plain.split("\n")
        assert lines[-1].count("✓") == 1
        column = lines[-1].index("✓") - 1             # the mark under the card's corner
        assert hand.card_at(column) == TWELVE[3]


# -- word choices -------------------------------------------------------------------------
def test_keys_of_words() -> None:
    assert choose_keys(["I propose", "I play"]) == ["p", "l"]
    assert choose_keys(["Je propose", "Je joue"]) == ["p", "j"]
    assert choose_keys(["Élever", "Écarter"]) == ["e", "c"]
    assert choose_keys(["I propose", "I play"], reserved="hultsrpgoq") == ["e", "a"]
    assert choose_keys(["a", "a", "a"], reserved="a") == ["1", "2", "3"]


async def test_word_choices_by_key_and_click() -> None:
    words = WordChoices([("propose", "I propose"), ("play", "I play")])
    app = WidgetHost(words)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = words.render().plain
        assert "[p] I propose" in text and "[l] I play" in text
        await pilot.press("l")
        await pilot.pause()
        assert [m.word for m in app.of(WordChoices.Chosen)] == ["play"]
        x = text.index("I propose")
        await pilot.click(WordChoices, offset=(x, 0))
        await pilot.pause()
        assert [m.word for m in app.of(WordChoices.Chosen)] == ["play", "propose"]
        await pilot.click(WordChoices, offset=(text.index("]") + len(" I propose  "), 0))
        await pilot.pause()                       # between two buttons: nothing
        assert len(app.of(WordChoices.Chosen)) == 2
        assert words.has_focus
        await pilot.press("right", "enter")
        await pilot.pause()
        assert [m.word for m in app.of(WordChoices.Chosen)][-1] == "play"


async def test_word_choices_fit_80_columns_and_wrap() -> None:
    declarations = [(w, f"Declare {w} (with a rather long explanation)")
                    for w in ("point", "sequence", "sets", "carte", "repique")]
    words = WordChoices(declarations, reserved="hultsrgoq")
    app = WidgetHost(words)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = words.render().plain.split("\n")
        assert len(lines) == words.size.height > 1
        assert all(len(line) <= 80 for line in lines)
        for word in ("point", "sequence", "sets", "carte", "repique"):
            key = words.key_of(word)
            assert key and key not in "hultsrgoq"
            assert f"[{key}] Declare {word}" in "\n".join(lines)
        await pilot.press(words.key_of("repique"))
        await pilot.pause()
        assert [m.word for m in app.of(WordChoices.Chosen)] == ["repique"]


# -- a game's own panel -------------------------------------------------------------------
async def test_game_panel_hidden_when_empty_and_literal() -> None:
    panel = GamePanel()
    app = WidgetHost(panel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not panel.display and panel.empty
        panel.show(Text("Turned up: K♥ (trumps ♥)   Stock: 22"))
        await pilot.pause()
        assert panel.display and panel.size.height == 1
        assert "Stock: 22" in panel.render_line(0).text
        panel.show("[bold]Élodie[/bold]")        # a string is shown as it is
        await pilot.pause()
        assert panel.render_line(0).text.strip() == "[bold]Élodie[/bold]"
        panel.show(Text("  "))
        await pilot.pause()
        assert not panel.display and panel.size.height == 0


async def test_word_choices_set_again_the_same_ask_no_layout() -> None:
    words = WordChoices([("propose", "I propose"), ("play", "I play")])
    app = WidgetHost(words)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        layouts: list[bool] = []
        original = words.refresh

        def refresh(*regions: object, layout: bool = False, **kwargs: object) -> object:
            layouts.append(layout)
            return original(*regions, layout=layout, **kwargs)
        words.refresh = refresh  # type: ignore[method-assign]
        words.set_choices([("propose", "I propose"), ("play", "I play")])
        assert layouts == [False]             # drawn again, the screen not laid out
        words.set_choices([("play", "I play")])
        assert layouts == [False, True]       # other words: their size may change
        await pilot.pause()
        assert "I play" in words.render().plain and "propose" not in words.render().plain
