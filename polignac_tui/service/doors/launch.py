"""What a door runs for each player: the argv and the environment of the app process."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

IDENTITY_ENV = "POLIGNAC_TUI_IDENTITY"
MAX_NAME = 24


@dataclass(frozen=True)
class SSHLogin:
    """Who came in through the SSH door."""

    name: str
    """The proposed display name: the SSH user name, bounded (``bounded_name``), or for an
    empty one ``keyed_name`` (the SSH door never gives "")."""
    identity: str
    """``ssh:`` + the key's SHA256 fingerprint: what the table service binds seats to."""
    address: str
    """The client's IP address."""


def bounded_name(user: str) -> str:
    """The SSH user name as a display name: printable characters only, runs of spaces made
    one, at most 24 characters (possibly "")."""
    return _printable_words(user)[:MAX_NAME].strip()


def name_was_cut(user: str) -> bool:
    """Whether ``bounded_name(user)`` had to cut the name at 24 characters."""
    return len(_printable_words(user)) > MAX_NAME


def _printable_words(user: str) -> str:
    kept = "".join(c if c.isprintable() and unicodedata.category(c)[0] != "C" else " "
                   for c in user)
    return " ".join(kept.split())


# Names that say nobody in particular (``join`` refuses them, as it refuses "").
_NOBODY = ("you", "me", "player")


def keyed_name(identity: str, comment: str | None) -> str:
    """A display name for a player who gave no user name: the key's comment (from the
    authorized keys file: the wire carries none) when it makes a name, else ``player-`` and
    the first four letters or digits of the key's fingerprint (``SHA256:…``)."""
    name = bounded_name(comment or "")
    if name and name.casefold() not in _NOBODY:
        return name
    letters = [c for c in identity.partition(":")[2] if c.isascii() and c.isalnum()]
    return "player-" + "".join(letters[:4])


def app_argv(login: SSHLogin) -> list[str]:
    """Until the lobby exists: the local app's Home screen."""
    return [sys.executable, "-m", "polignac_tui"]


def join_argv(socket: Path) -> Callable[[SSHLogin], list[str]]:
    """The lobby of the table service at ``socket`` for each SSH player (the agreed seam)."""
    def argv_for(login: SSHLogin) -> list[str]:
        argv = [sys.executable, "-m", "polignac_tui", "join", "--socket", str(socket)]
        return [*argv, "--name", login.name] if login.name else argv
    return argv_for


def web_join_argv(socket: Path) -> list[str]:
    """The lobby for a browser: it asks a name and shows a short code."""
    return [sys.executable, "-m", "polignac_tui", "join", "--socket", str(socket), "--web"]


PR_SET_PDEATHSIG = 1


def ending_with_us() -> Callable[[], None] | None:
    """A ``preexec_fn`` for a child that must end when this process ends, however it ends
    (even SIGKILL): Linux's parent-death signal, SIGKILL. None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                      ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    parent = os.getpid()

    def in_child() -> None:  # after the fork, before the exec: nothing but system calls
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # we ended before the child asked
            os._exit(1)
    return in_child


def passed_through(client_env: Mapping[str, str], term: str | None) -> dict[str, str]:
    """What a client's environment may set in its app process: TERM, LANG and LC_*."""
    out = {k: v for k, v in client_env.items()
           if (k == "LANG" or (k.startswith("LC_") and k[3:].isalpha())) and _safe(v)}
    out["TERM"] = term if term and _safe(term) else "xterm-256color"
    return out


def _safe(text: str) -> bool:
    return 0 < len(text) <= 256 and text.isprintable()


_HOST_ONLY = ("SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY",
              "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS",
              "TERM", "COLORTERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLUMNS", "LINES",
              "TMUX", "TMUX_PANE", "STY", "LANG", "LANGUAGE", IDENTITY_ENV)


def player_env(base: Mapping[str, str]) -> dict[str, str]:
    """The host's environment made fit for a player's app process: nothing that reaches the
    host's agent, display or terminal, no Textual settings, no locale (the client's
    passes through)."""
    return {k: v for k, v in base.items()
            if k not in _HOST_ONLY and not k.startswith(("TEXTUAL", "LC_"))}


def parse_address(text: str, option: str) -> tuple[str, int]:
    """``[HOST:]PORT`` (``[::1]:2222`` for IPv6) as (host, port); host "" means 127.0.0.1.
    Raises ValueError naming ``option`` and what is wrong."""
    host, sep, port = text.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        raise ValueError(f"{option} {text!r}: write an IPv6 address in brackets, "
                         f"e.g. [::1]:2222")
    if sep and not host:
        raise ValueError(f"{option} {text!r}: nothing before the colon (give a host or "
                         f"only the port)")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{option} {text!r}: the port must be a number from 1 to 65535")
    return host, int(port)
