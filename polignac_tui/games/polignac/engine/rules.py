"""Every setting of RULES.md, their presets, and the words that explain them."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ....i18n.translator import N_, _, tr
from .cards import RANKS, RANKS_ACE_HIGH
from .errors import RuleError
from .names import (
    CHELEM_MODES,
    DIRECTIONS,
    END_MODES,
    PRESET_NAMES,
    SEVENS,
    ChelemMode,
    Direction,
    EndMode,
    PresetName,
    Sevens,
)

PRESET_TITLES: dict[str, str] = {   # by PresetName
    "classique": N_("Classique (FR)"),
    "italiana": N_("Italiana (IT)"),
    "generale": N_("La générale (FR)"),
    "english": N_("English (EN)"),
    "custom": N_("Custom"),
}
CHOICES: dict[str, tuple[str, ...]] = {
    "sevens_removed": SEVENS,
    "direction": DIRECTIONS,
    "chelem": CHELEM_MODES,
    "end": END_MODES,
}
BOOLEANS = (
    "ace_high", "generale", "play_out", "first_trick_penalty",
    "last_trick_penalty", "must_discard_jack", "jack_guard",
)
MAX_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of one session (RULES.md). Defaults are the Classique preset."""

    preset: PresetName = "classique"
    ace_high: bool = False
    sevens_removed: Sevens = "red"
    direction: Direction = "counterclockwise"
    chelem: ChelemMode = "automatic"
    generale: bool = False
    play_out: bool = False
    first_trick_penalty: bool = False
    last_trick_penalty: bool = False
    must_discard_jack: bool = False
    jack_guard: bool = False
    end: EndMode = "points"
    limit: int = 20

    def __post_init__(self) -> None:
        if self.preset not in PRESET_NAMES:
            raise RuleError(f"unknown preset {self.preset!r} (one of {', '.join(PRESET_NAMES)})",
                            "setting")
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RuleError(f"setting {name} = {value!r} is not one of {', '.join(allowed)}",
                                "setting")
        for name in BOOLEANS:
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"setting {name} must be true or false, not "
                                f"{getattr(self, name)!r}", "setting")
        if isinstance(self.limit, bool) or not isinstance(self.limit, int) or not (
            1 <= self.limit <= MAX_LIMIT
        ):
            what = "point limit" if self.end == "points" else "number of deals"
            raise RuleError(f"setting limit = {self.limit!r}: the {what} must be a whole "
                            f"number from 1 to {MAX_LIMIT}", "setting")

    @property
    def order(self) -> str:
        """Ranks strongest first."""
        return RANKS_ACE_HIGH if self.ace_high else RANKS

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def replace(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError(f"unknown setting {unknown[0]!r}", "setting")
        return cls(**data)

    def differences(self, players: int) -> dict[str, tuple[Any, Any]]:
        """Settings that differ from the preset: name -> (preset value, value)."""
        base = preset(self.preset if self.preset != "custom" else "classique", players)
        return {
            f.name: (getattr(base, f.name), getattr(self, f.name))
            for f in fields(self)
            if f.name != "preset" and getattr(base, f.name) != getattr(self, f.name)
        }


def suggested_deals(players: int, rounds: int = 2) -> int:
    """A number of deals that lets everyone deal equally often."""
    return players * rounds


def preset(name: PresetName, players: int = 4) -> Rules:
    """The settings of a preset (RULES.md §8); ``custom`` starts from Classique."""
    if name == "classique" or name == "custom":
        return Rules(preset=name)
    if name == "italiana":
        return Rules(preset=name, limit=10)
    if name == "generale":
        return Rules(preset=name, chelem="declared", generale=True)
    if name == "english":
        return Rules(preset=name, ace_high=True, sevens_removed="black", direction="clockwise",
                     chelem="declared", generale=True, end="deals",
                     limit=suggested_deals(players))
    raise RuleError(f"unknown preset {name!r} (one of {', '.join(PRESET_NAMES)})", "setting")


# One line per setting, for the new-session screen and the rules panel.
SETTING_HELP: dict[str, str] = {
    "ace_high": N_("Ace ranks above the king (A K Q J 10 9 8 7) instead of K Q J A 10 9 8 7."),
    "sevens_removed": N_("Which two sevens leave the deck at 3, 5 or 6 players."),
    "direction": N_("Which way play goes round the table."),
    "chelem": N_("Winning every trick scores 0 and 5 to the others: always, only when "
              "declared as la générale, or never."),
    "generale": N_("Before the first card a player may promise to win every trick."),
    "play_out": N_("Play every trick even when no later trick can change the score."),
    "first_trick_penalty": N_("Whoever wins the first trick scores 1 more point."),
    "last_trick_penalty": N_("Whoever wins the last trick scores 1 more point."),
    "must_discard_jack": N_("Unable to follow suit and holding a jack, you must play a jack "
                         "(le Polignac first)."),
    "jack_guard": N_("You may not play the K or Q of a suit while holding its jack."),
    "end": N_("The session ends at a point limit or after a number of deals."),
    "limit": N_("The point limit, or the number of deals."),
}


# Each setting's name in the new-session form's label column (short) and in a sentence
# (``describe_setting``, the rules panel: in full).
SETTING_LABELS: dict[str, str] = {
    "ace_high": N_("Ace high"),
    "sevens_removed": N_("Sevens removed"),
    "direction": N_("Direction"),
    "chelem": N_("Chelem"),
    "generale": N_("La générale"),
    "play_out": N_("Play every trick"),
    "first_trick_penalty": N_("First trick +1"),
    "last_trick_penalty": N_("Last trick +1"),
    "must_discard_jack": N_("Must discard jack"),
    "jack_guard": N_("Jack guard"),
    "end": N_("The end"),
}
SETTING_NAMES: dict[str, str] = {
    "generale": N_("La générale"),
    "play_out": N_("Play every trick"),
    "first_trick_penalty": N_("First trick penalty (+1)"),
    "last_trick_penalty": N_("Last trick penalty (+1)"),
    "must_discard_jack": N_("Must discard a jack when void"),
    "jack_guard": N_("Jack guard (no K or Q over your own jack)"),
}
# An on/off setting's value in words (the rules and the user settings alike).
ON_OFF_WORDS: dict[bool, str] = {True: N_("on"), False: N_("off")}


def describe_setting(name: str, value: Any) -> str:
    """A setting in words, in the current language, e.g. ``"Ace high: no"``."""
    if name == "ace_high":
        return (_("Ranking: {ranks}").format(ranks=ranks_in_words(ace_high=bool(value))))
    if name == "sevens_removed":
        return (_("Sevens removed at 3, 5, 6 players: red (7♥ 7♦)") if value == "red"
                else _("Sevens removed at 3, 5, 6 players: black (7♠ 7♣)"))
    if name == "direction":
        return (_("Play goes counterclockwise (to the right)") if value == "counterclockwise"
                else _("Play goes clockwise (to the left)"))
    if name == "chelem":
        return {
            "automatic": _("Chelem: any player who takes every trick scores 0, the others 5"),
            "declared": _("Chelem: only a declared générale counts"),
            "off": _("Chelem: not played"),
        }[value]
    if name == "end":
        return _("End: at a point limit") if value == "points" else _(
            "End: after a number of deals")
    if name == "limit":
        return _("Limit: {value}").format(value=value)
    return _("{setting}: {on_off}").format(setting=tr(SETTING_NAMES[name]),
                                          on_off=tr(ON_OFF_WORDS[bool(value)]))


def ranks_in_words(ace_high: bool) -> str:
    """The ranks from high to low in the current language's letters (``R D V A 10 9 8 7``)."""
    from .cards import rank_letter
    order = RANKS_ACE_HIGH if ace_high else RANKS
    return " ".join(rank_letter(rank) for rank in order)
