"""Piquet's part of the session file (RULES-piquet.md §9), as TOML-able dicts.

The store reads and writes the file and owns its header (format, id, dates, the
players' kinds); this module turns a match into ``game``, ``rules``, ``players``
(names) and ``deals``, and back: the log is the truth, everything else (carte blanche,
every comparison and every point) is replayed. A document that breaks a rule is refused
with one line naming the deal, the action and the reason (``RuleError``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import JSON, MAX_ACTION, DealLog, Dealt, Settings
from ..errors import RuleError
from ..filepart import read_match, texts
from . import GAME
from .match import PiquetMatch

DEAL_KEYS = ("dealer", "hands", "talon", "actions")
MAX_DEALS = 1000     # a partie is 6 or 8; a game to 1000 scores 12 leads a deal at least


def rules_from_doc(doc: object) -> Settings:
    """The ``[rules]`` table read: ``preset`` (default ``rubicon``) and any setting (a
    ``limit`` under ``end = "partie"`` is checked, then plays no part)."""
    if not isinstance(doc, Mapping):
        raise RuleError("file", "rules: a table of settings is expected")
    values = {str(k): v for k, v in doc.items() if k != "preset"}
    preset = doc.get("preset", GAME.presets[0])
    if not isinstance(preset, str):
        raise RuleError("file", f"rules: preset {preset!r} is not a name")
    try:
        return GAME.settings(preset, values)
    except RuleError as error:
        raise RuleError(error.code, f"rules: {error.message}", error.params) from None


def rules_to_doc(settings: Settings) -> dict[str, JSON]:
    """The ``[rules]`` table: ``preset`` then every setting, ``limit`` only for points."""
    rules: dict[str, JSON] = dict(settings.to_dict())
    if settings.word("end") != "points":
        del rules["limit"]
    return rules


def deal_to_doc(entry: DealLog) -> dict[str, JSON]:
    dealt = entry.dealt
    return {"dealer": dealt.dealer, "hands": [list(h) for h in dealt.hands],
            "talon": list(dealt.packet("talon")), "actions": list(entry.actions)}


def deal_from_doc(doc: object, number: int) -> DealLog:
    """One ``[[deals]]`` table read (its cards and actions checked by the replay)."""
    where = f"deal {number}"
    if not isinstance(doc, Mapping):
        raise RuleError("file", f"{where}: a table is expected")
    unknown = sorted(str(k) for k in doc if k not in DEAL_KEYS)
    if unknown:
        raise RuleError("file", f"{where}: unknown key {unknown[0]!r}")
    for key in ("dealer", "hands", "talon"):
        if key not in doc:
            raise RuleError("file", f"{where}: {key} is missing")
    dealer, hands = doc["dealer"], doc["hands"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
        raise RuleError("file", f"{where}: dealer {dealer!r} is not seat 0 or 1")
    if not isinstance(hands, list) or len(hands) != 2:
        raise RuleError("file", f"{where}: hands must be two lists of cards")
    actions = texts(doc.get("actions", []), f"{where}: actions", MAX_ACTION)
    return DealLog(Dealt(dealer, (texts(hands[0], f"{where}: hands", 2),
                                  texts(hands[1], f"{where}: hands", 2)),
                         (("talon", texts(doc["talon"], f"{where}: talon", 2)),)),
                   actions)


def to_doc(match: PiquetMatch) -> dict[str, JSON]:
    """The match as the game's part of a session file."""
    return {"game": GAME.name, "rules": rules_to_doc(match.settings),
            "players": [{"name": name} for name in match.names],
            "deals": [deal_to_doc(entry) for entry in match.log]}


def from_doc(doc: Mapping[str, object]) -> PiquetMatch:
    """The match a document describes, replayed action by action.

    Raises:
        RuleError: one line naming the deal, the action and the reason.
    """
    match = read_match(doc, GAME, rules_from_doc, deal_from_doc, MAX_DEALS)
    assert isinstance(match, PiquetMatch)
    return match


def summary(match: PiquetMatch) -> dict[str, JSON]:
    """What ``show --json`` gives for a Piquet session (§9): it sees everything, so the
    younger's declarations count as soon as both have declared."""
    outcome = match.outcome
    return {
        "game": GAME.name,
        "players": list(match.names),
        "deals": [{"dealer": d.dealer,
                   "points": None if d.phase != "over" else list(d.points),
                   "tricks": list(d.won)} for d in match.deals],
        "totals": list(match.totals),
        "finished": outcome is not None,
        "winners": [] if outcome is None else [match.names[s] for s in outcome.winners],
        "losers": [] if outcome is None else [match.names[s] for s in outcome.losers],
        "value": None if outcome is None else outcome.value,
    }
