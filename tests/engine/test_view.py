"""SeatView: what one seat may see, and nothing more (DESIGN.md)."""

from __future__ import annotations

import random
import re

from polignac_tui.games.polignac.engine import Declare, Play, Rules, SeatView, Session
from polignac_tui.games.polignac.engine.deal import Deal

from .helpers import random_session, random_step, scripted, table
from .test_deal import GENERALE_FAILS, SPREAD

CARD = re.compile(r"'([KQJAT987][SHDC])'")


def visible_cards(view: SeatView) -> set[str]:
    """Every card named anywhere in the view, whatever field it sits in."""
    return set(CARD.findall(repr(view)))


def public_cards(deal: Deal) -> set[str]:
    return set(deal.plays)


def test_a_view_shows_its_own_hand_and_the_played_cards_only() -> None:
    rng = random.Random(2)
    session = random_session(Rules(generale=True, end="deals", limit=3), 5, rng, steps=0)
    checked = 0
    while not session.finished:
        deal = session.deals[-1]
        for seat in range(session.size):
            view = session.view(seat)
            assert visible_cards(view) <= set(deal.hands[seat]) | public_cards(deal)
            assert set(view.hand) == set(deal.hands[seat])
            checked += 1
        random_step(session, rng)
    assert checked > 100


def test_the_view_of_a_trick_in_play() -> None:
    session = table()
    deal = scripted(session, 3, SPREAD, played=1)
    session.apply(Play(0, "7H"))
    session.apply(Play(1, "KH"))
    view = session.view(2)
    assert view.deal_number == 1 and view.dealer == 3 and view.phase == "play"
    assert view.turn == 2 and view.my_turn and view.leader == 0
    assert view.trick == ((0, "7H"), (1, "KH")) and view.led_suit == "H"
    assert view.legal == ("JH", "QH")
    assert view.tricks[-1].cards == ("KS", "JS", "7S", "8S")
    assert view.tricks_won == (1, 0, 0, 0) and view.jacks_taken == (("JS",), (), (), ())
    assert view.cards_left == (6, 6, 7, 7) and view.tricks_total == 8
    assert view.played() == {"KS", "JS", "7S", "8S", "7H", "KH"}
    assert view.results[0].points is None and view.totals == (0, 0, 0, 0)
    assert session.view(3).legal == () and not session.view(3).my_turn
    assert view.hand == tuple(sorted(deal.hands[2], key=lambda c: ("SHDC".index(c[1]),
                                                                    "KQJAT987".index(c[0]))))


def test_the_view_of_a_finished_deal_and_session() -> None:
    session = table(generale=True, limit=5)
    scripted(session, 1, GENERALE_FAILS, declarer=2)
    view = session.view(0)
    assert view.phase == "over" and view.turn is None and view.legal == ()
    assert view.declarer == 2 and view.passed == 0
    result = view.results[0]
    assert (result.number, result.dealer, result.declarer, result.chelem) == (1, 1, 2, None)
    assert result.points == (0, 1, 5, 1)
    assert view.finished and view.losers == (2,) and view.winners == (0, 1, 3)


def test_the_view_before_any_deal_and_while_asked() -> None:
    session = table(generale=True)
    view = session.view(1)
    assert view.phase == "none" and view.hand == () and view.results == ()
    session = Session.new(Rules(generale=True), table().players, random.Random(1))
    deal = session.deals[0]
    asked = deal.asking
    assert asked is not None
    assert session.view(asked).asked and session.view(asked).phase == "generale"
    assert session.view(asked).legal == ()
    session.apply(Declare(asked, False))
    assert not session.view(asked).asked and session.view(asked).passed == 1
