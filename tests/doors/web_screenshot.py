"""A PNG of the web door in headless Chromium: ``screenshots/web-home.png``.

Run from the repository: ``python tests/doors/web_screenshot.py [--out PATH]
[--expect TEXT] [-- ARGV...]``. It opens the web door on a free local port with ARGV (the
app's Home screen by default, with empty temporary data and config folders), loads the page
at 1280×800, waits until the page's terminal has been sent TEXT, and saves the screenshot.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path[:0] = [str(HERE.parents[2]), str(HERE.parent)]

from cdp import Chromium, find_chromium  # noqa: E402
from realclients import app_env  # noqa: E402

from polignac_tui.service.doors import open_web_door  # noqa: E402


async def shoot(out: Path, argv: list[str], expect: str) -> None:
    with tempfile.TemporaryDirectory(prefix="web-shot-") as home:
        door = await open_web_door("", 0, argv=argv, env=app_env(Path(home)))
        try:
            async with Chromium() as browser:
                await browser.record_websockets()
                await browser.goto(door.url)
                await browser.wait_for("document.body.classList.contains('-first-byte')")
                deadline = asyncio.get_running_loop().time() + 30
                while expect not in await browser.received_text():
                    if asyncio.get_running_loop().time() > deadline:
                        raise TimeoutError(f"the page never showed {expect!r}")
                    await asyncio.sleep(0.1)
                await asyncio.sleep(0.6)  # the page fades the terminal in over 0.3 s
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(await browser.screenshot())
        finally:
            await door.close()
    print(f"wrote {out}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("screenshots/web-home.png"))
    parser.add_argument("--expect", default="New session", help="text to wait for")
    parser.add_argument("argv", nargs="*", help="the app to serve (after --)")
    args = parser.parse_args()
    if find_chromium() is None:
        print("chromium is missing: apt-get install -y chromium", file=sys.stderr)
        return 1
    asyncio.run(shoot(args.out, args.argv or [sys.executable, "-m", "polignac_tui"],
                      args.expect))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
