"""The table's feel (issue 11): a finished trick stays until it is seen, looking over the
table holds the computers back, the selection makes sense, one colour per suit, the
cognac moment."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from tabletools import (
    FIXED_TIME,
    HEARTS,
    VOID_HAND,
    engine,
    open_table,
    players,
    seam_view,
    settle,
    strong_session,
    table_screen,
    text_of,
    void_session,
)

from polignac_tui.games.polignac.engine import Play, Session, preset
from polignac_tui.games.polignac.engine.cards import FULL_DECK
from polignac_tui.ui.screens.panels import DealOverBox, MatchOverBox, Overlay
from polignac_tui.ui.screens.privacy import PrivacyScreen
from polignac_tui.ui.screens.table import TableScreen


def status(app) -> str:
    return text_of(table_screen(app).query_one("#status"))


def void_deal(humans: tuple[int, ...] = (0,), must_discard_jack: bool = True) -> Session:
    """Bruno leads a heart; Ana, last to play, has none and must discard le Polignac."""
    rules = preset("classique", 4).replace(must_discard_jack=must_discard_jack)
    rest = [c for c in FULL_DECK if c not in VOID_HAND + HEARTS]
    session = Session(rules, players(humans), name="Void", created=FIXED_TIME,
                      updated=FIXED_TIME)
    session.add_deal(0, [list(VOID_HAND), list(HEARTS), rest[:8], rest[8:]])
    return session


def play_tricks(session: Session, tricks: int) -> None:
    """Play the first legal card of every seat for ``tricks`` tricks."""
    deal = session.deals[-1]
    while len(deal.tricks) < tricks:
        seat = session.turn
        assert seat is not None
        session.apply(Play(seat, session.view(seat).legal[0]))


def before_the_last_trick() -> Session:
    """Ana (every king and queen) leads the last trick of the deal."""
    session = strong_session()
    trial = copy.deepcopy(session)
    while not trial.deals[-1].over:
        play_tricks(trial, len(trial.deals[-1].tricks) + 1)
    play_tricks(session, len(trial.deals[-1].tricks) - 1)
    assert session.turn == 0
    return session


# -- point 4: a finished trick stays until you have seen it ----------------------------------
async def test_at_pace_instant_the_trick_your_card_finished_is_shown(make_app, store) -> None:
    table = open_table(store, void_deal())
    app = make_app(table=table)          # pace instant, after each trick: auto
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert screen.awaits_me() and len(screen.view().trick) == 3
        await pilot.press("enter")       # le Polignac, the last card of the trick
        await settle(pilot, lambda: screen.holding())
        # A jack fell: it stays until a key, however instant the pace.
        assert screen.state.held_until_seen
        assert "wins with" in str(screen.query_one("TrickArea").render())
        assert "Any key gathers the trick." in status(app)
        await pilot.press("space")
        await settle(pilot, lambda: screen.holding() is False)
        assert len(engine(table).deals[0].tricks) == 1


async def test_the_after_trick_setting_reaches_the_table(make_app, store, settings) -> None:
    table = open_table(store, void_deal())
    app = make_app(table=table)
    app.settings = replace(settings, after_trick="pause")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.holding())
        assert not screen.state.held_until_seen      # a pause, not a key
        assert "or wait a moment" in status(app)
        await settle(pilot, lambda: screen.holding() is False)   # it goes by itself


async def test_at_one_keyboard_who_finished_the_trick_sees_it_before_the_privacy_screen(
        make_app, store) -> None:
    table = open_table(store, void_deal(humans=(0, 3)))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await settle(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")                       # Denis is here
        await settle(pilot, lambda: screen.awaits_me() and screen.seat == 3)
        await pilot.press("enter")                       # Denis follows
        await settle(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")                       # Ana is here
        await settle(pilot, lambda: screen.awaits_me() and screen.seat == 0)
        await pilot.press("enter")                       # Ana ends the trick
        await settle(pilot, lambda: screen.holding())
        assert app.screen is screen and screen.seat == 0
        assert "wins with" in str(screen.query_one("TrickArea").render())
        await pilot.press("space")
        await settle(pilot, lambda: screen.holding() is False)


# -- point 5: looking pauses the computers; the last trick before the summary ---------------
async def test_l_on_the_last_trick_shows_it_before_the_deal_summary(make_app, store) -> None:
    table = open_table(store, before_the_last_trick())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("right", "enter")   # her last card
        await settle(pilot, lambda: screen.holding())
        await pilot.press("l")
        await settle(pilot, lambda: isinstance(app.screen, Overlay))
        assert not any(isinstance(s, DealOverBox) for s in app.screen_stack)
        assert screen.state.waiting == "hold"
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is screen)
        assert screen.state.waiting == "hold"            # still on show: no key yet
        await pilot.press("space")
        await settle(pilot, lambda: isinstance(app.screen, DealOverBox))


async def test_the_trick_log_holds_the_computers_back(make_app, store, settings) -> None:
    table = open_table(store, void_deal())               # Bruno, a computer, leads
    app = make_app(table=table)
    app.settings = replace(settings, pace="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        await pilot.press("t")
        await settle(pilot, lambda: isinstance(app.screen, Overlay))
        runner = screen.client.runner
        plays = engine(table).deals[0].plays
        assert len(plays) == 0
        # Bruno's card is ready (after the pace's delay) but held back while Ana looks.
        await settle(pilot, lambda: len(plays) > 0
                     or getattr(runner, "_pending", None) is not None, limit=5000)
        assert len(plays) == 0
        await pilot.press("escape")
        await settle(pilot, lambda: len(plays) > 0, limit=5000)
        assert isinstance(app.screen, TableScreen)


def test_the_after_trick_setting_is_saved_and_checked(tmp_path) -> None:
    from polignac_tui.config import Settings, check, load_settings, save_settings
    path = tmp_path / "settings.toml"
    save_settings(Settings(after_trick="key"), path)
    assert load_settings(path).after_trick == "key"
    assert check("after_trick", "later") == "'later' is not one of auto, key, pause"
    path.write_text('after_trick = "later"\n', encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.after_trick == "auto" and "after_trick" in (loaded.problem or "")


# -- point 6: the selection makes sense -----------------------------------------------------
async def test_a_quick_enter_on_a_new_lead_only_chooses_the_card(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        chosen = screen.query_one("Hand").selected_card
        await pilot.press("enter")
        await pilot.pause()
        assert engine(table).deals[0].plays == []       # not played by surprise
        assert "chosen: Enter plays it" in status(app)
        await pilot.press("enter")
        await settle(pilot, lambda: len(engine(table).deals[0].plays) > 0)
        assert engine(table).deals[0].plays[0] == chosen


async def test_after_moving_the_cursor_enter_plays_at_once(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = table_screen(app).query_one("Hand")
        await pilot.press("right")
        chosen = hand.selected_card
        await pilot.press("enter")
        await settle(pilot, lambda: len(engine(table).deals[0].plays) > 0)
        assert engine(table).deals[0].plays[0] == chosen


async def test_following_needs_no_second_enter(make_app, store) -> None:
    table = open_table(store, void_deal())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot, lambda: len(engine(table).deals[0].plays) == 4)
        assert engine(table).deals[0].plays[3] == "JS"


async def test_a_hint_goes_when_you_move_to_another_card(make_app, store) -> None:
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        hand = screen.query_one("Hand")
        await pilot.press("h")
        await settle(pilot, lambda: "Hint: play" in status(app), limit=5000)
        hinted = hand.selected_card
        await pilot.press("enter")                # the hint's card: played at once
        await settle(pilot, lambda: len(engine(table).deals[0].plays) > 0)
        assert engine(table).deals[0].plays[0] == hinted
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot, lambda: "Hint: play" in status(app), limit=5000)
        hinted = hand.selected_card
        await pilot.press("right")
        await pilot.pause()
        assert hand.selected_card != hinted
        assert "Hint" not in status(app)


async def test_a_turn_starts_on_the_playable_card_nearest_the_cursor(make_app, store) -> None:
    from polignac_tui.ui.cardtext import CardLook
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = table_screen(app).query_one("Hand")
        cards = ("KS", "QS", "9H", "8H", "KD", "QD", "9C")
        hand.show(cards, cards, False, CardLook())
        hand.selected = 4                                  # on K♦
        hand.show(cards, ("9H", "8H"), True, CardLook())   # hearts led
        assert hand.selected_card == "8H" and not hand.moved
        hand.selected = 0
        hand.show(cards, cards, False, CardLook())
        hand.show(cards, ("9C",), True, CardLook())
        assert hand.selected_card == "9C"


# -- point 2: one colour per suit everywhere -------------------------------------------------
def colours(text) -> set[str]:
    """The colours (as #rrggbb) of the coloured parts of ``text``."""
    from rich.style import Style
    found = set()
    for span in [*text.spans, *([] if not text.style else [None])]:
        style = text.style if span is None else span.style
        style = Style.parse(style) if isinstance(style, str) else style
        if style.color is not None:
            found.add(style.color.get_truecolor().hex)
    return found


def test_one_colour_per_suit_in_the_hand_in_sentences_and_on_the_table() -> None:
    from polignac_tui.games.polignac.tui.trick import TrickArea
    from polignac_tui.ui.cardtext import CardLook, box, face, inline
    suit_colours = set()
    for four in (False, True):
        look = CardLook(four_colour=four)
        for card in ("KS", "KH", "KD", "KC"):
            in_hand = colours(box(card, look)[1])
            in_text = colours(inline(card, look))
            on_table = colours(face(card, look)) - colours(face("KS", look))
            if in_text:   # a coloured suit: the same colour in the hand and on the table
                assert in_hand == in_text == on_table, (card, four)
                suit_colours |= in_text
            else:         # the black suits: the text's colour, black ink on a card face
                assert not in_hand and not on_table
        assert colours(inline("KD", look)) == colours(inline("KH", look)) or four
    assert len(suit_colours) == 3                                # red, blue, green
    # The backs of the others' cards are in none of the suits' colours.
    session = strong_session()
    area = TrickArea()
    backs = area._block(session.view(0), 1, 18)[1]
    assert colours(backs) and not colours(backs) & suit_colours


async def test_the_suit_led_is_in_its_colour_in_the_status(make_app, store, settings) -> None:
    from polignac_tui.ui.cardtext import BLUE, RED
    table = open_table(store, void_deal())
    app = make_app(table=table)
    app.settings = replace(settings, four_colour=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = table_screen(app)._status_for(table_screen(app).view())
        assert "Bruno led ♥" in line.plain
        assert RED in colours(line) and BLUE not in colours(line)


# -- point 3: the cognac moment --------------------------------------------------------------
async def test_the_cognac_is_a_moment_and_the_legend_stands_under_the_table(
        make_app, store, finish) -> None:
    import io

    from rich.console import Console

    from polignac_tui.games.polignac.tui.cognac import glass
    from polignac_tui.ui.cardtext import CardLook
    from polignac_tui.ui.screens.panels import MatchOverBox
    session = strong_session(limit=5)
    table = open_table(store, finish(session, seed=3))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MatchOverBox))
        screen = app.screen
        assert isinstance(screen, MatchOverBox)
        box = screen.query_one("#overlay-box")
        assert box.region.y >= 0 and box.region.bottom <= 24
        console = Console(width=76, record=True, file=io.StringIO(), color_system=None)
        console.print(screen.query_one("#overlay-box Static").content)
        lines = console.export_text().splitlines()
        # The glass and the words side by side: who pays beside its bowl.
        loser = engine(table).players[engine(table).losers[0]].name
        top = next(i for i, line in enumerate(lines) if "The session is over" in line)
        assert "╭─────╮" in lines[top]                 # the words beside the glass's rim
        beside = " ".join(line.split("  ", 2)[-1] for line in lines[top:top + 6])
        assert (loser in beside or "You" in beside) and "cognac" in beside
        assert sum(1 for line in lines if "≈≈≈" in line or "▓▓▓" in line) == 2
    assert all(ch.isascii() for ch in glass(CardLook(ascii=True)).plain)



# -- point 8: words that fit the moment ------------------------------------------------------
async def test_void_in_the_suit_led_the_status_says_any_card_and_keeps_its_height(
        make_app, store) -> None:
    table = open_table(store, void_deal(must_discard_jack=False))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = status(app)
        assert "no ♥: you may play any card" in line and "follow suit" not in line
        assert table_screen(app).query_one("#status").region.height == 2   # never jumps


def test_a_failed_generale_is_said_on_the_trick_that_failed_it_only() -> None:
    from polignac_tui.games.base import Gathered
    from polignac_tui.ui.cardtext import CardLook
    from polignac_tui.ui.gameface import Seating, face_of
    face = face_of("polignac")
    view = seam_view(strong_session(), 0)
    won, lost = Gathered(0, ("KS", "7S", "8S", "9S"), 0), Gathered(0, ("7H", "KH", "8H", "9H"), 1)
    declared = replace(view, game_part={**view.game_part, "declarer": 0})

    def note(tricks: tuple[Gathered, ...], of: object = declared) -> str:
        shown = face.status_note(replace(of, tricks=tricks), Seating(view.names, 0),  # type: ignore[type-var]
                                 CardLook())
        return "" if shown is None else shown.plain
    assert "La générale has failed" in note((won, lost))
    assert "La générale has failed" not in note((won, lost, won))
    assert "La générale has failed" not in note((won,))
    assert "La générale has failed" not in note((won, lost), view)


# -- point 7: the score panel shows the deal in play -----------------------------------------
def test_the_side_scores_show_the_deal_in_play_and_the_totals_if_it_ended_now() -> None:
    from polignac_tui.games.polignac.engine.cards import jack_points
    from polignac_tui.games.polignac.tui.scores import compact
    session = strong_session(first_trick_penalty=True)
    deal = session.deals[-1]
    while not any(c[0] == "J" for t in deal.tricks for c in t.cards):
        seat = session.turn
        session.apply(Play(seat, session.view(seat).legal[0]))
    taken = sum(jack_points(c) for c in session.view(0).jacks_taken[0]) + 1  # + the 1st trick
    assert taken >= 2
    rows = compact(seam_view(session, 0)).plain.splitlines()
    assert rows[0] == "Scores · deal 1"
    ana = next(r for r in rows if r.startswith("Ana"))
    assert ana.split()[1:] == ["0", f"+{taken}", f"={taken}"]
    assert "=N if it ended now" in rows


# -- issue 27, point 1: every score table shows the deal in play, local or served -------------
def _full_rows(view, ascii: bool = False) -> list[str]:
    import io

    from rich.console import Console

    from polignac_tui.games.polignac.tui.scores import full
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(full(view, ascii=ascii))
    return console.export_text().splitlines()


def test_the_full_score_table_shows_the_deal_in_play_here_and_over_the_wire() -> None:
    """The wide side column and the ``s`` table (the full table) showed the deal in play
    as a row of ``·``: its jacks taken so far were nowhere. The view a served table sends
    over the wire carries them (the codec drops nothing): both show ``+N``."""
    import json

    from polignac_tui.games.base import View
    from polignac_tui.games.polignac import GAME, PolignacMatch
    from polignac_tui.games.polignac.engine.cards import jack_points
    from polignac_tui.games.polignac.viewpart import part_of
    from polignac_tui.service.protocol import encode
    session = strong_session()
    deal = session.deals[-1]
    while not any(c[0] == "J" for t in deal.tricks for c in t.cards):
        seat = session.turn
        session.apply(Play(seat, session.view(seat).legal[0]))
    local = PolignacMatch.of(GAME, session).view(0)
    served = View.from_json(json.loads(encode(local.to_json())))     # the game wire's view
    assert served == local and part_of(served) == part_of(local)
    taken = [sum(jack_points(c) for c in jacks) for jacks in part_of(local).jacks_taken]
    assert any(taken)
    for view in (local, served):
        for ascii in (False, True):
            rows = [r.replace("|", " ").split() for r in _full_rows(view, ascii)]
            cells = next(r for r in rows if r and r[0].startswith("1"))
            assert cells[0] == ("1." if ascii else "1·")
            assert [c for c in cells[1:] if c.startswith("+")] == [f"+{n}" for n in taken]


# -- issue 27, point 6: every end says which key goes on ---------------------------------------
async def test_the_end_of_a_session_names_the_key_that_goes_on(make_app, store, settings) -> None:
    """The last trick of the session waits for a key: the status line said "The session is
    over." and no key; it names the key, and that key brings the final scores."""
    settings.after_trick = "key"
    session = strong_session(end="deals", limit=1)
    while sum(session.view(0).cards_left) > 1:      # one card left: a computer's or Ana's
        seat = session.turn
        session.apply(Play(seat, session.view(seat).legal[0]))
    app = make_app(table=open_table(store, session))
    async with app.run_test(size=(80, 24)) as pilot:
        def over_and_held() -> bool:
            screen = table_screen(app)
            return (screen.view().outcome is not None and screen.state is not None
                    and screen.state.held is not None)
        await settle(pilot, until=lambda: over_and_held() or table_screen(app).awaits_me())
        if not over_and_held():
            await pilot.press("enter")                # Ana plays the last card
            await settle(pilot, until=over_and_held)
        await pilot.pause()
        words = status(app)
        assert "The session is over." in words and "Any key shows the final scores." in words
        await pilot.press("x")
        await settle(pilot, until=lambda: isinstance(app.screen, MatchOverBox))


# -- issue 27, point 2: nothing covers your hand at your turn ----------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_no_notice_lies_over_the_hand_at_your_turn(make_app, store, size) -> None:
    """"Seat handed over…" (and the lobby's "Keep your code") lay over the hand while it
    was the player's turn: notices go where they hide neither the hand, nor the status
    line, nor a card on the table."""
    from textual.widgets._toast import Toast

    from polignac_tui.ui.widgets.hand import Hand
    from polignac_tui.ui.widgets.trick import TrickArea
    app = make_app(table=open_table(store, strong_session()))
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert screen.awaits_me()
        app.notify("A computer plays for Bruno until they come back.",
                   title="Seat handed over", timeout=30)
        app.notify("Your code is 4417: with your name, it takes your seat back after a "
                   "reload.", title="Keep your code", timeout=30)
        await settle(pilot, until=lambda: len(app.screen.query(Toast)) == 2)
        await pilot.pause()
        toasts = [t.region for t in app.screen.query(Toast)]
        assert all(t.area for t in toasts)
        hand = screen.query_one(Hand).region
        status_line = screen.query_one("#status").region
        trick = screen.query_one(TrickArea).region
        for toast in toasts:
            assert not toast.overlaps(hand) and not toast.overlaps(status_line)
            assert not toast.overlaps(trick)


# -- issue 27, point 3: the jack's trick stays in words while the others play ------------------
async def test_a_jacks_trick_stays_in_the_status_line_while_the_others_play(
        make_app, store, monkeypatch) -> None:
    from polignac_tui.table import pace
    monkeypatch.setitem(pace.PACE_DELAY, "instant", 3600.0)    # the computer never plays
    session = void_session()          # Bruno leads a heart; Ana must throw a jack on it
    for _ in range(40):
        seat = session.turn
        if seat is None:
            break
        session.apply(Play(seat, session.view(seat).legal[0]))
        view = session.view(0)
        if (not view.trick and view.tricks and session.turn != 0
                and any(c[0] == "J" for c in view.tricks[-1].cards)):
            break
    else:
        raise AssertionError("the deal never came to a computer's lead after a jack")
    if session.turn in (None, 0):
        raise AssertionError("no jack fell before a computer's lead")
    last = view.tricks[-1]
    app = make_app(table=open_table(store, session))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(app)
        await settle(pilot, until=lambda: screen.state is not None
                     and screen.state.held is not None)
        await pilot.press("x")                                  # the trick on show: seen
        await settle(pilot, until=lambda: screen.state is not None
                     and screen.state.held is None and screen.state.thinking is not None)
        await pilot.pause()
        words = status(app)
        assert "is thinking" in words and "Last trick (l):" in words
        assert view.names[last.winner] in words.split("Last trick (l):")[1]


async def test_the_card_chosen_on_a_lead_is_said_when_the_prompt_is_long(
        make_app, store, monkeypatch) -> None:
    """A long note before the prompt (at 80 columns, a trick's jacks told: 'Last trick
    (l): Ana wins with Q♥ and takes J♥  Your turn: you lead…'): the first Enter's note
    still shows, else that Enter seems to do nothing (the doors benchmark waited for it)."""
    from rich.text import Text
    table = open_table(store, strong_session())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        long_note = Text("Last trick (l): Bruno wins with Q♥ and takes J♥ and J♦")
        monkeypatch.setattr(screen.face, "status_note", lambda *_args: long_note)
        screen.refresh_table()
        await pilot.pause()
        assert "takes J♥" in status(app) and "you lead" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "chosen: Enter plays it" in status(app)
        assert engine(table).deals[0].plays == []       # only chosen
