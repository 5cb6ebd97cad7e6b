"""Session file format 1: writing, reading, and refusing every file that breaks a rule."""

from __future__ import annotations

import copy
import random
import tomllib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from engine.helpers import deal_tricks, play_cards, random_session, scripted, table
from engine.test_deal import GENERALE_FAILS, SPREAD
from hypothesis import given
from hypothesis import strategies as st
from polignac_file import (
    SessionFileError,
    dumps,
    from_document,
    load,
    loads,
    summary,
    to_document,
)

from polignac_tui.games.polignac.engine import Declare, Player, Rules, Session

CREATED = datetime(2026, 11, 22, 20, 15, tzinfo=UTC)
UPDATED = datetime(2026, 11, 22, 21, 40, 5, tzinfo=UTC)


def sample() -> Session:
    """Deal 1 over (SPREAD), deal 2 in play after five cards; dealers Dario then Anna."""
    session = Session(Rules(), [Player("Anna"), Player("Bruno", "computer", "hard"),
                                Player("Carla"), Player("Dario", "computer", "easy")],
                      id="20261122-2015-anna", name="Friday night", created=CREATED,
                      updated=UPDATED)
    scripted(session, 3, SPREAD)
    deal_tricks(session, 0, SPREAD)
    play_cards(session, "KS JS 7S 8S 7H")
    return session


def document() -> dict[str, Any]:
    return tomllib.loads(dumps(sample()))


def test_the_written_file_follows_the_spec() -> None:
    text = dumps(sample())
    head = text.split("\n[rules]")[0]
    assert head == ('format = 1\nid = "20261122-2015-anna"\nname = "Friday night"\n'
                    "created = 2026-11-22T20:15:00Z\nupdated = 2026-11-22T21:40:05Z\n")
    assert "\n[[players]]\nname = \"Bruno\"\nkind = \"computer\"\nlevel = \"hard\"\n" in text
    assert '\n[[deals]]\ndealer = 3\nhands = [\n    ["KS", "QS"' not in text  # Anna's hand
    deal = text.split("[[deals]]")[2]
    assert deal.startswith("\ndealer = 0\nhands = [\n")
    assert 'plays = [\n    "KS", "JS", "7S", "8S",\n    "7H",\n]\n' in deal
    doc = tomllib.loads(text)
    assert doc == to_document(sample())
    assert list(doc) == ["format", "id", "name", "created", "updated", "rules", "players",
                         "deals"]
    assert list(doc["rules"]) == ["preset", "ace_high", "sevens_removed", "direction",
                                  "chelem", "generale", "play_out", "first_trick_penalty",
                                  "last_trick_penalty", "must_discard_jack", "jack_guard",
                                  "end", "limit"]
    assert doc["deals"][0]["hands"][0] == list(sample().deals[0].dealt[0])
    assert "passed" not in doc["deals"][0] and "generale" not in doc["deals"][0]


def test_write_load_write_is_byte_identical_and_the_state_is_the_same() -> None:
    session = sample()
    text = dumps(session)
    again = loads(text)
    assert dumps(again) == text
    assert (again.id, again.name, again.created, again.updated) == (
        session.id, session.name, CREATED, UPDATED)
    assert again.turn == session.turn == 2
    assert again.totals == session.totals == [2, 1, 1, 1]
    assert [again.view(s) for s in range(4)] == [session.view(s) for s in range(4)]


@pytest.mark.parametrize("stamp", [
    datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=1))),
    datetime(2026, 1, 2, 3, 4, 5, 123456, tzinfo=UTC),
    datetime(2026, 1, 2, 3, 4, 5),
])
def test_other_datetimes_round_trip(stamp: datetime) -> None:
    session = Session(Rules(), table().players, created=stamp)
    text = dumps(session)
    assert f"created = {stamp.isoformat().replace('+00:00', 'Z')}\n" in text
    assert loads(text).created == stamp
    assert tomli_w.dumps(to_document(session)).count("T03:04:05") == 1


def test_a_generale_deal_and_undos_round_trip() -> None:
    session = table(generale=True, limit=50)
    scripted(session, 1, GENERALE_FAILS, declarer=2)
    deal = deal_tricks(session, 2, SPREAD)
    session.apply(Declare(3, False))
    session.apply(Declare(0, False))
    deal.undos = 2
    text = dumps(session)
    doc = tomllib.loads(text)
    assert doc["deals"][0]["generale"] == 2 and "passed" not in doc["deals"][0]
    assert doc["deals"][1]["passed"] == 2 and doc["deals"][1]["undos"] == 2
    again = loads(text)
    assert again.deals[1].asking == 1 and again.deals[1].phase == "generale"
    assert again.deals[1].undos == 2
    assert again.deals[0].points() == [0, 1, 5, 1]
    assert dumps(again) == text


def test_a_hand_written_file_takes_missing_settings_from_its_preset() -> None:
    session = sample()
    doc = to_document(session)
    doc["rules"] = {"preset": "italiana", "jack_guard": False}
    del doc["created"], doc["updated"], doc["name"], doc["id"]
    again = from_document(tomllib.loads(tomli_w.dumps(doc)))
    assert again.rules == Rules(preset="italiana", limit=10)
    assert again.totals == session.totals and again.created is None and again.id == ""
    doc["rules"] = {"preset": "english"}
    doc["players"] = doc["players"][:3]
    doc["deals"] = []
    assert from_document(doc).rules.limit == 6
    doc["rules"] = {}
    assert from_document(doc).rules == Rules(preset="custom")


def test_cards_may_be_written_loosely() -> None:
    doc = document()
    doc["deals"][1]["plays"] = ["ks", "js", " 7S", "8s"]
    assert from_document(doc).deals[1].plays == ["KS", "JS", "7S", "8S"]


def test_passed_may_be_left_out() -> None:
    session = table(generale=True)
    scripted(session, 1, GENERALE_FAILS)   # nobody declares
    doc = to_document(session)
    assert doc["deals"][0]["passed"] == 4
    del doc["deals"][0]["passed"]
    assert from_document(doc).deals[0].points() == session.deals[0].points()
    doc["deals"][0]["plays"] = []
    again = from_document(doc)
    assert again.deals[0].phase == "generale" and again.deals[0].asking == 2


def test_a_long_random_session_round_trips() -> None:
    session = random_session(Rules(generale=True, end="deals", limit=30), 6, random.Random(4))
    text = dumps(session)
    assert dumps(loads(text)) == text
    assert summary(loads(text)) == summary(session)


# -- refusing --------------------------------------------------------------------------------
Edit = Callable[[dict[str, Any]], object]


def setting(key: str, value: object) -> Edit:
    return lambda d: d["rules"].__setitem__(key, value)


def deal_key(number: int, key: str, value: object) -> Edit:
    return lambda d: d["deals"][number - 1].__setitem__(key, value)


def play(number: int, index: int, card: str) -> Edit:
    return lambda d: d["deals"][number - 1]["plays"].__setitem__(index, card)


REFUSED: list[tuple[str, Edit, str]] = [
    ("format missing", lambda d: d.pop("format"), "missing format = 1"),
    ("format 2", lambda d: d.__setitem__("format", 2), "unknown format 2 (this version reads"),
    ("format true", lambda d: d.__setitem__("format", True), "unknown format True"),
    ("format text", lambda d: d.__setitem__("format", "1"), "unknown format '1'"),
    ("unknown key", lambda d: d.__setitem__("colour", "red"), "unknown key 'colour'"),
    ("id type", lambda d: d.__setitem__("id", 3), "file: id must be a string, not a whole"),
    ("created type", lambda d: d.__setitem__("created", "yesterday"),
     "created must be a date and time, not a string"),
    ("players type", lambda d: d.__setitem__("players", 5),
     "players must be an array of [[players]] tables, not a whole number"),
    ("players missing", lambda d: d.pop("players"), "no players"),
    ("two players", lambda d: d.__setitem__("players", d["players"][:2]),
     "3 to 8 players, not 2"),
    ("nine players", lambda d: d.__setitem__(
        "players", [{"name": f"P{i}", "kind": "human"} for i in range(9)]),
     "3 to 8 players, not 9"),
    ("same name", lambda d: d["players"][2].__setitem__("name", "ANNA"),
     "two players are named 'ANNA'"),
    ("player not a table", lambda d: d["players"].__setitem__(1, "Bruno"),
     "player 2: must be a table"),
    ("player key", lambda d: d["players"][0].__setitem__("age", 40),
     "player 1: unknown key 'age'"),
    ("player name type", lambda d: d["players"][0].__setitem__("name", 7),
     "player 1: name must be a string, not a whole number"),
    ("player kind", lambda d: d["players"][0].__setitem__("kind", "robot"),
     "player 1: player Anna: kind 'robot'"),
    ("player level", lambda d: d["players"][1].pop("level"),
     "player 2: player Bruno: level None"),
    ("rules missing", lambda d: d.pop("rules"), "missing [rules] table"),
    ("rules type", lambda d: d.__setitem__("rules", 3), "rules must be a table"),
    ("unknown setting", setting("trumps", "hearts"), "rules: unknown setting 'trumps'"),
    ("unknown preset", setting("preset", "belote"), "rules: unknown preset 'belote'"),
    ("preset type", setting("preset", 1), "rules: unknown preset 1"),
    ("bad choice", setting("chelem", "always"), "rules: setting chelem = 'always'"),
    ("bool type", setting("ace_high", "yes"), "rules: setting ace_high must be true or false"),
    ("limit range", setting("limit", 0), "rules: setting limit = 0"),
    ("limit type", setting("limit", "20"), "rules: setting limit = '20'"),
    ("deals type", lambda d: d.__setitem__("deals", 3), "deals must be an array"),
    ("deal not a table", lambda d: d["deals"].__setitem__(0, 1),
     "deal 1: must be a [[deals]] table, not a whole number"),
    ("deal key", deal_key(1, "trumps", "S"), "deal 1: unknown key 'trumps'"),
    ("dealer type", deal_key(1, "dealer", "x"),
     "deal 1: dealer must be a whole number, not a string"),
    ("dealer bool", deal_key(1, "dealer", True),
     "deal 1: dealer must be a whole number, not true or false"),
    ("dealer missing", lambda d: d["deals"][0].pop("dealer"), "deal 1: missing key 'dealer'"),
    ("dealer range", deal_key(1, "dealer", 7), "deal 1: dealer 7 is not a seat"),
    ("dealer rotation", deal_key(2, "dealer", 2),
     "deal 2: the dealer should be Anna, the next after the last dealer, not Carla"),
    ("hands type", deal_key(1, "hands", 3), "deal 1: hands must be an array, not a whole"),
    ("hand type", lambda d: d["deals"][0]["hands"].__setitem__(1, "KS"),
     "deal 1: the hand of Bruno must be an array of cards, not a string"),
    ("not a card", lambda d: d["deals"][0]["hands"][0].__setitem__(0, "ZZ"),
     "deal 1, hand of Anna: 'ZZ' is not a card"),
    ("card type", lambda d: d["deals"][0]["hands"][2].__setitem__(0, 12),
     "deal 1, hand of Carla: 12 is not a card"),
    ("hands count", lambda d: d["deals"][0]["hands"].pop(), "deal 1: 3 hands dealt for 4"),
    ("hand size", lambda d: d["deals"][0]["hands"][3].pop(),
     "deal 1: Dario was dealt 7 cards, not 8"),
    ("dealt twice", lambda d: d["deals"][0]["hands"][3].__setitem__(
        0, d["deals"][0]["hands"][0][0]), "deal 1: KS is dealt twice"),
    ("play not held", play(1, 0, "KH"),
     "deal 1, play 1 (KH by Anna): KH is not in the hand of Anna"),
    ("play not a card", play(1, 3, "X"), "deal 1, play 4: 'X' is not a card"),
    ("plays type", deal_key(1, "plays", "KS"), "deal 1: plays must be an array, not a string"),
    ("revoke", play(1, 3, "8H"),
     "deal 1, play 4 (8H by Dario): 8H: you must follow spades: you hold a spade"),
    ("after the end", lambda d: d["deals"][0]["plays"].append("QS"),
     "deal 1, play 17 (QS): played after the deal was over"),
    ("before the end", lambda d: d["deals"][0].__setitem__("plays", SPREAD[0].split()),
     "deal 2: deal 1 is not over yet"),
    ("generale off", deal_key(2, "generale", 1),
     "deal 2: la générale is declared but the setting generale is off"),
    ("passed off", deal_key(2, "passed", 0), "deal 2: passed is written but the setting"),
    ("undos type", deal_key(2, "undos", "x"), "deal 2: undos must be a whole number"),
    ("undos negative", deal_key(2, "undos", -1), "deal 2: undos must not be negative"),
]


@pytest.mark.parametrize(("edit", "words"), [(e, w) for _, e, w in REFUSED],
                         ids=[name for name, _, _ in REFUSED])
def test_files_that_break_a_rule_are_refused_in_one_line(edit: Edit, words: str) -> None:
    doc = document()
    edit(doc)
    text = tomli_w.dumps(doc)
    with pytest.raises(SessionFileError) as error:
        loads(text)
    message = str(error.value)
    assert words in message
    assert "\n" not in message and len(message) <= 300


def generale_document() -> dict[str, Any]:
    session = table(generale=True)
    scripted(session, 1, GENERALE_FAILS, declarer=2)
    deal_tricks(session, 2, SPREAD)
    return tomllib.loads(dumps(session))


@pytest.mark.parametrize(("edit", "words"), [
    (deal_key(1, "generale", 4), "deal 1: générale by seat 4, who is not at this table"),
    (deal_key(1, "passed", 1), "deal 1: write either generale (who declared) or passed"),
    (deal_key(2, "passed", 5), "deal 2: passed = 5: between 0 and 4 players pass"),
    (deal_key(2, "passed", -1), "deal 2: passed = -1"),
    (lambda d: d["deals"][1].__setitem__("plays", ["KS"]),
     "deal 2, play 1 (KS): played before everyone was asked about la générale"),
    (deal_key(1, "generale", 0),
     "deal 1, play 1 (KS by Anna): KS is not in the hand of Anna"),
    (lambda d: d["deals"].append(copy.deepcopy(d["deals"][1])),
     "deal 3: deal 2 is not over yet"),
])
def test_generale_entries_are_checked(edit: Edit, words: str) -> None:
    doc = generale_document()
    edit(doc)
    with pytest.raises(SessionFileError) as error:
        loads(tomli_w.dumps(doc))
    assert words in str(error.value)


def test_a_card_not_in_that_deck_is_refused() -> None:
    session = table(3)
    session.deal_next(random.Random(1))
    doc = tomllib.loads(dumps(session))
    hands = doc["deals"][0]["hands"]
    hands[1][0] = "7D"
    with pytest.raises(SessionFileError) as error:
        from_document(doc)
    assert str(error.value) == ("deal 1: 7D dealt to Bruno is not in the 30-card deck of "
                                "3 players (red sevens removed)")
    doc["rules"]["sevens_removed"] = "black"
    with pytest.raises(SessionFileError, match="is not in the 30-card deck of 3 players "
                                               r"\(black sevens removed\)"):
        from_document(doc)


def test_a_deal_after_the_session_is_over_is_refused() -> None:
    session = table(limit=2)
    scripted(session, 3, SPREAD)
    doc = tomllib.loads(dumps(session))
    doc["deals"].append(copy.deepcopy(doc["deals"][0]) | {"dealer": 0})
    with pytest.raises(SessionFileError, match="deal 2: the session is already over"):
        from_document(doc)


@pytest.mark.parametrize(("text", "words"), [
    ("format = 1\nid = \n", "not valid TOML: Invalid value (at line 2, column 6)"),
    ("format = 1\nx = " + "[" * 5000 + "]" * 5000 + "\n", "not valid TOML"),
    ("", "missing format = 1"),
])
def test_text_that_is_not_toml(text: str, words: str) -> None:
    with pytest.raises(SessionFileError) as error:
        loads(text)
    assert words in str(error.value)


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(SessionFileError, match="cannot read the file: No such file"):
        load(tmp_path / "missing.toml")
    with pytest.raises(SessionFileError, match="cannot read the file: Is a directory"):
        load(tmp_path)
    junk = tmp_path / "junk.toml"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(SessionFileError, match="not a text file"):
        load(junk)
    junk.write_bytes(b"\x00\x01format = 1")
    with pytest.raises(SessionFileError, match="not valid TOML"):
        load(junk)
    good = tmp_path / "good.toml"
    good.write_text(dumps(sample()), encoding="utf-8")
    assert load(good).totals == [2, 1, 1, 1]
    assert load(str(good)).turn == 2


def test_summary_is_the_show_json_document() -> None:
    assert summary(sample()) == {
        "format": 1,
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "deals": [
            {"dealer": 3, "generale": None, "chelem": None, "points": [2, 1, 1, 1]},
            {"dealer": 0, "generale": None, "chelem": None, "points": None},
        ],
        "totals": [2, 1, 1, 1],
        "finished": False,
        "losers": [],
        "winners": [],
    }


def test_the_replay_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from polignac_tui.games.polignac.benchmarks.replay import build_session, run

    session = build_session(3, players=5).match.own_session()
    assert isinstance(session, Session)
    assert session.finished and len(session.deals) == 3
    assert all(len(d.tricks) == d.tricks_total for d in session.deals)
    assert run(["--deals", "4", "--runs", "1"]) == 0
    assert "median:" in capsys.readouterr().out


def test_odd_files_are_handled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + dumps(sample()).encode())
    assert load(path).totals == [2, 1, 1, 1]
    monkeypatch.setattr("polignac_file.MAX_BYTES", 100)
    with pytest.raises(SessionFileError, match="too large for a session file"):
        load(path)
    doc = document()
    doc["name"] = "two\nlines"
    with pytest.raises(SessionFileError, match="name must be printable text on one line"):
        from_document(doc)


# -- fuzzing: whatever is changed anywhere, the answer is a session or one SessionFileError ---
TOML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["KS", "JS", "7H", "TC", "red", "deals", "english"])
    | st.datetimes(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                  max_size=3),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a parsed document."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(paths(item, (*prefix, i)))
    return found


@given(st.data())
def test_any_change_anywhere_is_accepted_or_refused_cleanly(data: st.DataObject) -> None:
    doc = document()
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(doc)))
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        value = data.draw(TOML_VALUES)
        if value is None and isinstance(parent, dict):
            del parent[where[-1]]
        elif value is not None:
            parent[where[-1]] = value
    try:
        session = from_document(doc)
    except SessionFileError as error:
        assert "\n" not in str(error) and str(error)
    else:
        assert dumps(loads(dumps(session))) == dumps(session)


def test_too_few_players_is_said_before_the_preset_is_read() -> None:
    doc = document()
    doc["players"] = []
    doc["rules"] = {"preset": "english"}
    with pytest.raises(SessionFileError) as error:
        from_document(doc)
    assert str(error.value) == "Polignac is played by 3 to 8 players, not 0"


@given(st.data())
def test_any_edit_of_the_text_is_accepted_or_refused_cleanly(data: st.DataObject) -> None:
    text = dumps(sample())
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    insert = data.draw(st.text(max_size=12) | st.sampled_from(['"JS"', "7", "[", "\n[[deals]]\n"]))
    try:
        loads(text[:start] + insert + text[end:])
    except SessionFileError as error:
        assert "\n" not in str(error) and str(error)
