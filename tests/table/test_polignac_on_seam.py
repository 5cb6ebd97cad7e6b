"""Polignac at a table of the house (``GameTable``): the same deals, the same computer
moves and the same hints for the same table seed as its tables have always made, and
its players reading the seam's ``View`` as they read the engine's ``SeatView``."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from polignac_tui.games import get_game
from polignac_tui.games.arena import players_of
from polignac_tui.games.base import DealLog, Dealt, replay
from polignac_tui.games.polignac.engine import Declare, Play, Player, Session, preset
from polignac_tui.games.polignac.players import hint, make_player
from polignac_tui.games.polignac.players.seen import seat_view
from polignac_tui.games.polignac.viewpart import part_of
from polignac_tui.games.session import SeatPlayer
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gametable import GameTable, _seed_for

LEVELS = ("easy", "medium", "medium", "easy")


def text(action: Play | Declare) -> str:
    if isinstance(action, Declare):
        return "declare" if action.declare else "pass"
    return action.card


def engine_play(seed: int) -> Session:
    """A session played the way Polignac's tables always did: deal 1 (and its dealer)
    from the seed's first stream, each seat's player seeded from the seed and the seat."""
    session = Session.new(preset("classique", 4),
                          [Player(f"P{i}", "computer", lv) for i, lv in enumerate(LEVELS)],
                          random.Random(_seed_for(seed, "deal/1")))
    players = [make_player(level, _seed_for(seed, f"seat/{s}")) for s, level in
               enumerate(LEVELS)]
    for _ in range(2000):
        if session.finished:
            break
        if session.needs_deal:
            number = len(session.deals) + 1
            session.deal_next(random.Random(_seed_for(seed, f"deal/{number}")))
            continue
        turn = session.turn
        assert turn is not None
        session.apply(players[turn].choose(session.view(turn)))
    return session


@pytest.fixture
def unsaved(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameTable, "save", lambda self: None)


@pytest.mark.parametrize("seed", [1, 7])
def test_a_table_of_the_house_deals_and_plays_as_polignac_tables_did(
        tmp_path: Path, seed: int, unsaved: None) -> None:
    game = get_game("polignac")
    table = GameTable.create(SessionStore(tmp_path), "polignac", game.settings(),
                             [f"P{i}" for i in range(4)], [SeatPlayer(False, lv) for lv in LEVELS],
                             seed=seed)
    try:
        for _ in range(2000):
            match = table.session.match
            if match.outcome is not None:
                break
            if match.needs_deal:
                table.deal_next(save=False)
                continue
            table.apply(table.think(), save=False)
    finally:
        table.close()
    expected = engine_play(seed)
    got = table.session.match.session   # type: ignore[attr-defined]
    assert [(d.dealer, d.dealt, d.actions) for d in got.deals] == [
        (d.dealer, d.dealt, d.actions) for d in expected.deals]
    assert got.finished and got.totals == expected.totals


def test_the_view_of_the_seam_gives_the_engine_view_back() -> None:
    session = engine_play(3)
    session.rewind(9)   # the last deal in play again: a trick on the table
    game = get_game("polignac")
    log = tuple(DealLog(Dealt(d.dealer, tuple(tuple(h) for h in d.dealt)),
                        tuple(text(a) for a in d.actions)) for d in session.deals)
    match = replay(game, game.settings(), [f"P{i}" for i in range(4)], log)
    for seat in range(4):
        expected = replace(session.view(seat), humans=(False,) * 4)
        assert seat_view(match.view(seat)) == expected
    watcher = seat_view(match.view(None))
    assert watcher.watching and watcher.hand == () and watcher.legal == ()
    assert watcher.trick == session.view(0).trick


def test_the_hint_and_the_moves_come_from_the_same_seeds(tmp_path: Path,
                                                         unsaved: None) -> None:
    game = get_game("polignac")
    table = GameTable.create(SessionStore(tmp_path), "polignac", game.settings(),
                             ["Ana", "B", "C", "D"],
                             [SeatPlayer(True), *(SeatPlayer(False, "medium") for _ in range(3))],
                             seed=5)
    try:
        for _ in range(50):
            if table.session.match.turn == 0:
                break
            table.apply(table.think(), save=False)
        view = table.view(0)
        engine = seat_view(view)
        expected = hint(engine, _seed_for(5, "hint"))
        action, why, params = table.hint(view)
        assert action == (expected.card or ("declare" if expected.declare else "pass"))
        assert (why, params) == (expected.reason.code, expected.reason.params)
        assert players_of("polignac").choose_seeded(view, "medium", 11) == \
            text(make_player("medium", 11).choose(engine))
    finally:
        table.close()


def test_the_same_view_is_read_once_and_a_new_one_afresh() -> None:
    session = engine_play(3)
    session.rewind(9)
    game = get_game("polignac")
    log = tuple(DealLog(Dealt(d.dealer, tuple(tuple(h) for h in d.dealt)),
                        tuple(text(a) for a in d.actions)) for d in session.deals)
    match = replay(game, game.settings(), [f"P{i}" for i in range(4)], log)
    view = match.view(0)
    first = part_of(view)
    assert part_of(view) is first                   # the screen's widgets ask: read once
    again = part_of(match.view(0))                  # an equal view, not the same one
    assert again == first and again is not first
