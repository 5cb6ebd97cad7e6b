"""Where the socket goes, and the serve command's clear refusals."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from polignac_tui.cli import main
from polignac_tui.service.paths import MAX_SOCKET_PATH, default_socket, service_folder

from .helpers import remove, short_socket_dir


def test_the_default_socket_is_in_the_runtime_folder_else_the_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert default_socket() == tmp_path / "polignac-tui" / "service.sock"
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "missing"))
    assert default_socket() == service_folder().parent / "service.sock"
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert default_socket().name == "service.sock"


def test_serve_refuses_a_socket_path_too_long(capsys: pytest.CaptureFixture[str]) -> None:
    path = "/tmp/" + "x" * MAX_SOCKET_PATH
    assert main(["serve", "--socket", path]) == 2
    assert "too long" in capsys.readouterr().err


def test_serve_refuses_a_path_that_is_not_a_socket(capsys: pytest.CaptureFixture[str]) -> None:
    folder = short_socket_dir()
    try:
        (folder / "file").write_text("keep me")
        assert main(["serve", "--socket", str(folder / "file")]) == 2
        assert "not a socket" in capsys.readouterr().err
        assert (folder / "file").read_text() == "keep me"
    finally:
        remove(folder)


def test_serve_refuses_a_socket_where_a_service_listens(
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = short_socket_dir()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(folder / "s.sock"))
        listener.listen()
        assert main(["serve", "--socket", str(folder / "s.sock")]) == 2
        assert "already listens" in capsys.readouterr().err
    finally:
        listener.close()
        remove(folder)


def test_a_service_that_cannot_listen_leaves_its_state_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    state = service_folder() / "state.json"
    state.parent.mkdir(parents=True)
    state.write_text('{"format": 1, "tables": []}\n')
    folder = short_socket_dir()
    try:
        (folder / "file").write_text("")
        assert main(["serve", "--socket", str(folder / "file")]) == 2
        assert state.read_text() == '{"format": 1, "tables": []}\n'
    finally:
        remove(folder)
