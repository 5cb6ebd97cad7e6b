"""``list``, ``show``, ``stats``, ``export`` and ``delete`` with sessions of Écarté and
Piquet beside Polignac's, as a user runs them; Polignac's outputs unchanged."""

from __future__ import annotations

import csv
import io
import json

import pytest
from polignac_file import save_session

from polignac_tui.cli import main
from polignac_tui.games.polignac.scoretable import score_table
from polignac_tui.store import SessionStore

from .gamehelpers import make_game
from .helpers import make

Capture = pytest.CaptureFixture[str]


def mixed() -> dict[str, object]:
    store = SessionStore()
    sessions: dict[str, object] = {
        "ecarte-done": make_game("ecarte", "ecarte-done", seed=3, actions=None),
        "ecarte-playing": make_game("ecarte", "ecarte-playing", seed=4, actions=3),
        "piquet-done": make_game("piquet", "piquet-done", seed=3, actions=None,
                                 name="Vendredi"),
    }
    for session in sessions.values():
        store.save_game(session)  # type: ignore[arg-type]
    polignac = make("20261120-2015-anna", actions=None, seed=1)
    save_session(store, polignac)
    sessions[polignac.id] = polignac
    return sessions


def run(capsys: Capture, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_list_shows_the_game_of_each_session_and_filters_by_game(capsys: Capture) -> None:
    sessions = mixed()
    out = run(capsys, "list")
    assert max(len(line) for line in out.splitlines()) <= 80
    text = " ".join(out.split())
    assert "Écarté · Anna, Bruno · finished, " in text
    assert "Piquet · “Vendredi” · Anna, Bruno · finished, Anna won the partie" in text \
        or "Piquet · “Vendredi” · Anna, Bruno · finished, Bruno won the partie" in text
    assert "Polignac · Anna, Bob, Zoé, Dédé · finished, " in text
    only = run(capsys, "list", "--game", "ecarte")
    ids = [line.split()[0] for line in only.splitlines()[1:] if not line.startswith(" ")]
    assert sorted(ids) == ["ecarte-done", "ecarte-playing"]
    doc = json.loads(run(capsys, "list", "--json", "--game", "piquet"))
    (row,) = doc["sessions"]
    piquet = sessions["piquet-done"].match  # type: ignore[attr-defined]
    assert row["game"] == "piquet" and row["value"] == piquet.outcome.value
    assert row["leader_points"] == max(piquet.totals)      # the higher total leads
    games = {r["id"]: r["game"] for r in json.loads(run(capsys, "list", "--json"))["sessions"]}
    assert games == {"ecarte-done": "ecarte", "ecarte-playing": "ecarte",
                     "piquet-done": "piquet", "20261120-2015-anna": "polignac"}


def test_a_folder_of_polignac_alone_lists_as_before(capsys: Capture) -> None:
    store = SessionStore()
    save_session(store, make("20261120-2015-anna", actions=None, seed=1))
    out = run(capsys, "list")
    assert "Polignac ·" not in out and "Écarté" not in out
    stats = run(capsys, "stats")
    assert "Écarté" not in stats and "Piquet" not in stats
    assert set(json.loads(run(capsys, "stats", "--json"))) == {"sessions", "unreadable",
                                                                "players"}


@pytest.mark.parametrize("id", ["ecarte-done", "ecarte-playing", "piquet-done"])
def test_show_json_is_the_game_s_file_summary(capsys: Capture, id: str) -> None:
    session = mixed()[id]
    match = session.match  # type: ignore[attr-defined]
    assert json.loads(run(capsys, "show", id, "--json")) == json.loads(
        json.dumps(match.game.books.file_summary(match)))
    table = run(capsys, "show", id)
    assert table.splitlines()[0].startswith(match.game.title)
    assert table.splitlines()[-3].split()[-2:] == [str(t) for t in match.totals]
    if match.outcome is None:
        assert "In play: " in table and "(in play)" in table
    else:
        assert "Finished: " in table and " won " in table


def test_show_of_a_polignac_session_is_unchanged(capsys: Capture) -> None:
    sessions = mixed()
    polignac = sessions["20261120-2015-anna"]
    assert run(capsys, "show", "20261120-2015-anna") == score_table(polignac) + "\n"  # type: ignore[arg-type]


def test_stats_per_game(capsys: Capture) -> None:
    sessions = mixed()
    out = run(capsys, "stats")
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "\nÉcarté\nPLAYER" in out and "\nPiquet\nPLAYER" in out
    assert out.index("COGNAC") < out.index("VOLES") < out.index("RUBICON")
    ecarte = json.loads(run(capsys, "stats", "--game", "ecarte", "--json"))
    assert ecarte["game"] == "ecarte" and ecarte["sessions"] == 1
    outcome = sessions["ecarte-done"].match.outcome  # type: ignore[attr-defined]
    winner = ["Anna", "Bruno (medium)"][outcome.winners[0]]
    got = {p["name"]: p for p in ecarte["players"]}
    assert got[winner]["won"] == 1
    word = {3: "treble", 2: "double", 1: "single"}[outcome.value]
    assert got[winner][word] == 1
    piquet = json.loads(run(capsys, "stats", "--json"))["piquet"]
    partie = sessions["piquet-done"].match.outcome  # type: ignore[attr-defined]
    best = {p["name"]: p for p in piquet["players"]}[["Anna", "Bruno (medium)"][
        partie.winners[0]]]
    assert best["value"] == partie.value and best["won"] == 1
    only = run(capsys, "stats", "--game", "piquet")
    assert "COGNAC" not in only and "VOLES" not in only and "RUBICON" in only


def test_export_a_game_s_sessions(capsys: Capture) -> None:
    sessions = mixed()
    rows = list(csv.reader(io.StringIO(run(capsys, "export", "--game", "ecarte", "--csv"))))
    assert rows[0] == ["game", "session", "deal", "dealer", "player1", "points1", "tricks1",
                       "player2", "points2", "tricks2", "scored"]
    for id in ("ecarte-done", "ecarte-playing"):
        match = sessions[id].match  # type: ignore[attr-defined]
        mine = [r for r in rows[1:] if r[1] == id]
        over = [d for d in match.game.books.file_summary(match)["deals"] if d["points"] is not None]
        assert len(mine) == len(over)
        assert [[int(r[5]), int(r[8])] for r in mine] == [d["points"] for d in over]
        assert all(r[0] == "ecarte" and r[4] == "Anna" and r[7] == "Bruno" for r in mine)
    one = list(csv.reader(io.StringIO(run(capsys, "export", "piquet-done", "--csv"))))
    totals = sessions["piquet-done"].match.totals  # type: ignore[attr-defined]
    assert [sum(int(r[5]) for r in one[1:]), sum(int(r[8]) for r in one[1:])] == list(totals)
    assert main(["export", "piquet-done", "--csv", "--game", "ecarte"]) != 0
    assert "is not a session of Écarté" in capsys.readouterr().err


def test_delete_a_game_session(capsys: Capture) -> None:
    mixed()
    assert main(["delete", "ecarte-done", "--yes"]) == 0
    assert "Deleted ecarte-done." in capsys.readouterr().out
    assert "ecarte-done" not in [r["id"] for r in json.loads(run(capsys, "list", "--json"))[
        "sessions"]]


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_review_sets_each_choice_of_a_finished_deal_beside_the_expert_s(
        capsys: Capture, game: str) -> None:
    store = SessionStore()
    session = make_game(game, f"{game}-review", seed=5, actions=None)
    store.save_game(session)
    data = json.loads(run(capsys, "review", session.id, "--deal", "1", "--json"))
    assert data["game"] == game and data["players"] == list(session.names)
    [deal] = data["deals"]
    humans = session.humans()
    actions = session.match.log[0].actions
    assert deal["deal"] == 1 and deal["steps"]
    for step in deal["steps"]:
        assert step["seat"] in humans and actions[step["index"] - 1] == step["action"]
        mine, expert = step["action"].split(), step["expert"].split()
        assert step["agrees"] == (mine[:1] == expert[:1] and sorted(mine) == sorted(expert))
    assert deal["agreed"] + deal["remarks"] == len(deal["steps"])
    text = run(capsys, "review", session.id, "--deal", "1")
    assert "Deal 1" in text and session.names[humans[0]][:12] in text


def test_review_of_a_deal_in_play_is_refused_in_one_line(capsys: Capture) -> None:
    store = SessionStore()
    session = make_game("ecarte", "ecarte-early", seed=4, actions=3)
    store.save_game(session)
    assert main(["review", session.id]) != 0
    err = capsys.readouterr().err
    assert "no finished deal to review yet" in err and err.count("\n") == 1
