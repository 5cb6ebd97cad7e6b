"""The header every screen around the table shows (plain ASCII in ASCII mode)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Header


def header(app: App[object]) -> Header:
    """The app's header; its icon (the command palette button) is ``*`` in ASCII mode."""
    settings = getattr(app, "settings", None)
    return Header(icon="*" if getattr(settings, "ascii", False) else "♠")
