"""500 random keys, sent fast, in each main screen never crash the app (issue 15, point 9).

Seeded: the same keys on every run. Keys are sent in bursts straight to the driver (no wait
for idle between the keys of a burst, as a fast typist or a held key does), then the app is
let settle. Keys that quit are left out; everything else goes, the command palette too.
"""

from __future__ import annotations

import importlib
import random
import time
import unicodedata

import pytest
from textual import events
from textual.app import REPLACED_KEYS, _get_unicode_name_from_key

SEED = 9
KEYS = 500
BURST = 10
BATCH = 250  # keys sent before the screen is opened again (if the keys left it)
NAMED = [
    "up", "down", "left", "right", "pageup", "pagedown", "home", "end",
    "space", "backspace", "delete", "ctrl+z", "ctrl+a", "ctrl+e", "ctrl+k", "ctrl+u",
    "ctrl+w", "insert", "ctrl+l", "ctrl+pagedown", "ctrl+pageup",
]
# Keys that open a screen or move the focus cost a layout each (a tenth of a second on a
# busy machine): rarer, so that the test stays well under a minute.
RARE = ["tab", "shift+tab", "ctrl+p", "f1", "question_mark", "ctrl+s", "escape", "enter",
        "n", "s", "r", "o", "c"]
LETTERS = "abdefghijklmptuvwxyz0123456789"  # no q: it quits from Home; n, s, r, o, c
# open screens from Home: rare keys
SCREENS = ["home", "new_session", "saved", "settings", "rules", "table"]


def random_keys(rng: random.Random, count: int) -> list[str]:
    keys = []
    for _ in range(count):
        draw = rng.random()
        keys.append(rng.choice(RARE) if draw < 0.04 else
                    rng.choice(NAMED) if draw < 0.6 else rng.choice(LETTERS))
    return keys


def send(app, key: str) -> None:
    """What a terminal sends for ``key``, straight to the driver (no waiting)."""
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)


async def hammer(app, pilot, keys: list[str]) -> int:
    """Send ``keys``; how many were sent before the app stopped (the palette can quit it)."""
    for start in range(0, len(keys), BURST):
        for key in keys[start:start + BURST]:
            send(app, key)
        await pilot.pause()
        if not app.is_running:
            return start + BURST
    return len(keys)


SCREEN_CLASSES = {"home": "home.HomeScreen", "new_session": "new_session.NewSessionScreen",
                  "saved": "saved.SavedScreen", "settings": "settings.SettingsScreen",
                  "rules": "rules.RulesScreen",
                  "table": "polignac_tui.ui.screens.table.TableScreen"}


async def go(app, pilot, screen: str) -> None:
    """Open ``screen`` unless the keys before left the app on it (opening New session
    costs more than a hundred keys)."""
    module, name = SCREEN_CLASSES[screen].rsplit(".", 1)
    if "." not in module:
        module = f"polignac_tui.ui.screens.{module}"
    wanted = getattr(importlib.import_module(module), name)
    if isinstance(app.screen, wanted):
        return
    if screen == "table":
        if not any(isinstance(s, wanted) for s in app.screen_stack):
            app.go_home()
            assert app.start_quick("classique", 4)
    elif screen == "home":
        app.go_home()
    else:
        await app.run_action(f"app.{screen}")
    await pilot.pause()


def close_tables(app) -> None:
    from polignac_tui.ui.screens.table import TableScreen

    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            screen.client.close()


@pytest.mark.parametrize("screen", SCREENS)
async def test_500_random_keys_never_crash(make_app, screen: str) -> None:
    started = time.process_time()
    rng = random.Random(f"{SEED}/{screen}")
    sent = 0
    while sent < KEYS:  # a key can quit (the palette's "Quit"): a new app for the rest
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:  # raises what the app raised
            while sent < KEYS and app.is_running:
                await go(app, pilot, screen)
                sent += await hammer(app, pilot, random_keys(rng, BATCH))
            close_tables(app)
        assert app.return_code in (None, 0)
    spent = time.process_time() - started
    print(f"{screen}: {KEYS} keys in {spent:.1f} s of CPU")


# -- the races found, one by one (each failed on Textual 8.2.8 before the guards) ----------

async def test_page_down_right_after_ctrl_p(make_app) -> None:
    """ctrl+p then PageDown in one burst: the palette's list had no size yet (KeyError)."""
    from textual.command import CommandPalette

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            for key in ("ctrl+p", "pagedown", "pageup", "pagedown"):
                send(app, key)
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
            await pilot.press("escape")
            assert app.is_running


async def test_palette_taken_down_while_it_searches(make_app, monkeypatch) -> None:
    """The palette popped (Home) just after letters, many times: its search and its
    countdowns never outlive it (NoMatches: 'CommandList'). The countdowns are made
    immediate, so that they fall in the short moment the palette is being taken down."""
    from textual.command import CommandPalette

    monkeypatch.setattr(CommandPalette, "_NO_MATCHES_COUNTDOWN", 0.001)
    monkeypatch.setattr(CommandPalette, "_BUSY_COUNTDOWN", 0.001)
    rng = random.Random(3)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(25):
            await app.run_action("app.settings")
            await pilot.pause()
            send(app, "ctrl+p")
            for _ in range(rng.randrange(0, 6)):
                send(app, rng.choice("zqxw"))
            for _ in range(rng.randrange(0, 3)):
                await pilot.pause()
            app.go_home()
            await pilot.pause()
        assert app.is_running


async def test_a_search_ending_after_the_palette_list_is_gone_does_not_fail(make_app) -> None:
    """The palette popped with its screen, its search ending after its list was taken
    down (seen once in 1,359 tests on a loaded machine): showing the list does nothing."""
    from textual.command import CommandList

    from polignac_tui.ui.guards import Palette

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        send(app, "ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, Palette)
        await palette.query_one(CommandList).remove()
        palette._list_visible = not palette._list_visible   # what the search's end does
        await pilot.pause()
        assert app.is_running and app._exception is None


def test_the_palette_countdowns_the_guard_stops_still_exist() -> None:
    """``guards.Palette`` stops two private countdowns by name: if Textual renames them,
    this fails (instead of the guard failing when a player dismisses the palette)."""
    from textual.command import CommandPalette

    from polignac_tui.ui.guards import PALETTE_COUNTDOWN_STOPS, PALETTE_GUARDED

    for name in (*PALETTE_COUNTDOWN_STOPS, *PALETTE_GUARDED):
        assert callable(getattr(CommandPalette, name, None)), name
