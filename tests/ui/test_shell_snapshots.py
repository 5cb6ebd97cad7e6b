"""Snapshots of the screens around the table: home, new session, saved sessions, help,
settings, rules, too-small terminal. Seeded, fixed dates, temporary folders, no animation.

Update after a deliberate change of the look with ``pytest tests/ui --snapshot-update``.
"""

from __future__ import annotations

from tabletools import listed

from polignac_tui.games.polignac.tui.scenes import fill_store

SMALL = (80, 24)
LARGE = (120, 36)


async def home_ready(pilot) -> None:
    """Home has read the newest files (in its thread) and shown what it found."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def press(pilot, *keys: str) -> None:
    await pilot.pause()
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def test_home(snap_compare, make_app, store) -> None:
    fill_store(store)
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=home_ready)


def test_home_large(snap_compare, make_app, store) -> None:
    fill_store(store)
    assert snap_compare(make_app(), terminal_size=LARGE, run_before=home_ready)


def test_home_first_time(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SMALL)


def test_new_session(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SMALL, press=["n"])


def test_new_session_with_problems(snap_compare, make_app) -> None:
    async def run_before(pilot) -> None:
        await press(pilot, "n")
        app = pilot.app
        app.screen.field("seat-name-2").value = "bruno"
        app.screen.field("set-limit").value = "5000"
        await press(pilot)
        app.screen.query_one("#problems").scroll_visible(animate=False)
        await press(pilot)
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=run_before)


def test_new_session_large(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=LARGE, press=["n"])


def saved_then(*keys: str):
    """Open the saved sessions, wait for the list (read in a thread), then ``keys``."""
    async def run_before(pilot) -> None:
        await press(pilot, "s")
        await listed(pilot)
        await press(pilot, *keys)
    return run_before


def test_saved_sessions(snap_compare, make_app, store) -> None:
    fill_store(store)
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=saved_then())


def test_saved_sessions_damaged_row(snap_compare, make_app, store) -> None:
    fill_store(store)
    assert snap_compare(make_app(), terminal_size=SMALL,
                        run_before=saved_then("down", "down", "down"))


def test_delete_confirmation(snap_compare, make_app, store) -> None:
    fill_store(store)
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=saved_then("d"))


def test_help(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SMALL, press=["question_mark"])


def test_help_large(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=LARGE, press=["question_mark"])


async def settings_steady(pilot) -> None:
    """Settings, its text cursor steady (a blinking one is drawn or not by the clock)."""
    from textual.widgets import Input
    await pilot.press("o")
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def test_settings(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=settings_steady)


def test_rules_from_home(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SMALL, press=["r"])


def test_too_small(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=(60, 20))


def test_home_ascii(snap_compare, make_app, settings) -> None:
    settings.ascii = True
    assert snap_compare(make_app(), terminal_size=SMALL)
