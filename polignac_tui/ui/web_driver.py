"""The web driver of a browser player's app: textual's, reading no faster than the app handles.

textual's web driver reads the door's pipe as fast as it comes and posts every key and mouse
event at once: what the app has not handled yet waits in its queues, without bound (a flood
of keys grows the app by hundreds of MB). This one, after each ``BATCH`` of input events,
waits until the app and the widgets a key passes through (the focused widget, its parents,
the screen, the app) have handled them. Meanwhile it reads nothing: the pipe fills, the door
stops reading the tab's socket, and the browser waits. So what waits in the app is bounded
by one batch, whatever the app does with each key, however slowly.
"""

from __future__ import annotations

import threading
from typing import Any

from textual import events
from textual.drivers.web_driver import WebDriver
from textual.message import Message
from textual.message_pump import MessagePump

BATCH = 32
"""Input events posted before waiting for the app to handle them."""
WAKE_S = 0.1
"""How often a wait looks whether the app is ending."""


class PacedWebDriver(WebDriver):
    """``textual.drivers.web_driver.WebDriver``, paced by the app (``TEXTUAL_DRIVER``:
    ``polignac_tui.ui.web_driver:PacedWebDriver``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._posted = 0

    def process_message(self, message: Message) -> None:
        super().process_message(message)            # runs in the driver's input thread
        if isinstance(message, events.InputEvent):
            self._posted += 1
            if self._posted >= BATCH:
                self._posted = 0
                self.wait_for_app()

    def wait_for_app(self) -> None:
        """Return once the app has handled what was posted so far (or is ending)."""
        handled = threading.Event()

        def along(path: list[MessagePump]) -> None:
            # each node's callback runs after what that node was sent before it
            while path:
                node = path.pop(0)
                if node.call_later(along, path):
                    return
            handled.set()

        def start() -> None:
            try:
                focused = self._app.focused
                path: list[MessagePump] = [*focused.ancestors_with_self] if focused else []
            except Exception:  # no screen yet, or no more
                path = []
            along(path)

        if not self._app.call_later(start):
            return
        while not handled.wait(WAKE_S):
            if self.exit_event.is_set():
                return
