"""A table of Écarté or Piquet on the wire: an update goes to JSON and comes back equal,
with only the events its seat may be told; what cannot be read is refused, never raised
into a screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from polignac_tui.games import get_game
from polignac_tui.games.base import Said, Scored, Shown
from polignac_tui.games.session import SeatPlayer
from polignac_tui.service import gamewire
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gameevents import (
    GameHint,
    GameTableState,
    GameUpdate,
    HeldTrick,
    SeatGone,
    StandIn,
)
from polignac_tui.table.gametable import GameTable


def a_state(**changes: Any) -> GameTableState:
    values: dict[str, Any] = dict(
        game="piquet", waiting="hold", held=HeldTrick(((0, "AS"), (1, "7S")), 0),
        thinking=None, humans=(True, True), levels=(None, None), connected=(True, False),
        gone_for=(None, 12.5), stand_ins=(None, "hard"), hand_over_after=120.0,
        ready=(False, False), unsaved=None, can_undo=False)
    values.update(changes)
    return GameTableState(**values)


def an_update(tmp_path: Path, events: tuple[Any, ...]) -> GameUpdate:
    rules = get_game("piquet")
    table = GameTable.create(SessionStore(tmp_path), "piquet", rules.settings(),
                             ["Anna", "Bruno"], [SeatPlayer(True), SeatPlayer(True)], seed=3)
    try:
        return GameUpdate((table.view(0),), a_state(), events)
    finally:
        table.close()


def test_an_update_goes_to_json_and_back_with_the_seat_s_events_only(tmp_path: Path) -> None:
    mine = Said(0, "declare point", 0)
    theirs = Scored(1, 4, "point", 1)
    shown = Shown(1, ("KS", "QS"), 0, "talon_left")
    update = an_update(tmp_path, (mine, theirs, shown, SeatGone(1), StandIn(1, "hard"),
                                  GameHint(0, "KS", "lead_high"), GameHint(1, "7S")))
    data = json.loads(json.dumps(gamewire.update_to_json("t1", update, 0)))
    assert data["game"] == "piquet" and data["table"] == "t1"
    back = gamewire.update_from_json(data)
    assert back.views == update.views and back.state == update.state
    assert back.events == (mine, shown, SeatGone(1), StandIn(1, "hard"),
                           GameHint(0, "KS", "lead_high"))
    watcher = gamewire.update_to_json("t1", update, None)
    assert [e["type"] for e in watcher["events"]] == ["seat_gone", "stand_in"]


@pytest.mark.parametrize("damage", [
    lambda d: d["views"][0].update(hand="KS"),
    lambda d: d["views"][0].update(seat="0"),
    lambda d: d["state"].update(waiting="dance"),
    lambda d: d["state"].update(connected=[1, 0]),
    lambda d: d["events"].append({"type": "game", "event": "Fireworks"}),
    lambda d: d["events"].append({"type": "card_played", "seat": 0, "card": "KS"}),
    lambda d: d.update(events="none"),
    lambda d: d.pop("views"),
])
def test_an_update_that_is_not_one_is_refused_as_a_value_error(
        tmp_path: Path, damage: Any) -> None:
    data = json.loads(json.dumps(gamewire.update_to_json("t1", an_update(tmp_path, ()), 0)))
    damage(data)
    with pytest.raises((ValueError, KeyError, TypeError)):
        gamewire.update_from_json(data)


def test_a_hint_on_the_wire() -> None:
    assert gamewire.hint_to_json(None) is None
    sent = gamewire.hint_to_json(GameHint(1, "discard 7D JC", "keep_trumps"))
    assert gamewire.hint_from_json(1, sent) == GameHint(1, "discard 7D JC", "keep_trumps")
    assert gamewire.hint_from_json(1, {"action": 7}) is None
    assert gamewire.hint_from_json(1, {"action": "x" * 81}) is None
    long_why = gamewire.hint_from_json(1, {"action": "KS", "why": "w" * 41,
                                           "params": [["count", 1], "junk"]})
    assert long_why == GameHint(1, "KS", "", (("count", 1),))
