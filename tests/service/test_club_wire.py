"""The club's book on the wire: what the service writes reads back the same, and an answer
with any field out of its bounds is refused as a whole, in one sentence."""

from __future__ import annotations

import json
from typing import Any

import pytest

from polignac_tui.club.records import Against, Debt, PlayerPage, RatingPoint, Standing
from polignac_tui.service import club_wire, protocol
from polignac_tui.service.club_wire import ClubWireError


def standing(name: str = "Anna", **changes: Any) -> Standing:
    values: dict[str, Any] = dict(name=name, computer=None, rating=21.4, mu=27.9, sigma=2.2,
                                  provisional=False, matches=9, wins=4,
                                  last_played="2026-11-27", you=False)
    values.update(changes)
    return Standing(**values)


def through_the_wire(data: Any) -> Any:
    """``data`` as a line and back (what the client receives)."""
    return json.loads(protocol.encode({"type": "x", "data": data}))["data"]


def test_standings_read_back_the_same() -> None:
    lines = [standing(), standing("Bruno", you=True, provisional=True, wins=0),
             standing("hard", computer="hard", rating=-3.5)]
    answer = through_the_wire({"game": "ecarte", "period": "month", "hidden": True,
                               "standings": club_wire.standings_to_json(lines)})
    read = club_wire.standings_answer(answer)
    assert read.standings == tuple(lines)
    assert (read.game, read.period, read.hidden) == ("ecarte", "month", True)


def test_a_page_and_the_ledger_read_back_the_same() -> None:
    page = PlayerPage("piquet", standing(), (RatingPoint("2026-11-27T21:04:11+00:00", 3.0,
                                                         8.1),),
                      (Against("Bruno", 4, 3, 1),))
    assert club_wire.player_answer(through_the_wire(
        {"page": club_wire.page_to_json(page)})) == page
    assert club_wire.player_answer({"page": None}) is None
    debts = [Debt("polignac", "Bruno", "Anna", "cognac", 2),
             Debt("piquet", "Anna", "Céleste", "partie", 137)]
    assert club_wire.ledger_answer(through_the_wire(
        {"debts": club_wire.debts_to_json(debts)})) == debts


def test_the_service_sends_at_most_its_bounds() -> None:
    many = [standing(f"P{i}") for i in range(club_wire.MAX_STANDINGS + 50)]
    assert len(club_wire.standings_to_json(many)) == club_wire.MAX_STANDINGS
    long = club_wire.standing_to_json(standing("x" * 60 + "\x1b[31m"))
    assert long["name"] == "x" * protocol.MAX_NAME
    history = tuple(RatingPoint(f"2026-11-{1 + i % 28:02d}T10:00:00", float(i), 1.0)
                    for i in range(club_wire.MAX_HISTORY + 10))
    page = club_wire.page_to_json(PlayerPage("polignac", None, history, ()))
    assert page is not None and len(page["history"]) == club_wire.MAX_HISTORY
    assert page["history"][-1]["rating"] == history[-1].rating     # the last ones kept
    assert club_wire.standing_to_json(standing(rating=float("nan")))["rating"] == 0.0


BAD_STANDINGS: list[tuple[str, Any, str]] = [
    ("name", "", "name"), ("name", "x" * 25, "name"), ("name", "a\x1b[2Jb", "name"),
    ("name", 7, "name"), ("computer", "cheat", "computer"), ("rating", "21", "rating"),
    ("rating", 1e9, "rating"), ("sigma", True, "sigma"), ("matches", -1, "matches"),
    ("wins", 10, "more wins than matches"), ("last_played", "yesterday", "last_played"),
    ("you", 1, "you"), ("provisional", None, "provisional"),
]


@pytest.mark.parametrize(("key", "value", "said"), BAD_STANDINGS)
def test_a_standing_out_of_bounds_refuses_the_answer(key: str, value: Any, said: str) -> None:
    line = club_wire.standing_to_json(standing())
    line[key] = value
    answer = {"game": "polignac", "period": "all", "hidden": False, "standings": [line]}
    with pytest.raises(ClubWireError) as refused:
        club_wire.standings_answer(answer)
    assert said in str(refused.value) and "standing 1" in str(refused.value)


@pytest.mark.parametrize("answer", [
    {"game": "chess", "period": "all", "hidden": False, "standings": []},
    {"game": "polignac", "period": "week", "hidden": False, "standings": []},
    {"game": "polignac", "period": "all", "hidden": "no", "standings": []},
    {"game": "polignac", "period": "all", "hidden": False, "standings": {}},
    {"game": "polignac", "period": "all", "hidden": False,
     "standings": [{}] * (club_wire.MAX_STANDINGS + 1)},
    {"game": "polignac", "period": "all", "hidden": False},
    [],
])
def test_a_malformed_standings_answer_is_refused(answer: Any) -> None:
    with pytest.raises(ClubWireError):
        club_wire.standings_answer(answer)


@pytest.mark.parametrize("debt", [
    {"game": "polignac", "debtor": "B", "creditor": "A", "what": "two words", "amount": 1},
    {"game": "polignac", "debtor": "B", "creditor": "A", "what": "cognac", "amount": -2},
    {"game": "polignac", "debtor": "", "creditor": "A", "what": "cognac", "amount": 1},
    {"game": "go", "debtor": "B", "creditor": "A", "what": "cognac", "amount": 1},
    {"debtor": "B", "creditor": "A", "what": "cognac", "amount": 1},
])
def test_a_malformed_debt_is_refused(debt: dict[str, Any]) -> None:
    with pytest.raises(ClubWireError):
        club_wire.ledger_answer({"debts": [debt]})


@pytest.mark.parametrize("page", [
    {"game": "polignac", "standing": None, "history": [{"when": "soon", "rating": 1,
                                                        "sigma": 1}], "against": []},
    {"game": "polignac", "standing": None, "history": [],
     "against": [{"name": "B", "matches": 1, "wins": 1, "losses": "0"}]},
    {"game": "polignac", "standing": None, "history": []},
    "a page",
])
def test_a_malformed_page_is_refused(page: Any) -> None:
    with pytest.raises(ClubWireError):
        club_wire.player_answer({"page": page})


def test_the_requests_are_checked_like_every_message() -> None:
    ok = protocol.decode_client(b'{"type":"club","id":4,"game":"piquet","period":"all"}')
    assert ok == {"type": "club", "id": 4, "game": "piquet", "period": "all"}
    assert protocol.decode_client(b'{"type":"club_hidden"}') == {"type": "club_hidden"}
    for line in (b'{"type":"club","game":"piquet","period":"week"}',
                 b'{"type":"club","game":"chess","period":"all"}',
                 b'{"type":"club","game":"piquet"}',
                 b'{"type":"club_player","game":"piquet","name":"' + b"x" * 30 + b'"}',
                 b'{"type":"club_player","game":"piquet","name":"   "}',
                 b'{"type":"club_hidden","hidden":"yes"}',
                 b'{"type":"club_ledger","who":"Anna"}'):
        with pytest.raises(protocol.ProtocolError) as refused:
            protocol.decode_client(line)
        assert refused.value.code == "bad_field"
