"""The session's undo setting (issue 27, point 11): stored only when off (old files read
as on, format 1 unchanged), refused by the engine when off, and a win with undos counted
apart from a clean win by ``stats``."""

from __future__ import annotations

import json

import pytest
from polignac_file import dumps, loads, save_session

from polignac_tui.cli import main
from polignac_tui.games.polignac.stats import player_stats
from polignac_tui.store import SessionStore
from polignac_tui.store.errors import SessionFileError

from .helpers import make

Capture = pytest.CaptureFixture[str]


def test_undo_off_is_written_and_read_back_and_a_file_without_it_has_undo_on() -> None:
    session = make(actions=6)
    text = dumps(session)
    assert "undo" not in text                       # on: the file as before
    assert loads(text).undo_on is True
    session.undo_on = False
    off = dumps(session)
    assert off.replace("undo = false\n", "") == text  # one line more, nothing else
    again = loads(off)
    assert again.undo_on is False and dumps(again) == off
    with pytest.raises(SessionFileError, match="undo must be true or false"):
        loads(text.replace("format = 1\n", 'format = 1\nundo = "no"\n'))


def test_show_json_of_an_old_file_says_nothing_of_undo(capsys: Capture) -> None:
    store = SessionStore()
    session = make(actions=None, seed=5)
    with store.lock(session.id):
        save_session(store, session)
    assert main(["show", session.id, "--json"]) == 0
    out = capsys.readouterr().out
    assert "undo" not in out and json.loads(out)["players"][0] == "Anna"


def test_stats_count_a_win_with_undos_apart(capsys: Capture) -> None:
    store = SessionStore()
    clean = make("20261120-2015-a", actions=None, seed=5)
    undone = make("20261120-2015-b", actions=None, seed=5)      # the same games...
    undone.deals[0].undos = 2                                   # ...one with undos
    for session in (clean, undone):
        with store.lock(session.id):
            save_session(store, session)
    winner = clean.winners[0]
    label = clean.players[winner].name + ("" if clean.players[winner].is_human
                                          else f" ({clean.players[winner].level})")
    assert main(["stats", "--json"]) == 0
    got = {p["name"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert got[label]["won"] == 1 and got[label]["won_with_undos"] == 1
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith(label))
    assert row.split()[len(label.split()) + 1] == "1+1"
    assert "clean wins+wins in a session where a card was taken back" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    stats = {s.name: s for s in player_stats(store.summaries())}
    assert stats[label].won_words == "1+1"


def test_a_served_table_says_undo_is_off_and_says_nothing_new_when_on() -> None:
    from dataclasses import replace

    from polignac_tui.service.gamewire import state_from_json, state_to_json
    from polignac_tui.table.gameevents import GameTableState

    on = GameTableState(game="polignac", waiting="turn", held=None, thinking=None,
                        humans=(True,) * 3, levels=(None,) * 3, connected=(True,) * 3,
                        gone_for=(None,) * 3, stand_ins=(None,) * 3, hand_over_after=60.0,
                        ready=(False,) * 3, unsaved=None, can_undo=False)
    assert "undo_off" not in state_to_json(on) and not state_from_json(state_to_json(on)).undo_off
    off = replace(on, undo_off=True)
    assert state_from_json(json.loads(json.dumps(state_to_json(off)))).undo_off is True
