"""Piquet's part of the session file (RULES-piquet.md §9), as TOML-able dicts.

The store reads and writes the file and owns its header (format, id, dates, the
players' kinds); this module turns a match into ``game``, ``rules``, ``players``
(names) and ``deals``, and back: the log is the truth, everything else (carte blanche,
every comparison and every point) is replayed. A document that breaks a rule is refused
with one line naming the deal, the action and the reason (``RuleError``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import JSON, Settings
from ..duelfile import DuelFile
from . import GAME
from .match import PiquetMatch

MAX_DEALS = 1000     # a partie is 6 or 8; a game to 1000 scores 12 leads a deal at least


def rules_to_doc(settings: Settings) -> dict[str, JSON]:
    """The ``[rules]`` table: ``preset`` then every setting, ``limit`` only for points."""
    rules: dict[str, JSON] = dict(settings.to_dict())
    if settings.word("end") != "points":
        del rules["limit"]
    return rules


FILE = DuelFile(GAME, ("talon",), MAX_DEALS, rules_to_doc=rules_to_doc)
# The ``[rules]`` table read (a ``limit`` under ``end = "partie"`` is checked, then plays
# no part).
rules_from_doc = FILE.rules_from_doc


def to_doc(match: PiquetMatch) -> dict[str, JSON]:
    """The match as the game's part of a session file."""
    return FILE.to_doc(match)


def from_doc(doc: Mapping[str, object]) -> PiquetMatch:
    """The match a document describes, replayed action by action.

    Raises:
        RuleError: one line naming the deal, the action and the reason.
    """
    match = FILE.from_doc(doc)
    assert isinstance(match, PiquetMatch)
    return match


def summary(match: PiquetMatch) -> dict[str, JSON]:
    """What ``show --json`` gives for a Piquet session (§9): it sees everything, so the
    younger's declarations count as soon as both have declared."""
    return FILE.summary(match)
