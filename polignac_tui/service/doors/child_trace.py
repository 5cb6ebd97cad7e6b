"""Where a forked player's app spends its first frame (an investigation aid, off by default).

With ``POLIGNAC_TUI_CHILD_TRACE=DIR`` in the environment of ``serve``, each child of the
SSH door's zygote writes ``DIR/PID.json``: at each step of its start (``fork``, ``cli``,
``app``, ``driver``, ``mount``, ``frame``, ``listed``, ``listed_frame``) its CPU time so
far (user and system, ms), its minor page faults and its wall time since the fork. With
``POLIGNAC_TUI_CHILD_PROFILE=DIR`` too, ``DIR/PID.prof`` (cProfile, the main thread) from
the fork to the frame that lists the tables.
"""

from __future__ import annotations

import functools
import json
import os
import resource
import time
from pathlib import Path
from typing import Any

TRACE_ENV = "POLIGNAC_TUI_CHILD_TRACE"
PROFILE_ENV = "POLIGNAC_TUI_CHILD_PROFILE"
# A write of the app this long is a frame (the driver's own sequences are short).
FRAME_SIZE = 400

_marks: list[dict[str, Any]] = []
_state: dict[str, Any] = {}


def mark(step: str) -> None:
    if not _state:
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    _marks.append({"step": step, "user_ms": round(usage.ru_utime * 1000, 1),
                   "sys_ms": round(usage.ru_stime * 1000, 1), "minflt": usage.ru_minflt,
                   "wall_ms": round((time.monotonic() - _state["t0"]) * 1000, 1),
                   "shows": _state.get("shows", 0), "displays": _state.get("displays", 0)})


def _dump() -> None:
    if not _state or _state.get("dumped"):
        return
    _state["dumped"] = True
    profile = _state.get("profile")
    if profile is not None:
        profile.disable()
        profile.dump_stats(str(Path(_state["profile_dir"]) / f"{os.getpid()}.prof"))
    Path(_state["dir"], f"{os.getpid()}.json").write_text(json.dumps(_marks))


def start(env: dict[str, str]) -> None:
    """In a child just forked: start tracing when ``env`` asks for it."""
    folder = env.get(TRACE_ENV)
    if not folder:
        return
    _state.update(t0=time.monotonic(), dir=folder)
    mark("fork")
    if env.get(PROFILE_ENV):
        import cProfile
        _state["profile_dir"] = env[PROFILE_ENV]
        _state["profile"] = cProfile.Profile(time.thread_time)
        _state["profile"].enable()
    _patch()


def _wrap(owner: type, name: str, before: str, after: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if before:
            mark(before)
        result = original(*args, **kwargs)
        mark(after)
        return result
    setattr(owner, name, wrapper)


def _patch() -> None:
    from textual.drivers.linux_driver import LinuxDriver

    from ...ui.app import CardGamesApp
    from ...ui.screens.lobby import LobbyScreen

    def app_init(original: Any) -> Any:
        def init(self: Any, *args: Any, **kwargs: Any) -> None:
            original(self, *args, **kwargs)
            mark("app")
        return init
    CardGamesApp.__init__ = app_init(CardGamesApp.__init__)  # type: ignore[method-assign]
    _wrap(LinuxDriver, "start_application_mode", "driver_start", "driver")
    _wrap(LobbyScreen, "on_mount", "", "mount")
    original_show = LobbyScreen.show

    def show(self: Any) -> None:
        _state["shows"] = _state.get("shows", 0) + 1
        original_show(self)
        if self.tables and "listed" not in _state:
            _state["listed"] = True
            mark("listed")
    LobbyScreen.show = show  # type: ignore[method-assign]
    original_write = LinuxDriver.write

    def write(self: Any, data: str) -> None:   # the app writes each frame in one piece
        original_write(self, data)
        if len(data) < FRAME_SIZE:
            return
        _state["displays"] = _state.get("displays", 0) + 1
        if "frame" not in _state:
            _state["frame"] = True
            mark("frame")
        if _state.get("listed"):
            mark("listed_frame")
            _dump()
    LinuxDriver.write = write  # type: ignore[method-assign]
