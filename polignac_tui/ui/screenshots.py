"""Screenshots of every screen, for the README: ``python -m polignac_tui.ui.screenshots``.

Drives the real app headless with Pilot (keys only), in temporary data and config
folders, seeded, pace instant, no animation, and writes one SVG per screen into
``screenshots/`` (or the folder given). Deterministic: the same SVGs every run.
``--png`` also converts them with ``rsvg-convert`` when it is installed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..config import Settings
from ..games import FIRST_GAME, game_names
from ..store.folder import SessionStore
from .gameface import face_of

SMALL = (80, 24)
LARGE = (120, 36)
HUGE = (160, 48)
FIXED = datetime(2026, 11, 21, 21, 30, tzinfo=UTC)
SEED = 5

Scenario = Callable[[Any, Any], Awaitable[None]]


# -- the house's first game, through its FACE: its saved sessions, its table by keys -------
def scenes() -> Any:
    """Polignac's scenes (``games/polignac/tui/scenes.py``)."""
    return face_of(FIRST_GAME).scenes()


async def until(pilot: Any, app: Any, done: Callable[[], bool], steps: int = 2000) -> None:
    await scenes().until(pilot, app, done, steps)


async def to_mid_trick(pilot: Any, app: Any) -> None:
    await scenes().to_mid_trick(pilot, app)


async def to_summary(pilot: Any, app: Any) -> None:
    await scenes().to_summary(pilot, app)


async def to_end(pilot: Any, app: Any) -> None:
    await scenes().to_end_of_session(pilot, app)


async def to_saved(pilot: Any, app: Any, key: str = "s") -> None:
    """The saved sessions (or with ``t`` the statistics), once read (in a thread worker)."""
    await keys(pilot, key)
    for _ in range(500):
        if not getattr(app.screen, "reading", False):
            break
        await pilot.pause(0.01)
    await pilot.pause(0.1)


async def to_dimanche(pilot: Any, app: Any, key: str) -> None:
    """Saved sessions, the finished "Dimanche" chosen, then ``key``."""
    from textual.widgets import DataTable
    await to_saved(pilot, app)
    rows = [i for i, e in enumerate(app.screen.entries) if e.name == "Dimanche"]
    app.screen.query_one(DataTable).move_cursor(row=rows[0])
    await keys(pilot, key)


async def to_replay(pilot: Any, app: Any, steps: int = 6) -> None:
    """Saved sessions, the finished "Dimanche", its last deal replayed and reviewed,
    ``steps`` cards in."""
    await to_dimanche(pilot, app, "p")
    for _ in range(1200):   # the review: a few seconds of search
        if getattr(app.screen, "review", None) is not None:
            break
        await pilot.pause(0.05)
    await keys(pilot, *["right"] * steps)


async def to_chart(pilot: Any, app: Any) -> None:
    await to_dimanche(pilot, app, "g")


async def to_statistics(pilot: Any, app: Any) -> None:
    await to_saved(pilot, app, "t")


def game_session(store: SessionStore, game: str, seed: int,
                 stop: Callable[[Any], bool]) -> str:
    """A session of ``game`` (Ana, a person, against Bruno, a medium computer) played by
    two medium players from a seeded deal until ``stop(match)``; written with fixed dates."""
    from ..games import get_game
    from ..games.arena import players_of
    from ..games.session import GameSession, SeatPlayer
    from ..store.gamefile import dumps as dumps_game
    rules = get_game(game)
    rng = random.Random(seed)
    match = rules.new_match(rules.settings(), ["Ana", "Bruno"], rng)
    choose = players_of(game).choose
    for _ in range(1000):
        if match.needs_deal:
            match.deal(rng)
            continue
        if stop(match) or match.turn is None:
            break
        match.apply(choose(match.view(match.turn), "medium", rng))
    session = GameSession(match, (SeatPlayer(True), SeatPlayer(False, "medium")), id=f"{game}-shot",
                          name="", created=FIXED, updated=FIXED)
    store.root.mkdir(parents=True, exist_ok=True)
    store.path(session.id).write_text(dumps_game(session), encoding="utf-8")
    os.utime(store.path(session.id), (FIXED.timestamp(), FIXED.timestamp()))
    return session.id


def mid_deal(match: Any) -> bool:
    """Deal 2, Ana to follow a card, a quarter of the deal's tricks played (Écarté: one of
    five; Piquet: three of twelve, the declarations made)."""
    view = match.view(0)
    tricks = len(match.log[-1].dealt.hands[0])
    return view.deal_number >= 2 and match.turn == 0 and len(view.trick) == 1 \
        and sum(view.tricks_won) >= max(1, tricks // 4)


async def to_game_turn(pilot: Any, app: Any) -> None:
    """The table of a game, waiting for Ana's card."""
    from .screens.table import TableScreen
    await until(pilot, app, lambda: isinstance(app.screen, TableScreen)
                and app.screen.awaits_me())


async def keys(pilot: Any, *names: str) -> None:
    for name in names:
        await pilot.press(name)
        await pilot.pause(0.05)
    await pilot.pause(0.2)


@dataclass(frozen=True)
class Shot:
    name: str
    size: tuple[int, int]
    start: str                      # home, history, table (resume its session), final,
                                    # ecarte, piquet (a session of that game, resumed)
    steps: Scenario
    ascii: bool = False
    lang: str = "en"                # the app's language (every shot names its own)


async def _nothing(pilot: Any, app: Any) -> None:
    await pilot.pause(0.2)


SHOTS: tuple[Shot, ...] = (
    Shot("home", SMALL, "home", _nothing),
    Shot("home-large", LARGE, "home", _nothing),
    Shot("new-session", SMALL, "home", lambda p, a: keys(p, "n")),
    Shot("table", SMALL, "table", to_mid_trick),
    Shot("table-large", LARGE, "table", to_mid_trick),
    Shot("table-huge", HUGE, "table", to_mid_trick),
    Shot("rules-panel", SMALL, "table", lambda p, a: _then(to_mid_trick, p, a, "r")),
    Shot("score-table", SMALL, "table", lambda p, a: _then(to_mid_trick, p, a, "s")),
    Shot("deal-summary", SMALL, "table", to_summary),
    Shot("end-of-session", SMALL, "final", to_end),
    Shot("saved-sessions", SMALL, "home", to_saved),
    Shot("help", SMALL, "home", lambda p, a: keys(p, "question_mark")),
    Shot("settings", SMALL, "home", lambda p, a: keys(p, "o")),
    Shot("ascii-mode", SMALL, "table", to_mid_trick, ascii=True),
    Shot("too-small", (60, 20), "home", _nothing),
    Shot("replay", SMALL, "home", to_replay),
    Shot("replay-large", LARGE, "home", lambda p, a: to_replay(p, a, 8)),
    Shot("session-chart", SMALL, "home", to_chart),
    Shot("session-chart-ascii", SMALL, "home", to_chart, ascii=True),
    Shot("statistics", SMALL, "history", to_statistics),
    Shot("statistics-large", LARGE, "history", to_statistics),
    Shot("table-fr", SMALL, "table", to_mid_trick, lang="fr"),
    Shot("table-it", SMALL, "table", to_mid_trick, lang="it"),
    Shot("rules-panel-fr", SMALL, "table", lambda p, a: _then(to_mid_trick, p, a, "r"),
         lang="fr"),
    Shot("rules-panel-it", SMALL, "table", lambda p, a: _then(to_mid_trick, p, a, "r"),
         lang="it"),
    # every other game of the registry at its table, and the last in Italian
    *(Shot(f"{game}{size}", shape, game, to_game_turn) for game in game_names()
      if game != FIRST_GAME for size, shape in (("", SMALL), ("-large", LARGE))),
    Shot(f"{game_names()[-1]}-it", SMALL, game_names()[-1], to_game_turn, lang="it"),
)


async def _then(first: Scenario, pilot: Any, app: Any, *names: str) -> None:
    await first(pilot, app)
    await keys(pilot, *names)


def build_app(shot: Shot, root: Path) -> Any:
    """The app for ``shot`` on a fresh store under ``root`` (seeded, pace instant)."""
    from .app import CardGamesApp
    store = SessionStore(root / "sessions")
    settings = Settings(name="Ana", pace="instant", ascii=shot.ascii)
    if shot.start in ("home", "history"):
        scenes().fill_store(store)
        if shot.start == "history":
            scenes().fill_history(store)
        return CardGamesApp(settings, store, seed=SEED, lang=shot.lang)
    if shot.start in game_names():
        session_id = game_session(store, shot.start, SEED, mid_deal)
    else:
        made = scenes().table_session if shot.start == "table" else scenes().final_session
        session_id = made(store)
    return CardGamesApp(settings, store, start="resume", resume_id=session_id, seed=SEED,
                       lang=shot.lang)


async def take(shot: Shot, folder: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="polignac-shot-") as tmp:
        os.environ["XDG_DATA_HOME"] = str(Path(tmp) / "data")
        os.environ["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")
        os.environ["HOME"] = tmp  # paths shown as ~/...: the same in every run
        app = build_app(shot, Path(tmp))
        async with app.run_test(size=shot.size) as pilot:
            await pilot.pause(0.2)
            await app.workers.wait_for_complete()  # Home reads the newest files in a thread
            await shot.steps(pilot, app)
            await pilot.pause(0.2)
            svg = app.export_screenshot(title=f"polignac-tui: {shot.name}")
        path = folder / f"{shot.name}.svg"
        path.write_text(svg, encoding="utf-8")
        return path


def clean_environment() -> None:
    """No animation, no inherited Textual settings, colour on, dates in UTC.

    Called before Textual is imported (its settings are read at import).
    """
    for key in [k for k in os.environ if k.startswith("TEXTUAL_")]:
        del os.environ[key]
    os.environ.pop("NO_COLOR", None)
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    os.environ["TZ"] = "UTC"
    time.tzset()


def main(argv: list[str] | None = None) -> int:
    clean_environment()
    parser = argparse.ArgumentParser(prog="python -m polignac_tui.ui.screenshots",
                                     description="Write an SVG of every screen.")
    parser.add_argument("folder", nargs="?", default="screenshots",
                        help="where to write them (default: screenshots)")
    parser.add_argument("--only", nargs="*", metavar="NAME", help="only these screens")
    parser.add_argument("--png", action="store_true", help="also write PNGs (rsvg-convert)")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    names = [s.name for s in SHOTS]
    unknown = sorted(set(args.only or ()) - set(names))
    if unknown:
        parser.error(f"no screen named {', '.join(unknown)} (one of {', '.join(names)})")
    shots = [s for s in SHOTS if not args.only or s.name in args.only]
    for shot in shots:
        path = asyncio.run(take(shot, folder))
        print(path)
        if args.png:
            if shutil.which("rsvg-convert") is None:
                print("rsvg-convert is not installed: no PNG", file=sys.stderr)
                return 1
            subprocess.run(["rsvg-convert", str(path), "-o", str(path.with_suffix(".png"))],
                           check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
