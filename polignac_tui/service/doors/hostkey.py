"""The SSH door's host key: ed25519, made once in the data folder, never overwritten."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import platformdirs

HOST_KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key file exists but cannot be used (the message says which file and why)."""


def default_data_dir() -> Path:
    """The app's data folder (where the host key lives unless told otherwise)."""
    return platformdirs.user_data_path("polignac-tui")


def load_or_create_host_key(data_dir: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host key in ``data_dir`` and whether it was made just now.

    A missing key is generated and written with mode 0600, created exclusively so that two
    servers starting at once never overwrite each other's key. An existing file is never
    replaced: if it cannot be read as a private key, ``HostKeyError`` says so.
    """
    path = data_dir / HOST_KEY_NAME
    try:
        return asyncssh.read_private_key(path), False
    except FileNotFoundError:
        pass
    except (OSError, ValueError, asyncssh.KeyImportError) as error:
        raise HostKeyError(f"cannot read the SSH host key {path}: {error}; move it away "
                           f"to have a new one made (players will see a new fingerprint)") \
            from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="polignac-tui host key")
    data = key.export_private_key("openssh")
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another server made it meanwhile: use that one
        return load_or_create_host_key(data_dir)
    except OSError as error:
        raise HostKeyError(f"cannot write the SSH host key {path}: {error}") from None
    with os.fdopen(fd, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    return key, True


def fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:…``, as ``ssh`` shows it when it first meets the server."""
    return key.get_fingerprint("sha256")
