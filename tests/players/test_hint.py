"""The hint: the expert's card and a reason in words."""

from __future__ import annotations

from polignac_tui.engine import Play, Player, Rules, SeatView, Session, preset
from polignac_tui.players import Hint, hint, make_player
from polignac_tui.players.hint import reason
from polignac_tui.players.knowledge import Knowledge, read_view

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


REASON_HANDS = [
    ["QH", "7S", "8S", "9S", "TS", "7C", "8C", "9C"],
    ["AH", "9H", "JS", "KS", "QS", "AS", "AC", "QC"],
    ["JH", "KH", "TH", "8H", "7H", "JC", "KC", "TC"],
    ["KD", "QD", "JD", "AD", "TD", "9D", "8D", "7D"],
]


def _reason_view(plays: list[str]) -> tuple[SeatView, Knowledge]:
    session = Session(Rules(), [Player(f"P{i}") for i in range(4)])
    session.add_deal(3, REASON_HANDS)   # seat 0 leads
    for card in plays:
        session.apply(Play(session.turn, card))
    view = session.view(session.turn)
    return view, read_view(view)


def test_a_lead_counts_the_higher_cards_still_out_in_words() -> None:
    view, k = _reason_view([])
    assert reason(view, "QH", k) == "lead the Q♥: one higher heart is still out"
    assert reason(view, "TS", k) == "lead the 10♠: four higher spades are still out"


def test_take_the_trick_only_when_nobody_after_can_overtake() -> None:
    view, k = _reason_view(["7S"])     # seat 1 holds K, Q and J of spades: A♠ cannot be beaten
    assert reason(view, "AS", k).startswith("take the trick with the A♠")
    view, k = _reason_view(["7C"])     # K♣ and J♣ are out, seats 2 and 3 still to play
    assert reason(view, "AC", k).startswith("play high with the A♣")
