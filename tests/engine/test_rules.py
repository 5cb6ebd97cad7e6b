"""Settings, their validation, and the four presets (RULES.md §8)."""

from __future__ import annotations

from typing import Any

import pytest

from polignac_tui.games.polignac.engine import PRESET_NAMES, RuleError, Rules, preset

PRESETS = {
    # preset: ace_high, sevens_removed, direction, chelem, generale, end, limit (4 players)
    "classique": (False, "red", "counterclockwise", "automatic", False, "points", 20),
    "italiana": (False, "red", "counterclockwise", "automatic", False, "points", 10),
    "generale": (False, "red", "counterclockwise", "declared", True, "points", 20),
    "english": (True, "black", "clockwise", "declared", True, "deals", 8),
}
VARIANTS = ("play_out", "first_trick_penalty", "last_trick_penalty", "must_discard_jack",
            "jack_guard")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_match_the_rulebook(name: str) -> None:
    rules = preset(name, 4)
    got = (rules.ace_high, rules.sevens_removed, rules.direction, rules.chelem, rules.generale,
           rules.end, rules.limit)
    assert got == PRESETS[name]
    assert rules.preset == name
    assert not any(getattr(rules, v) for v in VARIANTS)
    assert rules.differences(4) == {}


def test_english_plays_two_deals_per_player() -> None:
    assert [preset("english", n).limit for n in range(3, 9)] == [6, 8, 10, 12, 14, 16]


def test_defaults_are_classique_and_custom_starts_there() -> None:
    assert Rules() == preset("classique")
    assert preset("custom").replace(preset="classique") == Rules()
    assert set(PRESET_NAMES) == {*PRESETS, "custom"}


def test_differences_name_the_changed_settings() -> None:
    rules = preset("italiana").replace(jack_guard=True, limit=15)
    assert rules.differences(4) == {"jack_guard": (False, True), "limit": (10, 15)}


@pytest.mark.parametrize(("change", "words"), [
    ({"preset": "belote"}, "unknown preset 'belote'"),
    ({"sevens_removed": "green"}, "sevens_removed = 'green'"),
    ({"direction": "up"}, "direction = 'up'"),
    ({"chelem": "sometimes"}, "chelem = 'sometimes'"),
    ({"end": "never"}, "end = 'never'"),
    ({"ace_high": 1}, "ace_high must be true or false"),
    ({"jack_guard": "yes"}, "jack_guard must be true or false"),
    ({"limit": 0}, "point limit must be a whole number from 1 to 1000"),
    ({"limit": 1001}, "from 1 to 1000"),
    ({"limit": True}, "limit = True"),
    ({"limit": 2.5}, "limit = 2.5"),
    ({"end": "deals", "limit": -1}, "number of deals"),
])
def test_bad_settings_are_refused_by_name(change: dict[str, Any], words: str) -> None:
    with pytest.raises(RuleError) as error:
        Rules(**change)
    assert words in str(error.value)
    assert error.value.rule == "setting"


def test_from_dict_refuses_unknown_settings() -> None:
    with pytest.raises(RuleError, match="unknown setting 'trumps'"):
        Rules.from_dict({"trumps": "hearts"})
    assert Rules.from_dict(Rules(jack_guard=True).to_dict()) == Rules(jack_guard=True)


def test_unknown_preset_name() -> None:
    with pytest.raises(RuleError, match="unknown preset 'x'"):
        preset("x")
