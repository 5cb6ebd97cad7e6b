"""``polignac-tui new`` / ``resume``: clear one-line errors (exit 2) before the app starts."""

from __future__ import annotations

import pytest
from polignac_file import engine_of

from polignac_tui.cli import main
from polignac_tui.config import Settings, save_settings


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list:
    """Replace ``CardGamesApp.run`` by a recorder: the app that would have run."""
    from polignac_tui.ui.app import CardGamesApp
    apps: list = []
    monkeypatch.setattr(CardGamesApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("polignac-tui: "), err
    return err


def test_resume_with_nothing_to_resume(capsys, ran) -> None:
    assert main(["resume"]) == 2
    assert "no session in play to resume" in one_line_error(capsys)
    assert ran == []


def test_resume_unknown_id(capsys, ran) -> None:
    assert main(["resume", "no-such-session"]) == 2
    assert "no saved session no-such-session" in one_line_error(capsys)


def test_resume_locked_session(capsys, ran, saved, store) -> None:
    session_id = saved()
    with store.lock(session_id):
        assert main(["resume", session_id]) == 2
    assert session_id in one_line_error(capsys)
    assert ran == []


def test_resume_damaged_session(capsys, ran, store) -> None:
    store.root.mkdir(parents=True)
    (store.root / "broken-1.toml").write_text("format = 1\n", encoding="utf-8")
    assert main(["resume", "broken-1"]) == 2
    assert "broken-1" in one_line_error(capsys)


def test_new_with_too_many_players(capsys, ran) -> None:
    assert main(["new", "--players", "9"]) == 2
    assert "Polignac is played by 3 to 8 players, not 9" in one_line_error(capsys)
    assert ran == []


def test_new_with_an_unknown_preset_is_one_line_naming_the_presets(capsys, ran) -> None:
    assert main(["new", "--preset", "whist"]) == 2
    assert ("Polignac has no preset 'whist' (one of classique, italiana, generale, english)"
            in one_line_error(capsys))
    assert ran == []


def test_new_starts_a_table_with_you_and_computers(ran, store) -> None:
    save_settings(Settings(name="Zoé", default_preset="generale"))
    assert main(["--ascii", "new", "--players", "5", "--seed", "4"]) == 0
    (app,) = ran
    assert app.settings.ascii and app.settings.name == "Zoé"
    (entry,) = store.entries()
    session = engine_of(entry)
    assert session is not None and session.rules.preset == "generale"
    assert [p.kind for p in session.players] == ["human"] + ["computer"] * 4
    assert session.players[0].name == "Zoé"
    assert {p.level for p in session.players[1:]} == {"medium"}
    with store.lock(entry.id):  # the lock was released when the app ended
        pass


def test_resume_most_recent_unfinished(ran, saved, store) -> None:
    session_id = saved()
    assert main(["resume"]) == 0
    (app,) = ran
    assert app._start_table.session.id == session_id
    with store.lock(session_id):
        pass


@pytest.mark.parametrize("argv", [["--ascii", "new"], ["new", "--ascii"]])
def test_ascii_before_or_after_the_command(argv, ran) -> None:
    assert main([*argv, "--seed", "1"]) == 0
    assert ran[0].settings.ascii


def test_no_ascii_by_default(ran) -> None:
    assert main(["new", "--seed", "1"]) == 0
    assert not ran[0].settings.ascii


@pytest.mark.parametrize("argv", [[], ["--ascii"]])
def test_plain_command_opens_home(argv, ran) -> None:
    assert main(argv) == 0
    (app,) = ran
    assert app.start == "home" and app._start_table is None
    assert app.settings.ascii == bool(argv)


def test_the_cli_does_not_import_the_computer_players_at_start() -> None:
    import subprocess
    import sys
    code = ("import sys, polignac_tui.cli; "
            "print(sorted(m for m in sys.modules "
            "if m.startswith('polignac_tui.games.polignac.players')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "polignac_tui.games.polignac.players.arena" not in out


def test_help_still_lists_arena_and_its_levels(capsys) -> None:
    from polignac_tui.games.polignac.players.arena import ARENA_LEVELS
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    text = capsys.readouterr().out
    assert all(level in text for level in ARENA_LEVELS)


def test_new_with_a_level_for_the_computers(ran, store) -> None:
    from polignac_tui.commands.play import LEVELS as offered
    from polignac_tui.games.polignac.engine import LEVELS
    assert offered == LEVELS
    assert main(["new", "--level", "hard", "--seed", "1"]) == 0
    (entry,) = store.entries()
    engine = engine_of(entry)
    assert engine is not None
    assert [p.level for p in engine.players] == [None, "hard", "hard", "hard"]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Play Polignac, Écarté and Piquet in the terminal"),
    ("fr", "Jouer à Polignac, Écarté et Piquet dans le terminal"),
    ("it", "Giocare a Polignac, Écarté e Piquet nel terminale"),
])
def test_help_names_every_game_of_the_house(capsys, lang, said) -> None:
    """The command's own words name the three games, from the registry (the new-user
    trial read "Play Polignac (Quatre Valets)" alone)."""
    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert said in text
    assert "Quatre Valets) in the terminal" not in text
