"""Polignac's scenes for the house's screenshots (``ui/screenshots.py``): its saved
sessions on disk, seeded and with fixed dates, and its table driven by keys to the
moment a picture shows (mid-trick, the deal summary, the end of the session)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ....store.folder import SessionStore
from ....store.gamefile import dumps as dumps_game
from ....ui.screenshots import FIXED, SEED
from .. import game_session
from ..engine import Player, Session, preset
from ..engine.autoplay import random_step

NAMES = ("Ana", "Bruno", "Claire", "Denis")


# -- sessions on disk, written directly so that every date in them is fixed -----------------
def write(store: SessionStore, session: Session) -> str:
    store.root.mkdir(parents=True, exist_ok=True)
    store.path(session.id).write_text(dumps_game(game_session(session)), encoding="utf-8")
    os.utime(store.path(session.id), (FIXED.timestamp(), FIXED.timestamp()))
    return session.id


def seeded(id: str, name: str, seed: int, names: tuple[str, ...] = NAMES,
           human: int = 0, **changes: Any) -> Session:
    rules = preset("classique", len(names)).replace(**changes) if changes else preset(
        "classique", len(names))
    players = [Player(n) if i == human else Player(n, "computer", "medium")
               for i, n in enumerate(names)]
    return Session.new(rules, players, random.Random(seed), id=id, name=name,
                       created=FIXED, updated=FIXED)


def play_random(session: Session, seed: int, deals: int | None = None,
                cards: int | None = None) -> Session:
    """Random legal cards until ``deals`` deals are over or ``cards`` cards are played."""
    rng = random.Random(seed)
    played = 0
    while not session.finished:
        if deals is not None and session.finished_deals >= deals:
            break
        if cards is not None and played >= cards:
            break
        if random_step(session, rng, declare_rate=None) is not None:
            played += 1
    return session


def fill_store(store: SessionStore) -> None:
    """The saved sessions shown in the pictures: in play, finished, and a damaged file."""
    write(store, play_random(seeded("20261121-2130-ana", "Friday night", 3), 3, cards=9))
    done = seeded("20261120-1900-ana", "Dimanche", 4, names=("Ana", "Hugo", "Inès"),
                  end="deals", limit=3)
    write(store, play_random(done, 4))
    write(store, play_random(seeded("20261118-2000-ana", "", 8, end="deals", limit=8), 8,
                             deals=5))
    (store.root / "20261101-1800-ana.toml").write_text("format = 1\n[players\n",
                                                       encoding="utf-8")
    os.utime(store.root / "20261101-1800-ana.toml", (FIXED.timestamp() - 86400 * 20,) * 2)


def table_session(store: SessionStore) -> str:
    """A session in play at deal 2, written so that the app can resume it."""
    session = seeded("20261121-2200-ana", "", SEED)
    return write(store, play_random(session, SEED, deals=1))


def final_session(store: SessionStore) -> str:
    """A session of 3 deals with 2 played: the third one, played by keys, ends it."""
    session = seeded("20261121-2300-ana", "", 2, end="deals", limit=3)
    return write(store, play_random(session, 2, deals=2))


# -- driving the table by keys --------------------------------------------------------------
async def until(pilot: Any, app: Any, done: Callable[[], bool], steps: int = 2000) -> None:
    """Play your cards with Enter (and close deal-over boxes, gather tricks on show)
    until ``done()``."""
    from ....ui.screens.table import TableScreen
    for _ in range(steps):
        await pilot.pause(0.02)
        if done():
            return
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.holding():
            await pilot.press("space")
        elif isinstance(screen, TableScreen) and screen.awaits_me():
            await pilot.press("enter")
        elif type(screen).__name__ in ("DealOverBox", "GeneraleScreen"):
            if done():
                return
            await pilot.press("enter" if type(screen).__name__ == "DealOverBox" else "p")
    raise RuntimeError("the table did not reach the wanted state")


def mid_trick(app: Any) -> bool:
    """Your turn, with cards already on the table."""
    from ....ui.screens.table import TableScreen
    screen = app.screen
    if not isinstance(screen, TableScreen) or not screen.awaits_me():
        return False
    view = screen.view()
    return len(view.trick) >= 2 and len(view.tricks) >= 2


async def to_mid_trick(pilot: Any, app: Any) -> None:
    await until(pilot, app, lambda: mid_trick(app))


async def to_summary(pilot: Any, app: Any) -> None:
    await until(pilot, app, lambda: type(app.screen).__name__ == "DealOverBox")


async def to_cognac(pilot: Any, app: Any) -> None:
    await until(pilot, app, lambda: type(app.screen).__name__ == "MatchOverBox")


# the end of a session, as the house's screenshots ask for it
to_end_of_session = to_cognac


def fill_history(store: SessionStore) -> None:
    """Twelve finished evenings of Ana, Bruno and Claire (computers), one a week."""
    week = 7 * 86400
    for n in range(12):
        session = seeded(f"202609{n + 10:02d}-2000-ana", "", 100 + n,
                         names=("Ana", "Bruno", "Claire"), limit=10)
        stamp = FIXED.timestamp() - (12 - n) * week
        session.updated = datetime.fromtimestamp(stamp, UTC)
        write(store, play_random(session, 100 + n))
        os.utime(store.path(session.id), (stamp, stamp))
