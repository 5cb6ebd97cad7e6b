"""The table of a game of the seam (issues 25 and 26, point 2): Écarté against a computer
and Piquet between two people at one keyboard, played by keys at a real ``GameTable`` on
a temporary store (seeded, pace instant)."""

from __future__ import annotations

import pytest
from gametools import (
    act,
    game_screen,
    game_table,
    panel,
    play_until,
    settle,
    status,
    word_key,
)
from tabletools import text_of

from polignac_tui.games.base import CardChoice, CardsChoice, WordChoice
from polignac_tui.ui.screens.panels import Overlay
from polignac_tui.ui.screens.privacy import PrivacyScreen
from polignac_tui.ui.screens.table import TableScreen
from polignac_tui.ui.widgets.hand import Hand, key_for
from polignac_tui.ui.widgets.words import WordChoices

# Seed 4: Ana is the elder (Bruno deals) and Bruno (easy) accepts her proposal.
ECARTE_SEED = 4


async def test_a_whole_ecarte_deal_is_played_by_keys(make_app, store) -> None:
    """Propose, the exchange (cards marked by their keys, Enter), five tricks, the end of
    the deal with each player's points, and Enter deals the next."""
    table = game_table(store, "ecarte", seed=ECARTE_SEED)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        words = screen.query_one(WordChoices)
        assert words.display and "I propose" in words.labels and "I play" in words.labels
        done: list[str] = []
        for _step in range(40):
            if isinstance(app.screen, Overlay):
                break
            done.append(await act(pilot, prefer=("propose", "accept")))
            await settle(pilot)
        else:
            raise AssertionError("the deal never ended")
        assert done[0] == "propose"
        assert any(a.startswith("discard") for a in done)
        actions = table.session.match.log[0].actions
        assert actions[:2] == ("propose", "accept")
        assert actions[2].startswith("discard ")          # Ana's, by keys
        # the end of the deal: each player's points of the deal and the totals
        shown = text_of(app.screen.query_one("Static"))
        assert "Deal 1 is over" in app.screen.query_one("#overlay-box").border_title
        assert "Ana" not in shown and "You" in shown and "Bruno" in shown
        await pilot.press("enter")
        await settle(pilot)
        assert game_screen(app).view().deal_number == 2
        assert len(table.session.match.log) == 2


async def test_as_the_dealer_ana_accepts_by_its_key_and_exchanges(make_app, store) -> None:
    """Seed 2: Ana deals, Bruno proposes; "I accept" by its key, then her exchange (the
    dealer may keep her cards: Enter with none marked), and the deal goes on."""
    table = game_table(store, "ecarte", seed=2)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        words = game_screen(app).query_one(WordChoices)
        assert words.labels == ("I accept", "I refuse")
        assert "Bruno proposes an exchange." in status(app)
        await pilot.press(word_key(app, "accept"))
        await settle(pilot)
        choice = game_screen(app).view().choice
        if not isinstance(choice, CardsChoice):          # Bruno's exchange comes first
            raise AssertionError(f"expected a discard, not {choice}")
        assert choice.least == 0
        await pilot.press("enter")
        await settle(pilot)
        actions = table.session.match.log[0].actions
        assert actions[:2] == ("propose", "accept")
        assert actions[2].startswith("discard ") and actions[3] == "discard"


async def test_an_illegal_card_is_refused_with_its_reason(make_app, store) -> None:
    """Écarté's forcing rule (classique): a card that does not win when one could is
    refused, the rule named, and the card stays in the hand."""
    for seed in range(1, 30):
        table = game_table(store, "ecarte", seed=seed)
        app = make_app(game_table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            for _step in range(30):
                await settle(pilot)
                if isinstance(app.screen, Overlay):
                    break
                view = game_screen(app).view()
                choice = view.choice
                if isinstance(choice, CardChoice) and view.trick:
                    wrong = [c for c in view.hand if c not in choice.cards]
                    same = [c for c in wrong if c[1] == view.trick[0][1][1]]
                    if same:              # a lower card of the suit led: forcing
                        key = key_for(view.hand.index(same[0]))
                        await pilot.press(key, key)
                        await pilot.pause()
                        await settle(pilot)
                        said = status(app)
                        assert said.startswith("Not ")
                        assert "the forcing rule" in said
                        assert same[0] in game_screen(app).view().hand
                        assert game_screen(app).view().choice == choice
                        return
                await act(pilot, prefer=("play", "refuse"))
        table.close()
    raise AssertionError("no seed gave a card refused by the forcing rule")


async def test_quit_and_resume_at_the_same_point(make_app, store) -> None:
    """q goes home (the session saved, its lock released); open_game_session resumes it at
    the same moment: the same hand, the same phase, the same stock."""
    table = game_table(store, "ecarte", seed=ECARTE_SEED)
    session_id = table.session.id
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(word_key(app, "propose"))
        await settle(pilot)
        before = game_screen(app).view()
        assert isinstance(before.choice, CardsChoice)      # Bruno accepted: discard now
        await pilot.press("q")
        await pilot.pause()
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert table.closed
        assert app.open_game_session(session_id)
        await settle(pilot)
        after = game_screen(app).view()
        assert after.hand == before.hand and after.choice == before.choice
        assert after.game_part["stock"] == before.game_part["stock"]
        assert after.game_part["phase"] == "discard_elder"
        assert "I propose" not in game_screen(app).query_one(WordChoices).labels


async def test_undo_takes_back_the_persons_last_action(make_app, store) -> None:
    table = game_table(store, "ecarte", seed=ECARTE_SEED)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(word_key(app, "propose"))
        await settle(pilot)
        assert table.session.match.history
        await pilot.press("u")
        await settle(pilot)
        view = game_screen(app).view()
        assert view.game_part["phase"] == "propose"
        assert isinstance(view.choice, WordChoice) and "propose" in view.choice.words
        assert "taken back" in status(app)


async def test_piquet_exchange_and_declarations_at_one_keyboard(make_app, store) -> None:
    """Two people at one keyboard: the elder's exchange, the privacy screen, the younger's,
    her look at the talon, then the declarations said one combination at a time and
    answered (good, not good, equal) in the panel."""
    table = game_table(store, "piquet", seed=5, both_human=True)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        seen_privacy = 0
        for _step in range(16):
            await settle(pilot)
            if isinstance(app.screen, PrivacyScreen):
                seen_privacy += 1
                await pilot.press("enter")
                continue
            view = game_screen(app).view()
            if view.game_part.get("phase") == "play":
                break
            choice = view.choice
            if isinstance(choice, CardsChoice):
                hand = game_screen(app).query_one(Hand)
                await pilot.press(key_for(0))
                assert hand.marked == (view.hand[0],)
                await pilot.press(key_for(0))          # a second press unmarks it
                assert hand.marked == ()
            await act(pilot, prefer=("look",))
        else:
            raise AssertionError("never reached the play")
        assert seen_privacy >= 1
        actions = table.session.match.log[0].actions
        assert actions[0].startswith("discard ") and actions[1].startswith("discard ")
        assert actions[2] == "look"
        assert actions[3].startswith("declare") and actions[4].startswith("declare")
        shown = panel(app)
        assert "Point of" in shown
        assert any(word in shown for word in ("Good.", "Not good.", "Equal."))
        assert "Talon: 0" in shown or "Talon" in shown


async def test_piquet_declare_toggles_words_before_confirming(make_app, store) -> None:
    table = game_table(store, "piquet", seed=5, both_human=True)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _step in range(10):
            await settle(pilot)
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
                continue
            choice = game_screen(app).view().choice
            if isinstance(choice, WordChoice) and choice.verb == "declare":
                break
            await act(pilot, prefer=("nolook",))
        else:
            raise AssertionError("never asked to declare")
        words = game_screen(app).query_one(WordChoices)
        assert words.words[-1] == "=declare"
        first = set(choice.words)                          # the elder: all held, marked
        assert "point" in first and game_screen(app)._toggled == first

        def marked() -> bool:
            return any(label.startswith("✓") and "Point" in label for label in words.labels)
        assert marked()
        await pilot.press(word_key(app, "point"))          # toggled off
        await pilot.pause()
        assert not marked()
        await pilot.press(word_key(app, "point"))          # and on again
        for word in first - {"point"}:
            await pilot.press(word_key(app, word))         # the others off
        await pilot.pause()
        assert marked()
        await pilot.press(word_key(app, "=declare"))
        await settle(pilot)
        assert table.session.match.log[0].actions[-1] == "declare point"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("game", ["ecarte", "piquet"])
async def test_80x24_fits_in_each_language(make_app, store, lang, game) -> None:
    """Every part of the table lies inside 80×24: the header, the trick, the panel, the
    status, the word buttons on one line, the hand of 5 or 12 cards, the footer."""
    table = game_table(store, game, seed=ECARTE_SEED, both_human=game == "piquet")
    app = make_app(game_table=table, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = game_screen(app)
        for selector in ("#info", "#trick", "#side", "#status", "Hand", "Footer"):
            region = screen.query_one(selector).region
            assert region.height > 0, selector
            assert region.right <= 80 and region.bottom <= 24, (selector, region)
        hand = screen.query_one(Hand)
        assert hand.region.height == 5 and len(hand.cards) == (5 if game == "ecarte" else 12)
        assert hand.region.bottom <= 23
        # the turn's choice: Écarté's words on one line; Piquet's discard in the hand
        words = screen.query_one(WordChoices)
        if game == "ecarte":
            assert words.display and words.region.height == 1
        assert screen.query_one("#trick").region.height >= 12


async def test_no_color_marks_a_discard_without_colour(make_app, store, monkeypatch) -> None:
    """NO_COLOR: the cards marked for a discard are raised with a mark under them, a cue
    that is not a colour."""
    monkeypatch.setenv("NO_COLOR", "1")
    table = game_table(store, "ecarte", seed=ECARTE_SEED)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.look.colour is False and screen.look.jacks is False
        await pilot.press(word_key(app, "propose"))
        await settle(pilot)
        await pilot.press(key_for(1))
        await pilot.pause()
        hand = screen.query_one(Hand)
        assert hand.marked == (hand.cards[1],)
        lines = hand.render().plain.split("\n")
        assert "✓" in lines[-1] and "✓" not in "\n".join(lines[:-1])
        assert "Your turn" in status(app) and "discard" in status(app)


async def test_piquet_calls_come_one_at_a_time_one_s_own_answers_at_once(make_app, store,
                                                                          settings) -> None:
    """At a pace other than instant, the declarations are told a line at a time, but what
    the seat at the keyboard says itself is there at once: the younger's answers, as
    soon as she declares, each under its call; the calls shown stay in their order."""
    from polignac_tui.games.piquet.tui import FACE
    settings.pace = "slow"            # two seconds a line: room on a loaded machine
    table = game_table(store, "piquet", seed=5, both_human=True)
    app = make_app(game_table=table)

    def told() -> list[str]:
        """The dialogue's lines in the panel (a line a speaker, wrapped ones joined)."""
        shown = panel(app).replace("\n  ", " ").split("\n")
        return [line for line in shown if line.startswith(("Ana: ", "Bruno: "))]

    async with app.run_test(size=(120, 36)) as pilot:
        await play_until(pilot, lambda view: view.game_part.get("phase") == "declare_younger",
                         prefer=("nolook",))
        elder = table.session.match.log[0].actions[3].split()[1:]
        assert len(elder) >= 2, "a seed where the elder declares two kinds or more"
        await settle(pilot, until=lambda: len(told()) == len(elder))
        calls = told()
        await act(pilot)
        await pilot.pause()
        screen = game_screen(app)
        assert len(told()) == FACE.talk_lines(screen.view()) >= 2 * len(elder)
        assert told()[0] == calls[0] and told()[2] == calls[1]
        caller = calls[0].split(":")[0]
        assert not any(line.startswith(caller) for line in told()[1::2][:len(elder)])


async def test_the_king_of_trumps_is_marked_by_its_key(make_app, store) -> None:
    """mark_king = ask: with the king of trumps in hand before her first card, Ana has a
    button "I mark the king" beside her cards; its key marks it and scores the point."""
    table = game_table(store, "ecarte", seed=12, mark_king="ask")   # Ana holds K♦, trumps ♦
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(word_key(app, "play"))
        await settle(pilot)
        words = game_screen(app).query_one(WordChoices)
        assert words.labels == ("I mark the king",)
        assert isinstance(game_screen(app).view().choice, CardChoice)
        await pilot.press(word_key(app, "king"))
        await settle(pilot)
        assert table.session.match.totals == (1, 0)
        assert "+1 You: the king of trumps" in panel(app)     # the mark, said once
        assert " You                1 (+1)" in panel(app)
        assert not words.has_class("-shown")


async def test_enter_plays_the_card_beside_the_kings_button(make_app, store) -> None:
    """With "I mark the king" beside the cards, ←/→ and Enter stay the cards': Enter plays
    the selected card, it does not mark the king."""
    table = game_table(store, "ecarte", seed=12, mark_king="ask")
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(word_key(app, "play"))
        await settle(pilot)
        hand = game_screen(app).query_one(Hand)
        await pilot.press("right")
        card = hand.selected_card
        await pilot.press("enter")
        await settle(pilot)
        actions = table.session.match.log[0].actions
        assert actions[:2] == ("play", card)
        assert table.session.match.totals == (0, 0)


async def test_a_failed_save_is_said_and_q_asks_twice(make_app, store, monkeypatch) -> None:
    """A full disk: the status says the session is not saved; q says what leaving loses,
    a second q leaves (ctrl+q the same)."""
    from polignac_tui.store.folder import SessionStore
    from polignac_tui.ui.screens.home import HomeScreen
    disk = {"full": False}
    real = SessionStore.save_game

    def save_game(self, session):
        if disk["full"]:
            raise OSError(28, "No space left on device")
        return real(self, session)

    monkeypatch.setattr(SessionStore, "save_game", save_game)
    table = game_table(store, "ecarte", seed=ECARTE_SEED)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk["full"] = True
        await pilot.press(word_key(app, "propose"))
        await settle(pilot)
        assert status(app).startswith("Could not save (the game goes on):")
        assert "No space left on device" in status(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "NOT saved" in status(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
