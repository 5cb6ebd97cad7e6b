"""Guards against races in Textual 8.2.8 that fast keys turned into tracebacks (issue 15).

Found by sending random keys in bursts (``tests/ui/test_random_keys.py``). 8.2.8 is the
newest release (no newer one on the package index); its source still has both races, so
the app closes them at their cause, each as narrowly as it can:

- A page key reaching an option list before it has been laid out (ctrl+p then PageDown
  within a frame; a Select opened then PageDown): ``OptionList`` pages from the line of
  the highlighted option, which it only knows once it has a size (``KeyError: 0``).
  ``page_key_too_early`` tells the app to drop such a key (the next one finds the list
  laid out); public API only: the key event, the focused widget, its region.
- The command palette taken down while it searches (popped just after a letter): its
  search worker and its "busy" and "No matches" countdowns outlive its widgets and
  query them (``NoMatches: 'CommandList'``). ``Palette`` stops them in ``remove``.
  Textual keeps those two countdowns private: ``Palette`` calls their stop methods by
  name, and a test fails if they go. A search ending while the palette is popped with
  its screen (before ``remove``) still shows or hides the gone list: ``Palette`` makes
  that watcher do nothing once the list is gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.widgets import OptionList

if TYPE_CHECKING:
    from textual.app import App

PAGE_KEYS = ("pagedown", "pageup")

# CommandPalette's private countdowns that must not outlive it (see the module's text).
PALETTE_COUNTDOWN_STOPS = ("_stop_busy_countdown", "_stop_no_matches_countdown")
# ... and the watcher it guards against a list already gone.
PALETTE_GUARDED = ("_watch__list_visible",)


def page_key_too_early(app: App[Any], key: str) -> bool:
    """True when ``key`` pages an option list that has no size yet."""
    if key not in PAGE_KEYS:
        return False
    target: Any = app.focused
    if isinstance(app.screen, CommandPalette):
        try:
            target = app.screen.query_one(CommandList)
        except NoMatches:
            return True  # a palette being torn down: nothing to page
    return (isinstance(target, OptionList) and target.option_count > 0
            and target.highlighted is not None and not target.scrollable_content_region)


class Palette(CommandPalette):
    """The command palette, whose work in flight stops as soon as it is taken down
    (dismissed by a key, or popped by the app: Home at the end of a session...)."""

    def remove(self) -> Any:
        self.workers.cancel_node(self)
        for name in PALETTE_COUNTDOWN_STOPS:
            getattr(self, name)()
        return super().remove()

    def _watch__list_visible(self) -> None:
        # A search that finished while the palette was being taken down (popped with its
        # screen, before ``remove`` cancelled it) shows or hides a list that is gone.
        if not self.query(CommandList):
            return
        super()._watch__list_visible()
