"""1,000 broken, oversized, out-of-turn and foreign-seat messages: every one refused,
the service stays up, the table is untouched, another table's clients notice nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from polignac_tui.service.connection import MAX_ERRORS

from .helpers import Wire, engine_of, running_service, table_of

SEATS_3H = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]


def bad_messages(seat: int, foreign: int, hand: list[str]) -> list[bytes]:
    """Ten kinds of bad message, each a line."""
    return [
        b"{this is not json\n",
        b'{"type": "fly"}\n',
        b'{"type": "play", "seat": 0}\n',
        json.dumps({"type": "play", "seat": seat, "card": hand[0], "x": 1}).encode() + b"\n",
        b'{"type": "sit", "table": 5, "seat": 0}\n',
        b'{"type": "tables", "pad": "' + b"x" * 70_000 + b'"}\n',
        json.dumps({"type": "play", "seat": foreign, "card": hand[0]}).encode() + b"\n",
        json.dumps({"type": "play", "seat": seat, "card": hand[0]}).encode() + b"\n",
        json.dumps({"type": "declare", "seat": seat, "declare": True}).encode() + b"\n",
        json.dumps({"type": "undo", "seat": seat}).encode() + b"\n",
    ]


def refusal(message: dict[str, Any]) -> bool:
    return message["type"] == "error" or (message["type"] == "update" and any(
        e["type"] == "refused" for e in message["events"]))


def test_a_thousand_bad_messages_are_refused_and_nobody_else_notices() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            table, wires = await table_of(service.socket_path, SEATS_3H,
                                          ["Anna", "Bruno", "Claire"])
            _, others = await table_of(service.socket_path, SEATS_3H,
                                           ["Dora", "Emil", "Fanny"])
            for wire in (*wires, *others):
                await wire.now(lambda m: all(m["state"]["connected"]))
            served = engine_of(service.tables[table])
            turn = served.session.turn
            seat = (turn + 1) % 3                      # not its turn
            attacker = wires[seat]
            plays = list(served.session.deals[-1].plays)
            heard = [len(w.messages) for w in others]
            hand = served.view(seat).hand
            lines = bad_messages(seat, turn, list(hand))
            refused = byes = 0
            for count in range(1000):
                await attacker.send_raw(lines[count % len(lines)])
                answer = await attacker.until(lambda m: refusal(m) or m["type"] == "bye")
                assert refusal(answer), (count, answer)
                refused += 1
                if attacker.errors_seen() % MAX_ERRORS == 0:
                    assert (await attacker.expect("bye"))["reason"]
                    assert await attacker.eof()
                    byes += 1
                    attacker = await Wire.open(service.socket_path)
                    await attacker.hello(f"test:{['Anna', 'Bruno', 'Claire'][seat]}",
                                         ["Anna", "Bruno", "Claire"][seat])
                    await attacker.send({"type": "sit", "table": table, "seat": seat})
                    await attacker.expect("seated")
                    await attacker.update()
            assert refused == 1000 and byes == 1000 // MAX_ERRORS
            assert list(served.session.deals[-1].plays) == plays
            # the other table heard nothing of it, and the service still answers
            for wire, before in zip(others, heard, strict=True):
                await wire.send({"type": "tables", "id": 5})
                await wire.until(lambda m: m.get("id") == 5)
                assert [m["type"] for m in wire.messages[before:]] == ["tables"]
            await wires[turn].send({"type": "play", "seat": turn,
                                    "card": served.view(turn).legal[0]})
            await wires[turn].update(lambda m: any(e["type"] == "card_played"
                                                   for e in m["events"]))
            for wire in (*wires, *others, attacker):
                wire.close()
    asyncio.run(asyncio.wait_for(scenario(), 120))
