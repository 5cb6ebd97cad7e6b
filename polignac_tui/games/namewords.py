"""The house's English words around players' names, for what the index keeps (a session's
state, where it stands, who plays it): the screens say them again in the current
language (``store.wording``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ..i18n import _, pgettext
from ..i18n.choose import LANGUAGES
from ..i18n.translator import translator_for

# Your seat's name until you type one (``config.DEFAULT_NAME``), said in each language.
YOUR_SEAT = ("the default name of your seat", "You")


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


__all__ = ["is_you", "join_names", "label_words", "names_again", "names_text", "plural",
           "possessive", "who_plays"]


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
