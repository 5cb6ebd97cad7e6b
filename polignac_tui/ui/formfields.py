"""The parts every form of the app is made of (New session, Settings): a text field that
keeps every typed key, the row with the focus marked, a problem line, on/off choices."""

from __future__ import annotations

import functools
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingsMap
from textual.widget import Widget
from textual.widgets import Input, Static

from ..i18n import N_, tr

# The choices of an on/off setting (the New session form, the settings screen).
ON_OFF_WORDS = {True: N_("on"), False: N_("off")}


def on_off() -> list[tuple[str, bool]]:
    """On and off in the current language, as a Select's choices."""
    return [(tr(ON_OFF_WORDS[value]), value) for value in (True, False)]


class TextField(Input):
    """An Input that acts on its own editing keys (backspace, delete, arrows...) in the order
    they were typed. Textual runs a widget's non-priority bindings only once the key has
    bubbled back up to the app, so in a burst of keys (fast typing, a paste through tmux)
    the letters after a backspace were inserted first and then deleted (F26).

    (``on_key`` runs before Input's own key handler, this class coming first in the MRO;
    ``prevent_default`` keeps Input's handler from inserting the key as well.)"""

    async def on_key(self, event: events.Key) -> None:
        for binding in declared_bindings(type(self)).get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return


@functools.cache
def declared_bindings(cls: type[Widget]) -> dict[str, list[Binding]]:
    """The bindings a widget class declares (its ``BINDINGS`` and its bases'), by key, merged
    as Textual merges them: a class's bindings of a key replace its bases'."""
    keys: dict[str, list[Binding]] = {}
    for base in reversed(cls.__mro__):
        if "BINDINGS" in base.__dict__:
            keys.update(BindingsMap(base.__dict__["BINDINGS"]).key_to_bindings)
    return keys


# The field Tab has reached stands out by its label in reverse video: visible without colour
# (NO_COLOR) and in ASCII mode as well, where a background tint alone was lost (F12).
# (A class set from the focus events: textual's :focus-within leaves stale labels behind.)
FOCUS_CSS = """
.field.has-focus > Label.field-label, .field.has-focus > Label.seat-label {
    text-style: bold reverse;
}
.field > Input:focus, .field > Select:focus > SelectCurrent {
    background: $accent 35%;
    text-style: bold;
}
"""


def mark_field(widget: Widget, focused: bool) -> None:
    """Mark the form row holding ``widget`` as the one with the focus (or not any more)."""
    for node in widget.ancestors_with_self:
        if isinstance(node, Widget) and node.has_class("field"):
            node.set_class(focused, "has-focus")
            return


class MarkedFocus:
    """Mixin for a form screen: the row whose field has the focus is marked."""

    CSS: ClassVar[str] = FOCUS_CSS

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        mark_field(event.widget, True)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        mark_field(event.widget, False)


def show_problem(widget: Static, text: str) -> None:
    """Show ``text`` in a problem line, or hide the line when there is none."""
    widget.update(text)
    widget.display = bool(text)


__all__ = ["FOCUS_CSS", "ON_OFF_WORDS", "MarkedFocus", "TextField", "declared_bindings",
           "mark_field", "on_off", "show_problem"]
