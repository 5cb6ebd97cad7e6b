"""One typed handle to the app, for screens and widgets (instead of ``getattr(self.app, …)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from textual.app import App

    from .app import PolignacApp


def polignac_app(app: App[object] | App[None]) -> PolignacApp:
    """``app`` as the ``PolignacApp`` it is (every screen of this package runs in one)."""
    return cast("PolignacApp", app)
