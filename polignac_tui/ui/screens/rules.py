"""The rules, as opened from Home: a preset and a number of players, in words."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal
from textual.screen import Screen
from textual.widgets import Label, Select

from ...games import FIRST_GAME
from ...i18n import N_, _
from ..chrome import Footer, header
from ..gameface import GameFace, face_of
from ..handle import card_games_app


def rulebook() -> GameFace:
    """The game whose rulebook the screen reads (Polignac's; the other games show theirs
    at their table)."""
    return face_of(FIRST_GAME)


class RulesScreen(Screen[None]):
    """Choose a preset and a number of players to read the rules they give."""

    CSS = "#rules-players-label { margin: 0 1 0 3; }"  # "Players 4", not "Players4" (F27)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("question_mark", "app.help", N_("Help"), key_display="?"),
    ]

    def compose(self) -> ComposeResult:
        default = card_games_app(self.app).settings.default_preset
        yield header(self.app)
        with Horizontal(id="rules-choice", classes="field"):
            yield Label(_("Preset"), classes="field-label")
            presets = rulebook().rules_presets()
            names = [name for _title, name in presets]
            yield Select(presets, value=default if default in names else names[0],
                         id="rules-preset", allow_blank=False, compact=True)
            yield Label(_("Players"), id="rules-players-label", classes="field-label-short")
            face = rulebook()
            yield Select([(str(n), n) for n in face.players], value=face.default_players,
                         id="rules-players", allow_blank=False, compact=True)
        yield Container(id="rules-body")
        yield Footer()

    async def on_mount(self) -> None:
        await self.show_rules()

    async def on_select_changed(self, event: Select.Changed) -> None:
        await self.show_rules()

    async def show_rules(self) -> None:
        name = self.query_one("#rules-preset", Select).value
        players = self.query_one("#rules-players", Select).value
        if not isinstance(name, str) or not isinstance(players, int):
            return
        body = self.query_one("#rules-body", Container)
        await body.remove_children()
        ascii = card_games_app(self.app).settings.ascii
        panel = rulebook().rules_panel(name, players, ascii)
        if panel is not None:
            await body.mount(panel)
