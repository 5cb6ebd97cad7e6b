"""Word choices: a row of buttons, ``[p] I propose  [l] I play``, each with its key.

A game asks words of the seat to act (Écarté's propose, play, accept, refuse; Piquet's
declarations): the caller gives each word with its label, already translated, and the
keys it must leave alone (``reserved``: the screen's own bindings, the cards' keys).
Each button gets a key: the initial of one of its label's words (the last word first:
"I propose", "Je propose" -> ``p``) when it is free, else another of its letters, else
the first free digit (``choose_keys``), unless the game fixes a word's key (Piquet's
kinds: the same key in every deal and language); the key
is shown in brackets before the label, so it reads the same in ASCII and without
colour. A key, a click on a button, or (when focused) ←/→ then Enter posts
``WordChoices.Chosen(word)``. The buttons go left to right and wrap onto another line
when the width runs out (80 columns hold four or five).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

GAP = 2          # columns between two buttons
DIGITS = "123456789"


def _letters(word: str) -> list[str]:
    """The ASCII letters of ``word``, in order, lower case, accents dropped (É -> e)."""
    plain = unicodedata.normalize("NFKD", word).lower()
    return [c for c in plain if "a" <= c <= "z"]


def _candidates(label: str) -> list[str]:
    """The keys a label may take, best first: the initials of its words of two letters
    or more (the last word first: the verb of "I propose"), then every letter of its
    words (the last word first), then the digits."""
    words = [_letters(word) for word in reversed(label.split())]
    initials = [letters[0] for letters in words if len(letters) >= 2]
    return initials + [c for letters in words for c in letters] + list(DIGITS)


def choose_keys(labels: Sequence[str], reserved: Collection[str] = (),
                fixed: Sequence[str] = ()) -> list[str]:
    """One key per label, none of them ``reserved`` nor repeated (``""``: none left);
    a label with a ``fixed`` key (by position, ``""``: none) keeps it."""
    fixed = [key.lower() for key in fixed] + [""] * (len(labels) - len(fixed))
    taken = {key.lower() for key in reserved} | {key for key in fixed if key}
    keys = []
    for label, own in zip(labels, fixed, strict=False):
        key = own or next((c for c in _candidates(label) if c not in taken), "")
        taken.add(key)
        keys.append(key)
    return keys


class WordChoices(Widget, can_focus=True):
    """Buttons for words: each shows its key; a key, a click or Enter chooses."""

    DEFAULT_CSS = """
    WordChoices {
        height: auto;
        width: 1fr;
    }
    WordChoices > .wordchoices--button {
        background: $boost;
    }
    WordChoices > .wordchoices--key {
        text-style: bold;
        color: $accent;
    }
    WordChoices > .wordchoices--cursor {
        text-style: bold reverse;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "wordchoices--button", "wordchoices--key", "wordchoices--cursor"}

    @dataclass
    class Chosen(Message):
        """The person chose ``word`` (its key, a click, or Enter on it)."""

        word: str

    @dataclass
    class Highlighted(Message):
        """The cursor moved to ``word`` (←/→): what Enter would choose now."""

        word: str

    def __init__(self, choices: Sequence[tuple[str, str]] = (), *,
                 reserved: Collection[str] = (), id: str | None = None) -> None:
        super().__init__(id=id)
        self.words: tuple[str, ...] = ()
        self.labels: tuple[str, ...] = ()
        self.keys: tuple[str, ...] = ()
        self.cursor = 0
        self.set_choices(choices, reserved)

    def set_choices(self, choices: Sequence[tuple[str, str]],
                    reserved: Collection[str] = (), fixed: Mapping[str, str] | None = None
                    ) -> None:
        """New ``(word, label)`` pairs, in order; keys chosen clear of ``reserved``, a
        word of ``fixed`` taking its own key whatever its label."""
        before = (self.words, self.labels, self.keys)
        self.words = tuple(word for word, _label in choices)
        self.labels = tuple(" ".join(label.split()) for _word, label in choices)
        own = [(fixed or {}).get(word, "") for word in self.words]
        self.keys = tuple(choose_keys(self.labels, reserved, own))
        self.cursor = 0
        if (self.words, self.labels, self.keys) != before:
            self.refresh(layout=True)   # (the table sets them again at every card)
        else:
            self.refresh()

    def key_of(self, word: str) -> str:
        """The key shown for ``word`` (``""`` when it has none)."""
        return self.keys[self.words.index(word)] if word in self.words else ""

    # -- choosing --------------------------------------------------------------------
    def choose(self, index: int) -> None:
        if 0 <= index < len(self.words):
            self.cursor = index
            self.refresh()
            self.post_message(self.Chosen(self.words[index]))

    def press(self, key: str) -> bool:
        """A word's key chooses it; ←/→ move the cursor, Enter chooses under it.
        True when the key was used (a screen may pass its keys here)."""
        if key in self.keys and key:
            self.choose(self.keys.index(key))
            return True
        if key in ("left", "right") and self.words:
            self.cursor = (self.cursor + (1 if key == "right" else -1)) % len(self.words)
            self.refresh()
            self.post_message(self.Highlighted(self.words[self.cursor]))
            return True
        if key == "enter" and self.words:
            self.choose(self.cursor)
            return True
        return False

    def on_key(self, event: events.Key) -> None:
        if self.press(event.key):
            event.stop()
            event.prevent_default()

    def on_click(self, event: events.Click) -> None:
        for y, x, text, index in self._layout(max(self.size.width, 1)):
            if y == event.y and x <= event.x < x + text.cell_len:
                self.choose(index)
                return

    # -- drawing ---------------------------------------------------------------------
    def _button(self, index: int, width: int) -> Text:
        """``[p] I propose``, cut to ``width`` columns."""
        key, label = self.keys[index], self.labels[index]
        head = f"[{key}] " if key else ""
        room = max(1, width - len(head) - 2)
        if len(label) > room:
            label = label[: max(0, room - 1)] + "."
        text = Text(no_wrap=True)
        cursor = self.has_focus and index == self.cursor
        base = self.get_component_rich_style(
            "wordchoices--cursor" if cursor else "wordchoices--button")
        text.append(" ", style=base)
        if key:
            text.append("[", style=base)
            text.append(key, style=base + self.get_component_rich_style("wordchoices--key"))
            text.append("] ", style=base)
        text.append(label, style=base)
        text.append(" ", style=base)
        return text

    def _layout(self, width: int) -> list[tuple[int, int, Text, int]]:
        """Each button's line, column, text and index: left to right, wrapping."""
        placed: list[tuple[int, int, Text, int]] = []
        y = x = 0
        for index in range(len(self.words)):
            text = self._button(index, width)
            if x and x + text.cell_len > width:
                y, x = y + 1, 0
            placed.append((y, x, text, index))
            x += text.cell_len + GAP
        return placed

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        layout = self._layout(max(width, 1))
        return layout[-1][0] + 1 if layout else 1

    def render(self) -> Text:
        layout = self._layout(max(self.size.width, 1))
        lines = [Text(no_wrap=True) for _ in range((layout[-1][0] + 1) if layout else 1)]
        for y, x, text, _index in layout:
            line = lines[y]
            line.append(" " * (x - line.cell_len))
            line.append_text(text)
        return Text("\n", no_wrap=True).join(lines)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
