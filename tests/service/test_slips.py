"""A card the rules refuse on one's own turn is a player's slip, not a broken client: a
player who keeps pressing Enter on a card they may not play is told why each time and is
never sent away for it (the flood test keeps every other kind of refusal counted)."""

from __future__ import annotations

import asyncio

from polignac_tui.service.connection import MAX_ERRORS

from .helpers import engine_of, my_move, running_service, table_of

SEATS_3H = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]
NAMES = ["Anna", "Bruno", "Claire"]


def test_many_refused_cards_on_ones_turn_do_not_send_a_player_away() -> None:
    async def scenario() -> None:
        async with running_service() as service:
            table, wires = await table_of(service.socket_path, SEATS_3H, NAMES)
            for wire in wires:
                await wire.now(lambda m: all(m["state"]["connected"]))
            served = engine_of(service.tables[table])
            for _ in range(200):             # a deal's cards, at most: bounded
                turn = served.session.turn
                if turn is not None:
                    view = served.view(turn)
                    wrong = [c for c in view.hand if c not in view.legal]
                    if wrong:
                        break
                for wire in wires:           # every seat's due answer to its last update
                    last = wire.last_update()
                    move = my_move(last) if last is not None else None
                    if move is not None:
                        before = len(wire.messages)
                        await wire.send(move)
                        await wire.until(lambda m, w=wire, n=before: m["type"] == "update"
                                         and len(w.messages) > n)
            else:
                raise AssertionError("no seat ever held a card it could not play")
            player = wires[turn]
            seen = player.errors_seen()
            for _ in range(MAX_ERRORS + 5):
                await player.send({"type": "play", "seat": turn, "card": wrong[0]})
                await player.until(lambda m, s=seen: (m["type"] in ("update", "error", "bye")
                                   and player.errors_seen() > s) or m["type"] == "bye")
                assert player.messages[-1]["type"] != "bye", player.messages[-1]
                seen = player.errors_seen()
            refusals = [e for m in player.messages if m["type"] == "update"
                        for e in m["events"] if e["type"] == "refused"]
            assert len(refusals) >= MAX_ERRORS + 5
            # then a card it may play is taken, and the player is still at the table
            await player.send({"type": "play", "seat": turn, "card": view.legal[0]})
            await player.update(lambda m: any(e["type"] == "card_played" for e in m["events"]))
            for wire in wires:
                wire.close()
    asyncio.run(asyncio.wait_for(scenario(), 120))
