"""The talk of a room over the screen (``"`` at a table or in the lobby): its last 50
lines, and a key per person heard to mute them (for this connection) or hear them again."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...i18n import N_, _
from ...table.talk import TalkRoom
from ..widgets.talk import TalkPanel
from .dim import DimmedModal

MUTE_KEYS = 9           # the people heard who get a key (1 to 9)


class TalkScreen(DimmedModal[None]):
    """A room's talk, and its mute keys."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    TalkScreen {
        align: center middle;
    }
    TalkScreen #talk-box {
        width: 78;
        max-width: 100%;
        height: 100%;
        max-height: 30;
        border: round $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        background: $surface;
        padding: 0 1;
    }
    .ascii TalkScreen #talk-box {
        border: ascii $accent;
    }
    TalkScreen TalkPanel {
        border-top: none;
    }
    TalkScreen #talk-mute {
        height: auto;
        max-height: 3;
        border-top: solid $secondary;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("quotation_mark", "close", N_("Close"), key_display='"', show=False),
    ]

    def __init__(self, room: TalkRoom, title: str) -> None:
        super().__init__()
        self.room = room
        self.title_text = title

    def compose(self) -> ComposeResult:
        box = Vertical(id="talk-box")
        box.border_title = self.title_text
        box.border_subtitle = _('Esc or ": close')
        with box:
            yield TalkPanel(self.room, focusable=True)
            yield Static("", id="talk-mute", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(TalkPanel).focus()
        self.show_mutes()

    def show_mutes(self) -> None:
        people = self.room.speakers()[:MUTE_KEYS]
        if not people:
            self.query_one("#talk-mute", Static).update(
                Text(_("Nobody else has spoken here yet."), style="dim"))
            return
        line = Text(_("Mute (its number):"))
        for number, name in enumerate(people, start=1):
            line.append(" " if number == 1 else " · ")
            line.append(str(number), style="bold")
            line.append(" ")
            line.append(name, style="strike dim" if self.room.is_muted(name) else "")
            if self.room.is_muted(name):
                line.append(" ")
                line.append(_("(muted)"), style="dim")
        self.query_one("#talk-mute", Static).update(line)

    def on_key(self, event: events.Key) -> None:
        if event.key.isdigit() and event.key != "0":
            event.stop()
            self.action_mute(int(event.key))

    def action_mute(self, number: int) -> None:
        people = self.room.speakers()[:MUTE_KEYS]
        if not 1 <= number <= len(people):
            return
        self.room.toggle_mute(people[number - 1])
        self.query_one(TalkPanel).redraw()
        self.show_mutes()

    def action_close(self) -> None:
        self.dismiss(None)
