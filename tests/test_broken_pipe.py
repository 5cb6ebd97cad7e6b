"""A reader that goes away (``polignac-tui show FILE | head -1``, issue 35 point 9): every
command that prints ends quietly with the status of a program killed by SIGPIPE (141),
never a ``BrokenPipeError`` traceback. The pipes are real: the command's stdout is a pipe
whose reading end is closed before it starts, so its first write fails, every time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from polignac_file import dumps as polignac_dumps
from store.gamehelpers import make_game
from store.helpers import make

from polignac_tui.cli import BROKEN_PIPE
from polignac_tui.store import SessionStore

POLIGNAC = "20261122-2015-anna"
ECARTE = "20261122-2016-anna"
PIQUET = "20261122-2017-anna"


@pytest.fixture
def data_home(tmp_path: Path) -> Path:
    """A data folder holding a finished session of each game (XDG_DATA_HOME)."""
    home = Path(os.environ["XDG_DATA_HOME"])
    store = SessionStore()
    store.root.mkdir(parents=True)
    store.path(POLIGNAC).write_text(polignac_dumps(make(POLIGNAC, count=4, actions=None)),
                                    encoding="utf-8")
    store.save_game(make_game("ecarte", ECARTE, seed=3, actions=None))
    store.save_game(make_game("piquet", PIQUET, seed=3, actions=None))
    return home


def run_into_closed_pipe(argv: list[str]) -> subprocess.CompletedProcess[bytes]:
    """``polignac-tui argv`` with its stdout a pipe nobody reads any more."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "polignac_tui", *argv], stdout=write_end,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=120,
                              check=False, env=os.environ.copy())
    finally:
        os.close(write_end)


def commands(home: Path) -> list[list[str]]:
    sessions = home / "polignac-tui" / "sessions"
    return [
        ["show", str(sessions / f"{POLIGNAC}.toml")],
        ["show", ECARTE],
        ["show", "--json", PIQUET],
        ["list"],
        ["list", "--json"],
        ["stats"],
        ["stats", "--json", "--game", "piquet"],
        ["export", "--csv", POLIGNAC],
        ["export", "--csv", PIQUET],
        ["export", "--game", "ecarte", "--csv"],
        ["review", POLIGNAC],
        ["--help"],
        ["arena", "--help"],
        ["--version"],
    ]


def test_every_command_that_prints_ends_quietly_when_its_reader_is_gone(
        data_home: Path) -> None:
    assert BROKEN_PIPE == 141
    for argv in commands(data_home):
        result = run_into_closed_pipe(argv)
        assert (result.returncode, result.stderr) == (BROKEN_PIPE, b""), argv


def test_the_same_commands_print_when_read(data_home: Path) -> None:
    """The pipe, read: the same commands print and succeed (the test above broke them
    in their output, nowhere else)."""
    for argv in commands(data_home):
        result = subprocess.run([sys.executable, "-m", "polignac_tui", *argv],
                                capture_output=True, timeout=120, check=False,
                                stdin=subprocess.DEVNULL)
        assert result.returncode == 0 and result.stdout and not result.stderr, argv


def test_show_piped_into_head(data_home: Path) -> None:
    """The issue's very line: ``polignac-tui show FILE | head -1``."""
    result = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {sys.executable} -m polignac_tui show {PIQUET} "
         "| head -1"], capture_output=True, timeout=120, check=False, text=True)
    assert result.stdout == f"Piquet: {PIQUET}\n"
    assert "Traceback" not in result.stderr and result.stderr == ""
    assert result.returncode in (0, BROKEN_PIPE)   # head may leave before or after it writes
