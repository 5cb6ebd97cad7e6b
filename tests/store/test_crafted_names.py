"""Crafted players' names in the files of every game (issue 35, point 8): held to one rule
when read (Polignac's: at most 24 printable characters), refused in one line naming the
file, the player, the field and why, and never printed raw by any command."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w
from polignac_file import dumps as polignac_dumps

from polignac_tui.cli import main
from polignac_tui.games.namewords import MAX_NAME, name_problem
from polignac_tui.store import SaveError, SessionStore
from polignac_tui.store.errors import SessionFileError
from polignac_tui.store.gamefile import MAX_BYTES, dumps, loads
from polignac_tui.store.index import index_path
from polignac_tui.store.visible import has_control, visible

from .gamehelpers import make_game
from .helpers import make

Capture = pytest.CaptureFixture[str]
GAMES = ("polignac", "ecarte", "piquet")
CRAFTED = "20261123-2015-crafted"
GOOD = "20261122-2015-anna"

# kind -> the name, and what its refusal says after "player 2: name must be at most 24
# printable characters"
BAD_NAMES = {
    "escapes": ("\x1b[2J\x1b]0;pwn\x07Bruno", ": character 1 ('\\x1b') is not printable"),
    "huge": ("B" * 3_900_000, ", not 3,900,000"),
    "25": ("B" * 25, ", not 25"),
    "c1": ("Bru\x9b2Jno", ": character 4 ('\\x9b') is not printable"),
    "del": ("Bru\x7fno", ": character 4 ('\\x7f') is not printable"),
    "bidi": ("Bru\u202eno", ": character 4 ('\\u202e') is not printable"),
    "newline": ("Bru\nno", ": character 4 ('\\n') is not printable"),
}
REFUSAL = f"player 2: name must be at most {MAX_NAME} printable characters"


def controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on: C0 but newline and tab, DEL,
    C1, and the bidi formatting characters."""
    bidi = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    return [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7f <= ord(c) <= 0x9f
            or c in bidi]


def session_text(game: str) -> str:
    """A finished session file of ``game`` as the store writes it (Anna, Bob or Bruno…)."""
    if game == "polignac":
        return polignac_dumps(make(CRAFTED, count=3, actions=None))
    return dumps(make_game(game, CRAFTED, seed=3, actions=None))


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (JSON's, DEL escaped too: quick for megabytes)."""
    return json.dumps(text).replace("\x7f", "\\u007f")


def with_name(game: str, name: str, deals: list[dict[str, object]] | None = None) -> str:
    """``game``'s session file with ``name`` for its second player (and ``deals``)."""
    doc = tomllib.loads(session_text(game))
    doc["players"][1]["name"] = "PLACEHOLDER"
    if deals is not None:
        doc["deals"] = deals
    return tomli_w.dumps(doc).replace('"PLACEHOLDER"', toml_string(name), 1)


def crafted_file(tmp_path: Path, game: str, name: str) -> Path:
    path = tmp_path / f"{game}.toml"
    path.write_text(with_name(game, name), encoding="utf-8")
    return path


# -- the rule --------------------------------------------------------------------------
def test_the_rule_is_polignacs_at_most_24_printable_characters() -> None:
    assert name_problem("B" * MAX_NAME) is None
    assert name_problem("Zoé Dédé, l'as de pique") is None
    for name, why in BAD_NAMES.values():
        assert name_problem(name) == f"must be at most {MAX_NAME} printable characters{why}"


@pytest.mark.parametrize("game", GAMES)
def test_a_name_of_24_printable_characters_is_read(game: str) -> None:
    name = "Élisabeth-Charlotte d'Or"
    assert len(name) == MAX_NAME
    session = loads(with_name(game, name))
    assert session.names[1] == name


# -- the store -------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", sorted(BAD_NAMES))
def test_every_game_refuses_a_bad_name_alike(game: str, kind: str) -> None:
    name, why = BAD_NAMES[kind]
    with pytest.raises(SessionFileError) as refused:
        loads(with_name(game, name))
    message = str(refused.value)
    assert message == REFUSAL + why
    assert not controls(message)


@pytest.mark.parametrize("game", GAMES)
def test_the_store_lists_the_file_apart_with_the_reason(game: str) -> None:
    store = SessionStore()
    store.root.mkdir(parents=True)
    store.path(CRAFTED).write_text(with_name(game, BAD_NAMES["escapes"][0]), encoding="utf-8")
    with pytest.raises(SessionFileError, match="player 2: name must be at most 24"):
        store.load_game(CRAFTED)
    (summary,) = store.summaries()
    assert not summary.readable
    assert summary.error == REFUSAL + BAD_NAMES["escapes"][1]


def test_a_huge_name_is_refused_before_any_deal_is_read() -> None:
    text = with_name("piquet", BAD_NAMES["huge"][0], deals=[{"dealer": 7}] * 2000)
    assert 3_900_000 < len(text.encode()) <= MAX_BYTES       # within the size bound
    with pytest.raises(SessionFileError, match=r"player 2: name .*, not 3,900,000"):
        loads(text)        # (2000 deals, each one wrong: never read)


def test_a_text_received_is_bounded_as_a_file_is() -> None:
    text = session_text("ecarte") + "\n#" + "x" * MAX_BYTES
    with pytest.raises(SessionFileError, match=r"too large for a session file \(over 4 MB\)"):
        loads(text)


# -- every command -----------------------------------------------------------------------
def run(argv: list[str], capsys: Capture) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("game", "kind", "command"), [
    *((game, kind, command) for game in GAMES for kind in ("escapes", "c1", "bidi")
      for command in (["show"], ["show", "--json"], ["export", "--csv"])),
    *((game, "huge", ["show"]) for game in GAMES),
])
def test_a_command_on_the_file_refuses_it_in_one_line(tmp_path: Path, capsys: Capture,
                                                      game: str, kind: str,
                                                      command: list[str]) -> None:
    name, why = BAD_NAMES[kind]
    path = crafted_file(tmp_path, game, name)
    status, out, err = run([*command, str(path)], capsys)
    assert status == 2 and out == ""
    assert err == f"polignac-tui: {path}: {REFUSAL}{why}\n"
    assert not controls(out + err)


def test_the_review_refuses_a_polignac_file_alike(tmp_path: Path, capsys: Capture) -> None:
    path = crafted_file(tmp_path, "polignac", BAD_NAMES["escapes"][0])
    status, out, err = run(["review", str(path)], capsys)
    assert status == 2 and out == ""
    assert f"{path}: {REFUSAL}" in err and not controls(err)


def saved_with_crafted(game: str, kind: str) -> SessionStore:
    """The store holding a finished session of ``game`` and the crafted file of ``kind``."""
    store = SessionStore()
    store.root.mkdir(parents=True)
    store.path(GOOD).write_text(session_text(game).replace(CRAFTED, GOOD), encoding="utf-8")
    store.path(CRAFTED).write_text(with_name(game, BAD_NAMES[kind][0]), encoding="utf-8")
    return store


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["escapes", "c1", "bidi", "25"])
def test_list_stats_and_export_leave_the_file_aside_saying_why(capsys: Capture, game: str,
                                                              kind: str) -> None:
    store = saved_with_crafted(game, kind)
    status, out, err = run(["list"], capsys)
    assert status == 0 and err == ""
    assert GOOD in out and "1 unreadable file" in out
    assert str(store.path(CRAFTED)) in out
    assert REFUSAL in " ".join(out.split())
    assert not controls(out)
    status, out, err = run(["list", "--json"], capsys)
    doc = json.loads(out)
    assert [s["id"] for s in doc["sessions"]] == [GOOD]
    assert doc["unreadable"][0]["error"] == REFUSAL + BAD_NAMES[kind][1]
    assert not controls(out + err)
    for argv in (["stats"], ["stats", "--json"], ["export", "--game", game, "--csv"]):
        status, out, err = run(argv, capsys)
        assert status == 0 and err == ""
        assert not controls(out), argv
        assert "\\u" not in out and "2Jno" not in out      # the crafted one is left out


def test_a_file_named_with_escapes_is_listed_visibly(capsys: Capture) -> None:
    store = saved_with_crafted("ecarte", "escapes")
    odd = store.root / "\x1b]0;pwn\x07\x9b2J.toml"
    odd.write_text(session_text("ecarte"), encoding="utf-8")
    status, out, err = run(["list"], capsys)
    assert status == 0 and not controls(out + err)
    assert str(store.root / "\\u001b]0;pwn\\u0007\\u009b2J.toml") in out
    status, out, err = run(["list", "--json"], capsys)
    assert not controls(out)
    paths = [row["path"] for row in json.loads(out)["unreadable"]]
    assert str(odd) in paths                 # the JSON says the very name, escaped


def test_an_index_row_with_escapes_is_read_again_from_its_file(capsys: Capture) -> None:
    """The index is a file too: a row of an older version (or a crafted one) naming a
    player with escapes, matching its file's size and time, is not trusted."""
    store = SessionStore()
    session = make_game("ecarte", GOOD, seed=3, actions=None)
    store.save_game(session)
    assert run(["list"], capsys)[0] == 0
    with sqlite3.connect(index_path(store.root)) as db:
        (row,) = db.execute("SELECT summary FROM sessions").fetchone()
        data = json.loads(row)
        data["players"] = ["Anna", "\x1b[2J\x1b]0;pwn\x07Bruno"]
        data["title"] = "\x1b]0;pwn\x07"
        db.execute("UPDATE sessions SET summary=?", (json.dumps(data),))
    status, out, err = run(["list"], capsys)
    assert status == 0 and not controls(out + err)
    assert "Anna, Bruno" in out and "pwn" not in out
    with sqlite3.connect(index_path(store.root)) as db:       # the row made again
        (row,) = db.execute("SELECT summary FROM sessions").fetchone()
    assert json.loads(row)["players"] == ["Anna", "Bruno"]


# -- the second line of defence --------------------------------------------------------
def test_visible_writes_each_control_character_as_its_escape() -> None:
    text = "a\x1b[2J\x07b\x7f\x9b\u202ec\n\td é—"
    assert visible(text) == "a\\u001b[2J\\u0007b\\u007f\\u009b\\u202ec\n\td é—"
    assert not controls(visible(text)) and has_control(text) and not has_control("é—\n")
    doc = {"players": ["Bru\x7f\x85\x9bno", "An\u202ena", "\x1b"]}
    assert json.loads(visible(json.dumps(doc, ensure_ascii=False))) == doc


def test_an_error_never_prints_a_control_character(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "\x1b[2Jgone\x9b.toml"
    status, out, err = run(["show", str(path)], capsys)
    assert status == 2 and out == "" and not controls(err)
    assert "\\u001b[2Jgone\\u009b.toml" in err


def test_the_real_command_prints_no_control_byte(tmp_path: Path) -> None:
    """``polignac-tui show`` as a user runs it: the bytes on its stdout and stderr."""
    path = crafted_file(tmp_path, "piquet", BAD_NAMES["escapes"][0])
    for argv in (["show", str(path)], ["export", "--csv", str(path)]):
        result = subprocess.run([sys.executable, "-m", "polignac_tui", *argv],
                                capture_output=True, timeout=60, check=False)
        assert result.returncode == 2 and result.stdout == b""
        assert b"\x1b" not in result.stderr and b"\x07" not in result.stderr
        assert not controls(result.stderr.decode("utf-8"))
        assert REFUSAL.encode() in result.stderr


def test_the_refusal_is_said_in_french_and_italian() -> None:
    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.store.wording import file_error_text
    said = {}
    for code in ("fr", "it"):
        with speaking(translator_for(code)):
            said[code] = [file_error_text(REFUSAL + BAD_NAMES[kind][1])
                          for kind in ("escapes", "huge")]
    assert said["fr"] == [
        "joueur 2 : le nom doit compter au plus 24 caractères imprimables : le caractère 1 "
        "('\\x1b') n'est pas imprimable",
        "joueur 2 : le nom doit compter au plus 24 caractères imprimables, et non 3900000"]
    assert said["it"] == [
        "giocatore 2: il nome deve avere al massimo 24 caratteri stampabili: il carattere 1 "
        "('\\x1b') non è stampabile",
        "giocatore 2: il nome deve avere al massimo 24 caratteri stampabili, non 3900000"]


@pytest.mark.parametrize("game", GAMES)
def test_the_files_id_is_bounded_and_printable_too(game: str) -> None:
    """``show FILE`` titles its table with the file's ``id`` and ``export`` writes it."""
    text = session_text(game)
    assert loads(text.replace(CRAFTED, "a" * 64)).id == "a" * 64
    for crafted in ("a" * 65, "\\u001b]0;pwn\\u0007", "x\\u009by"):
        with pytest.raises(SessionFileError) as refused:
            loads(text.replace(f'"{CRAFTED}"', f'"{crafted}"'))
        assert str(refused.value) == "file: id must be at most 64 printable characters"


def test_a_file_named_with_escapes_keeps_its_index_row(capsys: Capture) -> None:
    """Its name is the file system's, not the row's: the row stays current (the list is
    not made again from the files each time, Home's quick path included)."""
    store = saved_with_crafted("piquet", "escapes")
    (store.root / "\x1b]0;pwn\x07.toml").write_text("not toml", encoding="utf-8")
    assert run(["list"], capsys)[0] == 0
    listed = store.current_summaries()
    assert listed is not None and len(listed) == 3
    assert sum(1 for s in listed if not s.readable) == 2


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_the_store_never_writes_a_name_it_could_not_read(game: str) -> None:
    store = SessionStore()
    session = make_game(game, GOOD, seed=3, names=("Anna", "Bru\x07no"))
    with pytest.raises(SaveError, match=r"player name 'Bru\\x07no' must be at most 24 "):
        store.save_game(session)
    assert not store.path(GOOD).exists()
    store.save_game(make_game(game, GOOD, seed=3, names=("Anna", "B" * MAX_NAME)))
    assert store.load_game(GOOD).names == ("Anna", "B" * MAX_NAME)


def test_a_huge_string_is_scanned_in_linear_time_and_no_memory_per_character() -> None:
    """The scan before the parser (``textfile.count_dots``) once kept a state per character
    of a string (557 MB to read a name of 3.9 MB), and scanned an unterminated string again
    from each quote after it (4.6 s for 24 KB, hours for 4 MB)."""
    import time
    import tracemalloc

    from polignac_tui.store.textfile import count_dots, parse_toml
    texts = {f'name = {toml_string("B" * 3_900_000)}\n': 0,
             'name = "' + "B\\\\" * 1_300_000 + '" # 1.5\n': 0,       # escapes
             'name = """' + "B\\\\" * 1_300_000 + '"""\nx.y = 1.5\n': 2,
             'name = "' + 'a\\"' * 1_300_000 + "\nx.y = 1\n": 1,       # unterminated
             'name = """' + 'a\\' * 1_900_000 + ".": 0,
             "name = '''" + "a''" * 1_300_000 + ".": 0,
             "a.b = 1\n" * 500_000: 500_000}
    for text, dots in texts.items():
        tracemalloc.start()
        began = time.process_time()
        try:
            assert count_dots(text) == dots, text[:12]
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 2**20, f"{peak:,} bytes for {text[:12]!r}"
        assert time.process_time() - began < 10, text[:12]
    assert parse_toml(next(iter(texts)))["name"] == "B" * 3_900_000
