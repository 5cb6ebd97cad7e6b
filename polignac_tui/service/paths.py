"""Where the service lives on disk: its socket, and what it remembers across restarts."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "polignac-tui"
SOCKET_NAME = "service.sock"
# sun_path holds 108 bytes on Linux (104 on the BSDs), its final NUL included.
MAX_SOCKET_PATH = 103


def default_socket() -> Path:
    """``$XDG_RUNTIME_DIR/polignac-tui/service.sock`` when a runtime folder exists, else
    ``<user data folder>/polignac-tui/service.sock`` (docs/protocol.md)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and Path(runtime).is_dir():
        return Path(runtime) / APP / SOCKET_NAME
    return platformdirs.user_data_path(APP) / SOCKET_NAME


def service_folder() -> Path:
    """What the service remembers beyond the session files (``state.json``, its lock)."""
    return platformdirs.user_data_path(APP) / "service"


def check_socket_path(path: Path) -> str | None:
    """Why ``path`` cannot be a socket path, or None."""
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        return (f"the socket path {path} is too long for a Unix socket "
                f"(at most {MAX_SOCKET_PATH} bytes): choose a shorter one with --socket")
    return None
