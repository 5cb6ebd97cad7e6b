"""``polignac-tui list``, ``delete``, ``stats`` and ``show ID`` as a user runs them."""

from __future__ import annotations

import io
import json
import sys

import pytest
from polignac_file import dumps, save_session, summary

from polignac_tui.cli import main
from polignac_tui.store import SessionStore
from polignac_tui.store.atomic import write_atomic
from polignac_tui.store.report import local_time

from .helpers import make

Capture = pytest.CaptureFixture[str]


def saved(*sessions_args: dict[str, object]) -> tuple[SessionStore, list]:
    store = SessionStore()
    sessions = []
    for second, kwargs in enumerate(sessions_args):
        session = make(**kwargs)  # type: ignore[arg-type]
        with store.lock(session.id):
            save_session(store, session)
        sessions.append(session)
        # distinct `updated` seconds, so that "newest first" is well defined
        session.updated = session.updated.replace(second=second)  # type: ignore[union-attr]
        with store.lock(session.id):
            write_atomic(store.path(session.id), dumps(session).encode())
    return store, sessions


def test_list_with_no_sessions(capsys: Capture) -> None:
    assert main(["list"]) == 0
    assert "No saved sessions yet" in capsys.readouterr().out
    assert main(["list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["sessions"] == [] and doc["unreadable"] == []


def test_list_newest_first_in_80_columns(capsys: Capture) -> None:
    _, (done, playing, named) = saved(
        {"id": "20261120-2015-anna", "actions": None, "seed": 1},
        {"id": "20261121-2015-anna", "actions": 40, "seed": 2, "count": 8},
        {"id": "20261122-2015-the-very-long-name-2", "actions": 0, "seed": 3,
         "name": "The very long name of our Friday session", "preset_name": "generale"},
    )
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].split() == ["ID", "DEALS", "LEADER", "LAST", "PLAYED"]
    order = [line.split()[0] for line in lines[1:] if not line.startswith(" ")]
    assert order == [named.id, playing.id, done.id]
    text = " ".join(out.split())
    assert "“The very long name of our Friday session”" in text
    for session in (done, playing, named):
        assert ", ".join(p.name for p in session.players) in text
        assert local_time(session.updated) in out  # type: ignore[arg-type]
    loser = " and ".join(done.players[s].name for s in done.losers)
    assert f"finished, {loser} paid the cognac" in text
    assert f"in play, {playing.players[playing.turn].name}'s turn" in text  # type: ignore[index]
    assert "to declare or pass la générale" in text
    assert "all tied (0)" in next(line for line in lines if line.startswith(named.id))
    row = next(line for line in lines if line.startswith(done.id)).split()
    best = min(done.totals)
    assert row[1] == str(done.finished_deals)
    assert f"({best})" in " ".join(row)


def test_list_json(capsys: Capture) -> None:
    store, (done, playing) = saved({"id": "20261120-2015-anna", "actions": None},
                                   {"id": "20261121-2015-anna", "actions": 10, "seed": 4})
    assert main(["list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["folder"] == str(store.root)
    first, second = doc["sessions"]
    assert first["id"] == playing.id and second["id"] == done.id
    assert first["state"] == "in play" and first["turn"] == playing.players[playing.turn].name
    assert second["state"] == "finished"
    assert second["losers"] == [done.players[s].name for s in done.losers]
    assert second["totals"] == done.totals and second["deals"] == done.finished_deals
    assert second["leader_points"] == min(done.totals)
    assert first["updated"].endswith("Z")


def test_delete_with_yes(capsys: Capture) -> None:
    store, (session,) = saved({"id": "20261120-2015-anna", "actions": 3})
    assert main(["delete", session.id, "--yes"]) == 0
    assert f"Deleted {session.id}." in capsys.readouterr().out
    assert list(store.root.iterdir()) == []


@pytest.mark.parametrize(("stdin", "deleted"), [("y\n", True), ("oui\n", True), ("n\n", False),
                                                ("\n", False), ("", False), (None, False)])
def test_delete_asks_first(monkeypatch: pytest.MonkeyPatch, capsys: Capture,
                           stdin: str | None, deleted: bool) -> None:
    store, (session,) = saved({"id": "20261120-2015-anna", "actions": 3})
    monkeypatch.setattr(sys, "stdin", None if stdin is None else io.StringIO(stdin))
    assert main(["delete", session.id]) == (0 if deleted else 1)
    err = capsys.readouterr().err
    assert f"Delete session {session.id} (Anna, Bob, Zoé, Dédé;" in err
    assert store.exists(session.id) is not deleted
    if not deleted:
        assert f"Not deleted: {session.id} is kept." in err
    if stdin in ("", None):
        assert "not confirmed, use --yes" in err


def test_delete_refusals(capsys: Capture) -> None:
    store, (session,) = saved({"id": "20261120-2015-anna", "actions": 3})
    assert main(["delete", "20261120-2015-nobody", "--yes"]) == 2
    assert "no saved session 20261120-2015-nobody" in capsys.readouterr().err
    assert main(["delete", "../../x", "--yes"]) == 2
    assert "is not a session id" in capsys.readouterr().err
    with store.lock(session.id):
        assert main(["delete", session.id, "--yes"]) == 2
    assert "is already open" in capsys.readouterr().err
    assert store.exists(session.id)


def test_show_accepts_an_id(capsys: Capture) -> None:
    store, (session,) = saved({"id": "20261120-2015-anna", "actions": 20})
    assert main(["show", session.id]) == 0
    by_id = capsys.readouterr().out
    assert main(["show", str(store.path(session.id))]) == 0
    assert capsys.readouterr().out == by_id
    assert "Anna" in by_id
    assert main(["show", "20261120-2015-nobody"]) == 2
    assert "nor a saved session with that id" in capsys.readouterr().err


def test_stats_over_finished_sessions(capsys: Capture) -> None:
    _, sessions = saved(
        {"id": "20261120-2015-a", "actions": None, "seed": 5, "preset_name": "generale"},
        {"id": "20261120-2015-b", "actions": None, "seed": 6, "preset_name": "generale"},
        {"id": "20261120-2015-c", "actions": None, "seed": 7, "count": 3},
        {"id": "20261120-2015-d", "actions": 30, "seed": 8},  # in play: not counted
    )
    finished = sessions[:3]
    assert main(["stats", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["sessions"] == 3
    # the oracle: `show --json` of each finished session
    expected: dict[str, dict[str, float]] = {}
    for session in finished:
        data = summary(session)
        for seat, player in enumerate(session.players):
            name = player.name if player.is_human else f"{player.name} ({player.level})"
            row = expected.setdefault(name, dict.fromkeys(
                ("sessions", "won", "paid", "deals", "points", "chelems", "generales_made",
                 "generales_failed"), 0))
            row["sessions"] += 1
            row["won"] += seat in data["winners"]
            row["paid"] += seat in data["losers"]
            for deal in data["deals"]:
                row["deals"] += 1
                row["points"] += deal["points"][seat]
                if deal["generale"] == seat:
                    row["generales_made" if deal["chelem"] == seat else "generales_failed"] += 1
                elif deal["generale"] is None and deal["chelem"] == seat:
                    row["chelems"] += 1
    got = {p["name"]: p for p in doc["players"]}
    assert set(got) == set(expected)
    for name, row in expected.items():
        for key, value in row.items():
            assert got[name][key] == value, (name, key)
        assert got[name]["average"] == pytest.approx(row["points"] / row["deals"], abs=1e-3)
    assert got["Anna"]["sessions"] == 3 and got["Dédé (easy)"]["sessions"] == 2
    assert sum(p["generales_made"] + p["generales_failed"] for p in doc["players"]) > 0
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert out.splitlines()[0].split()[:3] == ["PLAYER", "SESSIONS", "WON"]
    assert "Over 3 finished sessions." in out


def test_stats_keeps_computers_of_different_levels_apart(capsys: Capture) -> None:
    from polignac_tui.games.polignac.engine import Player

    store = SessionStore()
    for id, level in (("20261120-2015-a", "easy"), ("20261120-2016-b", "hard")):
        session = make(id=id, actions=None, seed=3)
        session.players = (session.players[0], Player("Bob", "computer", level),
                           *session.players[2:])
        with store.lock(id):
            save_session(store, session)
    assert main(["stats", "--json"]) == 0
    got = {p["name"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert got["Bob (easy)"]["sessions"] == 1 and got["Bob (hard)"]["sessions"] == 1
    assert "Bob" not in got and got["Anna"]["sessions"] == 2


def test_stats_without_finished_sessions(capsys: Capture) -> None:
    saved({"id": "20261120-2015-a", "actions": 5})
    assert main(["stats"]) == 0
    assert "No finished sessions yet" in capsys.readouterr().out


def test_list_never_cuts_an_id(capsys: Capture) -> None:
    long_id = "a-renamed-file-with-a-really-long-name-for-our-friday-game"
    saved({"id": long_id, "actions": 3}, {"id": "20261120-2015-anna", "actions": 3})
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert long_id in lines
    assert max(len(line) for line in lines) <= 80
    assert "20261120-2015-anna" in [line.split()[0] for line in lines]


def test_a_player_named_you_reads_as_your_turn() -> None:
    from polignac_tui.store.report import possessive

    assert possessive("You") == "your"
    assert possessive("Anna") == "Anna's"


def test_the_state_between_deals_names_the_deal_to_be_dealt() -> None:
    import random

    from polignac_tui.games.polignac.engine.autoplay import random_step
    from polignac_tui.games.polignac.summary import state

    session = make(seed=5)
    rng = random.Random(5)
    for _ in range(2000):                    # to the end of the second deal
        if session.needs_deal and len(session.deals) == 2:
            break
        if session.needs_deal:
            session.deal_next(rng)
        else:
            random_step(session, rng, declare_rate=0.0)
    assert session.needs_deal and len(session.deals) == 2
    assert state(session) == "in play, deal 3 to be dealt"
