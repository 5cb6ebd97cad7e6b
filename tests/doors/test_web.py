"""The web door in headless Chromium with the real app: the page shows it, keys reach it,
a closed tab ends its process, and closing the door ends every process it started."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from polignac_tui.service.doors import DoorLimits, open_web_door

from .cdp import Chromium, find_chromium
from .helpers import wait_gone
from .realclients import app_env

CHROMIUM = find_chromium()
if CHROMIUM is None:
    print("skipping the web door's browser tests: chromium is missing and could not be "
          "installed (apt-get install -y chromium)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium missing, not installable")

APP = [sys.executable, "-m", "polignac_tui"]


async def received(browser: Chromium, text: str, timeout: float = 30) -> str:
    deadline = time.monotonic() + timeout
    while True:
        seen = await browser.received_text()
        if text in seen:
            return seen
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page was never sent {text!r}; it got {seen[-300:]!r}")
        await asyncio.sleep(0.1)


async def press(browser: Chromium, key: str) -> None:
    await browser.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
    await browser.send("Input.dispatchKeyEvent", type="keyDown", key=key, text=key,
                       unmodifiedText=key, code=f"Key{key.upper()}",
                       windowsVirtualKeyCode=ord(key.upper()))
    await browser.send("Input.dispatchKeyEvent", type="keyUp", key=key,
                       code=f"Key{key.upper()}", windowsVirtualKeyCode=ord(key.upper()))


def test_the_page_shows_the_app_and_keys_reach_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await open_web_door("", 0, argv=APP, env=app_env(tmp_path))
        try:
            async with Chromium() as browser:
                await browser.record_websockets()
                await browser.goto(door.url)
                await browser.wait_for("document.body.classList.contains('-first-byte')")
                await received(browser, "New session")
                assert len(door.processes) == 1
                pid = door.processes[0].pid
                await press(browser, "r")  # Home's key for the rules
                await received(browser, "Preset")
                await browser.goto("about:blank")  # the tab goes: so does its process
                assert await wait_gone(pid, timeout=15)
                deadline = time.monotonic() + 10  # and the door has reaped it
                while door.processes and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                assert door.processes == []
        finally:
            await door.close()
    asyncio.run(asyncio.wait_for(scenario(), 90))


def test_closing_the_door_ends_every_app_process(tmp_path: Path) -> None:
    async def scenario() -> None:
        door = await open_web_door("", 0, argv=APP, env=app_env(tmp_path),
                                   limits=DoorLimits(connections=2), grace_s=1.0)
        async with Chromium() as one, Chromium() as two:
            for browser in (one, two):
                await browser.record_websockets()
                await browser.goto(door.url)
            for browser in (one, two):
                await received(browser, "New session")
            pids = [p.pid for p in door.processes]
            assert len(pids) == 2
            async with Chromium() as third:  # over the limit: closed, no third process
                await third.record_websockets()
                await third.goto(door.url)
                await third.wait_for("window.__closed > 0")
                assert len(door.processes) == 2
                assert "New session" not in await third.received_text()
            await door.close()
            assert all([await wait_gone(pid, timeout=10) for pid in pids])
    asyncio.run(asyncio.wait_for(scenario(), 120))
