"""Talk at the table screen: ' opens the talk line (Enter says it, Esc closes it, 1 to 5
on an empty line say a quick phrase in the player's language), " shows every line and
mutes a person, a line heard shows in the status area, lines are shown literally, a
refusal is said in the bar, and a table in this process has no talk at all.

A seeded local table plays the game; its client talks as a served table's does (its own
line comes back, a sixth line is refused ``say_too_fast``): the pictures stay the same
from run to run. Talk over a real service: tests/service/test_talk.py."""

from __future__ import annotations

from typing import Any

from tabletools import settle, table_screen
from test_table_snapshots import seated

from polignac_tui.service.client import ServiceError
from polignac_tui.table.gamerunner import LocalGameClient
from polignac_tui.table.talk import Said, TalkRoom
from polignac_tui.ui.widgets.talk import TalkBar, TalkPanel

SMALL = (80, 24)
LARGE = (120, 36)


class TalkingClient(LocalGameClient):
    """A local table that talks as a served one: one's own line comes back at once, and
    the sixth line is refused as the service refuses it."""

    def __init__(self, table: Any) -> None:
        super().__init__(table, pace="instant")
        self.talk = TalkRoom()
        self.sent: list[str] = []

    async def say(self, text: str) -> None:
        self.sent.append(text)
        if len(self.sent) > 5:
            raise ServiceError("say_too_fast", "at most 5 lines in 10 seconds: wait a moment",
                               (("count", 5), ("seconds", 10)))
        self.talk.hear(Said("Ana", 0, text, mine=True))


def plain(widget: Any) -> str:
    """What a Static (or the Static in a panel) shows, as plain text."""
    from textual.widgets import Static
    static = widget if isinstance(widget, Static) else widget.query_one(Static)
    content = static.content
    return content.plain if hasattr(content, "plain") else str(content)


async def talking_table(pilot: Any, store: Any) -> TalkingClient:
    client = TalkingClient(seated(store))
    pilot.app.open_game_client(client)
    await settle(pilot)
    return client


async def type_text(pilot: Any, text: str) -> None:
    for char in text:
        await pilot.press(char)


async def test_a_table_of_this_process_has_no_talk(make_app, store) -> None:
    app = make_app(table=seated(store))
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert not screen.query(TalkBar) and not screen.query(TalkPanel)
        assert screen.check_action("talk", ()) is False
        assert screen.check_action("talk_panel", ()) is False
        shown = {b.action for _, b, enabled, _ in screen.active_bindings.values()
                 if b.show and enabled}
        assert "talk" not in shown
        await pilot.press("apostrophe", "quotation_mark")
        await pilot.pause()
        assert app.screen is screen


async def test_a_line_typed_is_said_with_enter_and_esc_closes_the_line(make_app,
                                                                      store) -> None:
    app = make_app()
    async with app.run_test(size=LARGE) as pilot:
        client = await talking_table(pilot, store)
        screen = table_screen(app)
        bar = screen.query_one(TalkBar)
        hand = len(client.view().hand)
        assert not bar.display or not bar.is_open
        # One person and computers: Undo is in the Footer, ' (still a key) is not.
        shown = {b.action for _, b, enabled, _ in screen.active_bindings.values()
                 if b.show and enabled}
        assert "undo" in shown and "talk" not in shown
        await pilot.press("apostrophe")
        await pilot.pause()
        assert bar.is_open and app.focused is bar.query_one("Input")
        await type_text(pilot, "[bold]x[/] 12")     # digits in a line are words, not cards
        await pilot.press("enter")
        await pilot.pause()
        assert client.sent == ["[bold]x[/] 12"]
        assert not bar.is_open and len(client.view().hand) == hand
        panel = screen.query_one(TalkPanel)
        assert panel.display and "Ana: [bold]x[/] 12" in plain(panel)   # literally
        # Esc closes the line and says nothing; the table stays.
        await pilot.press("apostrophe")
        await type_text(pilot, "never mind")
        await pilot.press("escape")
        await pilot.pause()
        assert not bar.is_open and client.sent == ["[bold]x[/] 12"]
        assert app.screen is screen
        # Open again: empty.
        await pilot.press("apostrophe")
        await pilot.pause()
        assert bar.query_one("Input").value == ""


async def test_quick_phrases_in_the_players_language(make_app, store) -> None:
    app = make_app(lang="fr")
    async with app.run_test(size=SMALL) as pilot:
        client = await talking_table(pilot, store)
        for key in "12345":
            await pilot.press("apostrophe", key)
            await pilot.pause()
        assert client.sent == ["Bien joué !", "Bravo", "Aïe", "Bonne chance", "Merci"]
        bar = table_screen(app).query_one(TalkBar)       # no panel at 80×24: said there
        assert plain(bar.query_one("#talk-note")) == "Ana: Merci"
        # The sixth line, too fast: said in the bar, in French.
        await pilot.press("apostrophe", "1")
        await pilot.pause()
        assert bar.has_class("-error")
        assert "5 lignes" in plain(bar.query_one("#talk-note"))


async def test_a_line_heard_shows_in_the_status_area_and_a_person_is_muted(make_app,
                                                                           store) -> None:
    from polignac_tui.ui.screens.talk import TalkScreen
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        client = await talking_table(pilot, store)
        screen = table_screen(app)
        bar = screen.query_one(TalkBar)
        hand_region = screen.query_one("#hand").region
        client.talk.hear(Said("Bruno", 1, "[red]loud[/red] [link=x]y[/link]"))
        await pilot.pause()
        assert bar.display and bar.has_class("-note")
        assert plain(bar.query_one("#talk-note")) == "Bruno: [red]loud[/red] [link=x]y[/link]"
        assert not bar.region.overlaps(hand_region)
        assert screen.query_one("#hand").region.height == hand_region.height

        await pilot.press("quotation_mark")
        await pilot.pause()
        talk = app.screen
        assert isinstance(talk, TalkScreen)
        assert "1 Bruno" in plain(talk.query_one("#talk-mute"))
        await pilot.press("1")
        await pilot.pause()
        assert "(muted)" in plain(talk.query_one("#talk-mute"))
        assert "loud" not in plain(talk.query_one(TalkPanel))
        client.talk.hear(Said("Bruno", 1, "still talking"))
        client.talk.hear(Said("Claire", None, "a watcher"))
        await pilot.pause()
        lines = plain(talk.query_one(TalkPanel))
        assert "still talking" not in lines and "Claire: a watcher" in lines
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        client.talk.hear(Said("Bruno", 1, "muted, not shown"))
        await pilot.pause()
        assert "muted" not in plain(bar.query_one("#talk-note"))
        # Heard again: his lines (kept) are back.
        await pilot.press("quotation_mark", "2")   # Claire spoke second: her key is 2
        await pilot.pause()
        assert "Claire (muted)" in plain(app.screen.query_one("#talk-mute"))
        assert "a watcher" not in plain(app.screen.query_one(TalkPanel))
        await pilot.press("2", "1")
        await pilot.pause()
        assert "(muted)" not in plain(app.screen.query_one("#talk-mute"))
        await pilot.pause()
        lines = plain(app.screen.query_one(TalkPanel))
        assert "still talking" in lines and "muted, not shown" in lines


def talk_lines(client: TalkingClient) -> None:
    client.talk.hear(Said("Bruno", 1, "Bonne chance à tous"))
    client.talk.hear(Said("Ana", 0, "Merci [bold]Bruno[/]", mine=True))
    client.talk.hear(Said("Zoé", None, "I watch: " + "long words " * 12))


def test_the_talk_panel_at_120x36(snap_compare, make_app, store) -> None:
    async def run_before(pilot: Any) -> None:
        client = await talking_table(pilot, store)
        talk_lines(client)
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=LARGE, run_before=run_before)


def test_the_talk_line_at_80x24(snap_compare, make_app, store) -> None:
    async def run_before(pilot: Any) -> None:
        client = await talking_table(pilot, store)
        talk_lines(client)
        await pilot.press("apostrophe")
        await type_text(pilot, "[i]Bien[/i] joué")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SMALL, run_before=run_before)


def test_all_the_talk_at_80x24_with_a_person_muted(snap_compare, make_app, store) -> None:
    async def run_before(pilot: Any) -> None:
        client = await talking_table(pilot, store)
        talk_lines(client)
        await pilot.press("quotation_mark", "2")      # Zoé muted
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SMALL, run_before=run_before)
