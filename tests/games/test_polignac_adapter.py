"""Polignac behind the seam: the engine's game, the same deal for the same seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polignac_tui.games import get_game
from polignac_tui.games.base import Event, Match, Scored, WordChoice, replay, undo
from polignac_tui.games.errors import RuleError
from polignac_tui.games.polignac.engine import Declare, Play, Player, Rules, Session, preset

NAMES = ("Anna", "Bruno", "Chloé", "Denis")


def engine_step(session: Session) -> None:
    """The first legal action of the engine's seat to act: pass, or the first card."""
    deal = session.current
    assert deal is not None and deal.turn is not None
    if deal.asking is not None:
        session.apply(Declare(deal.asking, False))
    else:
        session.apply(Play(deal.turn, deal.legal(deal.turn)[0]))


def seam_step(match: Match) -> list[Event]:
    seat = match.turn
    assert seat is not None
    choice = match.choices(seat)
    assert choice is not None
    if isinstance(choice, WordChoice):
        return list(match.apply("pass", seat=seat))
    return list(match.apply(choice.cards[0], seat=seat))


@pytest.mark.parametrize("preset", ["classique", "generale", "english"])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(3, 8))
def test_a_match_through_the_seam_scores_as_the_engines_session(preset: str, seed: int,
                                                                players: int) -> None:
    game = get_game("polignac")
    names = [f"P{i}" for i in range(players)]
    rules_settings = game.settings(preset, players=players)
    session = Session.new(Rules.from_dict(dict(rules_settings.to_dict())),
                          [Player(n) for n in names], random.Random(seed))
    rng = random.Random(seed)
    match = game.new_match(rules_settings, names, rng)
    events: list[Event] = list(match.deal(rng))
    for number in range(2, 8):
        assert match.log[-1].dealt.hands == session.deals[-1].dealt
        assert match.log[-1].dealt.dealer == session.deals[-1].dealer
        for _ in range(200):
            if session.current is None:
                break
            engine_step(session)
            events.extend(seam_step(match))
            assert match.totals == tuple(session.totals)
        assert match.turn is None
        points = [0] * players
        for event in events:
            if isinstance(event, Scored):
                points[event.seat] += event.points
        assert tuple(points) == match.totals
        if session.finished:
            break
        session.deal_next(random.Random(seed + number))
        events.extend(match.deal(random.Random(seed + number)))
    assert match.history == tuple((a.seat, a.card if isinstance(a, Play) else
                                   ("declare" if a.declare else "pass"))
                                  for a in session.deals[-1].actions)
    again = replay(game, rules_settings, names, match.log)
    assert again.totals == match.totals
    assert again.view(0) == match.view(0)


def test_polignac_describes_itself_from_the_engine() -> None:
    game = get_game("polignac")
    assert (game.min_players, game.max_players, game.higher_wins) == (3, 8, False)
    assert game.settings("english", players=5)["limit"] == 10
    assert game.settings("classique")["limit"] == 20
    with pytest.raises(RuleError) as error:
        game.settings("classique", {"sevens_removed": "green"})
    assert error.value.params["setting"] == "sevens_removed"
    with pytest.raises(RuleError):
        game.new_match(game.settings(), ["Anna", "Bruno"], 1)


def test_a_watcher_sees_no_hand_and_undo_takes_a_card_back() -> None:
    game = get_game("polignac")
    rng = random.Random(5)
    match = game.new_match(game.settings(), NAMES, rng)
    match.deal(rng)
    first = match.turn
    assert first is not None
    seam_step(match)
    seam_step(match)
    watcher = match.view(None)
    assert watcher.hand == () and watcher.choice is None and watcher.watching
    assert len(match.view(first).hand) == 7
    back = undo(match, {first})
    assert back is not None and back.history == () and back.turn == first


# -- what the house asks of Polignac through the seam (issue 24, point 6) ---------------------
def test_a_served_tables_rules_are_checked_by_the_game_over_its_preset() -> None:
    """``create``'s ``rules`` of a Polignac table: the preset's at that many players, the
    values sent over them, the preset's name kept as sent; a refusal in the engine's words."""
    game = get_game("polignac")
    assert game.table_field == "rules"
    kept = game.table_settings({"preset": "english", "ace_high": False}, 5)
    assert kept == {**preset("english", 5).to_dict(), "ace_high": False}
    assert kept["limit"] == 10 and kept["preset"] == "english"
    assert game.table_settings({}, 4) == Rules().to_dict()
    settings = game.kept_settings(kept)
    assert settings.preset == "english" and settings["limit"] == 10
    assert not settings["ace_high"]
    with pytest.raises(RuleError, match="unknown setting 'jokers'"):
        game.table_settings({"jokers": True}, 4)
    with pytest.raises(RuleError, match="preset"):
        game.table_settings({"preset": "bezique"}, 4)


def test_another_games_table_settings_are_its_presets_and_overrides() -> None:
    game = get_game("ecarte")
    assert game.table_field == "settings"
    kept = game.table_settings({}, 2)
    assert kept == game.settings().to_dict()
    assert game.kept_settings(kept) == game.settings()


def test_an_engine_session_is_the_houses_over_the_same_engine() -> None:
    """``game_session``: Polignac's engine session as the house's (its seats from the
    players' kinds and levels), the same engine object under its match."""
    from polignac_tui.games.polignac import game_session
    session = Session.new(Rules(), [Player("Anna"), Player("Bruno", "computer", "easy"),
                                    Player("Claire", "computer", "hard")],
                          random.Random(1), id="t")
    whole = game_session(session)
    assert whole.game == "polignac" and whole.match.own_session() is session
    assert whole.id == "t" and whole.names == ("Anna", "Bruno", "Claire")
    assert [seat.level for seat in whole.seats] == [None, "easy", "hard"]
