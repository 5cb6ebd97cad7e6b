"""The documented screenshots command writes the same SVGs on every run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL_")}
    return subprocess.run([sys.executable, "-m", "polignac_tui.ui.screenshots", str(folder),
                           "--only", "home", "too-small"], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def test_screenshots_are_written_and_deterministic(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert run(first).returncode == 0
    assert run(second).returncode == 0
    for name in ("home.svg", "too-small.svg"):
        text = (first / name).read_text(encoding="utf-8")
        assert text.startswith("<svg")
        assert text == (second / name).read_text(encoding="utf-8")
    assert "Friday" in (first / "home.svg").read_text(encoding="utf-8")  # Continue: Friday…
    assert "Enlarge" in (first / "too-small.svg").read_text(encoding="utf-8")
