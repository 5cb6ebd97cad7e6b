"""A host stopping while a browser player is in the lobby (the SSH door's test has them at
a table and watching): the page is sent, before its session ends, the words that the host
stopped and every table is saved."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import pytest

from polignac_tui.service import life
from polignac_tui.service.doors import open_web_door, web_join_argv
from polignac_tui.service.server import Service

from .cdp import Chromium, find_chromium
from .realclients import app_env
from .test_web_play import press, shown_after

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium missing, not installable")


def test_a_browser_player_in_the_lobby_is_told_the_host_stopped(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ptw-", dir="/tmp"))    # a short socket path
    said: list[str] = []

    async def scenario() -> None:
        service = Service(folder / "s.sock", folder=tmp_path / "service", workers=1,
                          log=said.append)
        await service.start()
        door = await open_web_door("", 0, argv=web_join_argv(service.socket_path),
                                   env=app_env(tmp_path), grace_s=1.0)
        stopped = False
        try:
            async with Chromium() as browser:
                await browser.record_websockets()
                await browser.goto(door.url)
                at, _ = await shown_after(browser, 0, r"Your name at the tables")
                for key in "Anna":
                    await press(browser, key)
                await press(browser, "Enter")
                code, _ = await shown_after(browser, at, r"your code")
                lobby, _ = await shown_after(browser, at, r"No table yet")
                at = max(code, lobby)               # in the lobby, connected, signed in
                assert service.clients
                await life.stop(service, [door], said.append)
                stopped = True
                # the words, as the app drew them (wrapped in its side panel or not)
                await shown_after(browser, at, r"the\s+host\s+stopped\s+the[\s\S]{0,400}"
                                  r"every\s+table\s+is\s+saved", timeout=5)
        finally:
            if not stopped:
                await door.close()
                await service.close()
    try:
        asyncio.run(asyncio.wait_for(scenario(), 150))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert said[-1] == "stopped; every table is saved (0 tables; 1 player told)", said
