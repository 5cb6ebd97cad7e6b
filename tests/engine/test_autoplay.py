"""``random_step``: random legal play used by benchmarks, screenshots and tests."""

import random

import pytest

from polignac_tui.games.polignac.engine import Declare, Player, RuleError, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step


def new_session() -> Session:
    rules = preset("generale").replace(limit=8)
    return Session.new(rules, [Player(n) for n in ("A", "B", "C", "D")], random.Random(2))


def test_plays_a_session_to_its_end_then_refuses() -> None:
    session, rng = new_session(), random.Random(3)
    while not session.finished:
        random_step(session, rng)
    with pytest.raises(RuleError, match="session is over"):
        random_step(session, rng)


def test_without_a_declare_rate_everyone_passes() -> None:
    session, rng = new_session(), random.Random(4)
    actions = []
    while not session.finished:
        actions.append(random_step(session, rng, declare_rate=None))
    declares = [a for a in actions if isinstance(a, Declare)]
    assert declares and not any(a.declare for a in declares)
    assert actions.count(None) == len(session.deals) - 1  # one None per deal dealt
