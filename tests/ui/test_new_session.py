"""New session: presets fill the settings, problems are explained inline, start opens a table."""

from __future__ import annotations

from polignac_file import engine_of
from textual.widgets import Input, Select, Static

from polignac_tui.ui.screens.new_session import NewSessionScreen


def problems(app) -> str:
    widget = app.screen.query_one("#problems", Static)
    return str(widget.render()) if widget.display else ""


async def open_form(app, pilot) -> NewSessionScreen:
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, NewSessionScreen)
    return app.screen


async def test_defaults_come_from_settings_and_are_valid(make_app, settings) -> None:
    settings.default_preset = "english"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        assert form.field("preset", Select).value == "english"
        assert form.field("set-ace_high", Select).value is True
        assert form.field("set-end", Select).value == "deals"
        assert form.field("set-limit", Input).value == "8"  # 2 deals per player, 4 players
        assert form.field("seat-name-0", Input).value == "Ana"
        assert problems(app) == ""


async def test_changing_preset_and_players_updates_settings(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("preset", Select).value = "italiana"
        await pilot.pause()
        assert form.field("set-limit", Input).value == "10"
        form.field("set-end", Select).value = "deals"
        await pilot.pause()
        form.field("players", Select).value = 6
        await pilot.pause()
        assert form.field("set-limit", Input).value == "12"
        assert form.field("seat-5").display
        assert not form.field("seat-6").display


async def test_empty_and_duplicate_names_are_explained(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("seat-name-1", Input).value = ""
        await pilot.pause()
        assert "Seat 2: a player needs a name." in problems(app)
        form.field("seat-name-1", Input).value = "ana"
        await pilot.pause()
        assert "Seat 2: the name 'ana' is already taken by seat 1." in problems(app)
        assert "already taken" in str(form.field("seats-error", Static).render())


async def test_limit_out_of_range_is_explained_and_start_refused(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("set-limit", Input).value = "0"
        await pilot.pause()
        assert "Limit: a whole number from 1 to 1000." in problems(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        assert store.entries() == []


async def test_no_human_is_explained(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("seat-kind-0", Select).value = "hard"
        await pilot.pause()
        assert "At least one seat must be human" in problems(app)
        form.field("seat-kind-2", Select).value = "human"
        await pilot.pause()
        assert problems(app) == ""
        assert form.choices() == ["hard", "medium", "human", "medium"]


async def test_typing_a_name_by_keyboard(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("seat-name-0", Input).focus()
        await pilot.press("ctrl+u", *"Zoé")
        await pilot.pause()
        assert form.field("seat-name-0", Input).value == "Zoé"
        assert problems(app) == ""


async def test_start_creates_the_session_and_opens_the_table(make_app, store) -> None:
    from polignac_tui.ui.screens.table import TableScreen
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("players", Select).value = 5
        form.field("set-generale", Select).value = True
        form.query_one("#session-name", Input).value = "Dimanche"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) == 1  # (la générale is on: its question shows over the table)
        entries = store.entries()
        assert len(entries) == 1
        session = engine_of(entries[0])
        assert session is not None and session.name == "Dimanche"
        assert [p.name for p in session.players] == ["Ana", "Bruno", "Claire", "Denis",
                                                     "Élodie"]
        assert session.rules.generale and session.rules.preset == "classique"
        tables[0].client.table.close()


async def test_changes_from_the_preset_are_listed(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        note = form.query_one("#differences", Static)
        assert str(note.render()) == "As in the preset Classique (FR)."
        form.field("set-ace_high", Select).value = True
        form.field("set-limit", Input).value = "30"
        await pilot.pause()
        assert str(note.render()) == ("Changed from Classique (FR): Ranking: A K Q J 10 9 8 7; "
                                      "Limit: 30.")
        # In French the list's separator takes its space (" ; "), as every other ";" does.
        from polignac_tui.i18n import translator_for
        app.set_language(translator_for("fr"))
        form.validate()
        await pilot.pause()
        assert " ; Limite : 30." in str(note.render()), str(note.render())


async def test_fast_typing_after_deleting_keeps_every_key(make_app) -> None:
    from textual import events
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        field = form.field("seat-name-0", Input)
        field.focus()
        await pilot.pause()
        for key in ["end", *["backspace"] * 8, *"Hello"]:  # one burst, as from tmux
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        await pilot.pause()
        assert field.value == "Hello"
        assert form.names()[0] == "Hello"


async def test_several_humans_cannot_keep_the_name_you(make_app, settings) -> None:
    settings.name = "You"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        assert problems(app) == ""  # one human may well be "You"
        form.field("seat-kind-1", Select).value = "human"
        await pilot.pause()
        assert ("Seat 1: with several people at the table, give each one their name, "
                "not 'You'.") in problems(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        form.field("seat-name-0", Input).value = "Zoé"
        await pilot.pause()
        assert problems(app) == ""


async def test_changing_the_preset_keeps_the_optional_variants(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("set-jack_guard", Select).value = True
        form.field("set-last_trick_penalty", Select).value = True
        form.field("set-ace_high", Select).value = True  # part of the presets
        await pilot.pause()
        form.field("preset", Select).value = "generale"
        await pilot.pause()
        assert form.field("set-jack_guard", Select).value is True
        assert form.field("set-last_trick_penalty", Select).value is True
        assert form.field("set-ace_high", Select).value is False
        assert form.field("set-generale", Select).value is True
        note = str(form.query_one("#differences", Static).render())
        assert note.startswith("Changed from La générale") and "Jack guard" in note


def in_view(form: NewSessionScreen, widget) -> bool:
    """The whole of ``widget`` is inside the form's visible part."""
    scroller = form.query_one("#new-session")
    return (widget.region.height > 0 and scroller.region.contains_region(widget.region))


async def test_eight_seats_and_the_end_fit_80x24_without_scrolling(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("players", Select).value = 8
        form.field("set-end", Select).value = "deals"   # the longer explanation
        for _ in range(5):
            await pilot.pause()
        assert form.query_one("#new-session").max_scroll_y == 0
        for name in ("#polignac-preset", "#polignac-players", "#polignac-seat-name-7",
                     "#polignac-set-end", "#polignac-set-limit", "#session-name", "#start",
                     "#more"):
            assert in_view(form, form.query_one(name)), name
        assert not form.field("set-ace_high").region.height   # behind More settings


async def test_more_settings_are_one_key_away_each_with_its_explanation(make_app) -> None:
    from polignac_tui.games.polignac.engine.rules import SETTING_HELP
    from polignac_tui.games.polignac.tui.face import FACE
    more = FACE.form_more
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        await pilot.press("m")
        for _ in range(5):
            await pilot.pause()
        first = form.field(f"set-{more[0]}", Select)
        assert first.has_focus and in_view(form, first)
        shown = [str(w.render()) for w in form.query("#polignac-more .field-help")]
        assert shown == [SETTING_HELP[name] for name in more]


async def test_a_problem_is_shown_by_its_field_in_view_and_the_toast_expires(make_app) -> None:
    app = make_app()
    toasts: list[dict] = []
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.field("players", Select).value = 8
        await pilot.pause()
        await pilot.press("m")            # the form scrolled down to the more settings
        for _ in range(5):
            await pilot.pause()
        form.field("seat-name-6", Input).value = "ana"
        await pilot.pause()
        real = app.notify

        def notify(*args, **kwargs):
            toasts.append(kwargs)
            return real(*args, **kwargs)
        app.notify = notify
        await pilot.press("ctrl+s")
        for _ in range(5):
            await pilot.pause()
        seat = form.field("seat-name-6", Input)
        error = form.field("seats-error", Static)
        assert seat.has_focus
        assert "Seat 7: the name 'ana' is already taken by seat 1." in str(error.render())
        assert in_view(form, error) and in_view(form, seat)
        assert toasts and all(0 < t.get("timeout", 0) <= 5 for t in toasts)


async def test_a_change_in_flight_when_the_form_starts_is_no_crash(make_app) -> None:
    """A field changed, then ctrl+s before the validation it asked for ran: the form is
    gone by then, and the late validation does nothing (over SSH it was a traceback)."""
    from polignac_tui.ui.screens.table import TableScreen
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        form.validate_soon()          # as a Select's change does
        form.action_start()           # ctrl+s in the same moment
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert not form.is_attached
