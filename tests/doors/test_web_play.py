"""The web door as a player meets it, in headless Chromium: the page asks a name, gives a
code, shows the lobby; the player creates a table, starts it and plays a card.
``POLIGNAC_WEB_SHOT=PATH`` also saves the page at that moment as a PNG (the README's
``screenshots/web-table.png`` is made so)."""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
import time
from pathlib import Path

import pytest

from polignac_tui.service.doors import open_web_door, web_join_argv
from polignac_tui.service.server import Service

from .cdp import Chromium, find_chromium
from .realclients import app_env

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium missing, not installable")

KEYS = {"Enter": ("Enter", 13, "\r"), "Tab": ("Tab", 9, "\t")}


async def press(browser: Chromium, key: str, ctrl: bool = False) -> None:
    """One key, as a keyboard gives it to the page's terminal."""
    await browser.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
    if key in KEYS:
        code, vk, text = KEYS[key]
    else:
        code, vk, text = f"Key{key.upper()}", ord(key.upper()), key
    down: dict[str, object] = dict(type="keyDown", key=key, code=code,
                                   windowsVirtualKeyCode=vk)
    if ctrl:
        down["modifiers"] = 2
    else:
        down.update(text=text, unmodifiedText=text)
    await browser.send("Input.dispatchKeyEvent", **down)
    await browser.send("Input.dispatchKeyEvent", type="keyUp", key=key, code=code,
                       windowsVirtualKeyCode=vk, modifiers=2 if ctrl else 0)


async def shown_after(browser: Chromium, start: int, pattern: str,
                      timeout: float = 40) -> tuple[int, re.Match[str]]:
    """The first match of ``pattern`` in what the page was sent after ``start``."""
    deadline = time.monotonic() + timeout
    while True:
        seen = await browser.received_text()
        found = re.compile(pattern).search(seen, start)
        if found:
            return len(seen), found
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page was never sent {pattern!r}; it got "
                               f"{seen[start:][-600:]!r}")
        await asyncio.sleep(0.1)


def test_a_browser_player_signs_in_creates_a_table_and_plays_a_card(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ptw-", dir="/tmp"))    # a short socket path

    async def scenario() -> None:
        service = Service(folder / "s.sock", folder=tmp_path / "service", workers=1,
                          log=lambda line: None)
        await service.start()
        door = await open_web_door("", 0, argv=web_join_argv(service.socket_path),
                                   env=app_env(tmp_path), grace_s=1.0)
        try:
            async with Chromium() as browser:
                await browser.record_websockets()
                await browser.goto(door.url)
                at, _ = await shown_after(browser, 0, r"Your name at the tables")
                for key in "Anna":
                    await press(browser, key)
                await press(browser, "Enter")       # no code: a new player
                at, code = await shown_after(browser, at, r"your code ([A-Z2-9]{3}-[A-Z2-9]{3})")
                await press(browser, "n")
                at, _ = await shown_after(browser, at, r"New table")
                await press(browser, "s", ctrl=True)      # you and three computers
                at, _ = await shown_after(browser, at, r"You sit at seat 1")
                await press(browser, "s")                  # start
                at, _ = await shown_after(browser, at, r"Your turn")
                table = service.tables[next(iter(service.tables))]
                assert table.game_runner is not None
                session = table.game_table.session.match.session
                before = len(session.deals[-1].plays)
                await press(browser, "Enter")              # the selected card is legal
                deadline = time.monotonic() + 20
                again = time.monotonic() + 3       # on a new lead a first Enter only chooses
                while len(session.deals[-1].plays) <= before:
                    assert time.monotonic() < deadline, "the card never reached the table"
                    if time.monotonic() > again:
                        await press(browser, "Enter")
                        again = deadline
                    await asyncio.sleep(0.05)
                assert session.players[0].name == "Anna" and session.players[0].is_human
                # the service knows her by her code, the one the page showed
                assert any(s.identity == "web:" + code.group(1).replace("-", "")
                           for s in table.seats)
                shot = os.environ.get("POLIGNAC_WEB_SHOT")
                if shot:
                    await asyncio.sleep(1.0)    # the computers' cards at normal pace
                    Path(shot).write_bytes(await browser.screenshot())
        finally:
            await door.close()
            await service.close()
    try:
        asyncio.run(asyncio.wait_for(scenario(), 150))
    finally:
        import shutil
        shutil.rmtree(folder, ignore_errors=True)
