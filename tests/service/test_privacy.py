"""Hidden information stays hidden: over a whole session of four clients, no byte sent
to a seat holds a card of another seat's hand before that card is played, and a
watcher never gets a hand."""

from __future__ import annotations

import asyncio
import json
import re

from polignac_tui.store import SessionStore

from .helpers import Wire, my_move, running_service, table_of

CARD = re.compile(rb'"([KQJAT987][SHDC])"')
SEATS = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]


def test_no_seat_ever_receives_a_card_of_another_hand_before_it_is_played() -> None:
    async def scenario() -> tuple[str, list[Wire], Wire]:
        async with running_service() as service:
            table, wires = await table_of(service.socket_path, SEATS,
                                          ["Anna", "Bruno", "Claire", "Denis"],
                                          rules={"end": "deals", "limit": 2})
            watcher = await Wire.open(service.socket_path)
            await watcher.hello("test:eve", "Eve")
            await watcher.send({"type": "watch", "table": table})

            async def play(wire: Wire) -> None:
                while True:
                    update = await wire.update(timeout=30)
                    if update["views"][0]["finished"]:
                        return
                    move = my_move(update)
                    if move is not None:
                        await wire.send(move)

            async def watch() -> None:
                await watcher.update(lambda m: m["views"][0]["finished"], timeout=60)

            await asyncio.gather(*(play(w) for w in wires), watch())
            return table, wires, watcher

    table, wires, watcher = asyncio.run(asyncio.wait_for(scenario(), 120))
    session = SessionStore().load(table)
    assert session.finished and len(session.deals) == 2
    checked = 0
    for seat, wire in enumerate(wires):
        for line in bytes(wire.raw).splitlines():
            message = json.loads(line)
            cards = {c.decode() for c in CARD.findall(line)}
            if message["type"] != "update":
                assert not cards, message
                continue
            view = message["views"][0]
            assert [v["seat"] for v in message["views"]] == [seat]
            deal = session.deals[view["deal_number"] - 1]
            shown = sum(len(t["cards"]) for t in view["tricks"]) + len(view["trick"])
            allowed = set(deal.dealt[seat]) | set(deal.plays[:shown])
            assert cards <= allowed, (seat, cards - allowed, message)
            checked += 1
    assert checked >= 4 * sum(len(d.plays) for d in session.deals)   # one per card at least
    updates = [json.loads(line) for line in bytes(watcher.raw).splitlines()]
    views = [v for m in updates if m["type"] == "update" for v in m["views"]]
    assert views and all(v["hand"] == [] and v["legal"] == [] for v in views)
    for line in bytes(watcher.raw).splitlines():
        message = json.loads(line)
        if message["type"] == "update":
            view = message["views"][0]
            deal = session.deals[view["deal_number"] - 1]
            shown = sum(len(t["cards"]) for t in view["tricks"]) + len(view["trick"])
            assert {c.decode() for c in CARD.findall(line)} <= set(deal.plays[:shown])


