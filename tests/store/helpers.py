"""Sessions at chosen positions, built from a seed, for the store tests."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from polignac_file import to_document

from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step

CREATED = datetime(2026, 11, 22, 20, 15, tzinfo=UTC)
NAMES = ("Anna", "Bob", "Zoé", "Dédé", "Eve", "Fanny", "Gus", "Hélène")


def players(count: int) -> list[Player]:
    return [Player(NAMES[0])] + [Player(n, "computer", "easy") for n in NAMES[1:count]]


def advance(session: Session, rng: random.Random, actions: int | None = None) -> Session:
    """Play ``actions`` seeded random actions (None: to the end of the session)."""
    done = 0
    while not session.finished and (actions is None or done < actions):
        done += 1
        random_step(session, rng, declare_rate=0.15)
    return session


def make(id: str = "20261122-2015-anna", *, count: int = 4, preset_name: str = "classique",
         seed: int = 0, actions: int | None = 0, name: str = "", **changes: object) -> Session:
    """A session dealt with ``seed`` and moved on by ``actions`` (None: finished)."""
    rules = preset(preset_name, count)
    if changes:
        rules = rules.replace(**changes)
    rng = random.Random(seed)
    session = Session.new(rules, players(count), rng, id=id, name=name, created=CREATED)
    return advance(session, rng, actions)


def log(session: Session) -> dict[str, object]:
    """The session's log without the save time."""
    doc = to_document(session)
    doc.pop("updated", None)
    return doc
