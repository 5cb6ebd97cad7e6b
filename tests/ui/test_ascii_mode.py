"""ASCII mode: not one character outside ASCII on any screen, at 80x24 (glyphs, arrows,
scrollbars, borders, dashes, accents)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from textual.screen import Screen
from textual.widgets import Select

from polignac_tui.config import Settings
from polignac_tui.games.polignac.tui import scenes as shots
from polignac_tui.store.folder import SessionStore

SIZE = (80, 24)


def screen_text(app: Any) -> str:
    """The text of the whole screen as drawn (from the SVG screenshot: public API)."""
    svg = app.export_screenshot(title="ascii")
    runs = re.findall(r"<text\b[^>]*>(.*?)</text>", svg, flags=re.S)
    return "\n".join(html.unescape(run).replace("\xa0", " ") for run in runs)


def non_ascii(app: Any) -> str:
    """The characters outside ASCII on the screen (empty when there are none)."""
    return "".join(sorted({c for c in screen_text(app) if not c.isascii()}))


def check(app: Any, where: str, found: dict[str, str]) -> None:
    glyphs = non_ascii(app)
    if glyphs:
        found[where] = glyphs


async def keys(pilot: Any, *names: str) -> None:
    for name in names:
        await pilot.press(name)
        await pilot.pause(0.05)
    await pilot.pause(0.2)


def app_on(tmp_path: Path, start: str, ascii: bool = True) -> Any:
    from polignac_tui.ui.app import CardGamesApp
    store = SessionStore(tmp_path / "sessions")
    settings = Settings(name="Ana", pace="instant", ascii=ascii)
    if start == "home":
        shots.fill_store(store)   # names with accents, a finished session, a damaged file
        return CardGamesApp(settings, store, seed=shots.SEED)
    return CardGamesApp(settings, store, start="resume", resume_id=shots.table_session(store),
                       seed=shots.SEED)


async def test_screens_around_the_table_are_plain_ascii(tmp_path: Path) -> None:
    app = app_on(tmp_path, "home")
    found: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        check(app, "home", found)
        await keys(pilot, "n")
        check(app, "new session", found)
        app.screen.query_one("#new-session").scroll_end(animate=False)
        await pilot.pause(0.1)
        check(app, "new session, its end (buttons)", found)
        await keys(pilot, "escape", "o")
        check(app, "settings", found)
        await keys(pilot, "escape", "s")
        check(app, "saved sessions", found)
        await keys(pilot, "d")
        check(app, "delete a saved session?", found)
        await keys(pilot, "n", "escape", "question_mark")
        check(app, "help", found)
        await keys(pilot, "escape", "r")
        check(app, "rules", found)
    assert found == {}


async def test_table_screens_are_plain_ascii(tmp_path: Path) -> None:
    app = app_on(tmp_path, "table")
    found: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await shots.to_mid_trick(pilot, app)
        check(app, "table", found)
        await keys(pilot, "s")
        check(app, "score table", found)
        await keys(pilot, "escape", "r")
        check(app, "rules panel", found)
        await keys(pilot, "escape")
        await shots.to_summary(pilot, app)
        check(app, "deal summary", found)
    assert found == {}


async def test_ascii_chosen_in_settings_applies_at_once(tmp_path: Path) -> None:
    app = app_on(tmp_path, "home", ascii=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "o")
        assert non_ascii(app)   # glyphs, before
        app.screen.query_one("#ascii", Select).value = True
        await pilot.pause(0.2)
        assert non_ascii(app) == ""
        await keys(pilot, "escape", "n")
        assert non_ascii(app) == ""


def test_scrollbar_thumb_is_drawn_with_a_character() -> None:
    """Without colour (NO_COLOR) a thumb of blanks would not show: it is made of "#"."""
    from polignac_tui.ui.asciimode import AsciiScrollBarRender
    for position, where in ((0, 0), (40, 4), (80, 8)):
        bar = AsciiScrollBarRender.render_bar(size=10, virtual_size=100, window_size=20,
                                              position=position)
        cells = "".join(segment.text for segment in bar.segments)
        assert cells.isascii() and len(cells) == 10
        assert cells[where:where + 2] == "##" and cells.count("#") == 2
        assert set(cells) == {"#", ":"}


def test_text_in_ascii() -> None:
    from polignac_tui.ui.asciimode import ascii_cells, ascii_words
    assert ascii_cells("Inès — J♠ ▼") == "Ines - JS v"
    assert ascii_words("la générale… §8") == "la generale... section 8"
    assert ascii_cells("日本") == "????"   # two cells each: the layout does not move


async def test_the_table_footer_names_its_card_keys_per_mode(make_app, store) -> None:
    """The card keys' labels follow ASCII mode switched while the table is open: the
    screen's ``ASCII_KEYS`` through ``App.get_key_display`` (public API), arrows again
    once it is off; other screens keep the app's words for the same keys."""
    from tabletools import open_table, settle, strong_session, table_screen
    from textual.binding import Binding

    from polignac_tui.ui.screens.table import TableScreen

    app = make_app(table=open_table(store, strong_session()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        keys = {b.key: b for b in TableScreen.BINDINGS if isinstance(b, Binding)}

        def shown() -> list[str]:
            return [app.get_key_display(keys[k]) for k in ("left", "right", "enter")]

        assert shown() == ["←", "→", "⏎"]
        app.settings.ascii = True
        app.apply_settings()
        screen.refresh_table()
        await pilot.pause()
        assert shown() == ["<-", " ->", "Enter"]
        assert "<-" in screen_text(app) and "←" not in screen_text(app)
        app.settings.ascii = False
        app.apply_settings()
        screen.refresh_table()
        await pilot.pause()
        assert shown() == ["←", "→", "⏎"]
        assert "←" in screen_text(app)
        app.settings.ascii = True
        app.apply_settings()
        await app.push_screen(HelpLikeScreen())
        assert app.get_key_display(keys["left"]) == "left"    # the app's word elsewhere


class HelpLikeScreen(Screen[None]):
    """A screen without ASCII labels of its own."""
