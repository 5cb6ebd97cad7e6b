"""Headless Chromium driven over the DevTools protocol (aiohttp's websocket client).

``Chromium`` starts ``/usr/bin/chromium`` headless with a fresh profile and gives one page:
``goto``, ``evaluate`` (a JavaScript expression's value), ``wait_for`` (a bounded poll of an
expression until it is truthy), ``screenshot`` (PNG bytes), ``block_outside`` (every request to
another host than the door's failed before it leaves, and recorded). Used by the web door's
tests and by ``web_screenshot.py``.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import re
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from .realclients import apt_install, required_in_ci

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
         "--hide-scrollbars", "--mute-audio", "--disable-features=BackForwardCache"]


def find_chromium() -> str | None:
    """Chromium's path, installing Debian's package first if it is missing (None if that
    cannot be done)."""
    if not Path(CHROMIUM).exists():
        apt_install({"chromium"})
    if Path(CHROMIUM).exists():
        return CHROMIUM
    required_in_ci("chromium is missing and could not be installed (apt-get install chromium)")
    return None


RECORDER = """
(() => {
  const Original = window.WebSocket;
  window.__received = [];
  window.__closed = 0;
  const decoder = new TextDecoder();
  function Recording(url, protocols) {
    const ws = protocols === undefined ? new Original(url) : new Original(url, protocols);
    ws.addEventListener("message", (event) => {
      const data = event.data;
      if (data instanceof ArrayBuffer) window.__received.push(decoder.decode(data));
      else if (data instanceof Blob) data.arrayBuffer().then(
        (b) => window.__received.push(decoder.decode(b)));
    });
    ws.addEventListener("close", () => { window.__closed += 1; });
    return ws;
  }
  Recording.prototype = Original.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Recording[k] = Original[k];
  window.WebSocket = Recording;
})();
"""
ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|.)")


class Chromium:
    def __init__(self, width: int = 1280, height: int = 800) -> None:
        self.width, self.height = width, height
        self._profile = tempfile.TemporaryDirectory(prefix="doors-chromium-")
        self._process: subprocess.Popen[bytes] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._listeners: dict[str, list[Callable[[dict[str, Any]], None]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    async def __aenter__(self) -> Chromium:
        self._process = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={self._profile.name}",
             f"--window-size={self.width},{self.height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = Path(self._profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().count("\n") >= 1):
            if time.monotonic() > deadline or self._process.poll() is not None:
                raise RuntimeError("chromium did not open its DevTools port within 30 s")
            await asyncio.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        self._session = aiohttp.ClientSession()
        async with self._session.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json()
        page = next(t for t in targets if t.get("type") == "page")
        self._ws = await self._session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await self.send("Page.enable")
        await self.send("Emulation.setDeviceMetricsOverride", width=self.width,
                        height=self.height, deviceScaleFactor=1, mobile=False)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for task in [*self._tasks, *([self._reader] if self._reader else [])]:
            task.cancel()
        if self._ws is not None:
            await self._ws.close()
        if self._session is not None:
            await self._session.close()
        if self._process is not None:
            os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait(timeout=10)
        self._profile.cleanup()

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        assert self._ws is not None
        ident = next(self._ids)
        answer = self._pending[ident] = asyncio.get_running_loop().create_future()
        try:
            await self._ws.send_str(json.dumps({"id": ident, "method": method,
                                                "params": params}))
            data = await asyncio.wait_for(answer, 30)
        finally:
            self._pending.pop(ident, None)
        if "error" in data:
            raise RuntimeError(f"{method}: {data['error']}")
        result: dict[str, Any] = data.get("result", {})
        return result

    def on(self, event: str, listener: Callable[[dict[str, Any]], None]) -> None:
        """Call ``listener`` with the parameters of every DevTools ``event`` from now on."""
        self._listeners.setdefault(event, []).append(listener)

    async def _read(self) -> None:
        """Answers to their requests, events to their listeners, until the connection ends."""
        assert self._ws is not None
        try:
            async for message in self._ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(message.data)
                answer = self._pending.get(data.get("id", -1))
                if answer is not None and not answer.done():
                    answer.set_result(data)
                for listener in self._listeners.get(data.get("method", ""), []):
                    listener(data.get("params", {}))
        finally:
            for answer in self._pending.values():
                if not answer.done():
                    answer.set_exception(RuntimeError("DevTools connection closed"))

    def _soon(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def block_outside(self, host: str = "127.0.0.1") -> list[str]:
        """From now on every request of the page to another host than ``host`` is failed
        before it leaves; the list returned is filled with the address of every such
        request the page attempts (requests, websockets, and what the page's
        Content-Security-Policy refused)."""
        attempted: list[str] = []

        def local(url: str) -> bool:
            parts = urlsplit(url)
            return parts.scheme in ("data", "blob", "about") or parts.hostname == host

        def note(url: str) -> None:
            if not local(url) and url not in attempted:
                attempted.append(url)

        def paused(params: dict[str, Any]) -> None:
            url = params["request"]["url"]
            note(url)
            if local(url):
                self._soon(self.send("Fetch.continueRequest", requestId=params["requestId"]))
            else:
                self._soon(self.send("Fetch.failRequest", requestId=params["requestId"],
                                     errorReason="BlockedByClient"))
        self.on("Fetch.requestPaused", paused)
        self.on("Network.requestWillBeSent", lambda params: note(params["request"]["url"]))
        self.on("Network.webSocketCreated", lambda params: note(params["url"]))
        def refused(params: dict[str, Any]) -> None:     # the page's policy refused one
            said = [arg.get("value", "") for arg in params.get("args", [])]
            if len(said) == 2 and said[0] == "__outside__":
                note(str(said[1]))
        self.on("Runtime.consoleAPICalled", refused)
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=(
            "document.addEventListener('securitypolicyviolation', "
            "(e) => console.log('__outside__', e.blockedURI || e.violatedDirective));"))
        await self.send("Runtime.enable")
        await self.send("Network.enable")
        await self.send("Fetch.enable", patterns=[{"urlPattern": "*"}])
        return attempted

    async def record_websockets(self) -> None:
        """From the next page on, keep every binary websocket message as text in
        ``window.__received`` (what the page's terminal is given to draw) and count the
        websockets closed in ``window.__closed``."""
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=RECORDER)

    async def received_text(self) -> str:
        """What the page's websockets carried, escape sequences taken out."""
        raw = await self.evaluate("(window.__received || []).join('')") or ""
        return ESCAPES.sub("", raw)

    async def goto(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 30.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = await self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout:g} s for {expression}")
            await asyncio.sleep(0.1)

    async def screenshot(self) -> bytes:
        result = await self.send("Page.captureScreenshot", format="png")
        return base64.b64decode(result["data"])
