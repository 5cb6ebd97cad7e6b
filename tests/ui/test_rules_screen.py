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


async def test_a_wrapped_line_of_a_list_keeps_its_indent(make_app) -> None:
    from textual.widgets import Static
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        panel = app.screen.query_one("#rules-body")
        bullets = list(panel.query(".rules-bullet").results(Static))
        bodies = list(panel.query(".rules-body").results(Static))
        assert len(bullets) == len(bodies) > 10
        wrapped = [b for b in bodies if b.region.height > 1]
        assert wrapped, "at 80 columns some rules take more than one line"
        for bullet, body in zip(bullets, bodies, strict=True):
            # the whole body, its second line too, starts right of the bullet
            assert body.region.x == bullet.region.right
            assert bullet.region.width == 3
