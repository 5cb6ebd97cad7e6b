"""Écarté's part of the session file (RULES-ecarte.md §9): written, read, refused."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
import tomli_w

from polignac_tui.games.ecarte.fileformat import from_doc, summary, to_doc
from polignac_tui.games.errors import RuleError

from .helpers import ecarte_dealt, ecarte_match, play_out

HANDS = ("8S 9S KC QC KD", "KS QS 7C 8C 9D")


def finished_doc() -> dict[str, Any]:
    """A game to 3: Anna scores 2 in the first deal (Bruno played without proposing and
    lost), then marks the king at the start of play of the second and wins."""
    match = ecarte_match(first_dealer=0, target=3)
    match.start_deal(ecarte_dealt(0, HANDS, "7H"))
    play_out(match, ["play", "KS", "8S", "QS", "9S", "7C", "KC", "QC", "8C", "KD", "9D"])
    match.start_deal(ecarte_dealt(1, ("KH 8D 9D TD QC", "7C 8C 9C JD AD"), "7H"))
    match.apply("play")
    assert match.finished
    return tomllib.loads(tomli_w.dumps(to_doc(match)))


def test_a_file_is_the_log_and_reads_back_to_the_same_match() -> None:
    doc = finished_doc()
    assert doc["game"] == "ecarte"
    assert doc["rules"] == {"preset": "custom", "forcing": True, "target": 3,
                            "mark_king": "auto", "dealer_must_discard": False}
    assert doc["deals"][0]["actions"][:3] == ["play", "KS", "8S"]
    assert doc["deals"][1] == {"dealer": 1, "hands": [["KH", "8D", "9D", "TD", "QC"],
                                                      ["7C", "8C", "9C", "JD", "AD"]],
                               "turnup": "7H", "stock": doc["deals"][1]["stock"],
                               "actions": ["play"]}
    match = from_doc(doc)
    assert match.totals == (3, 0) and match.finished
    assert summary(match) == {
        "game": "ecarte", "players": ["Anna", "Bruno"],
        "deals": [{"dealer": 0, "points": [2, 0], "tricks": [3, 2]},
                  {"dealer": 1, "points": [1, 0], "tricks": [0, 0]}],
        "totals": [3, 0], "finished": True, "winners": ["Anna"], "losers": ["Bruno"],
        "value": 3,
    }
    assert to_doc(match) == doc


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["deals"][0]["actions"].__setitem__(8, "9D"),
     "deal 1, action 9 ('9D'): 9D: you must follow clubs: you hold a club (8C)"),
    (lambda d: d["deals"][0]["actions"].__setitem__(0, "accept"),
     "deal 1, action 1 ('accept'): accept is not allowed now: Bruno may propose or play"),
    (lambda d: d["deals"][1]["actions"].append("7C"),
     "deal 2, action 2 ('7C'): the game is over: 7C comes too late"),
    (lambda d: d["deals"].append(d["deals"][0]),
     "deal 3: the game is over: no more deals"),
    (lambda d: d["deals"][1].__setitem__("dealer", 0),
     "deal 2: the dealer should be Bruno, the deal alternates, not seat 0"),
    (lambda d: d["deals"][0]["hands"][0].__setitem__(0, "KS"),
     "deal 1: the deal: KS appears twice"),
    (lambda d: d["deals"][0]["stock"].pop(),
     "deal 1: the stock holds 20 cards, not 21"),
    (lambda d: d["rules"].__setitem__("target", 99),
     "rules: setting target = 99 must be a whole number from 1 to 50"),
    (lambda d: d["players"].pop(), "Écarté is played by 2 players, not 1"),
    (lambda d: d["deals"][0].__setitem__("trumps", "S"), "deal 1: unknown key 'trumps'"),
])
def test_a_file_that_breaks_a_rule_is_refused_in_one_line(change: Any, message: str) -> None:
    doc = finished_doc()
    change(doc)
    with pytest.raises(RuleError) as error:
        from_doc(doc)
    assert str(error.value).startswith(message), str(error.value)
    assert "\n" not in str(error.value)


def test_a_deal_whose_actions_stop_early_is_in_play() -> None:
    doc = finished_doc()
    doc["deals"][1]["actions"] = []
    doc["deals"][0]["actions"] = doc["deals"][0]["actions"][:5]
    del doc["deals"][1]
    match = from_doc(doc)
    assert not match.finished and match.turn == 1
    assert summary(match)["deals"] == [{"dealer": 0, "points": None, "tricks": [0, 2]}]
    assert summary(match)["value"] is None and summary(match)["winners"] == []
