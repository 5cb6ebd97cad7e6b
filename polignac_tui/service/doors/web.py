"""The web door: textual-serve runs one app process per browser tab.

textual-serve's own server is kept (its page, its websocket protocol, textual's web driver,
paced), with these changes: the app is started from an argv (no shell) as its own process
group with the environment the door is given, and ends when this process ends, however it
ends; a tab's process that ends closes the tab's connection; the page's websocket address
follows the address the browser used (so ``0.0.0.0`` works); an app's error output (a
traceback with its locals) is one line of the log, not copied to ours; closing the door
ends every app process it started (quit, then SIGKILL after a grace); the page needs nothing
from outside (``web_page``: no Google Fonts, the door serves its fonts). And the door's limits:
connections at once and per minute from one address (``DoorGate``); a page's frames read
strictly (``web_frames``: a frame no page sends closes that tab, with one line in the log);
sizes made 1 to 1000; what a tab sends its app bounded (``INPUT_RATE`` bytes a second,
``INPUT_BURST`` at once: the excess is dropped, as the SSH door drops keys its app does not
read; a new size at most every ``RESIZE_EVERY_S``, the last always given); a tab that sends
no key for ``limits.idle_timeout_s`` is closed; and the app's driver
(``polignac_tui.ui.web_driver``) reads no faster than the app handles what it reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shlex
import signal
from collections.abc import Mapping, Sequence
from importlib.metadata import version
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .launch import ending_with_us, player_env
from .limits import DoorGate, DoorLimits, InputBudget
from .pty_process import DEFAULT_GRACE_S
from .web_frames import MAX_FRAME, BadFrame, query_size, read_frame, shown
from .web_page import FONTS_PATH, PAGE_POLICY, fonts_css, local_page, page_fonts

log = logging.getLogger("polignac_tui.doors.web")
TITLE = "polignac-tui"
INPUT_RATE = 4096
"""Bytes of keys (and mouse reports) a second a tab sends its app, on average (a hand on a
keyboard and a mouse send far less); more is dropped."""
INPUT_BURST = 16384
"""Bytes a tab may send at once (a paste), within ``INPUT_RATE``."""
RESIZE_EVERY_S = 0.2
"""A tab's app is given a new size at most this often (it draws everything again at each):
the sizes asked meanwhile are dropped but the last, given when the time comes."""
SETTLE_S = 0.3
"""Seconds a tab's app must have been quiet, when the door closes, before it is ended."""
SETTLE_MOST_S = 2.0
"""Seconds at most the door waits for that (an app that draws on and on is ended anyway)."""
DRIVER = "polignac_tui.ui.web_driver:PacedWebDriver"
"""textual's web driver, reading no faster than the app handles what it reads."""


class WebDoor:
    """An open web door: ``url`` is where a browser on this machine finds it."""

    def __init__(self, server: _DoorServer, runner: web.AppRunner, host: str, port: int) -> None:
        self._server = server
        self._runner = runner
        self.host = host
        self.port = port

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("", "0.0.0.0") else self.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}/"

    kind = "web"

    @property
    def open_connections(self) -> int:
        """Tabs let in and open now."""
        return self._server.gate.open

    @property
    def processes(self) -> list[asyncio.subprocess.Process]:
        """The app processes running now (one per open tab)."""
        return [s.process for s in self._server.services
                if s.process is not None and s.process.returncode is None]

    async def close(self) -> None:
        """Stop listening, end every app process and close every tab's connection. Each
        app's last frame goes out first (what it shows of the service stopping): it is
        ended once its output has been quiet ``SETTLE_S``, ``SETTLE_MOST_S`` at most."""
        self._server.closing = True
        await asyncio.gather(*(s.end(settle=True) for s in list(self._server.services)),
                             return_exceptions=True)
        await self._runner.cleanup()


async def open_web_door(host: str, port: int, *, argv: Sequence[str],
                        env: Mapping[str, str] | None = None,
                        limits: DoorLimits | None = None, public_url: str | None = None,
                        grace_s: float = DEFAULT_GRACE_S) -> WebDoor:
    """Serve ``argv`` (a Textual app) to browsers on ``host:port`` (``host`` "" means
    127.0.0.1; port 0 picks one), with the environment ``env`` (default:
    ``player_env(os.environ)``). ``public_url`` (e.g. ``https://cards.example.org``) is
    only needed behind a proxy that changes the address or the scheme. At most
    ``limits.connections`` tabs play at once, ``limits.per_minute`` new ones a minute from
    one address. Raises ``OSError`` if the port is taken."""
    server = _DoorServer(list(argv), env if env is not None else player_env(os.environ),
                         limits or DoorLimits(),
                         public_url, grace_s)
    app = await server._make_app()
    runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=5.0, access_log=None)
    await runner.setup()
    host = host or "127.0.0.1"
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    bound = runner.addresses[0][1] if runner.addresses else port
    return WebDoor(server, runner, host, bound)


class _DoorServer(Server):
    def __init__(self, argv: list[str], env: Mapping[str, str], limits: DoorLimits,
                 public_url: str | None, grace_s: float) -> None:
        super().__init__(shlex.join(argv), host="127.0.0.1", port=0, title=TITLE)
        self.argv = argv
        self.env = dict(env)
        self.limits = limits
        self.fixed_url = public_url.rstrip("/") if public_url else None
        self.grace_s = grace_s
        self.services: set[_AppProcess] = set()
        self.gate = DoorGate(limits)
        self.closing = False
        faces = page_fonts(self.statics_path)
        self.fonts = {face.name: face.file for face in faces}
        self.fonts_css = fonts_css(faces)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get(FONTS_PATH + "{name}", self.handle_font)
        return app

    async def on_startup(self, app: web.Application) -> None:
        pass  # no logo: ``serve`` says how to connect

    async def handle_index(self, request: web.Request) -> Any:
        # the page's links and websocket address follow the address the browser used
        self.public_url = self.fixed_url or f"{request.scheme}://{request.host}"
        page = await super().handle_index(request)
        assert isinstance(page, web.Response) and page.text is not None
        own = self.public_url.rstrip("/")
        websocket = ("wss:" if own.startswith("https:") else "ws:") + own.split(":", 1)[1]
        return web.Response(
            text=local_page(page.text, own, f"{own}{FONTS_PATH}fonts.css"),
            content_type="text/html",
            headers={"Content-Security-Policy": PAGE_POLICY.format(websocket=websocket),
                     "Referrer-Policy": "no-referrer"})

    async def handle_font(self, request: web.Request) -> web.StreamResponse:
        """The page's fonts: only the files ``page_fonts`` names, and their stylesheet."""
        name = request.match_info["name"]
        if name == "fonts.css":
            return web.Response(text=self.fonts_css, content_type="text/css",
                                headers={"Cache-Control": "max-age=86400"})
        file = self.fonts.get(name)
        if file is None:
            raise web.HTTPNotFound()
        return web.FileResponse(file, headers={"Content-Type": "font/ttf",
                                               "Cache-Control": "max-age=86400"})

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_FRAME)
        await websocket.prepare(request)
        address = request.remote or "?"
        refusal = "the server is stopping" if self.closing else self.gate.arrive(address)
        if refusal is not None:
            log.info("refused %s: %s", address, refusal)
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER,
                                  message=refusal.encode()[:120])
            return websocket
        try:
            await self._play(websocket, request, address)
        finally:
            self.gate.leave()
        return websocket

    async def _play(self, websocket: web.WebSocketResponse, request: web.Request,
                    address: str) -> None:
        service: _AppProcess | None = None
        try:
            width, height = query_size(request.query)
            service = _AppProcess(self, websocket, address)
            self.services.add(service)
            await service.start(width, height)
            await self._process_messages(websocket, service, address)
        except BadFrame as error:
            log.warning("web door: closed the tab of %s: %s", address, error)
            with contextlib.suppress(Exception):
                await websocket.close(code=WSCloseCode.POLICY_VIOLATION,
                                      message=b"a frame no page sends")
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a broken tab must not take the door down
            log.warning("web door: the tab of %s ended: %s", address, error)
        finally:
            if service is not None:
                await service.end()
                self.services.discard(service)
            with contextlib.suppress(Exception):
                await websocket.close()

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService, address: str = "?") -> None:
        """The page's frames, read strictly (``BadFrame`` for one no page sends), within
        the tab's input budget (beyond it frames are dropped, and the log says so once);
        new sizes at most every ``RESIZE_EVERY_S``."""
        budget = InputBudget(INPUT_RATE, INPUT_BURST)
        sizes = _Sizes(app_service)
        try:
            await self._read_frames(websocket, app_service, address, budget, sizes)
        finally:
            sizes.cancel()

    async def _read_frames(self, websocket: web.WebSocketResponse, app_service: AppService,
                           address: str, budget: InputBudget, sizes: _Sizes) -> None:
        told = False
        loop = asyncio.get_running_loop()
        idle_s = self.limits.idle_timeout_s
        last_key = loop.time()
        while True:
            try:
                message = await websocket.receive(
                    timeout=max(0.0, last_key + idle_s - loop.time()) if idle_s > 0 else None)
            except TimeoutError:
                reason = idle_reason(idle_s)
                log.info("web door: the tab of %s %s", address, reason)
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=reason.encode())
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if message.type == WSMsgType.ERROR:
                raise BadFrame(f"a frame over {MAX_FRAME // 1024} KiB, or broken")
            if message.type != WSMsgType.TEXT:
                raise BadFrame(f"a frame that is not text ({message.type.name.lower()})")
            kind, value = read_frame(message.data)
            if kind == "resize":
                sizes.ask(value)
                continue
            if not budget.take(len(message.data)):
                if not told:
                    told = True
                    log.warning("web door: %s sends more than %d bytes a second: the excess "
                                "is dropped", address, INPUT_RATE)
                continue
            if kind == "stdin":
                last_key = loop.time()
                await app_service.send_bytes(value.encode("utf-8"))
            elif kind == "ping":
                await websocket.send_json(["pong", value])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


def idle_reason(timeout_s: float) -> str:
    minutes = timeout_s / 60
    return (f"closed after {minutes:g} minutes without a key" if minutes >= 1 else
            f"closed after {timeout_s:g} seconds without a key")


class _Sizes:
    """The sizes a tab asks for, given to its app at most every ``RESIZE_EVERY_S``, the last
    one asked always given."""

    def __init__(self, app: AppService) -> None:
        self._app = app
        self._pending: tuple[int, int] | None = None
        self._given_at = -RESIZE_EVERY_S
        self._task: asyncio.Task[None] | None = None

    def ask(self, size: tuple[int, int]) -> None:
        self._pending = size
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._give())

    async def _give(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending is not None:
            wait = self._given_at + RESIZE_EVERY_S - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            size, self._pending = self._pending, None
            self._given_at = loop.time()
            await self._app.set_terminal_size(*size)

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()


class _AppProcess(AppService):
    """One tab's app process, started from an argv as its own process group."""

    def __init__(self, server: _DoorServer, websocket: web.WebSocketResponse,
                 address: str = "?") -> None:
        async def close() -> None:
            await websocket.close()

        async def write_bytes(data: bytes) -> None:
            self.sent_at = loop.time()
            await websocket.send_bytes(data)

        async def write_str(data: str) -> None:
            self.sent_at = loop.time()
            await websocket.send_str(data)
        loop = asyncio.get_running_loop()
        self.sent_at = loop.time()        # when the app's output last went to the tab
        super().__init__(server.command, write_bytes=write_bytes, write_str=write_str,
                         close=close, download_manager=server.download_manager)
        self.server = server
        self.address = address
        self.process: asyncio.subprocess.Process | None = None
        self.errors: _ErrorOutput | None = None
        self._ended: asyncio.Task[None] | None = None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        """textual-serve's settings for the web driver, on the door's environment (not the
        server's own)."""
        env = dict(self.server.env)
        env.update(TEXTUAL_DRIVER=DRIVER, TEXTUAL_FPS="60",
                   TEXTUAL_COLOR_SYSTEM="truecolor", TERM_PROGRAM="textual",
                   TERM_PROGRAM_VERSION=version("textual-serve"),
                   COLUMNS=str(width), ROWS=str(height))
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        self.process = await asyncio.create_subprocess_exec(
            *self.server.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width, height),
            start_new_session=True, preexec_fn=ending_with_us())
        self._process = self.process
        assert self.process.stdin is not None and self.process.stderr is not None
        self._stdin = self.process.stdin
        # textual-serve copies an app's error output, whole, to our own output: read it here
        self.errors = _ErrorOutput(self.process.stderr)
        self.process.stderr = self.errors  # type: ignore[assignment]
        return self.process

    async def run(self) -> None:
        await super().run()
        if self.errors is not None and self.errors.tail:
            log.warning("web door: the app of %s ended; its last error line: %s", self.address,
                        self.errors.last_line())
        with contextlib.suppress(Exception):
            await self.remote_close()  # the app ended: so does the tab's connection

    async def end(self, settle: bool = False) -> None:
        """Ask the app to quit (``settle``: once its output to the tab was quiet a moment,
        its last frame sent); SIGKILL its group if it has not after the grace."""
        if settle and self._ended is None:
            await self._settle()
        if self._ended is None:
            self._ended = asyncio.get_running_loop().create_task(self._end())
        await asyncio.shield(self._ended)

    async def _settle(self) -> None:
        loop = asyncio.get_running_loop()
        most = loop.time() + SETTLE_MOST_S
        while (now := loop.time()) < most and now - self.sent_at < SETTLE_S:
            await asyncio.sleep(min(SETTLE_S - (now - self.sent_at), most - now))

    async def _end(self) -> None:
        process = self.process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), 1.0)
            try:
                await asyncio.wait_for(process.wait(), self.server.grace_s)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
                await process.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)  # anything it left behind
        if self._task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._task, 5.0)
            self._task = None


class _ErrorOutput:
    """An app's error output (a traceback, with its local variables) as textual-serve reads
    it: read to its end, copied nowhere; its last ``KEEP`` bytes kept for one line of log."""

    KEEP = 16384
    _ESCAPE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self._stream = stream
        self.tail = bytearray()

    async def read(self, n: int = -1) -> bytes:
        while data := await self._stream.read(65536):
            self.tail += data
            del self.tail[:-self.KEEP]
        return b""

    def last_line(self) -> str:
        """The last line that says something (a traceback's: the error), shown literally."""
        text = self._ESCAPE.sub("", self.tail.decode("utf-8", "replace"))
        lines = [line.strip(" │╭╮╰╯─\t") for line in text.splitlines()]
        said = [line for line in lines if any(c.isalnum() for c in line)]
        return shown(said[-1], 200) if said else "(no words)"
