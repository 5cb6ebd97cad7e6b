"""The header every screen around the table shows (plain ASCII in ASCII mode)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from textual.app import App
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

P = ParamSpec("P")
R = TypeVar("R")


class SafeHeader(Header):
    """Textual's header, minus a crash: its title is set by a deferred query that found
    nothing when keys came faster than screens switch (the screen already being removed;
    ``NoMatches: No nodes match 'HeaderTitle'``, F34). Here a missing title is skipped."""

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()       # instead of Header._on_mount, not after it
        Widget._on_mount(self, event)

        async def set_title() -> None:
            with contextlib.suppress(NoMatches, NoScreen):
                self.query_one(HeaderTitle).update(self.format_title())

        try:
            self.watch(self.app, "title", set_title)
            self.watch(self.app, "sub_title", set_title)
            self.watch(self.screen, "title", set_title)
            self.watch(self.screen, "sub_title", set_title)
        except NoScreen:
            pass

    def show_mode(self) -> None:
        """Icon and title again, after ASCII mode was switched on or off."""
        self.icon = header_icon(self.app)
        with contextlib.suppress(NoMatches):
            self.query_one(HeaderTitle).update(self.format_title())


def header_icon(app: App[object]) -> str:
    """The header's icon (the command palette button): ``*`` in ASCII mode."""
    settings = getattr(app, "settings", None)
    return "*" if getattr(settings, "ascii", False) else "♠"


def header(app: App[object]) -> Header:
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
