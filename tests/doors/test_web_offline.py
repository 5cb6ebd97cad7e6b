"""The web door's page needs nothing from outside: in headless Chromium with every request
to another host than 127.0.0.1 failed (and recorded), the page signs a player in and shows
the lobby, and it never even tries another host; its fonts come from the door."""

from __future__ import annotations

import asyncio
import re
import shutil
import tempfile
from pathlib import Path

import aiohttp
import pytest

from polignac_tui.service.doors import open_web_door, web_join_argv
from polignac_tui.service.doors.web_page import (
    FAMILY,
    SYMBOLS,
    local_page,
    outside_addresses,
    page_fonts,
)
from polignac_tui.service.server import Service

from .cdp import Chromium, find_chromium
from .realclients import app_env
from .test_web_play import press, shown_after

CHROMIUM = find_chromium()
browser_test = pytest.mark.skipif(CHROMIUM is None, reason="chromium missing, not installable")

LOADED_FACES = f"""[...document.fonts].filter((f) => f.family.replace(/"/g, '') === '{FAMILY}'
  && f.status === 'loaded').map((f) => f.unicodeRange)"""


@browser_test
def test_the_page_reaches_the_lobby_with_every_outside_request_blocked(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ptw-", dir="/tmp"))    # a short socket path

    async def scenario() -> None:
        service = Service(folder / "s.sock", folder=tmp_path / "service", workers=1,
                          log=lambda line: None)
        await service.start()
        door = await open_web_door("", 0, argv=web_join_argv(service.socket_path),
                                   env=app_env(tmp_path), grace_s=1.0)
        try:
            async with Chromium() as browser:
                attempted = await browser.block_outside("127.0.0.1")
                await browser.record_websockets()
                await browser.goto(door.url)
                at, _ = await shown_after(browser, 0, r"Your name at the tables")
                for key in "Anna":
                    await press(browser, key)
                await press(browser, "Enter")
                at, _ = await shown_after(browser, at, r"No table yet")
                assert attempted == [], f"the page tried to reach outside: {attempted}"
                # the page's family is the door's: its Latin face, and its symbols' face
                # (box drawing, suits) when this machine has DejaVu Sans Mono
                await browser.wait_for(f"({LOADED_FACES}).length > 0", timeout=10)
                faces = await browser.evaluate(LOADED_FACES)
                symbols = [f for f in page_fonts(_statics()) if f.unicode_range]
                if symbols:
                    await browser.wait_for(
                        f"({LOADED_FACES}).some((r) => r.includes('U+2600'))", timeout=10)
                    faces = await browser.evaluate(LOADED_FACES)
                    assert await browser.evaluate(
                        f"document.fonts.check('16px \"{FAMILY}\"', '\\u2660\\u2500')")
                assert any("U+2600" not in r for r in faces), faces
                assert attempted == [], f"the page tried to reach outside: {attempted}"
        finally:
            await door.close()
            await service.close()
    try:
        asyncio.run(asyncio.wait_for(scenario(), 120))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _statics() -> Path:
    import textual_serve
    return Path(textual_serve.__file__).parent / "static"


def test_the_page_as_served_has_no_outside_address_and_its_fonts_are_the_door_s() -> None:
    async def scenario() -> None:
        door = await open_web_door("", 0, argv=["true"])
        try:
            own = door.url.rstrip("/")
            async with aiohttp.ClientSession() as http:
                async with http.get(door.url) as response:
                    page = await response.text()
                    policy = response.headers.get("Content-Security-Policy", "")
                assert "googleapis" not in page and "gstatic" not in page
                assert outside_addresses(page, own) == []
                assert f'href="{own}/fonts/fonts.css"' in page
                assert "default-src 'none'" in policy and "font-src 'self'" in policy
                async with http.get(f"{own}/fonts/fonts.css") as response:
                    css = await response.text()
                names = re.findall(r'url\("([^"]+)"\)', css)
                assert "RobotoMono-VariableFont_wght.ttf" in names
                for name in names:
                    async with http.get(f"{own}/fonts/{name}") as response:
                        assert response.status == 200 and len(await response.read()) > 10_000
                for asked in ("..%2F..%2Fserver.py", "fonts.txt", "%2Fetc%2Fpasswd"):
                    async with http.get(f"{own}/fonts/{asked}") as response:
                        assert response.status == 404
        finally:
            await door.close()
    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_every_outside_address_is_taken_out_of_a_page() -> None:
    own = "http://127.0.0.1:8000"
    page = ("<html><head><link rel='stylesheet' href='https://fonts.example.org/css'>"
            '<link rel="icon" href="//cdn.example.org/icon.png"/>'
            '<script src="https://cdn.example.org/x.js"></script>'
            f'<script src="{own}/static/js/textual.js"></script>'
            "<style>body { background: url('https://cdn.example.org/b.png') }"
            ' @import "https://cdn.example.org/more.css";</style></head>'
            '<body><img src="http://tracker.example.org/p.gif">'
            '<svg xmlns="http://www.w3.org/2000/svg"></svg></body></html>')
    assert len(outside_addresses(page, own)) == 6
    local = local_page(page, own, f"{own}/fonts/fonts.css")
    assert outside_addresses(local, own) == []
    assert "example.org" not in local
    assert f'<script src="{own}/static/js/textual.js"></script>' in local
    assert 'xmlns="http://www.w3.org/2000/svg"' in local          # a name, not a request
    assert local.index(f'href="{own}/fonts/fonts.css"') < local.index("</head>")


def test_the_symbols_face_is_dejavu_only_where_it_is_found(tmp_path: Path) -> None:
    statics = _statics()
    assert [f.name for f in page_fonts(statics, folders=(tmp_path,))] == [
        "RobotoMono-VariableFont_wght.ttf", "RobotoMono-Italic-VariableFont_wght.ttf"]
    (tmp_path / "DejaVuSansMono.ttf").write_bytes(b"font")
    faces = page_fonts(statics, folders=(tmp_path / "none", tmp_path))
    assert faces[-1].file == tmp_path / "DejaVuSansMono.ttf"
    assert faces[-1].unicode_range == SYMBOLS and "U+2600-26FF" in SYMBOLS
