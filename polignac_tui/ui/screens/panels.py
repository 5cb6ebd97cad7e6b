"""Overlays on the table: the last trick, the trick log, the scores."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import ClassVar

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Static

from ...i18n import N_, _
from ...table.talk import TalkRoom
from ..widgets.talk import TalkBar
from .dim import DimmedModal


class Overlay(DimmedModal[None]):
    """A framed panel over the table; Esc (or its own key) closes it."""

    SCOPED_CSS = False   # its rules name it; ".ascii" (on the app) must match too
    DEFAULT_CSS = """
    Overlay {
        align: center middle;
    }
    Overlay #overlay-box {
        width: 78;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        background: $surface;
        padding: 0 1;
    }
    .ascii Overlay #overlay-box {
        border: ascii $accent;
    }
    Overlay VerticalScroll {
        height: auto;
        max-height: 20;
        width: 100%;
    }
    Overlay Static {
        width: 100%;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("enter", "close", N_("Close"), show=False),
    ]

    def __init__(self, title: str, body: RenderableType, close_key: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.close_key = close_key

    def compose(self) -> ComposeResult:
        box = Vertical(id="overlay-box")
        box.border_title = self.title_text
        box.border_subtitle = self.subtitle()
        with box:
            with VerticalScroll():
                yield Static(self.body)
            yield from self.below()

    def subtitle(self) -> str:
        """The keys, on the frame's bottom edge."""
        return _("Esc or {key}: close").format(key=self.close_key)

    def below(self) -> ComposeResult:
        """What comes under the body, inside the frame (nothing here)."""
        yield from ()

    def talking(self) -> bool:
        """True while a talk line under the body has the keys."""
        return False

    def on_key(self, event: events.Key) -> None:
        if event.key == self.close_key and not self.talking():
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        if not self.talking():
            self.dismiss(None)


class DealOverBox(Overlay):
    """The end of a deal over the finished table: Esc or space closes it (the finished
    table stays on show, the next deal waits for its key), Enter or n goes on to the
    next deal (``next_deal`` says which, once dismissed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,space", "close", N_("Close"),
                tooltip=N_("close the box: the finished deal stays on show")),
        Binding("enter,n", "next_deal", N_("Next deal"),
                tooltip=N_("on to the next deal (at the finished table: n or enter)")),
    ]

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__(title, body, "space")
        self.next_deal = False

    def subtitle(self) -> str:
        return _("Esc or Space: close · Enter or n: the next deal")

    def on_key(self, event: events.Key) -> None:
        """Its keys are its bindings."""

    def action_next_deal(self) -> None:
        self.next_deal = True
        self.dismiss(None)


class TalkingOverlay(Overlay):
    """An ``Overlay`` at a table of the service (the end of a match): the talk line under
    its body, so that a word to the table ("well played") needs no way back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("apostrophe", "talk", N_("Talk"), key_display="'",
                tooltip=N_("at a table of the service: say a line to the table (Enter says "
                           "it, Esc closes; on an empty line 1 to 5 say a quick phrase)")),
    ]

    def __init__(self, title: str, body: RenderableType, close_key: str,
                 talk: TalkRoom | None,
                 say: Callable[[str], Awaitable[None]] | None) -> None:
        super().__init__(title, body, close_key)
        self.talk = talk
        self._say = say

    def below(self) -> ComposeResult:
        if self.talk is not None and self._say is not None:
            yield TalkBar(self.talk, self._say)

    def talking(self) -> bool:
        with contextlib.suppress(NoMatches):
            return self.query_one(TalkBar).is_open
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Talk only where there is talk (a table of the service)."""
        return action != "talk" or (self.talk is not None and self._say is not None)

    def action_talk(self) -> None:
        with contextlib.suppress(NoMatches):
            self.query_one(TalkBar).open()


class MatchOverBox(TalkingOverlay):
    """The end of the match over the finished table: Esc or Space closes it (the finished
    table stays on show, its score sheet and tricks a key away), Enter goes home, or back
    to the lobby at a table of the service (``leave`` says so, once dismissed). At a table
    of the service the talk line comes under its body."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,space", "close", N_("Close"),
                tooltip=N_("close the box: the finished table stays on show, its score "
                           "sheet (s) and tricks (t) a key away; q leaves it")),
        Binding("enter", "leave", N_("Leave"),
                tooltip=N_("back home (at a table of the service: back to its lobby)")),
    ]

    def __init__(self, title: str, body: RenderableType, served: bool,
                 talk: TalkRoom | None = None,
                 say: Callable[[str], Awaitable[None]] | None = None) -> None:
        super().__init__(title, body, "space", talk, say)
        self.served = served
        self.leave = False

    def subtitle(self) -> str:
        if self.served:
            return _("Esc or Space: close · Enter: the lobby")
        return _("Esc or Space: close · Enter: Home")

    def on_key(self, event: events.Key) -> None:
        """Its keys are its bindings."""

    def action_close(self) -> None:
        if not self.talking():
            self.dismiss(None)

    def action_leave(self) -> None:
        if not self.talking():
            self.leave = True
            self.dismiss(None)
