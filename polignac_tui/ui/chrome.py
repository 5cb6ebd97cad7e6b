"""The header every screen around the table shows (plain ASCII in ASCII mode)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.content import Content
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Click
from textual.reactive import Reactive, reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets import Label, Static

from ..i18n import _, tr
from .handle import card_games_app

P = ParamSpec("P")
R = TypeVar("R")


class HeaderIcon(Static):
    """The icon at the left of the header: the command palette's button."""

    DEFAULT_CSS = """
    HeaderIcon {
        dock: left;
        padding: 0 1;
        width: 8;
        content-align: left middle;
    }
    HeaderIcon:hover {
        background: $foreground 10%;
    }
    """

    def on_mount(self) -> None:
        if self.app.ENABLE_COMMAND_PALETTE:
            self.tooltip = _("Open the command palette")
        else:
            self.disabled = True

    async def on_click(self, event: Click) -> None:
        event.stop()
        await self.run_action("app.command_palette")


class HeaderTitle(Static):
    """The title and sub-title, centred."""

    DEFAULT_CSS = """
    HeaderTitle {
        text-wrap: nowrap;
        text-overflow: ellipsis;
        content-align: center middle;
        width: 100%;
    }
    """


class SafeHeader(Widget):
    """The app's header: the icon (the command palette's button) and the title, drawn as
    Textual's ``Header`` draws them, built from public pieces only (``Widget``, ``Static``,
    ``watch``). Textual's own header sets its title from a deferred query that found nothing
    when keys came faster than screens switch (``NoMatches: No nodes match 'HeaderTitle'``,
    F34); here a missing title is skipped."""

    DEFAULT_CSS = """
    SafeHeader {
        dock: top;
        width: 100%;
        background: $panel;
        color: $foreground;
        height: 1;
    }
    SafeHeader.-tall {
        height: 3;
    }
    SafeHeader > .clock-space {
        dock: right;
        width: 10;
        padding: 0 1;
    }
    """

    icon: reactive[str] = reactive("♠")

    def __init__(self, icon: str = "♠") -> None:
        super().__init__()
        self.set_reactive(SafeHeader.icon, icon)

    def compose(self) -> ComposeResult:
        yield HeaderIcon(self.icon)
        yield HeaderTitle()
        yield Static(classes="clock-space")   # where Textual's header keeps its clock

    def on_mount(self) -> None:
        with contextlib.suppress(NoScreen):
            for node in (self.app, self.screen):
                self.watch(node, "title", self.set_title)
                self.watch(node, "sub_title", self.set_title)

    def on_click(self) -> None:
        self.toggle_class("-tall")

    def watch_icon(self, icon: str) -> None:
        with contextlib.suppress(NoMatches):
            self.query_one(HeaderIcon).update(icon)

    def format_title(self) -> Content:
        """The screen's title (else the app's), as ``App.format_title`` writes it."""
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        return self.app.format_title(title, sub_title)

    def set_title(self) -> None:
        """Write the title again; nothing when the header is already being taken apart."""
        with contextlib.suppress(NoMatches, NoScreen):
            self.query_one(HeaderTitle).update(self.format_title())

    def show_mode(self) -> None:
        """Icon and title again, after ASCII mode was switched on or off."""
        self.icon = header_icon(self.app)
        self.set_title()


class Footer(TextualFooter):
    """Textual's footer with each key's words in the app's language (the bindings hold the
    English, marked with ``N_``).

    Cheaper than Textual's own at each change of a screen's keys, which is often (focus,
    mount, a lobby's list): it is composed again only when the keys it shows changed, and
    its keys have their style (compact or not) before they are mounted (Textual gives each
    key the compact style, then the footer's, restyling them one by one twice: a sixth of
    a door's first frame).
    """

    # The width a key takes in the roomy style beyond its key and words: padding round
    # the key and a space after the words (the command palette's key is one of them).
    KEY_ROOM = 3

    natural_width = 0     # the roomy style's width of the keys composed last
    shown_keys: tuple[object, ...] | None = None   # what those keys were (``keys_shown``)

    def compose(self) -> ComposeResult:
        width = 0
        composed = False
        for widget in super().compose():
            composed = True
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description:
                widget.description = tr(description)   # type: ignore[attr-defined]
                key = str(getattr(widget, "key_display", "") or "")
                width += cell_len(key) + cell_len(widget.description) + self.KEY_ROOM  # type: ignore[attr-defined]
            if isinstance(widget.tooltip, str):
                widget.tooltip = tr(widget.tooltip)
            if isinstance(widget, Label) and isinstance(widget.content, str):
                widget.content = tr(widget.content)     # a group's label ("Card")
            compact_style = getattr(type(widget), "compact", None)
            if isinstance(compact_style, Reactive):     # a key (Textual's FooterKey)
                # What its binding to the footer's ``compact`` will say (the command
                # palette's key is not bound: it keeps its own, compact, as in Textual).
                compact = self.compact or widget.has_class("-command-palette")
                widget.set_reactive(compact_style, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget
        # Textual composes nothing until the screen's keys are known.
        if composed and self.is_attached:
            self.shown_keys = self.keys_shown(self.screen)
        self.natural_width = width
        self.call_after_refresh(self.fit)

    def keys_shown(self, screen: Screen[object]) -> tuple[object, ...]:
        """What the keys of ``screen`` look like in this footer: each shown key, its
        words, whether it is enabled, and the language and ASCII mode they are drawn in."""
        app = self.app
        bindings = screen.active_bindings
        palette = bindings.get(app.COMMAND_PALETTE_BINDING)
        return (getattr(app, "translator", None), app.has_class("ascii"),
                palette[2:] if palette is not None else None,
                tuple((binding.key, binding.action, binding.description, binding.tooltip,
                       binding.group, enabled, tooltip)
                      for (_node, binding, enabled, tooltip) in bindings.values()
                      if binding.show))

    held = False        # no keys shown until ``release`` (``hold``)

    def hold(self) -> None:
        """Show no keys until ``release``: those of the screen are about to change (a
        lobby connecting to its service), and composing the footer for the keys of a
        moment cost as much as composing it for good."""
        self.held = True

    def release(self) -> None:
        """Show the screen's keys (again) after ``hold``."""
        if self.held:
            self.held = False
            if self.is_attached:    # (in the footer's own context: its keys bind to it)
                self.call_later(self.bindings_changed, self.screen)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Textual composes the footer again at each change of the screen's bindings;
        nothing to do when the keys shown are the same (nor while held)."""
        if self.held or self.same_keys(screen):
            return
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        """Composed again, unless with the keys it shows already: Textual asks once per
        change of the keys, each after the next refresh, so that changes in a row (a
        lobby's first frame: ten) each composed it again, all but the first for nothing.
        Nor while its screen is hidden under another: a screen's keys change as it is
        left (Textual asks at its suspension), and composing then repainted the whole
        screen on top (a lobby's footer under the table, at its first cards); Textual
        asks again when the screen is back on top."""
        if self.held or (self.is_attached and (hidden(self.screen)
                                               or self.same_keys(self.screen))):
            return
        await super().recompose()

    def same_keys(self, screen: Screen[object]) -> bool:
        """``screen`` is this footer's, and its keys are those composed last."""
        return (self.shown_keys is not None and self.is_attached and screen is self.screen
                and self.keys_shown(screen) == self.shown_keys)

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Longer words (French, Italian) that would run off the line: the compact style
        (less space round each key), so the last keys stay on the screen."""
        if not self.compact and self.natural_width > self.size.width > 0:
            for key in self.query("FooterKey"):     # restyled once, with the footer
                key.add_class("-compact", update=False)
            self.compact = True


def hidden(screen: Screen[object]) -> bool:
    """``screen`` is under a screen that covers it (an opaque one: not a box over a table,
    through which the table is seen)."""
    stack = screen.app.screen_stack
    if screen not in stack:
        return False        # (not shown by a stack: as before, composed when asked)
    return any(above.styles.background.a == 1
               for above in stack[stack.index(screen) + 1:])


def header_icon(app: App[object]) -> str:
    """The header's icon (the command palette button): ``*`` in ASCII mode."""
    return "*" if card_games_app(app).settings.ascii else "♠"


def header(app: App[object]) -> SafeHeader:
    """The app's header; its icon is ``*`` in ASCII mode."""
    return SafeHeader(icon=header_icon(app))


def while_shown(method: Callable[P, R]) -> Callable[P, R | None]:
    """For a screen's key handlers and actions: nothing happens when the widgets they
    query are not there, which is only so when keys come faster than screens switch
    (the screen not composed yet, or already being removed; F34)."""

    @functools.wraps(method)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return method(*args, **kwargs)
        except NoMatches:
            return None

    return guarded
