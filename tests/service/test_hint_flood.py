"""Hints asked in bursts: one in flight per seat (the rest refused ``busy``, never counted
as errors), and the computers of every other table play on as if nobody asked."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from polignac_tui.games.polignac.viewpart import part_of
from polignac_tui.service.client import LobbyClient
from polignac_tui.service.connection import MAX_ERRORS
from polignac_tui.table.gameclient import HintBusy

from .helpers import Wire, my_move, running_service, table_of
from .lobbytools import Recorder, classique, drive, my_turn, until

ANNA_SEATS = [{"kind": "you"}, {"kind": "computer", "level": "easy"},
              {"kind": "computer", "level": "easy"}]
BRUNO_SEATS = [{"kind": "you"}, {"kind": "computer", "level": "hard"},
               {"kind": "computer", "level": "hard"}, {"kind": "computer", "level": "hard"}]
FLOOD = 100                 # hints written at once
MAX_ROUNDS = 400            # bursts, at most, while the other table is measured
CARDS = 14                  # cards the other table's computers play while it is measured


async def a_choice(wire: Wire) -> dict[str, Any]:
    """The update where the seat chooses among several cards (a hint that takes
    thought), the seat playing its first card until then."""
    for _ in range(200):
        update = await wire.update()
        view = update["views"][0]
        if update["state"]["waiting"] == "card" and view["turn"] == view["seat"] \
                and len(view["legal"]) >= 2:
            return update
        move = my_move(update)
        if move is not None:
            await wire.send(move)
    raise AssertionError("never a choice of cards")


def burst(first_id: int, count: int, seat: int = 0) -> bytes:
    """``count`` hint requests in one write, ids from ``first_id``."""
    return b"".join(json.dumps({"type": "hint", "id": first_id + i, "seat": seat}).encode()
                    + b"\n" for i in range(count))


async def answers(wire: Wire, ids: range, timeout: float = 60) -> list[dict[str, Any]]:
    """The replies to the requests of ``ids``, in the order they came."""
    replies: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while len(replies) < len(ids):
        replies.append(await wire.until(lambda m: m.get("id") in ids,
                                        deadline - time.monotonic()))
    return replies


def test_a_burst_of_hints_from_one_seat_gets_one_answer_and_busy_refusals() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            _, (anna,) = await table_of(service.socket_path, ANNA_SEATS, ["Anna"])
            update = await a_choice(anna)
            count = 2 * MAX_ERRORS + 5     # counted as errors, they would send her away
            for round_ in range(2):        # the seat's hint is free again once answered
                ids = range(100 * (round_ + 1), 100 * (round_ + 1) + count)
                await anna.send_raw(burst(ids.start, count))
                replies = await answers(anna, ids)
                hints = [m for m in replies if m["type"] == "hint"]
                busy = [m for m in replies if m["type"] == "error"]
                assert len(hints) == 1 and len(busy) == count - 1, replies
                advice = hints[0]["hint"]
                assert advice is not None and advice["card"] in update["views"][0]["legal"]
                assert {(m["code"], m["message"]) for m in busy} == {
                    ("busy", "a hint is already on its way")}
                assert sorted(m["id"] for m in replies) == list(ids)
            # not sent away, nothing counted against her: she still plays
            client = next(c for c in service.clients if c.name == "Anna")
            assert client.errors == 0 and not client.closed
            await anna.send({"type": "tables", "id": 7})
            assert (await anna.expect("tables"))["id"] == 7
            assert not any(m["type"] == "bye" for m in anna.messages)
            anna.close()
    asyncio.run(asyncio.wait_for(scenario(), 120))


async def longest_gap(wire: Wire, cards: int, give_up: float) -> tuple[float, int]:
    """Bruno plays his turns at once while his table's computers play ``cards`` cards:
    the longest time between two updates of his table, and the computers' cards seen.
    Stops early once a gap passes ``give_up`` seconds (the answer is known then)."""
    seen = 0
    longest = 0.0
    last = time.monotonic()
    deadline = last + 120
    while seen < cards and time.monotonic() < deadline:
        try:
            update = await wire.update(timeout=give_up)
        except TimeoutError:
            return max(longest, time.monotonic() - last), seen
        now = time.monotonic()
        longest = max(longest, now - last)
        last = now
        seen += sum(1 for e in update["events"] if e["type"] == "card_played"
                    and e["seat"] != 0)
        move = my_move(update)
        if move is not None:
            await wire.send(move)
    return longest, seen


async def flood(wire: Wire, stop: asyncio.Event, started: asyncio.Event) -> tuple[int, int]:
    """Bursts of ``FLOOD`` hints, each read to its last reply, until ``stop``: the hints
    answered and the ``busy`` refusals."""
    answered = refused = 0
    for round_ in range(MAX_ROUNDS):
        if stop.is_set():
            break
        ids = range(10_000 + round_ * FLOOD, 10_000 + (round_ + 1) * FLOOD)
        await wire.send_raw(burst(ids.start, FLOOD))
        started.set()
        for reply in await answers(wire, ids):
            answered += reply["type"] == "hint"
            refused += reply["type"] == "error" and reply["code"] == "busy"
    return answered, refused


def test_a_hint_flood_at_one_table_leaves_another_tables_computers_on_time() -> None:
    async def scenario() -> tuple[float, float]:
        async with running_service() as service:
            _, (anna,) = await table_of(service.socket_path, ANNA_SEATS, ["Anna"])
            await a_choice(anna)
            # pace "fast": a computer's card shows 0.25 s after its turn came, whatever
            # its thought took, unless the thought took longer
            _, (bruno,) = await table_of(service.socket_path, BRUNO_SEATS, ["Bruno"],
                                         pace="fast")
            move = my_move(await bruno.now(lambda m: True))
            if move is not None:
                await bruno.send(move)
            quiet, seen = await longest_gap(bruno, CARDS, give_up=30)
            assert seen >= CARDS
            # No wall-clock race: the bound is far above any gap of a table played on
            # (a loaded CI core stretches a gap by a fraction), far below the gap of a
            # table whose computers wait behind a queue of a hundred hints.
            bound = max(5.0, 5 * quiet)
            stop, started = asyncio.Event(), asyncio.Event()
            flooding = asyncio.create_task(flood(anna, stop, started))
            await asyncio.wait_for(started.wait(), 10)
            flooded, seen = await longest_gap(bruno, CARDS, give_up=bound + 1)
            stop.set()
            answered, refused = await asyncio.wait_for(flooding, 60) \
                if flooded <= bound else (-1, -1)
            flooding.cancel()
            assert flooded <= bound, f"quiet {quiet:.2f} s, flooded {flooded:.2f} s"
            assert seen >= CARDS
            # the flood was real, and its hints were answered all along
            assert answered >= 1 and refused >= (FLOOD - 1) * answered
            client = next(c for c in service.clients if c.name == "Anna")
            assert client.errors == 0 and not client.closed
            anna.close()
            bruno.close()
            return quiet, flooded
    quiet, flooded = asyncio.run(asyncio.wait_for(scenario(), 200))
    print(f"longest gap between updates: quiet {quiet:.3f} s, flooded {flooded:.3f} s")


def test_the_remote_client_raises_hint_busy_for_a_second_hint_of_its_seat() -> None:
    """Two hints asked at once by the table screen's client: one advice, one ``HintBusy``
    (the screen says a short notice); the seat asks again once answered."""
    seats = [{"kind": "you"}] + [{"kind": "computer", "name": n, "level": "easy"}
                                 for n in ("Bruno", "Claire", "Denis")]

    async def main() -> None:
        async with running_service() as service:
            anna = await LobbyClient.connect(service.socket_path, "local:anna", "Anna")
            at = await anna.create("Solo", classique(), seats, "instant")
            await anna.start(at.table, "easy")
            Recorder(at)
            await until(lambda: at.latest is not None, "the first update")
            await drive([at], lambda: my_turn(at)
                        and len(part_of(at.latest.views[0]).legal) >= 2, "a choice of cards")
            legal = part_of(at.latest.views[0]).legal
            first, second = await asyncio.gather(at.hint(0), at.hint(0),
                                                 return_exceptions=True)
            assert first is not None and not isinstance(first, BaseException)
            assert first.action in legal
            assert isinstance(second, HintBusy)
            again = await at.hint(0)
            assert again is not None and again.action == first.action
            assert anna.lost is None and at.lost is None
            anna.close()

    asyncio.run(asyncio.wait_for(main(), 120))
