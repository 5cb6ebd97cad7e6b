"""Players' names: the one rule every game's names are held to (``name_problem``), and the
house's English words around them, for what the index keeps (a session's state, where it
stands, who plays it): the screens say them again in the current language
(``store.wording``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ..i18n import _, pgettext
from ..i18n.choose import LANGUAGES
from ..i18n.translator import translator_for

# Your seat's name until you type one (``config.DEFAULT_NAME``), said in each language.
YOUR_SEAT = ("the default name of your seat", "You")

MAX_NAME = 24   # a player's name, in characters: every game's, in its files and at its tables


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, in English (None when it can): at most
    ``MAX_NAME`` printable characters (``str.isprintable``: no control character, C0 or C1,
    no line break, no format character such as a bidi override). A blank name is its
    caller's to refuse ("a player needs a name")."""
    if len(name) > MAX_NAME:
        return f"must be at most {MAX_NAME} printable characters, not {len(name):,}"
    for index, char in enumerate(name, start=1):
        if not char.isprintable():
            return (f"must be at most {MAX_NAME} printable characters: character {index} "
                    f"({char!r}) is not printable")
    return None


def quoted(name: str) -> str:
    """``name`` quoted for a message, whatever it holds: escaped as Python writes a string
    (``'\\x1b[2JBruno'``), cut after ``MAX_NAME`` characters."""
    return repr(name) if len(name) <= MAX_NAME else repr(name[:MAX_NAME]) + "…"


def join_names(names: Iterable[str]) -> str:
    """``"Anna"``, ``"Anna and Bruno"``, ``"Anna, Bruno and Carla"`` (in English: what the
    index keeps; screens use ``store.wording.names_text``)."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def names_text(names: Iterable[str]) -> str:
    """``"Anna, Bruno and Carla"`` in the current language."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def names_again(english: str) -> str:
    """``"Anna and Bruno"`` (as ``join_names`` wrote it) in the current language."""
    head, sep, last = english.rpartition(" and ")
    return _("{names} and {last}").format(names=head, last=last) if sep else english


def is_you(name: str) -> bool:
    """True for a player named "You" (the app's default name): the verb takes no -s."""
    return name.strip().casefold() == "you"


def possessive(name: str) -> str:
    """``Anna's``; ``your`` for a player named "You" (the app's default name)."""
    return "your" if is_you(name) else f"{name}'s"


def plural(names: list[str]) -> bool:
    """True when ``names`` take a plural verb: several of them, or one "You"."""
    return len(names) != 1 or is_you(names[0])


def who_plays(names: list[str], humans: list[bool],
              versus: str = "{people} vs {computers}") -> str:
    """"Ana vs Bruno, Claire, Denis": the humans, then the computers (``versus``: the
    words around them, in the caller's language)."""
    people = [n for n, h in zip(names, humans, strict=True) if h]
    others = [n for n, h in zip(names, humans, strict=True) if not h]
    if not others or not people:
        return ", ".join(names)
    return versus.format(people=", ".join(people), computers=", ".join(others))


_LABEL = re.compile(r"(?P<name>.+) \((?P<level>easy|medium|hard|expert)\)")


def label_words(label: str) -> str:
    """A player as the statistics count them (a game's ``stats``): "Bruno (medium)"
    with the level in the current language; a person's name as it is."""
    match = _LABEL.fullmatch(label)
    if match is None:
        return label
    level = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"),
             "expert": _("expert")}[match["level"]]
    return f"{match['name']} ({level})"


__all__ = ["MAX_NAME", "is_default_name", "is_you", "join_names", "label_words", "name_problem",
           "names_again", "names_text", "plural", "possessive", "quoted", "shown_name",
           "who_plays"]


@functools.cache
def default_names() -> frozenset[str]:
    """Your seat's default name in every language of the app, casefolded ("you", "toi",
    "tu"): a session keeps the one of the language it was made in."""
    return frozenset(translator_for(code).pgettext(*YOUR_SEAT).casefold()
                     for code in LANGUAGES) | {YOUR_SEAT[1].casefold()}


def is_default_name(name: str) -> bool:
    """True for a seat named with the app's default name in any of its languages."""
    return name.strip().casefold() in default_names()


def shown_name(name: str) -> str:
    """A seat's name as shown: the app's default name, in whichever language the session
    was made ("You", "Toi", "Tu"), in the current language; any other name as it is."""
    if not is_default_name(name):
        return name
    return pgettext("the default name of your seat", "You")
