"""Écarté's part of the session file (RULES-ecarte.md §9), as TOML-able dicts.

The store reads and writes the file and owns its header (format, id, dates, the
players' kinds); this module turns a match into ``game``, ``rules``, ``players``
(names) and ``deals``, and back: the log is the truth, everything else is replayed.
A document that breaks a rule is refused with one line naming the deal, the action
and the reason (``RuleError``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import JSON
from ..duelfile import DuelFile
from . import GAME
from .match import EcarteMatch

MAX_DEALS = 1000     # a game to 50 scores at least a point a deal: far fewer are needed
FILE = DuelFile(GAME, ("turnup", "stock"), MAX_DEALS, single=("turnup",))


def to_doc(match: EcarteMatch) -> dict[str, JSON]:
    """The match as the game's part of a session file."""
    return FILE.to_doc(match)


def from_doc(doc: Mapping[str, object]) -> EcarteMatch:
    """The match a document describes, replayed action by action.

    Raises:
        RuleError: one line naming the deal, the action and the reason.
    """
    match = FILE.from_doc(doc)
    assert isinstance(match, EcarteMatch)
    return match


def summary(match: EcarteMatch) -> dict[str, JSON]:
    """What ``show --json`` gives for an Écarté session (§9)."""
    return FILE.summary(match)
