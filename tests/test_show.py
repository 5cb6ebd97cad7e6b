"""``polignac-tui show FILE``: the score table, ``--json``, and clean refusals."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from engine.helpers import scripted, table
from engine.test_deal import GENERALE_FAILS, SPREAD, SWEEP
from polignac_file import dumps
from test_fileformat import sample

from polignac_tui.cli import main
from polignac_tui.games.polignac.engine import Session


def write(tmp_path: Path, session: Session | str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(session if isinstance(session, str) else dumps(session), encoding="utf-8")
    return path


def show(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["show", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_score_table_of_a_session_in_play(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = show(capsys, str(write(tmp_path, sample())))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Friday night (20261122-2015-anna)"
    assert lines[1].split() == ["deal", "dealer", "Anna", "Bruno", "Carla", "Dario"]
    assert lines[3].split() == ["1", "Dario", "2", "1", "1", "1"]
    assert lines[4].split() == ["2", "Anna", "(in", "play)"]
    assert lines[6].split() == ["total", "2", "1", "1", "1"]
    assert lines[7] == "Point limit: 20"
    assert lines[8] == "In play: Carla's turn to play."


def test_the_score_table_of_a_finished_session(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    session = table(generale=True, limit=6)
    scripted(session, 1, GENERALE_FAILS, declarer=2)
    scripted(session, 2, SPREAD)
    status, out, _ = show(capsys, str(write(tmp_path, session)))
    assert status == 0
    lines = out.splitlines()
    assert lines[2].split() == ["1", "Bruno", "0", "1", "5", "1", "générale", "Carla", "failed"]
    assert lines[3].split() == ["2", "Carla", "1", "1", "1", "2"]
    assert lines[5].split() == ["total", "1", "2", "6", "3"]
    assert lines[-1] == "Finished: Carla pays the cognac; Anna, Bruno and Dario win."


def test_a_chelem_a_generale_question_and_a_number_of_deals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = table(generale=True, chelem="automatic", end="deals", limit=3)
    scripted(session, 3, SWEEP)        # Anna is asked first, everyone passes, Anna sweeps
    scripted(session, 0, SPREAD, played=0)   # everyone passes
    status, out, _ = show(capsys, str(write(tmp_path, session)))
    assert status == 0
    lines = out.splitlines()
    assert lines[2].split() == ["1", "Dario", "0", "5", "5", "5", "chelem", "Anna"]
    assert lines[-2] == "Deals: 1 of 3"
    assert lines[-1] == "In play: Bruno's turn to play."
    session = table(generale=True)
    session.deal_next(random.Random(3))
    _, out, _ = show(capsys, str(write(tmp_path, session)))
    asked = session.players[session.deals[0].asking or 0].name
    assert out.splitlines()[-1] == f"In play: {asked}'s turn to declare or pass la générale."


def test_json_is_exactly_the_documented_shape(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    session = table(generale=True, limit=6)
    scripted(session, 1, GENERALE_FAILS, declarer=2)
    scripted(session, 2, SPREAD)
    status, out, err = show(capsys, str(write(tmp_path, session)), "--json")
    assert status == 0 and err == ""
    assert out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out) == {
        "format": 1,
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "deals": [{"dealer": 1, "generale": 2, "chelem": None, "points": [0, 1, 5, 1]},
                  {"dealer": 2, "generale": None, "chelem": None, "points": [1, 1, 1, 2]}],
        "totals": [1, 2, 6, 3],
        "finished": True,
        "losers": [2],
        "winners": [0, 1, 3],
    }
    assert list(json.loads(out)) == ["format", "players", "deals", "totals", "finished",
                                     "losers", "winners"]


def test_json_of_a_chelem_and_a_deal_in_play(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    session = table()
    scripted(session, 3, SWEEP)
    scripted(session, 0, SPREAD, played=2)
    _, out, _ = show(capsys, str(write(tmp_path, session)), "--json")
    doc = json.loads(out)
    assert doc["deals"] == [
        {"dealer": 3, "generale": None, "chelem": 0, "points": [0, 5, 5, 5]},
        {"dealer": 0, "generale": None, "chelem": None, "points": None},
    ]
    assert doc["totals"] == [0, 5, 5, 5]
    assert (doc["finished"], doc["losers"], doc["winners"]) == (False, [], [])


def edited(edit: Any) -> str:
    doc = tomllib.loads(dumps(sample()))
    edit(doc)
    return tomli_w.dumps(doc)


BAD_FILES: list[tuple[str, str, str]] = [
    ("syntax", "format = 1\n[rules\n", "not valid TOML"),
    ("format", edited(lambda d: d.__setitem__("format", 9)), "unknown format 9"),
    ("setting", edited(lambda d: d["rules"].__setitem__("colour", 1)), "unknown setting"),
    ("range", edited(lambda d: d["rules"].__setitem__("limit", 5000)), "limit = 5000"),
    ("players", edited(lambda d: d.__setitem__("players", d["players"][:2])),
     "3 to 8 players, not 2"),
    ("players type", edited(lambda d: d.__setitem__("players", 5)), "players must be an array"),
    ("hands type", edited(lambda d: d["deals"][0].__setitem__("hands", 3)),
     "deal 1: hands must be an array"),
    ("dealer type", edited(lambda d: d["deals"][0].__setitem__("dealer", "x")),
     "deal 1: dealer must be a whole number"),
    ("hand size", edited(lambda d: d["deals"][1]["hands"][0].pop()),
     "deal 2: Anna was dealt 7 cards, not 8"),
    ("twice", edited(lambda d: d["deals"][0]["hands"][1].__setitem__(0, "KS")),
     "deal 1: KS is dealt twice"),
    ("not held", edited(lambda d: d["deals"][1]["plays"].__setitem__(0, "KH")),
     "deal 2, play 1 (KH by Bruno): KH is not in the hand of Bruno"),
    ("rule", edited(lambda d: d["deals"][1]["plays"].append("9S")),
     "deal 2, play 6 (9S by Carla): 9S: you must follow hearts: you hold a heart"),
    ("after", edited(lambda d: d["deals"][0]["plays"].append("QS")),
     "deal 1, play 17 (QS): played after the deal was over"),
    ("generale off", edited(lambda d: d["deals"][1].__setitem__("generale", 0)),
     "deal 2: la générale is declared but the setting generale is off"),
]


@pytest.mark.parametrize(("text", "words"), [(t, w) for _, t, w in BAD_FILES],
                         ids=[n for n, _, _ in BAD_FILES])
def test_a_file_that_cannot_be_accepted_exits_2_with_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str) -> None:
    path = write(tmp_path, text)
    status, out, err = show(capsys, str(path))
    assert status == 2 and out == ""
    assert err.startswith(f"polignac-tui: {path}: ") and err.count("\n") == 1
    assert words in err
    status, out, err2 = show(capsys, str(path), "--json")
    assert status == 2 and out == "" and err2 == err


def test_unreadable_targets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.toml"
    junk.write_bytes(os.urandom(64) + b"\xff\xfe")
    for target, words in ((tmp_path, "Is a directory"), (tmp_path / "gone.toml", "No such file"),
                          (junk, "not a text file")):
        status, out, err = show(capsys, str(target))
        assert (status, out) == (2, "")
        assert words in err and err.count("\n") == 1


def test_as_a_command_there_is_never_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, edited(lambda d: d["deals"][0].__setitem__("hands", [[1, 2], 3])))
    result = subprocess.run([sys.executable, "-m", "polignac_tui", "show", str(path)],
                            capture_output=True, text=True, timeout=60, env=os.environ.copy())
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"polignac-tui: {path}: deal 1, hand of Anna: 1 is not a card " \
        "(expected a rank of K Q J A T 9 8 7 and a suit of S H D C, like JS or TH)\n"
    assert "Traceback" not in result.stderr


def test_a_player_named_you_pays_without_an_s(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    session = table(generale=True, limit=6)
    scripted(session, 1, GENERALE_FAILS, declarer=2)
    scripted(session, 2, SPREAD)
    text = dumps(session).replace('"Carla"', '"You"')
    status, out, _ = show(capsys, str(write(tmp_path, text)))
    assert status == 0
    assert out.splitlines()[-1] == "Finished: You pay the cognac; Anna, Bruno and Dario win."


def test_between_deals_names_the_deal_to_be_dealt(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    session = table(generale=True, limit=30)
    scripted(session, 1, SPREAD)
    scripted(session, 2, SPREAD)
    assert session.needs_deal
    status, out, _ = show(capsys, str(write(tmp_path, session)))
    assert status == 0
    assert out.splitlines()[-1] == "In play: deal 3 is to be dealt."
