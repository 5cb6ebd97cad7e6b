"""Protocol v1: every client message is validated strictly; views, state and events go
to JSON and come back equal."""

from __future__ import annotations

import json
import random

import pytest
from polignac_runner import Table

from polignac_tui.games.polignac.engine import Play, Player, Rules
from polignac_tui.service import gamewire, protocol
from polignac_tui.service.protocol import ProtocolError, decode_client, encode
from polignac_tui.store import SessionStore
from polignac_tui.table.gameevents import (
    GameHint,
    GameTableState,
    GameUpdate,
    HeldTrick,
    Refused,
    Saved,
    SaveFailed,
    SeatConnected,
    SeatGone,
    StandIn,
    TrickGathered,
    Undone,
)


def refused(message: object | bytes) -> ProtocolError:
    line = message if isinstance(message, bytes) else json.dumps(message).encode()
    with pytest.raises(ProtocolError) as caught:
        decode_client(line)
    return caught.value


def test_a_good_message_is_read_with_its_id() -> None:
    message = decode_client(b'{"type": "play", "id": 7, "seat": 2, "card": "QH"}')
    assert message == {"type": "play", "id": 7, "seat": 2, "card": "QH"}


@pytest.mark.parametrize("line, code", [
    (b"{not json", "bad_json"),
    (b"\xff\xfe", "bad_json"),
    (b"[1, 2]", "bad_json"),
    (b'"hello"', "bad_json"),
    (b'{"type": "dance"}', "unknown_type"),
    (b'{"seat": 1}', "bad_field"),
    (b'{"type": 3}', "bad_field"),
])
def test_broken_messages_are_refused_with_their_code(line: bytes, code: str) -> None:
    assert refused(line).code == code


def test_unknown_missing_and_mistyped_fields_are_refused_naming_the_field() -> None:
    assert "colour" in refused({"type": "play", "seat": 1, "card": "QH", "colour": 1}).message
    assert "card" in refused({"type": "play", "seat": 1}).message
    assert "seat" in refused({"type": "play", "seat": "1", "card": "QH"}).message
    assert "seat" in refused({"type": "play", "seat": True, "card": "QH"}).message
    assert "card" in refused({"type": "play", "seat": 1, "card": "QX"}).message
    assert "declare" in refused({"type": "declare", "seat": 1, "declare": 1}).message


def test_the_id_of_a_refused_message_comes_back_when_it_could_be_read() -> None:
    assert refused({"type": "sit", "id": 12, "table": "t"}).id == 12
    assert refused({"type": "sit", "id": -1, "table": "t", "seat": 0}).code == "bad_field"


@pytest.mark.parametrize("field, value", [
    ("seat", 8), ("seat", -1), ("seat", 2**40),
])
def test_integers_are_bounded(field: str, value: int) -> None:
    assert refused({"type": "hint", field: value}).code == "bad_field"


def test_strings_are_bounded_and_printable() -> None:
    hello = {"type": "hello", "protocol": 3, "identity": "local:1000", "name": "Anna"}
    assert decode_client(json.dumps(hello).encode())["name"] == "Anna"
    for name in ("", "   ", "x" * 25, "An\nna", "An\x1bna"):
        assert refused({**hello, "name": name}).code == "bad_field"
    for identity in ("", "i" * 201, "lócal:1"):
        assert refused({**hello, "identity": identity}).code == "bad_field"
    create = {"type": "create", "seats": [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]}
    assert refused({**create, "name": "n" * 41}).code == "bad_field"


def test_a_line_over_64_kib_is_too_long() -> None:
    line = json.dumps({"type": "tables", "pad": "x" * protocol.MAX_LINE}).encode()
    assert refused(line).code == "too_long"


def test_create_checks_its_seats_and_rules() -> None:
    seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "computer", "level": "hard"}]
    ok = decode_client(json.dumps({"type": "create", "seats": seats,
                                   "rules": {"preset": "italiana"}}).encode())
    assert ok["seats"][2] == {"kind": "computer", "level": "hard"}
    assert "3 to 8" in refused({"type": "create", "seats": seats[:2]}).message
    assert "you" in refused({"type": "create", "seats": [{"kind": "open"}] * 3}).message
    assert "level" in refused({"type": "create", "seats": [
        *seats[:2], {"kind": "computer", "level": "god"}]}).message
    assert "unknown setting" in refused({"type": "create", "seats": seats,
                                         "rules": {"trumps": True}}).message
    assert "pace" in refused({"type": "create", "seats": seats, "pace": "warp"}).message


def test_encode_is_one_line() -> None:
    data = encode({"type": "error", "message": "two\nlines"})
    assert data.endswith(b"\n") and data.count(b"\n") == 1


def a_table() -> Table:
    players = [Player("Anna"), Player("Bruno"), Player("Claire", "computer", "easy"),
               Player("Denis", "computer", "easy")]
    return Table.create(SessionStore(), Rules(), players, "Test", seed=5)


def test_views_state_and_events_go_to_json_and_back() -> None:
    """A Polignac table speaks the game wire (``gamewire``) like any table: its views,
    state and events (the game's and the table's) go to JSON and come back equal."""
    table = a_table()
    rng = random.Random(3)
    try:
        for _ in range(9):
            view = table.view(table.session.turn)
            table.apply(Play(view.seat, rng.choice(view.legal)), save=False)
        match = table.game.session.match
        views = (match.view(0),)
        events = (*match.apply(match.choices(match.turn).cards[0]),
                  TrickGathered(), SeatConnected(1), SeatGone(3), StandIn(3, "hard"),
                  StandIn(3, None), Undone(0), Refused("no", "not_your_turn"),
                  GameHint(0, "QH", "lead_wins", (("card", "QH"),)),
                  SaveFailed("disk full"), Saved())
        trick = table.session.deals[-1].tricks[0]
        state = GameTableState("polignac", "turn",
                               HeldTrick(tuple(trick.by_seat(4).items()), trick.winner), 2,
                               (True, True, False, False), (None, None, "easy", "easy"),
                               (True, False, True, True), (None, 12.5, None, None),
                               (None, "hard", None, None), 120.0, (False,) * 4,
                               "disk full", False)
        update = GameUpdate(views, state, events, False)
        data = json.loads(encode(gamewire.update_to_json("t-1", update, 0)))
        assert data["table"] == "t-1" and data["game"] == "polignac"
        assert gamewire.update_from_json(data) == update
    finally:
        table.close()


def test_details_of_a_reason_or_a_refusal_are_bounded() -> None:
    """``[name, value]`` pairs of short text or whole numbers, at most 8; anything else
    sent is left out (the words are then the English fallback, or none)."""
    from polignac_tui.service.protocol import MAX_PARAMS, params_from_json
    good = [["card", "QH"], ["count", 2]]
    assert params_from_json(good) == (("card", "QH"), ("count", 2))
    assert params_from_json("card") == () and params_from_json(None) == ()
    hostile = [["card"], ["x" * 41, "QH"], ["", 1], [1, 2], ["seat", True], ["seat", 2**40],
               ["card", "Q" * 41], ["card", ["QH"]], ["card", {"a": 1}], ["ok", 1.5]]
    assert params_from_json(hostile) == ()
    assert len(params_from_json([["n", i] for i in range(100)])) == MAX_PARAMS


def test_every_kind_of_client_message_has_its_handler_and_no_other() -> None:
    from polignac_tui.service.requests import BEFORE_HELLO, HANDLERS
    assert set(HANDLERS) == set(protocol.CLIENT_MESSAGES)
    assert set(HANDLERS) >= BEFORE_HELLO
    assert all(callable(handler) for handler in HANDLERS.values())
