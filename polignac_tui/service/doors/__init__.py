"""The doors to the tables: SSH for terminals (``ssh.py``), a web page for browsers (``web.py``).

Each player gets an app process of their own: on a pseudo-terminal for SSH, under
textual-serve's web driver for a browser. The doors know nothing of tables: what they run is
an argv given by ``serve`` (``launch.join_argv``), with the player's identity in the
environment (``POLIGNAC_TUI_IDENTITY``).
"""

from .hostkey import HostKeyError, default_data_dir, load_or_create_host_key
from .launch import (
    IDENTITY_ENV,
    SSHLogin,
    app_argv,
    bounded_name,
    join_argv,
    parse_address,
    player_env,
    web_join_argv,
)
from .limits import DoorGate, DoorLimits
from .ssh import AuthorizedKeysError, SSHDoor, open_ssh_door, read_authorized_keys
from .web import WebDoor, open_web_door

__all__ = [
    "IDENTITY_ENV", "AuthorizedKeysError", "DoorGate", "DoorLimits", "HostKeyError",
    "SSHDoor", "SSHLogin", "WebDoor", "app_argv", "bounded_name", "default_data_dir",
    "join_argv", "load_or_create_host_key", "open_ssh_door", "open_web_door", "parse_address",
    "player_env",
    "read_authorized_keys", "web_join_argv",
]
