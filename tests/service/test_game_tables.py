"""Tables of Écarté and Piquet at the service (protocol 2): created with their game and
settings, played through ``act``, listed with their game, hints, watchers, a seat gone
and a computer standing in, and a restart that brings them back where they were."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from polignac_tui.service import lobby_requests as server_module
from polignac_tui.store import SessionStore

from .helpers import Wire, game_move, play_game_out, running_service, short_socket_dir

ECARTE_VS_COMPUTER = [{"kind": "you"}, {"kind": "computer", "level": "easy"}]
TWO_PEOPLE = [{"kind": "you"}, {"kind": "open"}]


def run(coroutine: Any, timeout: float = 120) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


async def create(wire: Wire, game: str, seats: list[dict[str, Any]], **more: Any) -> str:
    await wire.send({"type": "create", "id": 1, "game": game, "seats": seats,
                     "pace": "instant", **more})
    table = (await wire.expect("created"))["table"]
    await wire.expect("seated")
    return table


async def two_at(path: Any, game: str, **more: Any) -> tuple[str, Wire, Wire]:
    """A started table of ``game`` with Anna (seat 0) and Bruno (seat 1)."""
    anna = await Wire.open(path)
    await anna.hello("test:anna", "Anna")
    table = await create(anna, game, TWO_PEOPLE, **more)
    bruno = await Wire.open(path)
    await bruno.hello("test:bruno", "Bruno")
    await bruno.send({"type": "sit", "id": 2, "table": table, "seat": 1})
    await bruno.expect("seated")
    await anna.send({"type": "start", "id": 3, "table": table})
    await anna.expect("started")
    return table, anna, bruno


def test_an_ecarte_table_against_a_computer_is_played_to_its_end() -> None:
    async def scenario() -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = await create(anna, "ecarte", ECARTE_VS_COMPUTER,
                                 settings={"preset": "classique", "target": 2})
            lobby = await anna.lobby_until(lambda ts: any(t["table"] == table for t in ts))
            await anna.send({"type": "start", "id": 2, "table": table})
            await anna.expect("started")
            last = await play_game_out(anna)
            return table, last, lobby
    table, last, lobby = run(scenario())
    info = next(t for t in lobby if t["table"] == table)
    assert info["game"] == "ecarte" and info["players"] == 2
    assert [s["kind"] for s in info["seats"]] == ["human", "computer"]
    assert last["game"] == "ecarte" and last["state"]["game"] == "ecarte"
    view = last["views"][0]
    assert view["game"] == "ecarte" and view["seat"] == 0
    assert max(view["outcome"]["totals"]) >= 2
    session = SessionStore().load_game(table)
    assert session.game == "ecarte" and session.finished and session.served
    assert session.match.settings.number("target") == 2


def test_a_piquet_table_against_a_computer_is_played_to_its_end() -> None:
    async def scenario() -> tuple[str, dict[str, Any]]:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = await create(anna, "piquet", ECARTE_VS_COMPUTER,
                                 settings={"preset": "cent", "limit": 40})
            await anna.send({"type": "start", "id": 2, "table": table})
            await anna.expect("started")
            return table, await play_game_out(anna, timeout=90)
    table, last = run(scenario())
    assert last["game"] == "piquet" and max(last["views"][0]["outcome"]["totals"]) >= 40
    session = SessionStore().load_game(table)
    assert session.finished and session.seats[1].level == "easy"


def test_create_checks_the_game_its_seats_and_its_settings() -> None:
    async def scenario() -> list[dict[str, Any]]:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            answers = []
            for message in (
                    {"game": "ecarte", "seats": [*TWO_PEOPLE, {"kind": "open"}]},
                    {"game": "ecarte", "seats": TWO_PEOPLE, "settings": {"trumps": 3}},
                    {"game": "ecarte", "seats": TWO_PEOPLE, "settings": {"target": 99}},
                    {"game": "ecarte", "seats": TWO_PEOPLE, "rules": {"limit": 3}},
                    {"game": "piquet", "seats": TWO_PEOPLE, "settings": {"preset": "x"}},
                    {"game": "chess", "seats": TWO_PEOPLE},
                    {"seats": TWO_PEOPLE}):
                await anna.send({"type": "create", "id": 5, **message})
                answers.append(await anna.expect("error"))
            await anna.send({"type": "create", "id": 6, "game": "piquet", "seats": TWO_PEOPLE,
                             "settings": {"preset": "cent", "limit": 150}})
            await anna.expect("created")
            return answers
    answers = run(scenario())
    assert [a["code"] for a in answers] == ["bad_field"] * 7
    assert "2 seats at a table of Écarté" in answers[0]["message"]
    assert "trumps" in answers[1]["message"] and "target" in answers[2]["message"]
    assert "settings" in answers[3]["message"] and "preset" in answers[4]["message"]
    assert "3 to 8 seats at a table of Polignac" in answers[6]["message"]


def test_a_game_without_computer_players_asks_for_people(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "has_players", lambda game: game == "polignac")

    async def scenario() -> list[dict[str, Any]]:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            await anna.send({"type": "create", "id": 1, "game": "piquet",
                             "seats": ECARTE_VS_COMPUTER})
            refused = [await anna.expect("error")]
            table = await create(anna, "piquet", TWO_PEOPLE)
            await anna.send({"type": "start", "id": 2, "table": table})
            refused.append(await anna.expect("error"))
            return refused
    refused = run(scenario())
    assert [r["code"] for r in refused] == ["not_allowed", "not_allowed"]
    assert all("Piquet" in r["message"] and r["params"] == [["game", "piquet"]]
               for r in refused)


def test_another_protocol_version_is_told_in_one_line_whatever_its_hello_holds() -> None:
    async def scenario() -> list[tuple[Wire, int]]:
        async with running_service() as service:
            wires = []
            for theirs in (1, 2, 4):     # before Écarté, before one wire for all, newer
                wire = await Wire.open(service.socket_path)
                await wire.send({"type": "hello", "protocol": theirs, "identity": "x",
                                 "name": "X", "features": ["later"]})
                await wire.eof()
                wires.append((wire, theirs))
            return wires
    for wire, theirs in run(scenario()):
        error, bye = wire.messages
        assert error["code"] == "protocol" and error["params"] == [["protocol", 3]]
        assert f"speaks protocol 3 and your polignac-tui speaks protocol {theirs}" in \
            error["message"]
        assert "\n" not in error["message"] and bye["type"] == "bye"


def test_act_plays_at_a_polignac_table_too_and_other_games_refuse_polignac_words() -> None:
    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = await create(anna, "polignac", [{"kind": "you"}, {"kind": "computer"},
                                                    {"kind": "computer"}])
            await anna.send({"type": "start", "id": 2, "table": table})
            await anna.expect("started")
            update = await anna.now(lambda m: m["views"][0]["turn"] == 0
                                    and m["state"]["waiting"] == "card", timeout=30)
            view = update["views"][0]
            await anna.send({"type": "act", "seat": 0, "action": view["legal"][0]})
            played = await anna.update(lambda m: {"type": "card_played", "seat": 0,
                                                  "card": view["legal"][0]} in m["events"])
            await anna.send({"type": "act", "seat": 0, "action": "discard 7S"})
            refused = [await anna.expect("error")]
            _, at_ecarte, bruno = await two_at(service.socket_path, "ecarte")
            await at_ecarte.send({"type": "declare", "seat": 0, "declare": True})
            refused.append(await at_ecarte.expect("error"))
            bruno.close()
            return refused, played
    refused, played = run(scenario())
    assert refused[0]["code"] == "bad_field" and "Polignac" in refused[0]["message"]
    assert refused[1]["code"] == "not_allowed" and "act" in refused[1]["message"]
    assert played["game"] == "polignac"


def test_a_hint_at_an_ecarte_table_one_in_flight_per_seat() -> None:
    async def scenario() -> list[dict[str, Any]]:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = await create(anna, "ecarte", ECARTE_VS_COMPUTER)
            await anna.send({"type": "start", "id": 2, "table": table})
            await anna.expect("started")
            await anna.now(lambda m: m["views"][0]["turn"] == 0
                           and m["state"]["waiting"] == "turn", timeout=30)
            await anna.send_raw(b'{"type": "hint", "id": 7, "seat": 0}\n'
                                b'{"type": "hint", "id": 8, "seat": 0}\n')
            busy = await anna.until(lambda m: m.get("id") == 8)
            hint = await anna.until(lambda m: m.get("id") == 7, timeout=60)
            return [busy, hint]
    busy, hint = run(scenario())
    assert busy["type"] == "error" and busy["code"] == "busy"
    assert hint["type"] == "hint" and isinstance(hint["hint"]["action"], str)
    assert hint["hint"]["action"] and isinstance(hint["hint"]["why"], str)


def test_a_seat_gone_is_handed_to_a_computer_and_taken_back() -> None:
    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with running_service(hand_over_after=0.0) as service:
            table, anna, bruno = await two_at(service.socket_path, "ecarte")
            await anna.now(lambda m: all(m["state"]["connected"]))
            bruno.close()
            gone = await anna.update(lambda m: {"type": "seat_gone", "seat": 1} in m["events"])
            await anna.send({"type": "hand_over", "seat": 1})
            stand_in = await anna.update(
                lambda m: {"type": "stand_in", "seat": 1, "level": "hard"} in m["events"])
            again = await Wire.open(service.socket_path)
            await again.hello("test:bruno", "Bruno")
            info = next(t for t in again.lobby() if t["table"] == table)
            assert info["seats"][1]["yours"] and info["game"] == "ecarte"
            await again.send({"type": "sit", "id": 1, "table": table, "seat": 1})
            await again.expect("seated")
            back = await again.update()
            await anna.update(lambda m: {"type": "stand_in", "seat": 1, "level": None}
                              in m["events"])
            again.close()
            return gone, stand_in, back
    gone, stand_in, back = run(scenario())
    assert gone["state"]["gone_for"][1] is not None
    assert stand_in["state"]["stand_ins"] == [None, "hard"]
    assert back["views"][0]["seat"] == 1 and len(back["views"][0]["hand"]) == 5
    assert back["state"]["stand_ins"] == [None, None]


def test_a_piquet_table_comes_back_after_a_restart_at_the_same_point() -> None:
    async def scenario() -> tuple[dict[str, Any], dict[str, Any], str]:
        folder = short_socket_dir()
        async with running_service(folder) as service:
            table, anna, bruno = await two_at(service.socket_path, "piquet",
                                              settings={"preset": "cent"})
            game_table = service.tables[table].game_table
            for moves in range(1, 5):           # both discard, then on
                wire = (anna, bruno)[game_table.session.match.turn]
                update = await wire.now(lambda m: game_move(m) is not None
                                        and m["state"]["waiting"] == "turn", timeout=30)
                await wire.send(game_move(update) or {})
                seat = update["views"][0]["seat"]
                await wire.update(lambda m, n=moves, s=seat: len(
                    game_table.session.match.history) >= n
                    and m["views"][0] == game_table.view(s).to_json())
            seen = game_table.view(0).to_json()
            before = await anna.now(lambda m: m["views"][0] == seen)
            history = game_table.session.match.history
        async with running_service(folder) as service:
            served = service.tables[table]
            assert served.state == "playing" and served.game == "piquet"
            assert served.game_table.session.match.history == history
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            await anna.send({"type": "sit", "id": 1, "table": table, "seat": 0})
            await anna.expect("seated")
            after = await anna.update()
            anna.close()
        return before, after, table
    before, after, table = run(scenario())
    assert after["game"] == "piquet" and after["views"] == before["views"]
    assert after["views"][0]["deal_number"] == 1 and len(after["views"][0]["hand"]) == 12
    assert SessionStore().game_of(table) == "piquet"


def test_the_finished_deals_of_a_game_are_sent_never_the_deal_in_play() -> None:
    async def scenario() -> tuple[str, str, Any]:
        async with running_service() as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = await create(anna, "ecarte", ECARTE_VS_COMPUTER,
                                 settings={"target": 5})
            await anna.send({"type": "start", "id": 2, "table": table})
            await anna.expect("started")
            await anna.update()
            await anna.send({"type": "deals", "id": 3})
            early = (await anna.until(lambda m: m.get("id") == 3))["session"]
            await play_game_out(anna)
            await anna.send({"type": "deals", "id": 4})
            late = (await anna.until(lambda m: m.get("id") == 4))["session"]
            return early, late, service.tables[table].game_table.session.match.log
    early, late, log = run(scenario())
    from polignac_tui.store import gamefile
    assert gamefile.loads(early).match.log == ()          # deal 1 was in play
    assert len(log) >= 2                                   # to 5 points: two deals at least
    hands = {card for hand in log[0].dealt.hands for card in hand}
    assert not any(card in early for card in hands)
    finished = gamefile.loads(late)
    assert finished.game == "ecarte" and finished.match.log == log and finished.finished


def test_a_waiting_table_of_a_game_comes_back_after_a_restart_and_starts() -> None:
    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        folder = short_socket_dir()
        async with running_service(folder) as service:
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            table = await create(anna, "piquet", TWO_PEOPLE,
                                 settings={"preset": "cent", "limit": 150})
        async with running_service(folder) as service:
            bruno = await Wire.open(service.socket_path)
            await bruno.hello("test:bruno", "Bruno")
            info = next(t for t in bruno.lobby() if t["table"] == table)
            await bruno.send({"type": "sit", "id": 1, "table": table, "seat": 1})
            seated = await bruno.expect("seated")
            anna = await Wire.open(service.socket_path)
            await anna.hello("test:anna", "Anna")
            await anna.send({"type": "sit", "id": 1, "table": table, "seat": 0})
            await anna.expect("seated")
            await anna.send({"type": "start", "id": 2, "table": table})
            await anna.expect("started")
            update = await bruno.update()
            settings = service.tables[table].game_table.session.match.settings
            assert settings.number("limit") == 150 and settings.word("end") == "points"
            return info, {"seated": seated, "update": update}
    info, after = run(scenario())
    assert info["game"] == "piquet" and info["state"] == "waiting" and info["preset"] == "custom"
    assert after["seated"]["game"] == "piquet"
    assert after["update"]["views"][0]["game_part"]["limit"] == 150
