"""Talk at a table of the table service or in its lobby: the talk bar and the talk panel.

Any screen with a ``TalkRoom`` (a served table's ``client.talk``, the lobby's
``link.lobby_talk``) mounts them:

- ``TalkBar(room, on_send)``: one row in the screen's status area. ``open()`` turns it
  into a one-line input: Enter says the line (``on_send``, awaited; a refusal of the
  service is shown in the bar), Esc closes it, and on an empty line the keys 1 to 5 say
  a quick phrase in the player's language. Closed, it shows for a few seconds the last
  line said while no talk panel is in sight (it never covers the hand). It is the
  room's listener: a line heard redraws every ``TalkPanel`` of the room, on any screen.
- ``TalkPanel(room)``: the last 50 lines of the room (those of muted people left out),
  newest at the bottom.
- ``screens.talk.TalkScreen(room, title)``: every line over the screen, and a key per
  person heard to mute them (the room's ``muted``, shared by every room of a connection).

A line is added with ``room.hear(said)`` (the service's client does it as lines come).

Every line comes from other people: shown literally (``Text``), never as markup.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Static

from ...i18n import N_, _, tr
from ...service.client import ServiceError
from ...service.wording import refusal_words
from ...table.talk import MAX_TEXT, Said, TalkRoom, printable

# From this size a screen shows its talk panel (else " shows it, one key away).
TALK_WIDE = (120, 36)
# The quick phrases, on the keys 1 to 5 of an empty talk line.
QUICK_PHRASES = (N_("Well played!"), N_("Bravo"), N_("Ouch"), N_("Good luck"), N_("Thanks"))
NOTE_SECONDS = 10.0     # a line heard stays this long in the bar


def said_text(said: Said) -> Text:
    """ "Anna: Bravo", the name bold (yours underlined too), the words literally."""
    line = Text()
    line.append(said.name, style="bold underline" if said.mine else "bold")
    line.append(": ")
    line.append(said.text)
    return line


class TalkPanel(VerticalScroll):
    """The last lines of a room, newest at the bottom (muted people's left out)."""

    DEFAULT_CSS = """
    TalkPanel {
        height: 1fr;
        border-top: solid $secondary;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
    }
    TalkPanel > Static {
        width: 100%;
    }
    """

    def __init__(self, room: TalkRoom, *, id: str | None = None, focusable: bool = False
                 ) -> None:
        super().__init__(id=id)
        self.room = room
        self.can_focus = focusable
        self._body = Static("", markup=False)

    def compose(self) -> ComposeResult:
        yield self._body

    def on_mount(self) -> None:
        self.border_title = _("Talk")
        self.redraw()

    def redraw(self) -> None:
        """Show the room's lines as they are now (muted people's left out)."""
        lines = list(self.room.audible())
        if lines:
            text = Text("\n").join(said_text(s) for s in lines)
        else:
            text = Text(_("Nobody has said anything yet: ' talks."), style="dim italic")
        self._body.update(text)
        self.call_after_refresh(self.scroll_end, animate=False)


class TalkInput(Input):
    """The talk line's input: on an empty line the keys 1 to 5 are quick phrases."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", N_("Say")),
    ]

    @dataclass
    class Quick(Message):
        number: int

    def on_key(self, event: events.Key) -> None:
        # (a handler of this class runs before Input's own: prevent_default skips it)
        if not self.value and event.key in ("1", "2", "3", "4", "5"):
            event.stop()
            event.prevent_default()
            self.post_message(self.Quick(int(event.key)))

    def on_mount(self) -> None:
        """Made when the talk line first opens: it takes the keys then."""
        for node in self.ancestors:
            if isinstance(node, TalkBar):
                node._focus_line()
                break

class TalkBar(Widget):
    """One row of the status area: a line heard lately, or the talk line being typed."""

    DEFAULT_CSS = """
    TalkBar {
        height: 1;
        display: none;
        background: $boost;
        padding: 0 1;
    }
    TalkBar.-open, TalkBar.-note {
        display: block;
    }
    TalkBar #talk-note {
        width: 1fr;
        height: 1;
    }
    TalkBar.-open #talk-note {
        display: none;
    }
    TalkBar.-error #talk-note {
        color: $error;
        text-style: bold;
    }
    TalkBar #talk-input-row {
        display: none;
        height: 1;
    }
    TalkBar.-open #talk-input-row {
        display: block;
    }
    TalkBar #talk-prompt {
        width: auto;
        height: 1;
        text-style: bold;
    }
    TalkBar Input {
        width: 1fr;
        height: 1;
        border: none;
        padding: 0;
        background: $boost;
    }
    TalkBar Input:focus {
        border: none;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
    ]

    class Closed(Message):
        """The talk line was closed (the keys are the screen's again)."""

    def __init__(self, room: TalkRoom, on_send: Callable[[str], Awaitable[None]],
                 *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.room = room
        self.on_send = on_send
        self._hide: Timer | None = None
        self._before: Widget | None = None       # what had the focus before the line opened

    def compose(self) -> ComposeResult:
        yield Static("", id="talk-note", markup=False)
        # the line itself is made the first time it opens: a screen's first frame (forty
        # players arriving at once) does not pay for an input nobody has used yet

    def _input_row(self) -> Horizontal:
        # disabled while closed: never focused by itself (keys are the screen's)
        return Horizontal(Static(_("Say: "), id="talk-prompt", markup=False),
                          TalkInput(max_length=MAX_TEXT, id="talk-input",
                                    placeholder=self.placeholder(), disabled=True),
                          id="talk-input-row")

    @staticmethod
    def placeholder() -> str:
        phrases = "  ".join(f"{n} {tr(p)}" for n, p in enumerate(QUICK_PHRASES, start=1))
        return _("{phrases}  · Esc closes").format(phrases=phrases)

    def on_mount(self) -> None:
        self.room.listener = self.heard

    def on_unmount(self) -> None:
        if self.room.listener == self.heard:
            self.room.listener = None

    # -- the line ----------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def open(self) -> None:
        """Open the talk line and give it the keys."""
        self._note_off()
        self._before = self.screen.focused
        self.add_class("-open")
        if not self.query(Input):
            self.mount(self._input_row())       # focused once mounted (TalkInput.on_mount)
            return
        self._focus_line()

    def _focus_line(self) -> None:
        if not self.is_open:
            return
        with contextlib.suppress(NoMatches):
            line = self.query_one(Input)
            line.disabled = False
            line.focus()

    def close(self) -> None:
        """Close the talk line (what was typed is dropped); the keys go back."""
        if not self.is_open:
            return
        self.remove_class("-open")
        for line in self.query(Input):
            line.value = ""
            line.disabled = True
        before, self._before = self._before, None
        if before is not None and before.is_attached and before.can_focus:
            before.focus()
        else:
            self.screen.set_focus(None)
        self.post_message(self.Closed())

    def action_close(self) -> None:
        self.close()

    def on_talk_input_quick(self, event: TalkInput.Quick) -> None:
        event.stop()
        if self.is_open:
            self.send(tr(QUICK_PHRASES[event.number - 1]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = printable(event.value, MAX_TEXT)
        if text.strip():
            self.send(text)
        else:
            self.close()

    def send(self, text: str) -> None:
        self.close()
        self.run_worker(self._send(text), group="talk", exit_on_error=False)

    async def _send(self, text: str) -> None:
        try:
            await self.on_send(text)
        except ServiceError as error:   # the service's refusal, or the connection gone
            self.note(Text(refusal_words(error.code, error.message, error.params)),
                      error=True)
        except Exception as error:      # never a traceback: one line
            self.note(Text(str(error) or type(error).__name__), error=True)

    # -- a line heard --------------------------------------------------------------------------
    def heard(self, said: Said) -> None:
        """A line was said in the room: every panel shows it; when none is in sight, it
        shows here for a while (one's own too: it was said; a muted person's never)."""
        if not self.is_attached:
            return
        panels = [p for screen in self.app.screen_stack for p in screen.query(TalkPanel)
                  if p.room is self.room]
        for panel in panels:
            panel.redraw()
        seen = any(panel.screen is self.app.screen and panel.display and panel.region.area
                   for panel in panels)
        if not seen and (said.mine or not self.room.is_muted(said.name)):
            self.note(said_text(said))

    def note(self, text: Text, error: bool = False) -> None:
        """Show ``text`` in the bar for ``NOTE_SECONDS`` (unless the line is open)."""
        with contextlib.suppress(NoMatches):
            text.no_wrap = True
            text.overflow = "ellipsis"
            self.query_one("#talk-note", Static).update(text)
        self.set_class(error, "-error")
        self.add_class("-note")
        if self._hide is not None:
            self._hide.stop()
        self._hide = self.set_timer(NOTE_SECONDS, self._note_off)

    def _note_off(self) -> None:
        if self._hide is not None:
            self._hide.stop()
            self._hide = None
        self.remove_class("-note", "-error")

