"""What a warm parent (the SSH door's zygote) prepares once for every app it forks.

Each Textual app parses its CSS for itself (the app's stylesheet and every widget's
``DEFAULT_CSS``: a tenth of a door's first frame), in a cache that is its own. In a process
that forks players' apps, ``share_parsed_css`` makes that cache the process's: CSS parsed
once, by the parent, before it forks, is found by every child. ``prime`` then runs a lobby
once, headless, so that the parent has parsed everything a lobby needs and filled Textual's
and Rich's own caches, and has every language's catalog loaded.

The key of a parse is what its result depends on: the CSS text, where it was read from,
whether it is a widget's default CSS, its tie breaker and scope, and the theme's variables
(substituted while parsing). Rules parsed are never changed afterwards (Textual itself
shares them between the parses of one app).
"""

from __future__ import annotations

import asyncio
import functools
import tempfile
from pathlib import Path
from typing import Any

from textual.css.stylesheet import Stylesheet

# Bound on the CSS sources kept (a lobby has about 20; each theme tried parses them again).
MAX_PARSED = 512
PRIME_TIMEOUT_S = 30.0

_parsed: dict[tuple[object, ...], Any] = {}
# Each set of variables seen, numbered (a short key, quick to hash), and the last dict of
# variables asked about with its number (Textual replaces that dict, never edits it).
_variables_numbers: dict[tuple[tuple[str, str], ...], int] = {}
_variables_seen: list[tuple[object, int]] = []


def parsed_css_sources() -> int:
    """How many CSS sources this process holds parsed (0 without ``share_parsed_css``)."""
    return len(_parsed)


def _variables_key(stylesheet: Stylesheet) -> int | None:
    """The number of the stylesheet's variables (None when they cannot be read)."""
    variables = getattr(stylesheet, "_variables", None)
    if not isinstance(variables, dict):
        return None
    if _variables_seen and _variables_seen[0][0] is variables:
        return _variables_seen[0][1]
    values = tuple(sorted((str(k), str(v)) for k, v in variables.items()))
    number = _variables_numbers.setdefault(values, len(_variables_numbers))
    _variables_seen[:] = [(variables, number)]
    return number


def share_parsed_css() -> bool:
    """Make Textual's parsed CSS a cache of this process (see above). False when this
    version of Textual parses otherwise: then each app parses its own, as before."""
    original = getattr(Stylesheet, "_parse_rules", None)
    if original is None:
        return False
    if getattr(original, "shared_by_process", False):
        return True

    @functools.wraps(original)
    def parse_rules(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                    tie_breaker: int = 0, scope: str = "") -> Any:
        variables = _variables_key(self)
        if variables is None:
            return original(self, css, read_from, is_default_rules, tie_breaker, scope)
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        rules = _parsed.get(key)
        if rules is None:
            rules = original(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_parsed) < MAX_PARSED:
                _parsed[key] = rules
        return rules

    parse_rules.shared_by_process = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]
    return True


def prime() -> None:
    """A lobby run once, headless, 80×24, with the host's settings (the theme a child will
    use) and no service behind it (it says it cannot connect); then every language's
    catalog loaded. The event loop is closed again and no thread is left: the process may
    fork."""
    from ..commands.join import JoinTarget
    from ..config import load_settings
    from ..i18n.choose import LANGUAGES
    from ..i18n.translator import translator_for
    from .app import PolignacApp

    for code in LANGUAGES:
        translator_for(code)

    async def lobby(nowhere: Path) -> None:
        app = PolignacApp(load_settings(), start="lobby",
                          join=JoinTarget(nowhere, "warm:", "warm"))
        # with the tooltip and the notifications a player's app has (their CSS too)
        async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
            await pilot.pause()

    with tempfile.TemporaryDirectory(prefix="polignac-tui-warm-") as folder:
        asyncio.run(asyncio.wait_for(lobby(Path(folder) / "no-service.sock"),
                                     PRIME_TIMEOUT_S))
