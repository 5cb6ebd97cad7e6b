"""The hint: the expert's card and a reason in words."""

from __future__ import annotations

from polignac_tui.engine import Play, Player, Rules, Session, preset
from polignac_tui.players import Hint, hint, make_player

HANDS = [
    ["KH", "7S", "8S", "9S", "TS", "7C", "8C", "9C"],
    ["AH", "9H", "JS", "KS", "QS", "AS", "KC", "QC"],
    ["JH", "QH", "TH", "8H", "7H", "JC", "AC", "TC"],
    ["KD", "QD", "JD", "AD", "TD", "9D", "8D", "7D"],
]


def _session(rules: Rules, plays: list[str]) -> Session:
    session = Session(rules, [Player(f"P{i}") for i in range(4)])
    session.add_deal(3, HANDS)   # seat 0 leads
    for card in plays:
        session.apply(Play(session.turn, card))
    return session


def test_duck_under_the_king_while_the_jack_is_out() -> None:
    view = _session(Rules(), ["KH"]).view(1)
    result = hint(view)
    assert isinstance(result, Hint)
    assert result.card in view.legal
    assert result.reason.startswith("duck under the K♥")
    assert "J♥ is still out" in result.reason


def test_hints_are_legal_cards_with_a_reason() -> None:
    view = _session(Rules(), ["KH", "AH", "QH"]).view(3)   # seat 3 has no hearts
    assert hint(view).card in view.legal
    session = _session(Rules(), ["7C", "KC"])   # seat 2 follows clubs
    view = session.view(2)
    result = hint(view)
    assert result.card in view.legal and result.reason


def test_le_polignac_goes_on_a_trick_someone_else_wins() -> None:
    session = Session(Rules(), [Player(f"P{i}") for i in range(4)])
    session.add_deal(0, [HANDS[0], HANDS[3], HANDS[2], HANDS[1]])   # seat 1 leads
    session.apply(Play(1, "KD"))   # seat 1 holds the diamonds
    session.apply(Play(2, "TC"))
    view = session.view(3)         # seat 3: no diamond, holds le Polignac
    result = hint(view)
    assert result.card == "JS"
    assert result.reason == "dump le Polignac: you have no diamonds"


def test_not_your_turn_and_la_generale() -> None:
    session = _session(Rules(), [])
    assert hint(session.view(2)).card is None
    rules = preset("generale", 4)
    s = Session(rules, [Player(f"P{i}") for i in range(4)])
    s.add_deal(3, HANDS)
    answer = hint(s.view(0))
    assert answer.card is None and answer.declare is False
    assert answer.reason.startswith("pass")
    strong = ["KS", "QS", "JS", "AS", "TS", "KH", "QH", "9H"]   # likely, not sure
    rest = [c for c in (r + x for x in "SHDC" for r in "KQJAT987") if c not in strong]
    t = Session(rules, [Player(f"P{i}") for i in range(4)])
    t.add_deal(0, [rest[0:8], strong, rest[8:16], rest[16:24]])
    answer = hint(t.view(1))
    assert answer.card is None and answer.declare is True
    assert answer.reason.startswith("declare la générale")


def test_the_hint_is_the_experts_card() -> None:
    session = _session(Rules(), [])
    seen = 0
    while not session.deals[-1].over and seen < 12:
        view = session.view(session.turn)
        expert = make_player("expert", 5).choose(view)
        assert isinstance(expert, Play)
        assert hint(view, 5).card == expert.card
        session.apply(make_player("medium", 0).choose(view))
        seen += 1
    assert seen == 12
