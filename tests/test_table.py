"""The Table runs a session: computers move, every action is saved, undo, the lock."""

from __future__ import annotations

from pathlib import Path

import polignac_file as fileformat
import pytest
from polignac_file import load_session
from polignac_runner import Table

from polignac_tui.games.polignac.engine import Declare, Play, Player, RuleError, preset
from polignac_tui.store import SessionLocked, SessionStore


def computers(n: int) -> list[Player]:
    return [Player(f"Bot{i}", "computer", "easy") for i in range(n)]


def one_human(n: int) -> list[Player]:
    return [Player("Alice"), *[Player(f"Bot{i}", "computer", "easy") for i in range(1, n)]]


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions")


def run_computers(table: Table, until_deals: int | None = None) -> None:
    """Play computer moves (and deal) until a human must act or the session ends."""
    session = table.session
    while not session.finished:
        if session.needs_deal:
            if until_deals is not None and len(session.deals) >= until_deals:
                return
            table.deal_next()
            session = table.session
            continue
        if table.computer_to_move() is None:
            return
        table.apply(table.think())
        session = table.session


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_whole_session_of_computers_is_autosaved(store: SessionStore, players: int) -> None:
    rules = preset("classique", players).replace(limit=6)
    table = Table.create(store, rules, computers(players), name="bots", seed=players)
    try:
        run_computers(table)
        assert table.session.finished
        assert table.session.losers
        on_disk = load_session(store, table.session.id)
        assert fileformat.to_document(on_disk)["deals"] == \
            fileformat.to_document(table.session)["deals"]
        assert on_disk.totals == table.session.totals
        assert on_disk.losers == table.session.losers
    finally:
        table.close()


def test_every_action_is_saved_at_once(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=7)
    try:
        run_computers(table)
        human = table.humans()[0]
        view = table.view(human)
        assert view.my_turn
        table.apply(Play(human, view.legal[0]))
        reopened = load_session(store, table.session.id)
        assert reopened.view(human).hand == table.view(human).hand
        assert reopened.deals[-1].plays == table.session.deals[-1].plays
    finally:
        table.close()


def test_illegal_action_changes_nothing_and_saves_nothing(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=3)
    try:
        run_computers(table)
        before = store.path(table.session.id).read_text()
        view = table.view(0)
        wrong = [c for c in view.hand if c not in view.legal]
        with pytest.raises(RuleError):
            table.apply(Play(1, view.hand[0]))       # not seat 1's card / turn
        if wrong:
            with pytest.raises(RuleError, match="must follow"):
                table.apply(Play(0, wrong[0]))
        assert store.path(table.session.id).read_text() == before
    finally:
        table.close()


def test_same_seed_same_session(store: SessionStore) -> None:
    rules = preset("classique", 4).replace(limit=5)
    tables = [Table.create(store, rules, computers(4), name=f"s{k}", seed=42) for k in range(2)]
    try:
        for t in tables:
            run_computers(t)
        a, b = (fileformat.to_document(t.session)["deals"] for t in tables)
        assert a == b
    finally:
        for t in tables:
            t.close()


def test_lock_is_held_until_close(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=1)
    session_id = table.session.id
    with pytest.raises(SessionLocked):
        Table.open(store, session_id)
    table.close()
    table.close()  # twice is harmless
    again = Table.open(store, session_id)
    try:
        assert again.session.deals[0].dealt == table.session.deals[0].dealt
    finally:
        again.close()


def test_resume_mid_trick_gives_the_same_view(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=11)
    run_computers(table)
    table.apply(Play(0, table.view(0).legal[0]))
    run_computers(table)
    view = table.view(0)
    table.close()
    again = Table.open(store, table.session.id)
    try:
        assert again.view(0) == view
    finally:
        again.close()


def test_undo_takes_back_your_card_and_the_computers_after_it(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=5)
    try:
        run_computers(table)
        before = table.view(0)
        plays_before = list(table.session.deals[-1].plays)
        table.apply(Play(0, before.legal[-1]))
        run_computers(table)
        assert len(table.session.deals[-1].plays) > len(plays_before)
        assert table.undo(0)
        assert table.session.deals[-1].plays == plays_before
        assert table.session.deals[-1].undos == 1
        assert table.view(0).hand == before.hand
        assert table.view(0).my_turn
        on_disk = load_session(store, table.session.id)
        assert on_disk.deals[-1].undos == 1
        assert on_disk.deals[-1].plays == plays_before
    finally:
        table.close()


def test_undo_needs_a_card_and_a_single_human(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=5)
    try:
        run_computers(table)
        assert table.view(0).my_turn          # Alice has not played a card yet
        assert not table.undo(0)
        assert table.session.deals[-1].undos == 0
    finally:
        table.close()
    players = [Player("Alice"), Player("Bruno"),
               Player("Bot1", "computer", "easy"), Player("Bot2", "computer", "easy")]
    table = Table.create(store, preset("classique", 4), players, name="two", seed=2)
    try:
        for _ in range(12):
            run_computers(table)
            seat = table.session.turn
            if seat is None:
                break
            table.apply(Play(seat, table.view(seat).legal[0]))
        assert not table.undo(0)
        assert not table.undo(1)
        assert all(d.undos == 0 for d in table.session.deals)
    finally:
        table.close()


def test_generale_is_asked_and_computers_answer(store: SessionStore) -> None:
    rules = preset("generale", 4)
    table = Table.create(store, rules, computers(4), seed=9)
    try:
        assert table.session.current.phase == "generale"
        action = table.think()
        assert isinstance(action, Declare)
        run_computers(table, until_deals=1)
        assert table.session.deals[0].over
        assert load_session(store, table.session.id).deals[0].passed == 4 or \
            load_session(store, table.session.id).deals[0].declarer is not None
    finally:
        table.close()


def test_think_refuses_when_a_human_is_to_move(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=4)
    try:
        run_computers(table)
        assert table.computer_to_move() is None
        with pytest.raises(RuntimeError):
            table.think()
    finally:
        table.close()


def test_the_hint_is_a_legal_card_for_the_seat_to_play(store: SessionStore) -> None:
    table = Table.create(store, preset("classique", 4), one_human(4), seed=7)
    try:
        run_computers(table)
        view = table.view(0)
        assert view.my_turn
        advice = table.hint(view)
        assert advice.card in view.legal and advice.reason
    finally:
        table.close()
