"""Home: the menu, Continue first when an unfinished session exists, navigation."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from polignac_tui.ui.screens.help import HelpScreen
from polignac_tui.ui.screens.home import HomeScreen
from polignac_tui.ui.screens.new_session import NewSessionScreen
from polignac_tui.ui.screens.rules import RulesScreen
from polignac_tui.ui.screens.saved import SavedScreen
from polignac_tui.ui.screens.settings import SettingsScreen


async def home_ready(pilot) -> None:
    """Home has read the newest files (in its thread) and shown what it found."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def menu_ids(app) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def test_home_without_sessions_starts_with_new(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert menu_ids(app) == ["new_session", "saved", "rules", "settings", "help", "quit"]
        keys = {b.binding.key for b in app.screen.active_bindings.values()}
        assert "c" not in keys or not app.screen.check_action("continue", ())
        await pilot.press("c")  # nothing to continue: stays home
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_continue_is_first_when_an_unfinished_session_exists(make_app, saved,
                                                                    session_maker) -> None:
    saved(session_maker(name="Friday"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        assert menu_ids(app)[0] == "continue"
        info = str(app.screen.query_one("#continue-info", Static).render())
        assert info.startswith("Continue: Friday (deal 1")
        await pilot.press("c")
        await pilot.pause()
        from polignac_tui.ui.screens.table import TableScreen
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) == 1 and tables[0].client.table.session.name == "Friday"


async def test_finished_session_gives_no_continue(make_app, saved, session_maker,
                                                  finish) -> None:
    saved(finish(session_maker()))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        assert "continue" not in menu_ids(app)


async def test_keys_open_each_screen_and_escape_comes_back(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen in (("n", NewSessionScreen), ("s", SavedScreen), ("r", RulesScreen),
                            ("o", SettingsScreen), ("question_mark", HelpScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen), key


async def test_menu_enter_opens_the_highlighted_choice(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # Saved sessions
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)


async def test_quit_key_exits(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def wait_for_palette_results(app, pilot) -> None:
    """Wait until the palette's (debounced, asynchronous) search has shown a result."""
    from textual.command import CommandList

    for _ in range(200):
        await pilot.pause(0.02)
        if app.screen.query_one(CommandList).option_count:
            return
    raise AssertionError("the command palette showed no result")


async def test_command_palette_offers_the_main_actions(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"saved sessions")
        await wait_for_palette_results(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)


async def test_too_small_terminal_shows_a_message_and_recovers(make_app) -> None:
    from polignac_tui.ui.screens.too_small import TooSmallScreen
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-message", Static).render())
        assert "at least 80×23" in text and "now 60×20" in text
        await pilot.resize_terminal(70, 30)
        await pilot.pause()
        text = str(app.screen.query_one("#too-small-message", Static).render())
        assert "now 70×30" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_keys_typed_while_quitting_open_nothing(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        from polignac_tui.ui.screens.saved import SavedScreen as Saved
        app.exit()
        app.push_screen(Saved())  # as a key typed ahead of the exit would
        await pilot.pause()
    assert app.return_code == 0


async def test_continue_skips_finished_and_damaged_newer_files(make_app, saved, store,
                                                                session_maker, finish) -> None:
    import os
    older = saved(session_maker(name="Older"), first_human="Ana")
    newer = saved(finish(session_maker(seed=9, name="Done")), first_human="Bruno")
    damaged = store.root / "20261102-0000-zoe.toml"
    damaged.write_text("[[[", encoding="utf-8")
    for age, path in ((300, store.path(older)), (200, store.path(newer)), (100, damaged)):
        os.utime(path, (1_900_000_000 - age, 1_900_000_000 - age))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        assert app.unfinished_id() == older
        assert menu_ids(app)[0] == "continue"


async def test_continue_names_the_players_and_the_generale_question(make_app, saved,
                                                                     session_maker) -> None:
    session = session_maker(preset_name="generale")
    assert session.current is not None and session.current.phase == "generale"
    saved(session)
    app = make_app()
    async with app.run_test(size=(110, 30)) as pilot:   # room for the whole line
        await home_ready(pilot)
        info = str(app.screen.query_one("#continue-info", Static).render())
        asked = session.players[session.turn].name
        assert info.startswith("Continue: Ana vs Bruno, Claire, Denis (deal 1, limit ")
        assert info.endswith(f", {asked} to declare or pass la générale)")
        assert "-ana" not in info  # the raw file id is not shown


async def test_repeated_c_on_a_session_open_here_gives_one_message(make_app, saved, store,
                                                                    session_maker) -> None:
    session_id = saved(session_maker(name="Friday"))
    held = store.lock(session_id)  # as a table of this app that is still closing
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c", "c", "c", "c")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            messages = [n.message for n in app._notifications]
            assert len([m for m in messages if "already open" in m]) == 1
    finally:
        held.release()


async def test_the_newest_files_are_read_off_the_ui_thread(make_app, saved, store,
                                                           session_maker,
                                                           monkeypatch) -> None:
    """Home answers keys while the newest files are still being read (a slow disk, a
    crafted file), and shows Continue once they are (issue 15, point 4)."""
    import threading
    saved(session_maker(name="Friday"))
    release = threading.Event()
    readers: list[threading.Thread] = []
    latest = type(store).latest_unfinished

    def held(self, scan: int, prefer: str | None = None):
        readers.append(threading.current_thread())
        release.wait(10)  # released below; bounded if the test fails first
        return latest(self, scan, prefer)

    monkeypatch.setattr(type(store), "latest_unfinished", held)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            assert readers and threading.main_thread() not in readers
            assert "continue" not in menu_ids(app)  # not known yet
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)  # keys answered meanwhile
            await pilot.press("escape")
        finally:
            release.set()
        await home_ready(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert menu_ids(app)[0] == "continue"
        assert threading.main_thread() not in readers


async def test_continue_offers_the_session_just_left(make_app, saved, store,
                                                     session_maker) -> None:
    import os

    from tabletools import settle
    older = saved(session_maker(name="Older"), first_human="Ana")
    newer = saved(session_maker(seed=9, name="Newer"), first_human="Bruno")
    os.utime(store.path(older), (1_900_000_000 - 300, 1_900_000_000 - 300))
    os.utime(store.path(newer), (1_900_000_000 - 100, 1_900_000_000 - 100))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        assert app.unfinished_id() == newer            # the newest file, at first
        assert app.resume(older)
        await settle(pilot)
        app.go_home()
        # the file just left may not be the newest (nothing played, or a clock moved)
        os.utime(store.path(older), (1_900_000_000 - 300, 1_900_000_000 - 300))
        assert app.unfinished_id() == older
        app.screen.refresh_menu()
        info = ""
        for _ in range(200):
            await pilot.pause(0.01)
            info = str(app.screen.query_one("#continue-info", Static).render())
            if info.startswith("Continue: Older ("):
                break
        assert info.startswith("Continue: Older (")


async def test_the_continue_line_of_eight_players_fits_the_screen(make_app, saved,
                                                                  session_maker) -> None:
    names = tuple(f"{n} de la Tour" for n in ("Anastasia", "Bartholomew", "Clementine",
                                            "Dorothea", "Evangeline", "Ferdinand",
                                            "Gwendolyn", "Hieronymus"))
    saved(session_maker(names=names))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        info = app.screen.query_one("#continue-info", Static)
        text = str(info.render())
        assert text.startswith("Continue: Anast")
        assert "…" in text and text.endswith(" to play)")   # names shortened, state whole
        assert len(text) <= info.content_region.width
