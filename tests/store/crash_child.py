"""The writer of the crash test: grows a session one action at a time, saving after each.

Run as ``python crash_child.py ROOT ID``: it resumes the session saved under ID
(or starts it), then forever applies the next action of a fixed, seeded
sequence, saves, and prints the number of actions saved so far. The parent
kills it with SIGKILL at random moments. ``step`` is deterministic given the
session, so the parent can rebuild the exact session for any number of actions.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime
from pathlib import Path

from polignac_tui.games.polignac import game_session
from polignac_tui.games.polignac.engine import Declare, Play, Player, Session, preset
from polignac_tui.store import SessionStore

PLAYERS = (Player("Anna"), Player("Bob", "computer", "easy"), Player("Zoé", "computer", "hard"))


def new_session(id: str) -> Session:
    """The session before any action (no deal yet: dealing the first deal is an action)."""
    rules = preset("generale", 3).replace(end="deals", limit=1000)
    return Session(rules, PLAYERS, id=id, name="crash test",
                   created=datetime(2026, 11, 22, 20, 15, tzinfo=UTC))


def actions(session: Session) -> int:
    """Actions in the log: each deal dealt, each générale decision, each card."""
    return sum(1 + d.passed + (d.declarer is not None) + len(d.plays) for d in session.deals)


def step(session: Session) -> None:
    """Apply the next action of the fixed sequence."""
    if session.needs_deal or not session.deals:
        session.deal_next(random.Random(f"crash-{len(session.deals)}"))
        return
    deal = session.current
    assert deal is not None
    number = len(session.deals)
    if deal.phase == "generale":
        seat = deal.asking
        assert seat is not None
        session.apply(Declare(seat, (number + seat) % 5 == 0))
        return
    seat = deal.turn
    assert seat is not None
    legal = deal.legal(seat)
    session.apply(Play(seat, legal[(len(deal.plays) * 5 + number) % len(legal)]))


def rebuild(id: str, count: int) -> Session:
    session = new_session(id)
    for _ in range(count):
        step(session)
    return session


def main(root: str, id: str) -> None:
    store = SessionStore(Path(root))
    with store.lock(id):
        whole = (store.load_game(id) if store.exists(id)
                 else game_session(new_session(id)))     # the app's route
        session = whole.match.own_session()
        assert isinstance(session, Session)
        while True:
            step(session)
            store.save_game(whole)
            print(actions(session), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
