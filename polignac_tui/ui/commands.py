"""The command palette (ctrl+p): the actions of the screen you are on, then the main ones."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from ..i18n import N_, _, tr

# (title, help, app action)
MAIN_ACTIONS = (
    (N_("New session"), N_("Choose a preset, the settings and the players"), "new_session"),
    (N_("Continue"), N_("Resume the session you played last"), "continue"),
    (N_("Saved sessions"), N_("Resume or delete a saved session"), "saved"),
    (N_("Statistics"), N_("Per player over the finished sessions, with a chart"), "statistics"),
    (N_("Rules"), N_("The rules of Polignac and of each preset"), "rules"),
    (N_("Settings"), N_("Theme, pace, ASCII mode, four colours, your name"), "settings"),
    (N_("Help"), N_("Every key of every screen"), "help"),
    (N_("Home"), N_("Back to the home screen"), "home"),
    (N_("Quit"), N_("Leave the app (a table that could not save asks first)"), "quit"),
)

# Textual's own commands that do nothing useful here: the app has its own Quit, and a
# screenshot from the palette is written where the player would not find it.
# Textual's Quit (the app has its own), Screenshot (written where nobody finds it) and
# Keys (its panel lists the keys in English only; F1, the app's help, lists them in the
# player's language).
DROPPED_SYSTEM_COMMANDS = frozenset({"Quit", "Screenshot", "Keys"})


def screen_actions(screen: Screen[object]) -> Iterator[tuple[str, str, str]]:
    """(title, help, action) of every key the screen offers now, once per action; the
    actions a screen keeps out of its help (``HELP_HIDDEN``) are left out here too."""
    hidden: frozenset[str] = getattr(screen, "HELP_HIDDEN", frozenset())
    own = own_actions(type(screen))
    seen: set[str] = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        if active.node is not screen or not active.enabled or not binding.description:
            continue
        if binding.action not in own or binding.group is not None:
            continue    # Textual's focus and copy keys; a grouped pair like the card arrows
        if binding.action in hidden or binding.action in seen:
            continue
        seen.add(binding.action)
        keys = binding.key_display or screen.app.get_key_display(binding)
        tip = active.tooltip or binding.tooltip or binding.description
        yield binding.description, _("{tip} (key {keys})").format(tip=tr(tip), keys=keys), \
            binding.action


def own_actions(cls: type) -> set[str]:
    """The actions bound by the app's own screen classes (not Textual's base screens)."""
    actions: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.startswith("polignac_tui") and "BINDINGS" in base.__dict__:
            for item in base.__dict__["BINDINGS"]:
                actions.add(item.action if isinstance(item, Binding) else item[1])
    return actions


class MainCommands(Provider):
    """The actions of the screen you are on by name, then new session, continue, saved
    sessions, rules, settings, help, quit (a main action named like one of the screen's
    gives way to it: at the table "Rules" are this session's, "Home" asks if unsaved)."""

    def commands(self) -> list[tuple[str, str, partial[Any]]]:
        found: list[tuple[str, str, partial[Any]]] = []
        titles: set[str] = set()
        for title, help_text, action in screen_actions(self.screen):
            titles.add(title)                   # English: the same word for the same action
            found.append((tr(title), help_text, partial(self.app.run_action, action, self.screen)))
        for title, help_text, action in MAIN_ACTIONS:
            if title not in titles:
                found.append((tr(title), tr(help_text), partial(self.app.run_action, action)))
        return found

    async def discover(self) -> Hits:
        for title, help_text, callback in self.commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self.commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
