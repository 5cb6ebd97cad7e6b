"""Fixtures for the UI tests: temporary data and config folders, a clean environment,
a seeded store, and apps built on them. Never touches the user's real data."""

from __future__ import annotations

import asyncio
import inspect
import random
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from polignac_file import save_session

from polignac_tui.config import Settings
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.store.folder import SessionStore

FIXED_TIME = datetime(2026, 11, 1, 20, 30, tzinfo=UTC)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run ``async def`` tests here with ``asyncio.run`` (no async plugin is a dependency)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    names = pyfuncitem._fixtureinfo.argnames
    asyncio.run(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
    return True


@pytest.fixture(autouse=True)
def ui_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Temporary XDG folders, no NO_COLOR, no TEXTUAL_* settings, animations off."""
    import os
    for key in list(os.environ):
        keep = key == "TEXTUAL_SNAPSHOT_TEMPDIR"  # pytest-textual-snapshot's own
        if (key.startswith("TEXTUAL_") and not keep) or key in ("NO_COLOR",
                                                                 "POLIGNAC_TUI_FIRST_PAINT"):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.setenv("HOME", str(tmp_path))  # paths shown as ~/...: the same every run
    time.tzset()
    yield tmp_path


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    """An empty store in the temporary data folder."""
    return SessionStore(tmp_path / "data" / "polignac-tui" / "sessions")


def make_session(seed: int = 7, names: tuple[str, ...] = ("Ana", "Bruno", "Claire", "Denis"),
                 preset_name: str = "classique", human: int = 0, name: str = "",
                 **changes: Any) -> Session:
    """A seeded session with one human (``human``) and computers, deal 1 dealt."""
    rules = preset(preset_name, len(names))
    if changes:
        rules = rules.replace(**changes)
    players = [Player(n) if i == human else Player(n, "computer", "easy")
               for i, n in enumerate(names)]
    return Session.new(rules, players, random.Random(seed), name=name, created=FIXED_TIME,
                       updated=FIXED_TIME)


def play_to_end(session: Session, seed: int = 1) -> Session:
    """Play random legal cards (declining la générale) until the session is finished."""
    rng = random.Random(seed)
    while not session.finished:
        random_step(session, rng, declare_rate=None)
    return session


@pytest.fixture
def saved(store: SessionStore) -> Callable[..., str]:
    """Save a seeded session in the store and return its id."""
    def save(session: Session | None = None, first_human: str = "Ana") -> str:
        session = session if session is not None else make_session()
        session.id = store.new_id(session.name, first_human, now=FIXED_TIME)
        save_session(store, session)
        return session.id
    return save


@pytest.fixture
def settings() -> Settings:
    return Settings(name="Ana", pace="instant")


@pytest.fixture
def make_app(store: SessionStore, settings: Settings) -> Callable[..., Any]:
    """A ``CardGamesApp`` on the temporary store, seeded, pace instant."""
    from polignac_tui.ui.app import CardGamesApp

    def build(**kwargs: Any) -> CardGamesApp:
        kwargs.setdefault("seed", 11)
        return CardGamesApp(settings, store, **kwargs)
    return build


@pytest.fixture
def session_maker() -> Callable[..., Session]:
    """``make_session`` as a fixture (test modules here are not a package)."""
    return make_session


@pytest.fixture
def finish() -> Callable[..., Session]:
    """``play_to_end`` as a fixture."""
    return play_to_end
