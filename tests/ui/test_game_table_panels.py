"""What the table of a game of the seam shows besides the play: the end of the match
(Écarté's value and the ices), a hint worded, the rules built from the game's settings,
the trick log, the help and the palette."""

from __future__ import annotations

from gametools import act, game_screen, game_table, settle, status, word_key
from tabletools import text_of

from polignac_tui.games import get_game
from polignac_tui.games.session import SeatPlayer
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.screens.help import HelpScreen
from polignac_tui.ui.screens.panels import Overlay
from polignac_tui.ui.widgets.hand import Hand


def overlay_text(app) -> str:
    return " ".join(text_of(app.screen.query_one("Static")).split())


async def test_the_end_of_an_ecarte_match_says_its_value_and_who_buys_the_ices(
        make_app, store) -> None:
    """Seed 5 turns up a king for Bruno, the dealer: with a target of 1 that point wins
    the game at once, a treble (Ana has nothing), and Ana buys the ices."""
    game = get_game("ecarte")
    table = GameTable.create(store, "ecarte", game.settings("classique", {"target": 1}),
                             ["Ana", "Bruno"], [SeatPlayer(True), SeatPlayer(False, "easy")],
                             seed=5)
    assert table.session.finished
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, Overlay)
        shown = overlay_text(app)
        assert "Bruno wins a treble game (1-0)." in shown
        assert "You buy the ices." in shown
        assert "+1 Bruno: the king turned up" in shown      # the deal's points, worded
        assert "Final table" in shown                        # then every deal
        assert "Enter goes back home." not in shown          # the frame says the keys
        assert str(app.screen.query_one("#overlay-box").border_subtitle) == \
            "Esc or Space: close · Enter: Home"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, Overlay)
        from polignac_tui.ui.screens.home import HomeScreen
        assert isinstance(app.screen, HomeScreen)


async def test_a_hint_is_worded_in_the_players_words(make_app, store, monkeypatch) -> None:
    from polignac_tui.games.ecarte import players
    monkeypatch.setattr(players, "advise", lambda view, rng: ("propose", "weak_hand"),
                        raising=False)
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot, until=lambda: "Conseil" in status(app))
        assert "Conseil : Je propose" in status(app)


async def test_a_hint_names_the_card_and_selects_it(make_app, store, monkeypatch) -> None:
    from polignac_tui.games.ecarte import players

    def advise(view, rng):
        return (view.choice.cards[-1], "") if hasattr(view.choice, "least") is False and \
            hasattr(view.choice, "cards") else ("play", "")

    monkeypatch.setattr(players, "advise", advise, raising=False)
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(word_key(app, "play"))
        await settle(pilot)
        view = game_screen(app).view()
        await pilot.press("h")
        await settle(pilot, until=lambda: "Hint" in status(app))
        card = view.choice.cards[-1]
        assert status(app).startswith("Hint: play")
        assert game_screen(app).query_one(Hand).selected_card == card


async def test_the_rules_come_from_the_games_settings(make_app, store) -> None:
    table = game_table(store, "piquet", seed=5, both_human=True, preset="cent")
    app = make_app(game_table=table, lang="it")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if not isinstance(app.screen, Overlay):
            await pilot.press("enter")            # the privacy screen
            await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, Overlay)
        shown = overlay_text(app)
        assert "Piquet a cento" in shown
        assert "Fine del gioco: a un limite di punti" in shown and "Limite: 100" in shown
        assert "?" not in shown and "younger_must_exchange" not in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, Overlay)


async def test_the_trick_log_lists_the_tricks_of_the_deal(make_app, store) -> None:
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(word_key(app, "play"))
        await settle(pilot)
        for _step in range(3):
            await act(pilot)
            await settle(pilot)
        tricks = table.session.match.view(0).game_part["tricks"]
        assert tricks
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, Overlay)
        shown = overlay_text(app)
        assert "Won by" in shown and "Ana" in shown and "Bruno" in shown
        assert ("1 " in shown) and (len(tricks) < 2 or "2 " in shown)


async def test_help_and_palette_open_from_the_table(make_app, store) -> None:
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        # the one table's entry, its keys read from the shared screen's bindings
        shown = " ".join(text_of(w) for w in app.screen.query("Static"))
        assert "Table" in shown and "the last trick" in shown
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        from textual.command import CommandPalette
        assert isinstance(app.screen, CommandPalette)


async def test_the_experts_hint_with_its_reason(make_app, store) -> None:
    """The real expert (games' advise): the action in the player's words and its reason."""
    from polignac_tui.games.ecarte.tui import HINTS
    from polignac_tui.i18n import speaking, translator_for
    table = game_table(store, "ecarte", seed=4)
    app = make_app(game_table=table, lang="it")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot, until=lambda: "Consiglio" in status(app))
        said = status(app)
        with speaking(translator_for("it")):
            reasons = [str(translator_for("it").gettext(text)) for text in HINTS.values()]
        assert said.startswith("Consiglio: Propongo") or said.startswith("Consiglio: Gioco")
        assert any(reason in said for reason in reasons)


async def test_piquet_against_a_computer(make_app, store) -> None:
    """Piquet's computer players: Ana's exchange, the computer's, the declarations and
    the first tricks, "you" in the words."""
    table = game_table(store, "piquet", seed=3, level="medium")
    app = make_app(game_table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _step in range(12):
            await settle(pilot)
            if len(table.session.match.view(0).game_part.get("tricks", [])) >= 2:
                break
            await act(pilot, prefer=("look",))
        else:
            raise AssertionError("never reached the second trick")
        actions = table.session.match.log[0].actions
        assert sum(a.startswith("discard") for a in actions) == 2
        assert sum(a.startswith("declare") for a in actions) == 2
        from gametools import panel
        assert "You" in panel(app) and "Deal 1 of 6" in panel(app)
