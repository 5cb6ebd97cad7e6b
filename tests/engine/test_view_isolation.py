"""A ``SeatView`` holds copies only: nothing in it leads back to the engine (issue 15, point 8)."""

from __future__ import annotations

import gc
import random
import types

from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.games.polignac.engine.deal import Deal
from polignac_tui.games.polignac.engine.view import SeatView


def played_session(seed: int, actions: int) -> Session:
    rng = random.Random(seed)
    players = [Player("Anna"), Player("Bob", "computer", "easy"),
               Player("Zoé", "computer", "easy"), Player("Eve", "computer", "easy")]
    session = Session.new(preset("classique", 4), players, rng)
    for _ in range(actions):
        if session.finished:
            break
        random_step(session, rng, declare_rate=0.2)
    return session


def owned(view: SeatView) -> dict[int, object]:
    """Every object the garbage collector tracks that is reachable from ``view`` (classes
    aside: they are code, shared by everything)."""
    found: dict[int, object] = {id(view): view}
    stack: list[object] = [view]
    while stack:
        for child in gc.get_referents(stack.pop()):
            if gc.is_tracked(child) and not isinstance(child, type) and id(child) not in found:
                found[id(child)] = child
                stack.append(child)
    return found


def outside_referrers(view: SeatView) -> list[object]:
    """Objects, not part of the view, that refer to something inside it (the frames and
    lists of this walk itself aside)."""
    found = owned(view)
    objects = list(found.values())
    mine = {id(found), id(objects)}
    outside = []
    for obj in objects:
        referrers = gc.get_referrers(obj)
        mine.add(id(referrers))
        for ref in referrers:
            if id(ref) in found or id(ref) in mine or isinstance(ref, types.FrameType):
                continue
            outside.append(ref)
        del referrers
    return outside


def test_nothing_in_a_view_is_the_engines() -> None:
    for seed, actions in [(1, 0), (2, 11), (3, 40), (4, 400)]:
        session = played_session(seed, actions)
        deal = session.deals[-1]
        for seat in range(session.size):
            view = session.view(seat)
            assert view.rules == session.rules and view.rules is not session.rules
            for mine, theirs in zip(view.tricks, deal.tricks, strict=True):
                assert mine == theirs and mine is not theirs
                assert mine.cards is not theirs.cards
            assert view.hand is not deal.hands[seat]
            gc.collect()
            stray = outside_referrers(view)
            assert stray == [], (seed, actions, seat, [type(r).__name__ for r in stray][:5])


def test_the_walk_finds_a_shared_engine_object() -> None:
    """The check above can fail: a view holding the session's rules is caught."""
    session = played_session(5, 20)
    view = session.view(0)
    leaky = SeatView(**{f: getattr(view, f) for f in SeatView.__slots__ if f != "rules"},
                     rules=session.rules)
    holders = outside_referrers(leaky)
    assert any(r is session.__dict__ or r is session for r in holders)


def test_no_deal_nor_session_is_reachable_backwards() -> None:
    session = played_session(6, 30)
    view = session.view(1)
    gc.collect()
    frontier = list(owned(view).values())
    seen = {id(o) for o in frontier}
    seen.add(id(frontier))
    for _ in range(3):  # three steps back from anything in the view
        step: list[object] = []
        seen.add(id(step))
        for obj in frontier:
            refs = gc.get_referrers(obj)
            seen.add(id(refs))
            for ref in refs:
                assert not isinstance(ref, Deal | Session)
                if id(ref) not in seen and not isinstance(ref, types.FrameType):
                    seen.add(id(ref))
                    step.append(ref)
        frontier = step
    del frontier
