"""The hint: the expert's card and a reason in words."""

from __future__ import annotations

from polignac_tui.games.polignac.engine import Play, Player, Rules, SeatView, Session, preset
from polignac_tui.games.polignac.players import Hint, hint, make_player
from polignac_tui.games.polignac.players.hint import Reason, reason
from polignac_tui.games.polignac.players.knowledge import Knowledge, read_view
from polignac_tui.games.polignac.players.wording import reason_text
from polignac_tui.i18n import speaking, translator_for

NAMES = ("P0", "P1", "P2", "P3")


def said(why: Reason) -> str:
    """The reason in English words."""
    return reason_text(why, NAMES)


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
    assert said(result.reason).startswith("duck under the K♥")
    assert "J♥ is still out" in said(result.reason)


def test_hints_are_legal_cards_with_a_reason() -> None:
    view = _session(Rules(), ["KH", "AH", "QH"]).view(3)   # seat 3 has no hearts
    assert hint(view).card in view.legal
    session = _session(Rules(), ["7C", "KC"])   # seat 2 follows clubs
    view = session.view(2)
    result = hint(view)
    assert result.card in view.legal and said(result.reason)


def test_le_polignac_goes_on_a_trick_someone_else_wins() -> None:
    session = Session(Rules(), [Player(f"P{i}") for i in range(4)])
    session.add_deal(0, [HANDS[0], HANDS[3], HANDS[2], HANDS[1]])   # seat 1 leads
    session.apply(Play(1, "KD"))   # seat 1 holds the diamonds
    session.apply(Play(2, "TC"))
    view = session.view(3)         # seat 3: no diamond, holds le Polignac
    result = hint(view)
    assert result.card == "JS"
    assert said(result.reason) == "dump le Polignac: you have no diamonds"


def test_not_your_turn_and_la_generale() -> None:
    session = _session(Rules(), [])
    assert hint(session.view(2)).card is None
    rules = preset("generale", 4)
    s = Session(rules, [Player(f"P{i}") for i in range(4)])
    s.add_deal(3, HANDS)
    answer = hint(s.view(0))
    assert answer.card is None and answer.declare is False
    assert said(answer.reason).startswith("pass")
    strong = ["KS", "QS", "JS", "AS", "KH", "QH", "JH", "TH"]   # likely, not sure
    rest = [c for c in (r + x for x in "SHDC" for r in "KQJAT987") if c not in strong]
    t = Session(rules, [Player(f"P{i}") for i in range(4)])
    t.add_deal(0, [rest[0:8], strong, rest[8:16], rest[16:24]])
    answer = hint(t.view(1))
    assert answer.card is None and answer.declare is True
    assert said(answer.reason).startswith("declare la générale")


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
    assert said(reason(view, "QH", k)) == "lead the Q♥: one higher heart is still out"
    assert said(reason(view, "TS", k)) == "lead the 10♠: four higher spades are still out"


def test_take_the_trick_only_when_nobody_after_can_overtake() -> None:
    view, k = _reason_view(["7S"])     # seat 1 holds K, Q and J of spades: A♠ cannot be beaten
    assert said(reason(view, "AS", k)).startswith("take the trick with the A♠")
    view, k = _reason_view(["7C"])     # K♣ and J♣ are out, seats 2 and 3 still to play
    assert said(reason(view, "AC", k)).startswith("play high with the A♣")


def test_a_reason_is_worded_in_each_language_from_its_code() -> None:
    view, k = _reason_view([])
    why = reason(view, "QH", k)
    assert why == Reason("lead_higher_out", (("card", "QH"), ("count", 1)))
    with speaking(translator_for("fr")):
        assert said(why) == "entame avec D♥ : un cœur plus fort est encore en jeu"
        assert said(reason(view, "TS", k)) == \
            "entame avec 10♠ : quatre piques plus forts sont encore en jeu"
    with speaking(translator_for("it")):
        assert said(why) == "attacca con D♥: una carta di cuori più alta è ancora in gioco"
    assert reason_text(why, NAMES, ascii=True) == "lead the QH: one higher heart is still out"


def test_a_stop_names_the_player_whose_chelem_it_stops() -> None:
    why = Reason("take_stop", (("card", "AS"), ("stop", "chelem"), ("seat", 2)))
    assert said(why) == "take the trick with the A♠ to stop P2's chelem"
    with speaking(translator_for("fr")):
        assert said(why) == "prends le pli avec A♠ pour arrêter le chelem de P2"


def test_details_that_do_not_hold_give_no_words() -> None:
    """A hostile wire: a card that is no card, a seat or a count out of range, an
    unknown code. No words, never a wrong sentence or an exception."""
    for why in (Reason("duck", (("best", "ZZ"),)), Reason("duck", (("best", 7),)),
                Reason("take_stop", (("card", "AS"), ("stop", "chelem"), ("seat", 9))),
                Reason("take_stop", (("card", "AS"), ("stop", "chelem"), ("seat", True))),
                Reason("lead_higher_out", (("card", "QH"), ("count", 99))),
                Reason("dump_jack", (("card", "JH"), ("suit", "X"))),
                Reason("lead_higher_out", (("card", "QH"),)),
                Reason("no_such_code"), Reason("duck")):
        assert said(why) == ""


def test_the_only_card_is_worded_alike_in_every_game() -> None:
    from polignac_tui.games.ecarte.words import reason_text as ecarte_reason
    from polignac_tui.games.piquet.words import reason_text as piquet_reason
    from polignac_tui.games.polignac.players.wording import reason_text as polignac_reason
    polignac = polignac_reason(Reason("only_legal", (("card", "9D"),)), ())
    assert polignac == ecarte_reason("only_card") == piquet_reason("only_card")
