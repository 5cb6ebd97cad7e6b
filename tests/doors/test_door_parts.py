"""The doors' small parts: limits, display names, the environment passed on, host key and
authorized keys files."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from polignac_tui.service.doors import (
    AuthorizedKeysError,
    DoorGate,
    DoorLimits,
    HostKeyError,
    SSHLogin,
    bounded_name,
    join_argv,
    load_or_create_host_key,
    parse_address,
    player_env,
    read_authorized_keys,
)
from polignac_tui.service.doors.hostkey import HOST_KEY_NAME
from polignac_tui.service.doors.launch import keyed_name, name_was_cut, passed_through


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_gate_counts_connections_at_once() -> None:
    gate = DoorGate(DoorLimits(connections=2, per_minute=100))
    assert gate.arrive("a") is None and gate.arrive("b") is None
    assert "full (2 connections)" in (gate.arrive("c") or "")
    gate.leave()
    assert gate.arrive("c") is None and gate.open == 2


def test_gate_counts_connections_per_key() -> None:
    gate = DoorGate(DoorLimits(per_key=2))
    assert gate.claim_key("k") is None and gate.claim_key("k") is None
    assert "already has 2 connections" in (gate.claim_key("k") or "")
    assert gate.claim_key("other") is None
    gate.release_key("k")
    assert gate.claim_key("k") is None


def test_gate_counts_new_connections_per_minute_and_address() -> None:
    clock = Clock()
    gate = DoorGate(DoorLimits(per_minute=3), clock=clock)
    for _ in range(3):
        assert gate.arrive("10.0.0.1") is None
        gate.leave()
    assert "at most 3 a minute" in (gate.arrive("10.0.0.1") or "")
    assert gate.arrive("10.0.0.2") is None  # another address is not held back
    clock.now += 59.9
    assert gate.arrive("10.0.0.1") is not None
    clock.now += 0.2  # the first of the three is now over a minute old
    assert gate.arrive("10.0.0.1") is None


@pytest.mark.parametrize("field", ["connections", "per_key", "per_minute"])
def test_limits_below_one_are_refused_with_their_name(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        DoorLimits(**{field: 0})
    with pytest.raises(ValueError, match="idle timeout"):
        DoorLimits(idle_timeout_s=-1)


@pytest.mark.parametrize(("user", "name"), [
    ("anna", "anna"),
    ("  Bruno   le\tGrand ", "Bruno le Grand"),
    ("\x1b[31mred\x07", "[31mred"),
    ("x" * 40, "x" * 24),
    ("Zoë\u200b", "Zoë"),
    ("\x00\x01", ""),
])
def test_user_names_become_bounded_display_names(user: str, name: str) -> None:
    assert bounded_name(user) == name


@pytest.mark.parametrize(("comment", "name"), [
    ("Zoé du Lac", "Zoé du Lac"),
    ("  zoe@laptop\x1b[2J ", "zoe@laptop [2J"),
    ("x" * 30, "x" * 24),
    ("", "player-Ab3d"), (None, "player-Ab3d"), ("\x00", "player-Ab3d"),
    ("You", "player-Ab3d"),          # a name the lobby refuses (nobody in particular)
])
def test_a_player_without_a_user_name_is_named_after_the_key(comment: str | None,
                                                             name: str) -> None:
    assert keyed_name("SHA256:A+b/3d9XyZ", comment) == name


def test_a_cut_name_is_known() -> None:
    assert name_was_cut("Anna de Polignac-Valois-et-Compagnie")
    assert not name_was_cut("Anna   de   Polignac-Valois")  # 24 once its spaces are one


def test_join_argv_passes_the_name_only_when_there_is_one(tmp_path: Path) -> None:
    argv_for = join_argv(tmp_path / "s.sock")
    with_name = argv_for(SSHLogin("anna", "ssh:SHA256:x", "127.0.0.1"))
    assert with_name[-5:] == ["join", "--socket", str(tmp_path / "s.sock"), "--name", "anna"]
    assert "--name" not in argv_for(SSHLogin("", "ssh:SHA256:x", "127.0.0.1"))


def test_only_term_lang_and_lc_pass_through() -> None:
    env = passed_through({"LANG": "fr_FR.UTF-8", "LC_ALL": "C", "LC_1": "x", "PATH": "/evil",
                          "LD_PRELOAD": "x.so", "LC_CTYPE": "bad\nvalue"}, "screen-256color")
    assert env == {"LANG": "fr_FR.UTF-8", "LC_ALL": "C", "TERM": "screen-256color"}
    assert passed_through({}, None) == {"TERM": "xterm-256color"}


def test_a_damaged_host_key_is_reported_and_never_replaced(tmp_path: Path) -> None:
    (tmp_path / HOST_KEY_NAME).write_text("not a key")
    with pytest.raises(HostKeyError, match=HOST_KEY_NAME):
        load_or_create_host_key(tmp_path)
    assert (tmp_path / HOST_KEY_NAME).read_text() == "not a key"


def test_a_host_key_is_made_once(tmp_path: Path) -> None:
    key, created = load_or_create_host_key(tmp_path / "new")
    again, created_again = load_or_create_host_key(tmp_path / "new")
    assert created and not created_again
    assert key.get_algorithm() == "ssh-ed25519"
    assert again.get_fingerprint("sha256") == key.get_fingerprint("sha256")


def test_authorized_keys_files_are_read_or_refused_with_a_reason(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    good = tmp_path / "keys"
    good.write_text("# anna\n\nrestrict,pty " + key.export_public_key().decode())
    assert read_authorized_keys(good) == {key.get_fingerprint("sha256")}
    with pytest.raises(AuthorizedKeysError, match="no authorized keys file"):
        read_authorized_keys(tmp_path / "missing")
    empty = tmp_path / "empty"
    empty.write_text("# nobody yet\n")
    with pytest.raises(AuthorizedKeysError, match="nobody could come in"):
        read_authorized_keys(empty)
    broken = tmp_path / "broken"
    broken.write_text(key.export_public_key().decode() + "ssh-ed25519 AAAAnotbase64\n")
    with pytest.raises(AuthorizedKeysError, match="line 2"):
        read_authorized_keys(broken)


@pytest.mark.parametrize(("text", "address"), [
    ("2222", ("", 2222)), ("0.0.0.0:2222", ("0.0.0.0", 2222)),
    ("[::1]:8000", ("::1", 8000)), ("cards.local:8000", ("cards.local", 8000)),
])
def test_addresses_are_read(text: str, address: tuple[str, int]) -> None:
    assert parse_address(text, "--ssh") == address


@pytest.mark.parametrize(("text", "why"), [
    ("", "port must be"), ("ssh", "port must be"), ("0", "port must be"),
    ("70000", "port must be"), (":2222", "nothing before the colon"),
    ("::1:2222", "in brackets"), ("host:", "port must be"),
])
def test_bad_addresses_are_refused_with_the_option_and_why(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why) as error:
        parse_address(text, "--web")
    assert str(error.value).startswith(f"--web {text!r}")


def test_player_env_keeps_nothing_of_the_hosts_agent_display_terminal_or_locale() -> None:
    env = player_env({"PATH": "/bin", "HOME": "/h", "SSH_AUTH_SOCK": "/tmp/agent",
                      "DISPLAY": ":0", "TERM": "tmux", "LANG": "C", "LC_ALL": "C",
                      "TEXTUAL_DRIVER": "x", "POLIGNAC_TUI_IDENTITY": "ssh:host",
                      "XDG_DATA_HOME": "/d"})
    assert env == {"PATH": "/bin", "HOME": "/h", "XDG_DATA_HOME": "/d"}
