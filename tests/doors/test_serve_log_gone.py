"""``serve`` stops on ctrl-c even when its log has nobody to read it any more (found by
play-testing ``polignac-tui serve ... 2>&1 | tee serve.log``: the ctrl-c ended tee too,
the "stopping" line met a broken pipe in the signal's handler, and the service went on,
deaf to every later ctrl-c and SIGTERM, its players never told)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from service.lobbytools import START_LIMIT

from .test_serve_doors import free_port

STOP_LIMIT = 40.0       # seconds: the whole stop is bounded well under this


def until_listening(socket_path: Path, process: subprocess.Popen[bytes], log: Path) -> None:
    """Until ``serve`` listens and has said so in full (its last line: how to stop it)."""
    deadline = time.monotonic() + START_LIMIT
    while not (socket_path.exists() and log.exists() and "stop with ctrl-c" in log.read_text()):
        assert process.poll() is None, "the service stopped as it started"
        assert time.monotonic() < deadline, "the service never listened"
        time.sleep(0.05)    # polling a process that starts: bounded by START_LIMIT


def test_ctrl_c_stops_serve_whose_log_reader_is_gone(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ptl-", dir="/tmp"))
    socket_path = folder / "s.sock"
    log = folder / "serve.log"
    # serve 2>&1 | tee serve.log, as a host types it (with a door: the socket alone
    # never hung); then the ctrl-c that ends tee before serve reads its own
    serve = subprocess.Popen(
        [sys.executable, "-m", "polignac_tui", "serve", "--socket", str(socket_path),
         "--ssh", f"127.0.0.1:{free_port()}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=dict(os.environ))
    assert serve.stdout is not None
    tee = subprocess.Popen(["tee", str(log)], stdin=serve.stdout, stdout=subprocess.DEVNULL)
    serve.stdout.close()                        # tee alone reads the log
    try:
        until_listening(socket_path, serve, log)
        tee.kill()
        tee.wait(10)
        serve.send_signal(signal.SIGINT)
        try:
            serve.wait(STOP_LIMIT)
        except subprocess.TimeoutExpired:
            raise AssertionError("serve did not stop on ctrl-c with its log gone") from None
        assert not socket_path.exists()         # it stopped cleanly: its socket removed
    finally:
        for process in (serve, tee):
            if process.poll() is None:
                process.kill()
                process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
