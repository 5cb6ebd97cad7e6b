"""``polignac-tui join``: a clear line when no service runs; identity and name chosen."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from polignac_tui.cli import main
from polignac_tui.commands import join
from polignac_tui.config import Settings, save_settings


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list:
    """Replace ``CardGamesApp.run`` by a recorder: the app that would have run."""
    from polignac_tui.ui.app import CardGamesApp
    apps: list = []
    monkeypatch.setattr(CardGamesApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


@pytest.fixture
def listening(tmp_path: Path):
    """A Unix socket that accepts connections (nothing is said on it)."""
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(4)
    yield path
    server.close()


def test_no_service_is_one_clear_line(capsys, ran, tmp_path: Path) -> None:
    path = tmp_path / "nothing.sock"
    assert main(["join", "--socket", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"polignac-tui: no table service at {path}: start one with "
                   "`polignac-tui serve`\n")
    assert ran == []


def test_a_file_that_is_no_socket_is_no_service(capsys, ran, tmp_path: Path) -> None:
    path = tmp_path / "plain-file"
    path.write_text("not a socket")
    assert main(["join", "--socket", str(path)]) == 2
    assert "no table service at" in capsys.readouterr().err
    assert ran == []


def test_join_opens_the_lobby_with_identity_and_name(ran, listening: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(join.IDENTITY_ENV, raising=False)
    save_settings(Settings(name="Mathilde"))
    assert main(["join", "--socket", str(listening)]) == 0
    (app,) = ran
    assert app.start == "lobby"
    assert app.join == join.JoinTarget(listening, f"local:{os.getuid()}", "Mathilde")


def test_name_and_identity_from_the_command_and_the_environment(
        ran, listening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(join.IDENTITY_ENV, "ssh:SHA256:abcDEF123")
    assert main(["join", "--socket", str(listening), "--name", "Bruno"]) == 0
    (app,) = ran
    assert app.join.identity == "ssh:SHA256:abcDEF123"
    assert app.join.name == "Bruno"


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "tab\there"])
def test_a_bad_name_is_refused(capsys, ran, listening: Path, name: str) -> None:
    assert main(["join", "--socket", str(listening), "--name", name]) == 2
    assert "--name" in capsys.readouterr().err
    assert ran == []


def test_default_socket_in_the_runtime_folder(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert join.default_socket() == tmp_path / "polignac-tui" / "service.sock"
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "missing"))
    assert join.default_socket().name == "service.sock"
    assert str(join.default_socket()).startswith(os.environ["XDG_DATA_HOME"])


@pytest.mark.parametrize("name", ["You", "me", "PLAYER"])
def test_a_name_that_says_nobody_is_refused(capsys, ran, listening: Path, name: str) -> None:
    save_settings(Settings(name=name))
    assert main(["join", "--socket", str(listening)]) == 2
    err = capsys.readouterr().err
    assert "--name NAME" in err and err.count("\n") == 1
    assert ran == []


def test_join_web_asks_the_name_in_the_app(ran, listening: Path) -> None:
    save_settings(Settings(name="You"))       # the default name is no obstacle on the web
    assert main(["join", "--socket", str(listening), "--web"]) == 0
    (app,) = ran
    assert app.start == "web" and app.join.socket == listening and app.join.identity == ""


def test_a_parser_prepared_ahead_is_taken_once_in_its_language(
        ran, listening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the SSH door's zygote: the command line's parser built ahead in each language;
    a command line in French takes the French one (no parser built), once; the next one
    builds its own. A prepared parser speaks its language."""
    from polignac_tui import cli
    from polignac_tui.i18n import LANGUAGES, speaking, translator_for
    monkeypatch.setattr(cli, "_prepared", {})
    cli.prepare_parsers()
    assert set(cli._prepared) == set(LANGUAGES)
    with speaking(translator_for("it")):
        assert cli._prepared["it"].format_help() == cli.build_parser().format_help()
    built: list[int] = []
    build = cli.build_parser
    monkeypatch.setattr(cli, "build_parser", lambda: built.append(1) or build())
    save_settings(Settings(name="Mathilde"))
    assert main(["--lang", "fr", "join", "--socket", str(listening)]) == 0
    assert built == []
    assert set(cli._prepared) == set(LANGUAGES) - {"fr"}
    assert main(["--lang", "fr", "join", "--socket", str(listening)]) == 0
    assert built == [1]
    assert len(ran) == 2
