"""The Textual app: Home, the table and every other screen, themes and ASCII mode."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App

from ..config import Settings

if TYPE_CHECKING:
    from ..engine import Player, Rules
    from ..store.folder import SessionStore
    from ..table import Table


class PolignacApp(App[None]):
    """Polignac in the terminal."""

    TITLE = "Polignac"
    SUB_TITLE = "Quatre Valets"
    CSS_PATH = "app.tcss"

    def __init__(self, settings: Settings | None = None, store: SessionStore | None = None,
                 *, start: str = "home", resume_id: str | None = None,
                 new_preset: str | None = None, new_players: int | None = None,
                 seed: int | None = None, table: Table | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else Settings()
        if store is None:
            from ..store.folder import SessionStore
            store = SessionStore()
        self.store = store
        self.start = start
        self.resume_id = resume_id
        self.new_preset = new_preset
        self.new_players = new_players
        self.seed = seed
        self._start_table = table

    def go_home(self) -> None:
        """Back to Home (at the end of a session, or from any screen)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def action_help(self) -> None:
        """Every key of every screen."""

    def open_table(self, table: Table) -> None:
        """Show the table screen of ``table``."""
        from .screens.table import TableScreen
        self.push_screen(TableScreen(table))

    def start_new(self, rules: Rules, players: list[Player], name: str = "") -> None:
        """Create a session, save it, and open its table."""
        from ..table import Table
        self.open_table(Table.create(self.store, rules, players, name=name, seed=self.seed))
