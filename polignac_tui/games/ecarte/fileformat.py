"""Écarté's part of the session file (RULES-ecarte.md §9), as TOML-able dicts.

The store reads and writes the file and owns its header (format, id, dates, the
players' kinds); this module turns a match into ``game``, ``rules``, ``players``
(names) and ``deals``, and back: the log is the truth, everything else is replayed.
A document that breaks a rule is refused with one line naming the deal, the action
and the reason (``RuleError``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import JSON, MAX_ACTION, DealLog, Dealt, Settings
from ..errors import RuleError
from ..filepart import read_match, texts
from . import GAME
from .match import EcarteMatch

DEAL_KEYS = ("dealer", "hands", "turnup", "stock", "actions")
MAX_DEALS = 1000     # a game to 50 scores at least a point a deal: far fewer are needed


def rules_from_doc(doc: object) -> Settings:
    """The ``[rules]`` table read: ``preset`` (default ``classique``) and any setting."""
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


def deal_to_doc(entry: DealLog) -> dict[str, JSON]:
    dealt = entry.dealt
    return {"dealer": dealt.dealer, "hands": [list(h) for h in dealt.hands],
            "turnup": dealt.packet("turnup")[0], "stock": list(dealt.packet("stock")),
            "actions": list(entry.actions)}


def deal_from_doc(doc: object, number: int) -> DealLog:
    """One ``[[deals]]`` table read (its cards and actions checked by the replay)."""
    where = f"deal {number}"
    if not isinstance(doc, Mapping):
        raise RuleError("file", f"{where}: a table is expected")
    unknown = sorted(str(k) for k in doc if k not in DEAL_KEYS)
    if unknown:
        raise RuleError("file", f"{where}: unknown key {unknown[0]!r}")
    for key in ("dealer", "hands", "turnup", "stock"):
        if key not in doc:
            raise RuleError("file", f"{where}: {key} is missing")
    dealer, hands, turnup = doc["dealer"], doc["hands"], doc["turnup"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
        raise RuleError("file", f"{where}: dealer {dealer!r} is not seat 0 or 1")
    if not isinstance(hands, list) or len(hands) != 2:
        raise RuleError("file", f"{where}: hands must be two lists of cards")
    if not isinstance(turnup, str):
        raise RuleError("file", f"{where}: turnup {turnup!r} is not a card")
    actions = texts(doc.get("actions", []), f"{where}: actions", MAX_ACTION)
    return DealLog(Dealt(dealer, (texts(hands[0], f"{where}: hands", 2),
                                  texts(hands[1], f"{where}: hands", 2)),
                         (("turnup", (turnup,)),
                          ("stock", texts(doc["stock"], f"{where}: stock", 2)))),
                   actions)


def to_doc(match: EcarteMatch) -> dict[str, JSON]:
    """The match as the game's part of a session file."""
    return {"game": GAME.name, "rules": dict(match.settings.to_dict()),
            "players": [{"name": name} for name in match.names],
            "deals": [deal_to_doc(entry) for entry in match.log]}


def from_doc(doc: Mapping[str, object]) -> EcarteMatch:
    """The match a document describes, replayed action by action.

    Raises:
        RuleError: one line naming the deal, the action and the reason.
    """
    match = read_match(doc, GAME, rules_from_doc, deal_from_doc, MAX_DEALS)
    assert isinstance(match, EcarteMatch)
    return match


def summary(match: EcarteMatch) -> dict[str, JSON]:
    """What ``show --json`` gives for an Écarté session (§9)."""
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
