"""Piquet's part of the session file (RULES-piquet.md §9): written, read, refused."""

from __future__ import annotations

import random
import tomllib
from typing import Any

import pytest
import tomli_w

from polignac_tui.games.errors import RuleError
from polignac_tui.games.piquet.fileformat import from_doc, rules_from_doc, summary, to_doc

from .helpers import piquet_dealt, piquet_match, play_out, random_action

# Anna (seat 0) deals first: Bruno is the elder of deal 1.
HANDS = ("KH QH JH 8H 7H KS QS AD QD QC JC 8C", "AC KC TC 9C 7C AS 9S 7S AH 9H KD 9D")
TALON = "JS TS 8S TH JD TD 8D 7D"
OPENING = ["discard 7S", "discard 8C", "nolook", "declare point", "declare point", "9D", "QD"]


def partie_doc(seed: int = 11) -> dict[str, Any]:
    """A Rubicon partie of six deals: the first dealt as above and opened by hand, the
    others shuffled and played at random."""
    rng = random.Random(seed)
    match = piquet_match(first_dealer=0)
    match.start_deal(piquet_dealt(0, HANDS, TALON))
    play_out(match, OPENING)
    for _ in range(10):
        if match.finished:
            break
        match.deal(rng)
        for _ in range(60):
            seat = match.turn
            if seat is None:
                break
            choice = match.choices(seat)
            assert choice is not None
            match.apply(random_action(choice, rng))
    assert match.finished and len(match.deals) == 6
    return tomllib.loads(tomli_w.dumps(to_doc(match)))


def test_a_file_is_the_log_and_reads_back_to_the_same_partie() -> None:
    doc = partie_doc()
    assert doc["game"] == "piquet"
    assert doc["rules"] == {"preset": "rubicon", "point_score": "cards",
                            "younger_must_exchange": True, "end": "partie"}
    assert doc["players"] == [{"name": "Anna"}, {"name": "Bruno"}]
    first = doc["deals"][0]
    assert sorted(first) == ["actions", "dealer", "hands", "talon"]
    assert first["dealer"] == 0 and first["hands"] == [HANDS[0].split(), HANDS[1].split()]
    assert first["talon"] == TALON.split() and first["actions"][:7] == OPENING
    assert len(first["actions"]) == 5 + 24
    match = from_doc(doc)
    assert to_doc(match) == doc
    totals = match.totals
    assert totals[0] != totals[1]
    loser = min(totals)
    value = 100 + sum(totals) if loser < 100 else 100 + max(totals) - loser
    got = summary(match)
    assert got["value"] == value and got["finished"] is True
    winner, loser_name = ("Anna", "Bruno") if totals[0] > totals[1] else ("Bruno", "Anna")
    assert got["winners"] == [winner] and got["losers"] == [loser_name]
    assert got["totals"] == list(totals)
    assert [d["points"] for d in doc_deals(got)] == [list(p) for p in match.deal_points()
                                                   if p is not None]
    assert sum(d["points"][0] for d in doc_deals(got)) == totals[0]


def doc_deals(got: Any) -> list[Any]:
    deals = got["deals"]
    assert isinstance(deals, list) and len(deals) == 6
    return deals


def test_au_cent_writes_its_limit_and_the_rubicon_example_reads_with_one() -> None:
    match = piquet_match(first_dealer=1, preset="cent", limit=50)
    doc = to_doc(match)
    assert doc["rules"] == {"preset": "custom", "point_score": "cards",
                            "younger_must_exchange": False, "end": "points", "limit": 50}
    assert from_doc(tomllib.loads(tomli_w.dumps(doc))).settings == match.settings
    example = rules_from_doc({"preset": "rubicon", "point_score": "cards",
                              "younger_must_exchange": True, "end": "partie", "limit": 100})
    assert example.preset == "rubicon" and example == piquet_match().settings
    assert rules_from_doc({"preset": "cent"}).number("limit") == 100
    # a limit under a partie of six deals is checked, then plays no part
    partie = rules_from_doc({"preset": "rubicon", "limit": 50})
    assert partie.preset == "rubicon" and partie.number("limit") == 100
    assert "limit" not in to_doc(piquet_match(limit=50))["rules"]


def replace(deal: int, index: int, action: str) -> Any:
    return lambda d: d["deals"][deal]["actions"].__setitem__(index, action)


@pytest.mark.parametrize(("change", "message"), [
    (replace(0, 6, "KH"),
     "deal 1, action 7 ('KH'): KH: you must follow diamonds: you hold a diamond (AD QD)"),
    (replace(0, 1, "discard"),
     "deal 1, action 2 ('discard'): Anna must discard 1 to 7 cards (the talon holds 7), "
     "not 0"),
    (replace(0, 0, "discard 7S 9S AS 9H AH KD"),
     "deal 1, action 1 ('discard 7S 9S AS 9H AH KD'): Bruno must discard 1 to 5 cards "
     "(the elder takes 1 to 5), not 6"),
    (replace(0, 2, "declare point"),
     "deal 1, action 3 ('declare point'): declare point is not allowed now: Anna may look "
     "at the 6 cards left in the talon or not (look or nolook)"),
    (replace(0, 3, "declare sequence"),
     "deal 1, action 4 ('declare sequence'): Bruno holds no sequence (three or more cards "
     "of a suit in order) to declare"),
    (replace(0, 4, "declare point point"),
     "deal 1, action 5 ('declare point point'): point is declared twice"),
    (replace(0, 0, "discard 8S"), "deal 1, action 1 ('discard 8S'): 8S is not in Bruno's hand"),
    (lambda d: d["deals"].append(d["deals"][0]), "deal 7: the partie is over: no more deals"),
    (lambda d: d["deals"][1].__setitem__("dealer", 0),
     "deal 2: the dealer should be Bruno, the deal alternates, not seat 0"),
    (lambda d: d["deals"][0]["hands"][0].__setitem__(0, "AC"),
     "deal 1: the deal: AC appears twice"),
    (lambda d: d["deals"][0]["talon"].pop(), "deal 1: the talon holds 7 cards, not 8"),
    (lambda d: d["deals"][0]["hands"][1].pop(), "deal 1: seat 1 was dealt 11 cards, not 12"),
    (lambda d: d["rules"].__setitem__("end", "forever"),
     "rules: setting end = 'forever' is not one of partie, points"),
    (lambda d: d["rules"].update(end="points", limit=0),
     "rules: setting limit = 0 must be a whole number from 1 to 1000"),
    (lambda d: d["rules"].__setitem__("preset", "piquet"),
     "rules: 'piquet' is not a preset of Piquet (one of rubicon, cent, custom)"),
    (lambda d: d["players"].pop(), "Piquet is played by 2 players, not 1"),
    (lambda d: d["deals"][0].__setitem__("turnup", "7S"), "deal 1: unknown key 'turnup'"),
    (lambda d: d.__setitem__("game", "ecarte"), "game 'ecarte' is not 'piquet'"),
])
def test_a_file_that_breaks_a_rule_is_refused_in_one_line(change: Any, message: str) -> None:
    doc = partie_doc()
    change(doc)
    with pytest.raises(RuleError) as error:
        from_doc(doc)
    assert str(error.value).startswith(message), str(error.value)
    assert "\n" not in str(error.value)


def test_a_card_after_the_last_trick_of_the_partie_comes_too_late() -> None:
    doc = partie_doc()
    doc["deals"][5]["actions"].append("7C")
    with pytest.raises(RuleError) as error:
        from_doc(doc)
    assert str(error.value) == "deal 6, action 30 ('7C'): the partie is over: 7C comes too late"


def test_a_deal_whose_actions_stop_early_is_in_play() -> None:
    doc = partie_doc()
    del doc["deals"][1:]
    doc["deals"][0]["actions"] = OPENING[:5]
    match = from_doc(doc)
    assert not match.finished and match.turn == 1
    assert match.deals[-1].phase == "play"
    got = summary(match)
    assert got["deals"] == [{"dealer": 0, "points": None, "tricks": [0, 0]}]
    assert got["totals"] == [0, 5] and got["value"] is None
    assert got["winners"] == [] and got["losers"] == [] and got["finished"] is False


def test_show_json_counts_the_younger_s_declarations_before_the_elder_s_lead() -> None:
    doc = partie_doc()
    del doc["deals"][1:]
    doc["deals"][0]["actions"] = ["discard 7S", "discard 8C", "nolook", "declare sets",
                                  "declare sets"]
    match = from_doc(doc)
    assert summary(match)["totals"] == [14, 0]          # her quatorze of queens
    assert match.view(1).totals == (0, 0)               # not yet on Bruno's screen
