"""Help lists every key of every screen, read from the screens' own bindings."""

from __future__ import annotations

from textual.widgets import Static

from polignac_tui.ui.screens.help import HelpScreen, help_text, sections
from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.saved import SavedScreen


def test_every_home_and_saved_binding_is_listed() -> None:
    text = help_text()
    for screen in (HomeScreen, SavedScreen):
        for binding in screen.BINDINGS:
            assert (binding.tooltip or binding.description) in text, binding  # type: ignore
    for title in ("Everywhere", "Home", "Table", "New session", "Saved sessions", "Settings"):
        assert f"{title}[/]" in text


SCREENS_SHOWN = sections()


async def test_help_opens_with_question_mark_and_closes_with_escape(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = app.screen.query_one("#help").query(Static)
        assert any(str(w.render()) == "Saved sessions" for w in shown)
        assert len(app.screen.query(".help-keys")) == len(SCREENS_SHOWN)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


def test_keys_of_one_action_share_a_row() -> None:
    assert "n / esc" in help_text() and "no, keep it" in help_text()


async def test_ascii_mode_help_has_no_arrows(store) -> None:
    from polignac_tui.config import Settings
    from polignac_tui.ui.app import PolignacApp
    app = PolignacApp(Settings(name="Ana"), store, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        shown = app.export_screenshot()  # the visible part: Everywhere and Home
        assert "down" in shown and "choose&#160;from&#160;the&#160;menu" in shown
        assert not set(shown) & {"↑", "↓", "←", "→"}


def test_the_help_lists_only_keys_that_do_something_there() -> None:
    found = dict(sections())
    generale = dict(found["La générale question"])
    assert "esc" not in generale            # esc only repeats the keys already shown
    assert {"d", "p", "q"} <= set(generale)
