"""Polignac's part of the seam's ``View`` read once, typed and checked (``viewpart``), and
the computer players' ``SeatView`` built from it (``players/seen.py``): the same as the
engine's own view of the seat, here or after the wire, and nothing of a bad part taken."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from polignac_tui.games.base import View
from polignac_tui.games.errors import RuleError
from polignac_tui.games.polignac import game_session
from polignac_tui.games.polignac.engine import Declare, Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.games.polignac.players.seen import seat_view
from polignac_tui.games.polignac.viewpart import PolignacPart, part_of


def a_session(seed: int, steps: int) -> Session:
    players = [Player(n) for n in ("Ana", "Bruno", "Claire", "Denis")]
    rules = preset("generale", 4).replace(end="deals", limit=2)
    session = Session.new(rules, players, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if session.finished:
            break
        random_step(session, rng)
    return session


def wired(view: View) -> View:
    return View.from_json(json.loads(json.dumps(view.to_json())))


@pytest.mark.parametrize(("seed", "steps"), [(1, 0), (2, 9), (3, 30), (4, 70), (5, 200)])
def test_the_seat_view_read_from_the_view_is_the_engines(seed: int, steps: int) -> None:
    session = a_session(seed, steps)
    match = game_session(session).match
    for seat in range(4):
        expected = replace(session.view(seat), humans=(False,) * 4)
        assert seat_view(match.view(seat)) == expected
        assert seat_view(wired(match.view(seat))) == expected
    watched = seat_view(match.view(None))
    assert watched.watching and watched.hand == () and watched.legal == ()
    assert not watched.asked and watched.jacks_taken == session.view(0).jacks_taken


def test_the_part_tells_la_generale_and_the_jacks() -> None:
    session = a_session(6, 0)
    asked = session.deals[-1].asking
    assert asked is not None
    part = part_of(game_session(session).match.view(asked))
    assert part.asked and part.declarer is None and part.rules.generale
    session.apply(Declare(asked, True))
    view = game_session(session).match.view(asked)
    part = part_of(view)
    assert part.declarer == asked and not part.asked
    assert part.jacks_taken == ((),) * 4 and part.results[-1].declarer == asked
    assert part.results[-1].points is None and not part.generale_failed(view)


def test_a_view_is_read_once() -> None:
    view = game_session(a_session(7, 12)).match.view(0)
    assert part_of(view) is part_of(view)
    again = View.from_json(view.to_json())
    assert part_of(again) == part_of(view)


@pytest.mark.parametrize(("key", "value", "named"), [
    ("passed", "two", "'two' is not a whole number"),
    ("declarer", True, "True is not a whole number"),
    ("legal", "KS", "'KS' is not a list"),
    ("jacks_taken", [["JS"], [7]], "7 is not a string"),
    ("asked", 1, "1 is not true or false"),
    ("rules", {"limit": "20"}, "'20' is not a whole number"),
    ("rules", {"direction": "sideways"}, "direction: 'sideways' is not one of"),
    ("rules", {"trumps": True}, "unknown setting 'trumps'"),
    ("rules", {"ace_high": "yes"}, "'yes' is not true or false"),
    ("deals", [{"dealer": 0, "declarer": None, "chelem": None, "points": ["1"]}],
     "'1' is not a whole number"),
])
def test_a_bad_part_is_refused_by_name(key: str, value: object, named: str) -> None:
    view = game_session(a_session(8, 12)).match.view(0)
    bad = {**view.game_part, key: value}
    with pytest.raises(RuleError) as refused:
        PolignacPart.from_json(bad, 4)  # type: ignore[arg-type]
    assert refused.value.code == "json" and named in str(refused.value)


def test_the_frame_is_not_sent_twice_and_each_view_has_its_own_rules() -> None:
    session = a_session(7, 30)
    match = game_session(session).match
    first, second = match.view(0), match.view(1)
    assert first.tricks and first.phase and first.leader is not None
    for view in (first, second, match.view(None)):
        assert not {"phase", "leader", "tricks"} & set(view.game_part)   # the frame's
        assert view.game_part["rules"] == session.rules.to_dict()
    rules = first.game_part["rules"]
    assert isinstance(rules, dict)
    rules["limit"] = -1             # one view's part changed: no other view's, no later one
    assert second.game_part["rules"] == session.rules.to_dict()
    assert match.view(0).game_part["rules"] == session.rules.to_dict()
