"""The club's book asked of a real service: matches played to their end through its socket
enter the book, and the protocol's own client (``LobbyClient``) reads the standings, a
player's page and the ledger with the asker as the viewer; a player who leaves the
standings is shown to nobody but themself; no answer carries an identity."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from polignac_tui.club.records import Standing
from polignac_tui.service.client import LobbyClient, ServiceError
from polignac_tui.service.club_wire import ClubStandings

from .helpers import Wire, play_game_out, running_service

TWO_PEOPLE = [{"kind": "you"}, {"kind": "open"}]
ANNA, BRUNO = "ssh:SHA256:anna-key-4fQ", "web:bruno:7311"
WAIT = 30.0


def run(coroutine: Any, timeout: float = 180) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


async def ecarte_between(path: Any, first: str, second: str) -> None:
    """An Écarté table to two points between Anna and Bruno, played to its end."""
    anna = await Wire.open(path)
    await anna.hello(ANNA, first)
    await anna.send({"type": "create", "id": 1, "game": "ecarte", "seats": TWO_PEOPLE,
                     "pace": "instant", "settings": {"target": 2}})
    table = (await anna.expect("created"))["table"]
    await anna.expect("seated")
    bruno = await Wire.open(path)
    await bruno.hello(BRUNO, second)
    await bruno.send({"type": "sit", "id": 2, "table": table, "seat": 1})
    await bruno.expect("seated")
    await anna.send({"type": "start", "id": 3, "table": table})
    await anna.expect("started")
    await asyncio.gather(play_game_out(anna), play_game_out(bruno))
    anna.close()
    bruno.close()


async def standings_until(client: LobbyClient, test: Any, game: str = "ecarte",
                          period: str = "all") -> ClubStandings:
    """The standings once ``test`` holds of them (a match enters the book just after its
    end, in the book's own thread); fails after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while True:
        shown = await client.club(game, period)
        if test(shown):
            return shown
        if time.monotonic() > deadline:
            raise AssertionError(f"the standings never came: {shown}")
        await asyncio.sleep(0.05)


def names(shown: ClubStandings) -> list[str]:
    return [s.name for s in shown.standings]


def test_the_book_shows_a_played_match_and_hides_who_leaves_the_standings() -> None:
    async def scenario() -> dict[str, Any]:
        async with running_service() as service:
            path = service.socket_path
            await ecarte_between(path, "Anna", "Bruno")
            anna = await LobbyClient.connect(path, ANNA, "Anna")
            bruno = await LobbyClient.connect(path, BRUNO, "Bruno")
            raw: list[bytes] = []
            original = anna._read_message

            async def recording() -> dict[str, Any] | None:
                message = await original()
                raw.append(repr(message).encode())
                return message
            anna._read_message = recording      # type: ignore[method-assign]
            seen: dict[str, Any] = {}
            seen["both"] = await standings_until(anna, lambda s: len(s.standings) == 2)
            seen["month"] = await anna.club("ecarte", "month")
            seen["polignac"] = await anna.club("polignac", "all")
            seen["page"] = await anna.club_player("ecarte", "Bruno")
            seen["ledger"] = await anna.club_ledger()
            seen["hidden_before"] = await bruno.club_hidden()
            seen["hide"] = await bruno.club_hidden(True)
            seen["anna_after"] = await anna.club("ecarte", "all")
            seen["bruno_after"] = await bruno.club("ecarte", "all")
            seen["page_after"] = await anna.club_player("ecarte", "Bruno")
            seen["own_page"] = await bruno.club_player("ecarte", "Bruno")
            seen["ledger_after"] = await anna.club_ledger()
            seen["rejoin"] = await bruno.club_hidden(False)
            seen["anna_again"] = await anna.club("ecarte", "all")
            seen["raw"] = b"".join(raw)
            anna.close()
            bruno.close()
            return seen
    seen = run(scenario())
    both: ClubStandings = seen["both"]
    assert sorted(names(both)) == ["Anna", "Bruno"] and not both.hidden
    mine = next(s for s in both.standings if s.you)
    assert mine.name == "Anna" and mine.matches == 1 and mine.provisional
    winner = max(both.standings, key=lambda s: s.wins)
    assert winner.wins == 1 and sum(s.wins for s in both.standings) == 1
    assert both.standings[0] is winner or both.standings[0].rating >= winner.rating
    assert all(s.last_played == time.strftime("%Y-%m-%d", time.gmtime())
               for s in both.standings)
    assert names(seen["month"]) == names(both) and seen["polignac"].standings == ()
    page = seen["page"]
    assert page is not None and page.game == "ecarte" and len(page.history) == 1
    assert [(a.name, a.matches, a.wins + a.losses) for a in page.against] == [("Anna", 1, 1)]
    loser = next(s.name for s in both.standings if s.wins == 0)
    assert [(d.debtor, d.creditor, d.what) for d in seen["ledger"]] == [
        (loser, winner.name, "ices")]
    assert seen["hidden_before"] is False and seen["hide"] is True
    # hidden: shown to nobody but himself
    assert names(seen["anna_after"]) == ["Anna"]
    bruno_sees: list[Standing] = list(seen["bruno_after"].standings)
    assert sorted(s.name for s in bruno_sees) == ["Anna", "Bruno"]
    assert seen["bruno_after"].hidden and next(s for s in bruno_sees if s.you).name == "Bruno"
    assert seen["page_after"] is None and seen["own_page"] is not None
    # the debt between them stays Anna's to see: one of the pair is never hidden from the other
    assert seen["ledger_after"] == seen["ledger"]
    assert seen["rejoin"] is False and sorted(names(seen["anna_again"])) == ["Anna", "Bruno"]
    # names, never keys
    assert b"SHA256" not in seen["raw"] and b"7311" not in seen["raw"]


def test_a_second_question_meanwhile_is_busy_and_bad_ones_are_refused() -> None:
    async def scenario() -> list[dict[str, Any]]:
        async with running_service() as service:
            wire = await Wire.open(service.socket_path)
            await wire.hello(ANNA, "Anna")
            # two questions in one write: the second is read before the first is answered
            await wire.send_raw(
                b'{"type":"club","id":5,"game":"piquet","period":"all"}\n'
                b'{"type":"club_ledger","id":6}\n'
                b'{"type":"club","id":7,"game":"piquet","period":"week"}\n'
                b'{"type":"club_player","id":8,"game":"piquet","name":"\\u001b[2J"}\n')
            await wire.until(lambda m: {5, 6, 7, 8} <= {n.get("id") for n in wire.messages})
            answers = [next(m for m in wire.messages if m.get("id") == i) for i in (5, 6, 7, 8)]
            await wire.send({"type": "club_ledger", "id": 9})
            answers.append(await wire.until(lambda m: m.get("id") == 9))
            wire.close()
            return answers
    first, second, week, name, later = run(scenario())
    assert first["type"] == "club" and first["standings"] == [] and first["hidden"] is False
    assert second["type"] == "error" and second["code"] == "busy"
    assert second["params"] == [["what", "club_asking"]]
    assert week["code"] == "bad_field" and "period" in week["message"]
    assert name["code"] == "bad_field" and "printable" in name["message"]
    assert later == {"type": "club_ledger", "id": 9, "debts": []}


def test_an_answer_out_of_bounds_is_a_readable_refusal() -> None:
    async def scenario() -> str:
        async with running_service() as service:
            client = await LobbyClient.connect(service.socket_path, ANNA, "Anna")
            try:
                client._dispatch({"type": "x"})     # nothing pending: ignored
                future = asyncio.ensure_future(client.club("polignac", "all"))
                await asyncio.sleep(0)
                pending = next(iter(client._pending))
                client._dispatch({"type": "club", "id": pending, "game": "polignac",
                                  "period": "all", "hidden": False,
                                  "standings": [{"name": "x" * 300}]})
                try:
                    await future
                except ServiceError as error:
                    return f"{error.code}: {error.message}"
                return "read"
            finally:
                client.close()
    said = run(scenario())
    assert said.startswith("protocol: the club's book could not be read: standing 1")


def test_leaving_and_rejoining_is_bounded_per_minute() -> None:
    """Each change is a line of the book's journal: 5 a minute per connection; asking
    (without ``hidden``) is never bounded."""
    async def scenario() -> tuple[list[Any], bool, bool]:
        async with running_service() as service:
            client = await LobbyClient.connect(service.socket_path, ANNA, "Anna")
            answers: list[Any] = []
            for turn in range(6):
                try:
                    answers.append(await client.club_hidden(turn % 2 == 0))
                except ServiceError as error:
                    answers.append((error.code, dict(error.params)))
            asked = await client.club_hidden()
            client.close()
            return answers, asked, service.club.book.hidden(ANNA)
    answers, asked, in_book = run(scenario())
    assert answers[:5] == [True, False, True, False, True]
    assert answers[5] == ("busy", {"what": "club_changes", "count": 5, "seconds": 60})
    assert asked is True and in_book is True
