"""The warm app process the SSH door forks players from: the app's command line runs in a
forked child on the player's terminal, its exit code comes back, and a zygote that dies
takes no player's process with it silently (they are ended and reported)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from polignac_tui import __version__
from polignac_tui.i18n import LANGUAGES
from polignac_tui.service.doors.pty_process import PtyProcess
from polignac_tui.service.doors.zygote import Zygote

from .helpers import wait_gone


def test_the_app_runs_forked_on_its_terminal_and_its_exit_code_comes_back() -> None:
    async def scenario() -> None:
        zygote = await Zygote.start(dict(os.environ))
        try:
            out = bytearray()
            ended: list[int] = []
            player = await PtyProcess.spawn(
                [sys.executable, "-m", "polignac_tui", "--version"], {"TERM": "xterm"},
                80, 24, on_output=out.extend, on_exit=ended.append, zygote=zygote)
            assert await asyncio.wait_for(player.process.wait(), 30) == 0
            for _ in range(200):                       # the last output, then on_exit
                if ended:
                    break
                await asyncio.sleep(0.01)
            assert ended == [0]
            assert __version__ in out.decode()
            # Forked, not started afresh: the zygote is its parent (now it is reaped).
            assert player.pid != zygote.process.pid and zygote.children == {}

            # A command line that fails says so and exits with its status.
            out.clear()
            failed = await PtyProcess.spawn(
                [sys.executable, "-m", "polignac_tui", "show", "no-such-session"], {},
                80, 24, on_output=out.extend, on_exit=lambda code: None, zygote=zygote)
            assert await asyncio.wait_for(failed.process.wait(), 30) == 2
        finally:
            await zygote.close()
    asyncio.run(asyncio.wait_for(scenario(), 90))


def test_a_dead_zygote_ends_its_players_and_the_door_goes_on_without_it() -> None:
    async def scenario() -> None:
        zygote = await Zygote.start(dict(os.environ))
        player = await PtyProcess.spawn(
            [sys.executable, "-c", "import time; time.sleep(60)"], {"PATH": "/usr/bin:/bin"},
            80, 24, on_output=lambda data: None, on_exit=lambda code: None, zygote=zygote)
        zygote.process.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(player.process.wait(), 30) == -signal.SIGKILL
        assert await wait_gone(player.pid, timeout=10)
        assert zygote.closed
        # Without it, players start afresh.
        again = await PtyProcess.spawn(
            [sys.executable, "-c", "pass"], {"PATH": "/usr/bin:/bin"}, 80, 24,
            on_output=lambda data: None, on_exit=lambda code: None, zygote=zygote)
        assert await asyncio.wait_for(again.process.wait(), 30) == 0
        await zygote.close()
    asyncio.run(asyncio.wait_for(scenario(), 90))


def test_the_zygote_has_the_apps_css_parsed_before_its_first_fork() -> None:
    """Issue 28: the zygote parses the app's CSS (and runs a lobby once) before it forks,
    so that no player's app parses it again; it says how many sources it holds, and in
    how many languages it built the command line's parser."""
    async def scenario() -> None:
        zygote = await Zygote.start(dict(os.environ))
        try:
            assert zygote.children == {}
            assert zygote.prepared.get("css_sources", 0) >= 10
            # and the command line's parser, in each language (a child builds none)
            assert zygote.prepared.get("parsers") == len(LANGUAGES)
        finally:
            await zygote.close()
    asyncio.run(asyncio.wait_for(scenario(), 90))
