"""The command palette's main actions (ctrl+p)."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from ..i18n import N_, tr

# (title, help, app action)
MAIN_ACTIONS = (
    (N_("New session"), N_("Choose a preset, the settings and the players"), "new_session"),
    (N_("Continue"), N_("Resume the most recent unfinished session"), "continue"),
    (N_("Saved sessions"), N_("Resume or delete a saved session"), "saved"),
    (N_("Statistics"), N_("Per player over the finished sessions, with a chart"), "statistics"),
    (N_("Rules"), N_("The rules of Polignac and of each preset"), "rules"),
    (N_("Settings"), N_("Theme, pace, ASCII mode, four colours, your name"), "settings"),
    (N_("Help"), N_("Every key of every screen"), "help"),
    (N_("Home"), N_("Back to the home screen"), "home"),
    (N_("Quit"), N_("Leave the app (a table that could not save asks first)"), "quit"),
)


class MainCommands(Provider):
    """New session, continue, saved sessions, rules, settings, help, quit."""

    async def discover(self) -> Hits:
        for title, help_text, action in MAIN_ACTIONS:
            yield DiscoveryHit(tr(title), partial(self.run, action), help=tr(help_text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for english, help_text, action in MAIN_ACTIONS:
            title = tr(english)
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self.run, action),
                          help=tr(help_text))

    async def run(self, action: str) -> None:
        await self.app.run_action(action)
