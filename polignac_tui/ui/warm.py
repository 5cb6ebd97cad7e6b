"""What a warm parent (the SSH door's zygote) prepares once for every app it forks.

Each Textual app parses its CSS for itself (the app's stylesheet and every widget's
``DEFAULT_CSS``: a tenth of a door's first frame) and keeps what it parsed with its
stylesheet. ``prime`` runs a lobby once, headless, in the parent: its stylesheet then holds
every source of CSS a lobby needs, parsed, and Textual's and Rich's own caches are filled.
The parent keeps that stylesheet; after a fork, the child's one app takes it as its own
(``CardGamesApp`` asks ``take_primed_stylesheet``) and finds its CSS parsed. Public names
only (``App.stylesheet``, ``App.get_css_variables``): should a version of Textual keep
parsed CSS otherwise, a child parses it again, as before, and nothing else changes.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from textual.css.stylesheet import Stylesheet

from ..games import FIRST_GAME

if TYPE_CHECKING:
    from ..service.client import TableListing

PRIME_TIMEOUT_S = 30.0

# The primed lobby's stylesheet and the CSS variables it was parsed with (its theme's).
_primed: list[tuple[Stylesheet, dict[str, str]]] = []


def primed_css_sources() -> int:
    """How many sources of CSS the stylesheet kept by ``prime`` holds (0: none kept)."""
    return len(_primed[0][0].source) if _primed else 0


def take_primed_stylesheet(variables: dict[str, str]) -> Stylesheet | None:
    """The stylesheet ``prime`` kept, for one app only (then it is gone from here), when it
    was parsed with these CSS ``variables`` (the same theme); else None."""
    if not _primed:
        return None
    stylesheet, primed_with = _primed.pop()
    return stylesheet if primed_with == variables else None


def prime() -> None:
    """A lobby run once, headless, 80×24, with the host's settings (the theme a child will
    use) and no service behind it (it says it cannot connect); its stylesheet kept; then
    every language's catalog loaded. The event loop is closed again and no thread is left:
    the process may fork."""
    from ..commands.join import JoinTarget
    from ..config import load_settings
    from ..i18n.choose import LANGUAGES
    from ..i18n.translator import translator_for
    from .app import CardGamesApp
    from .screens.lobby import LobbyScreen

    for code in LANGUAGES:
        translator_for(code)

    async def lobby(nowhere: Path) -> None:
        app = CardGamesApp(load_settings(), start="lobby",
                          join=JoinTarget(nowhere, "warm:", "warm"))
        # with the tooltip and the notifications a player's app has (their CSS too)
        async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
            await pilot.pause()
            # and a list of tables drawn, as a player's lobby draws it (Rich's and
            # Textual's caches of its rows' styles then filled here, once)
            lobby = app.screen
            if isinstance(lobby, LobbyScreen):
                lobby.tables = sample_tables()
                lobby.show()
                await pilot.pause()
        _primed[:] = [(app.stylesheet, app.get_css_variables())]

    with tempfile.TemporaryDirectory(prefix="polignac-tui-warm-") as folder:
        asyncio.run(asyncio.wait_for(lobby(Path(folder) / "no-service.sock"),
                                     PRIME_TIMEOUT_S))


def sample_tables() -> list[TableListing]:
    """Tables as a lobby lists them: waiting and in play, seats open, taken, yours."""
    from ..service.client import SeatListing, TableListing

    def seat(name: str, *, kind: str = "human", open: bool = False,
             connected: bool = True, yours: bool = False) -> SeatListing:
        return SeatListing(name, kind, "medium" if kind == "computer" else None, open,
                        connected, yours)
    seats = (seat("Anna", yours=True), seat("Bruno", connected=False),
             seat("Carla", kind="computer"), seat("", open=True))
    return [TableListing(f"t{n}", FIRST_GAME, f"table {n}", "classique", 4, seats,
                      "playing" if n % 2 else "waiting", 1, "Anna", n % 3)
            for n in range(1, 11)]
