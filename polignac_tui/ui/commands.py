"""The command palette's main actions (ctrl+p)."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

# (title, help, app action)
MAIN_ACTIONS = (
    ("New session", "Choose a preset, the settings and the players", "new_session"),
    ("Continue", "Resume the most recent unfinished session", "continue"),
    ("Saved sessions", "Resume or delete a saved session", "saved"),
    ("Statistics", "Per player over the finished sessions, with a chart", "statistics"),
    ("Rules", "The rules of Polignac and of each preset", "rules"),
    ("Settings", "Theme, pace, ASCII mode, four colours, your name", "settings"),
    ("Help", "Every key of every screen", "help"),
    ("Home", "Back to the home screen", "home"),
    ("Quit", "Leave the app (a table that could not save asks first)", "quit"),
)


class MainCommands(Provider):
    """New session, continue, saved sessions, rules, settings, help, quit."""

    async def discover(self) -> Hits:
        for title, help_text, action in MAIN_ACTIONS:
            yield DiscoveryHit(title, partial(self.run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, action in MAIN_ACTIONS:
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self.run, action),
                          help=help_text)

    async def run(self, action: str) -> None:
        await self.app.run_action(action)
