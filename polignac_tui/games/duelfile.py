"""A duel's part of the session file (Écarté, Piquet: each rulebook's §9), as TOML-able
dicts: ``game``, ``rules``, ``players`` (names) and ``deals``, and back. The log is the
truth, everything else is replayed. Each game says its packets (a single card, such as
Écarté's ``turnup``, or a list, such as the ``stock`` or Piquet's ``talon``), and may
write its ``[rules]`` its own way."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .base import JSON, MAX_ACTION, DealLog, Dealt, Game, Match, Settings
from .errors import RuleError
from .filepart import read_match, texts

if TYPE_CHECKING:
    from .duel import DuelMatch


class DuelFile:
    """``game``'s file part: ``packets`` in the order dealt, those in ``single`` one card
    each; ``max_deals`` bounds a file's deals; ``rules_to_doc`` writes the ``[rules]``
    table (every setting, by default)."""

    def __init__(self, game: Game, packets: Sequence[str], max_deals: int, *,
                 single: Sequence[str] = (),
                 rules_to_doc: Callable[[Settings], dict[str, JSON]] | None = None) -> None:
        self.game = game
        self.packets = tuple(packets)
        self.single = frozenset(single)
        self.max_deals = max_deals
        self.rules_to_doc = rules_to_doc or (lambda settings: dict(settings.to_dict()))
        self.keys = ("dealer", "hands", *self.packets, "actions")

    def rules_from_doc(self, doc: object) -> Settings:
        """The ``[rules]`` table read: ``preset`` (default the game's first) and any setting."""
        if not isinstance(doc, Mapping):
            raise RuleError("file", "rules: a table of settings is expected")
        values = {str(k): v for k, v in doc.items() if k != "preset"}
        preset = doc.get("preset", self.game.presets[0])
        if not isinstance(preset, str):
            raise RuleError("file", f"rules: preset {preset!r} is not a name")
        try:
            return self.game.settings(preset, values)
        except RuleError as error:
            raise RuleError(error.code, f"rules: {error.message}", error.params) from None

    def deal_to_doc(self, entry: DealLog) -> dict[str, JSON]:
        dealt = entry.dealt
        doc: dict[str, JSON] = {"dealer": dealt.dealer, "hands": [list(h) for h in dealt.hands]}
        for name in self.packets:
            cards = dealt.packet(name)
            doc[name] = cards[0] if name in self.single else list(cards)
        doc["actions"] = list(entry.actions)
        return doc

    def deal_from_doc(self, doc: object, number: int) -> DealLog:
        """One ``[[deals]]`` table read (its cards and actions checked by the replay)."""
        where = f"deal {number}"
        if not isinstance(doc, Mapping):
            raise RuleError("file", f"{where}: a table is expected")
        unknown = sorted(str(k) for k in doc if k not in self.keys)
        if unknown:
            raise RuleError("file", f"{where}: unknown key {unknown[0]!r}")
        for key in self.keys[:-1]:
            if key not in doc:
                raise RuleError("file", f"{where}: {key} is missing")
        dealer, hands = doc["dealer"], doc["hands"]
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
            raise RuleError("file", f"{where}: dealer {dealer!r} is not seat 0 or 1")
        if not isinstance(hands, list) or len(hands) != 2:
            raise RuleError("file", f"{where}: hands must be two lists of cards")
        for name in self.packets:
            if name in self.single and not isinstance(doc[name], str):
                raise RuleError("file", f"{where}: {name} {doc[name]!r} is not a card")
        actions = texts(doc.get("actions", []), f"{where}: actions", MAX_ACTION)
        held = (texts(hands[0], f"{where}: hands", 2), texts(hands[1], f"{where}: hands", 2))
        packets = tuple((name, (doc[name],) if name in self.single
                         else texts(doc[name], f"{where}: {name}", 2))
                        for name in self.packets)
        return DealLog(Dealt(dealer, held, packets), actions)

    def to_doc(self, match: DuelMatch[Any]) -> dict[str, JSON]:
        """The match as the game's part of a session file."""
        return {"game": self.game.name, "rules": self.rules_to_doc(match.settings),
                "players": [{"name": name} for name in match.names],
                "deals": [self.deal_to_doc(entry) for entry in match.log]}

    def from_doc(self, doc: Mapping[str, object]) -> Match:
        """The match a document describes, replayed action by action.

        Raises:
            RuleError: one line naming the deal, the action and the reason.
        """
        return read_match(doc, self.game, self.rules_from_doc, self.deal_from_doc,
                          self.max_deals)

    def summary(self, match: DuelMatch[Any]) -> dict[str, JSON]:
        """What ``show --json`` gives for a session: it sees everything."""
        outcome = match.outcome
        return {
            "game": self.game.name,
            "players": list(match.names),
            "deals": match.deals_part(),
            "totals": list(match.totals),
            "finished": outcome is not None,
            "winners": [] if outcome is None else [match.names[s] for s in outcome.winners],
            "losers": [] if outcome is None else [match.names[s] for s in outcome.losers],
            "value": None if outcome is None else outcome.value,
        }

