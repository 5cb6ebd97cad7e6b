"""One typed handle to the app, for screens and widgets (instead of ``getattr(self.app, …)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from textual.app import App

    from .app import CardGamesApp


def card_games_app(app: App[object] | App[None]) -> CardGamesApp:
    """``app`` as the ``CardGamesApp`` it is (every screen of this package runs in one)."""
    return cast("CardGamesApp", app)
