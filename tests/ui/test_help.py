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
    from polignac_tui.ui.app import CardGamesApp
    app = CardGamesApp(Settings(name="Ana"), store, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        shown = app.export_screenshot()  # the visible part: Everywhere and Home
        assert "down" in shown and "choose&#160;from&#160;the&#160;menu" in shown
        assert not set(shown) & {"↑", "↓", "←", "→"}


def test_the_help_lists_only_keys_that_do_something_there() -> None:
    found = dict(sections())
    generale = dict(found["La générale question"])
    assert {"d", "p", "q/esc"} <= set(generale)   # q and Esc go Home, as at the table
    assert "saved" in generale["q/esc"]


def test_the_ends_of_a_deal_and_of_the_match_say_their_keys() -> None:
    """Every game: Esc or space closes the box (the finished table stays), Enter or n
    deals the next; at the match's end Enter leaves. One box for all: Polignac has no
    summary of its own any more."""
    found = dict(sections())
    deal = dict(found["End of a deal"])
    assert "close the box" in deal["esc / space"]
    assert "next deal" in deal["enter / n"]
    match = dict(found["End of the match"])
    assert "close the box" in match["esc / space"] and "back home" in match["enter"]
    assert not any(title.startswith("Deal summary") for title in found)


def test_what_one_says_at_ecarte_and_piquet_is_listed() -> None:
    found = dict(sections())
    piquet = dict(found["Piquet: what you say"])
    assert "your point, your sequence, your sets" in piquet["p / e / i"]
    assert "declare" in piquet["d"] and "talon" in piquet["[ ]"]
    ecarte = found["Écarté: what you say"]
    said = " ".join(text for _keys, text in ecarte)
    for word in ("I propose", "I play", "I accept", "I refuse", "I mark the king"):
        assert word in said
    table = dict(found["Table"])
    assert "s" in table and "once the match is over" not in table["s"]   # one row for s
    assert "l" in table and "last trick" in table["l"]                    # every game's


async def test_the_help_in_italian_says_piquet(make_app) -> None:
    app = make_app(lang="it")
    async with app.run_test(size=(80, 24)):
        titles = [title for title, _rows in sections()]
        assert "Piquet: cosa dici" in titles
        assert "Tavolo" in titles
        assert not any("Picchetto" in title for title in titles)
