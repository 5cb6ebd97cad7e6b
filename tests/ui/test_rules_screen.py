"""Rules from Home: the rules of the chosen preset and number of players, in words."""

from __future__ import annotations

from textual.widgets import Select

from polignac_tui.ui.screens.rules import RulesScreen


def shown_text(screen: RulesScreen) -> str:
    from textual.widgets import Static
    return "\n".join(str(w.render()) for w in screen.query_one("#rules-body").query(Static))


async def test_preset_and_players_change_the_rules_shown(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        before = shown_text(screen)
        assert "Ranking: K Q J A 10 9 8 7" in before and "4 players" in before
        screen.query_one("#rules-preset", Select).value = "english"
        screen.query_one("#rules-players", Select).value = 5
        await pilot.pause()
        text = shown_text(screen)
        assert "Ranking: A K Q J 10 9 8 7" in text and "5 players" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)
