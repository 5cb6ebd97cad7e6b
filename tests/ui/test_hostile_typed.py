"""Names typed (or pasted) in the forms: one maximum length, printable characters only
(issue 15, point 5), the same limits as the files are read with."""

from __future__ import annotations

import pytest
from polignac_file import MAX_SESSION_NAME, load_session, save_session
from textual.widgets import Input, Static

from polignac_tui.games.polignac.engine.session import MAX_NAME
from polignac_tui.store import SaveError
from polignac_tui.ui.screens.new_session import NewSessionScreen


async def test_new_session_refuses_unprintable_and_long_names(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewSessionScreen)
        assert form.query_one("#session-name", Input).max_length == MAX_SESSION_NAME
        assert form.field("seat-name-0", Input).max_length == MAX_NAME
        form.query_one("#session-name", Input).value = "Friday\x1b[2Jnight"  # pasted
        await pilot.pause()
        shown = str(form.query_one("#problems", Static).render())
        assert "session name must be at most" in shown
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and store.entries() == []
        form.query_one("#session-name", Input).value = "Friday night"
        form.field("seat-name-1", Input).value = "Bru\x07no"
        await pilot.pause()
        shown = str(form.query_one("#problems", Static).render())
        assert "Seat 2: the name 'Bru\\x07no' is not 1 to 24 printable characters." in shown
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and store.entries() == []


def test_the_store_never_writes_a_name_it_could_not_read(store, session_maker) -> None:
    session = session_maker(name="n" * (MAX_SESSION_NAME + 1))
    session.id = store.new_id("", "Ana")
    with pytest.raises(SaveError, match=f"at most {MAX_SESSION_NAME}"):
        save_session(store, session)
    assert not store.root.exists() or list(store.root.iterdir()) == []
    session.name = "n" * MAX_SESSION_NAME
    save_session(store, session)
    assert load_session(store, session.id).name == session.name
