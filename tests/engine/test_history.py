"""The session moves along its own log: actions recorded, taken back (pop, rewind, undo),
and whole deals replayed from their log entry (replay_deal)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from polignac_tui.games.polignac import GAME as POLIGNAC
from polignac_tui.games.polignac import PolignacMatch
from polignac_tui.games.polignac.engine import (
    LEVELS,
    PHASES,
    Declare,
    Play,
    Player,
    ReplayError,
    RuleError,
    Rules,
    Session,
    one_of,
)
from polignac_tui.games.polignac.engine.deal import Deal

from .helpers import NAMES, deal_tricks, play_cards, random_session, scripted, table
from .test_deal import GENERALE_FAILS, SPREAD
from .test_properties import rules as any_rules


def pop(session: Session) -> object:
    """Take back the last action of the last deal."""
    return session.rewind(len(session.deals[-1].actions) - 1)[0]


def undo(session: Session, seat: int) -> int | None:
    """``seat``'s undo through the match (``take_back``): how many actions it took back,
    None when it took none."""
    before = len(session.deals[-1].actions) if session.deals else 0
    if PolignacMatch.of(POLIGNAC, session).take_back(seat) is None:
        return None
    return before - len(session.deals[-1].actions)


def views(session: Session) -> list[object]:
    return [session.view(s) for s in range(session.size)]


def replayed(session: Session, length: int) -> Session:
    """A fresh session with the same deals, the last one replayed to ``length`` actions."""
    fresh = Session(session.rules, session.players)
    for deal in session.deals[:-1]:
        fresh.add_deal(deal.dealer, deal.dealt)
        for action in deal.actions:
            fresh.apply(action)
    last = session.deals[-1]
    fresh.add_deal(last.dealer, last.dealt)
    for action in last.actions[:length]:
        fresh.apply(action)
    return fresh


# -- the log of a deal -----------------------------------------------------------------
def test_every_applied_action_is_recorded_in_order_and_refused_ones_are_not() -> None:
    session = table(generale=True)
    deal = scripted(session, 1, GENERALE_FAILS, declarer=2, played=1)
    assert deal.actions[:3] == [Declare(2, True), Play(2, "KS"), Play(3, "JS")]
    assert [a.card for a in deal.actions if isinstance(a, Play)] == deal.plays
    with pytest.raises(RuleError):
        session.apply(Play(0, "KH"))           # not Anna's turn
    assert len(deal.actions) == 5


def test_a_deal_replayed_from_its_actions_is_the_same_deal() -> None:
    session = random_session(Rules(generale=True, end="deals", limit=3), 5, random.Random(2))
    for deal in session.deals:
        again = Deal.replay(deal.rules, deal.players, deal.dealer, deal.dealt, deal.actions,
                            undos=3)
        assert again.undos == 3
        assert (again.hands, again.tricks, again.won, again.taken, again.points()) == (
            deal.hands, deal.tricks, deal.won, deal.taken, deal.points())


# -- pop and rewind -------------------------------------------------------------------------
@given(any_rules(), st.integers(3, 8), st.integers(0, 10**6), st.integers(1, 60),
       st.data())
def test_rewinding_to_any_point_is_the_session_replayed_to_that_point(
        rules: Rules, players: int, seed: int, steps: int, data: st.DataObject) -> None:
    session = random_session(rules, players, random.Random(seed), steps)
    deal = session.deals[-1]
    actions = list(deal.actions)
    length = data.draw(st.integers(0, len(actions)))
    expected = replayed(session, length)
    assert session.rewind(length) == actions[length:]
    assert views(session) == views(expected)
    assert session.totals == expected.totals and session.finished == expected.finished
    for action in actions[length:]:            # and forward again, to the very same state
        session.apply(action)
    assert views(session) == views(replayed(session, len(actions)))


def test_pop_takes_back_the_last_card_and_reopens_a_finished_deal_and_session() -> None:
    session = table(limit=2)
    deal = scripted(session, 3, SPREAD)
    assert deal.over and session.finished and session.totals == [2, 1, 1, 1]
    last = deal.actions[-1]
    assert pop(session) == last
    assert not deal.over and not session.finished and session.totals == [0, 0, 0, 0]
    assert session.current is deal and session.turn == last.seat
    assert isinstance(last, Play) and last.card in session.view(last.seat).legal
    session.apply(last)
    assert session.finished and session.totals == [2, 1, 1, 1]


def test_pop_takes_back_a_generale_answer_too() -> None:
    session = table(generale=True)
    deal = deal_tricks(session, 1, GENERALE_FAILS)
    session.apply(Declare(2, False))
    session.apply(Declare(3, True))
    assert pop(session) == Declare(3, True)
    assert deal.phase == "generale" and deal.asking == 3 and deal.declarer is None
    assert pop(session) == Declare(2, False)
    assert deal.asking == 2 and deal.passed == 0


def test_nothing_to_take_back_raises_and_changes_nothing() -> None:
    session = table()
    with pytest.raises(IndexError, match="no deal to take actions back from"):
        session.rewind(0)
    deal = deal_tricks(session, 3, SPREAD)
    play_cards(session, "KS JS")
    with pytest.raises(IndexError, match="cannot rewind to 3 actions"):
        session.rewind(3)
    assert deal.plays == ["KS", "JS"] and session.turn == 2


# -- undo -------------------------------------------------------------------------------
def test_undo_takes_back_the_seats_last_card_and_everything_after_it() -> None:
    session = table()
    deal = scripted(session, 3, SPREAD, played=1)   # Anna won the first trick
    play_cards(session, "7H KH JH")                # Anna leads, Bruno, Carla
    assert undo(session, 1) == 2                    # Bruno's KH and Carla's JH
    assert deal.plays == [*SPREAD[0].split(), "7H"] and deal.undos == 1
    assert session.turn == 1
    assert undo(session, 0) == 1 and session.turn == 0 and deal.undos == 2
    assert undo(session, 0) == 4                    # Anna's KS and the whole first trick
    assert deal.plays == [] and deal.undos == 3 and session.turn == 0
    assert undo(session, 0) is None
    assert deal.undos == 3


def test_undo_keeps_the_generale_and_reaches_into_a_finished_deal_only_if_it_is_the_last(
) -> None:
    session = table(generale=True, limit=50)
    deal = scripted(session, 1, GENERALE_FAILS, declarer=2)
    assert session.totals == [0, 1, 5, 1] and session.needs_deal
    actions = list(deal.actions)
    taken = undo(session, 0)                     # the deal is open again, Anna to play
    assert taken is not None and deal.actions == actions[:-taken]
    assert not deal.over and deal.declarer == 2 and session.totals == [0, 0, 0, 0]
    assert session.turn == 0 and deal.actions[0] == Declare(2, True)
    for action in actions[-taken:]:
        session.apply(action)
    assert session.totals == [0, 1, 5, 1]
    deal_tricks(session, 2, SPREAD)             # the next deal: nobody has played in it
    assert undo(session, 0) is None
    assert [d.undos for d in session.deals] == [1, 0]


def test_undos_must_be_a_whole_number_from_zero() -> None:
    deal = deal_tricks(table(), 3, SPREAD)
    with pytest.raises(RuleError, match="undos must not be negative"):
        deal.undos = -1
    with pytest.raises(RuleError, match="undos must be a whole number"):
        deal.undos = True
    assert deal.undos == 0


# -- a whole deal from its log entry ----------------------------------------------------
def test_replay_deal_reads_the_compact_log_of_a_generale_deal() -> None:
    played = table(generale=True, limit=50)
    scripted(played, 1, GENERALE_FAILS, declarer=2)
    source = played.deals[0]
    session = table(generale=True, limit=50)
    deal = session.replay_deal(1, source.dealt, source.plays, declarer=2, undos=4)
    assert deal.actions == source.actions and deal.undos == 4
    assert session.totals == played.totals == [0, 1, 5, 1]
    again = table(generale=True, limit=50)
    omitted = again.replay_deal(1, source.dealt)   # nothing played: nobody asked yet
    assert omitted.phase == "generale" and omitted.asking == 2


def test_a_refused_card_names_its_number_and_seat_and_the_session_is_unchanged() -> None:
    played = table()
    scripted(played, 3, SPREAD)
    source = played.deals[0]
    session = table()
    plays = list(source.plays)
    plays[3] = "8H"                              # Dario revokes
    with pytest.raises(ReplayError) as error:
        session.replay_deal(3, source.dealt, plays)
    assert (error.value.number, error.value.card, error.value.seat) == (4, "8H", 3)
    assert error.value.rule == "illegal_card" and "must follow spades" in str(error.value)
    assert session.deals == [] and session.totals == [0, 0, 0, 0]
    with pytest.raises(ReplayError) as error:
        session.replay_deal(3, source.dealt, [*source.plays, "QS"])
    assert (error.value.number, error.value.seat, str(error.value)) == (
        len(source.plays) + 1, None, "played after the deal was over")
    with pytest.raises(RuleError, match="passed = 5: between 0 and 4"):
        table(generale=True).replay_deal(3, source.dealt, passed=5)
    assert session.deals == []


# -- named states ---------------------------------------------------------------------------
def test_one_of_types_text_from_outside_or_names_the_choices() -> None:
    assert one_of("hard", LEVELS, "level") == "hard"
    with pytest.raises(RuleError, match="level 'master' is not one of easy, medium, hard"):
        one_of("master", LEVELS, "level")
    session = random_session(Rules(generale=True, end="deals", limit=2), 4, random.Random(5),
                             steps=12)
    assert session.view(0).phase in PHASES
    assert Session(Rules(), [Player(n) for n in NAMES[:3]]).view(0).phase == "none"
