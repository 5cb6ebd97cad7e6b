"""Hidden information stays hidden: over a whole session of four clients, no byte sent
to a seat holds a card of another seat's hand before that card is played, and a
watcher never gets a hand. At Écarté and Piquet too: nor the stock or the talon, nor a
discard, nor what was shown to the other seat alone (the younger's declarations at Piquet
reach the elder only after the elder's first lead)."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from polignac_file import load_session

from polignac_tui.games.base import CardPlayed, Event, Match, Shown, visible
from polignac_tui.games.session import GameSession
from polignac_tui.store import SessionStore

from .helpers import Wire, my_move, play_game_out, polignac_shape, running_service, table_of

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
    session = load_session(SessionStore(), table)
    assert session.finished and len(session.deals) == 2
    checked = 0
    for seat, wire in enumerate(wires):
        for line in bytes(wire.raw).splitlines():
            message = polignac_shape(json.loads(line))
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
    updates = [polignac_shape(json.loads(line)) for line in bytes(watcher.raw).splitlines()]
    views = [v for m in updates if m["type"] == "update" for v in m["views"]]
    assert views and all(v["hand"] == [] and v["legal"] == [] for v in views)
    for line in bytes(watcher.raw).splitlines():
        message = polignac_shape(json.loads(line))
        if message["type"] == "update":
            view = message["views"][0]
            deal = session.deals[view["deal_number"] - 1]
            shown = sum(len(t["cards"]) for t in view["tricks"]) + len(view["trick"])
            assert {c.decode() for c in CARD.findall(line)} <= set(deal.plays[:shown])




# -- Écarté and Piquet ------------------------------------------------------------------------
# A card anywhere in a line: quoted alone ("KS") or inside an action's text ("discard 7D JC").
GAME_CARD = re.compile(rb"(?<![A-Za-z0-9])([AKQJT987][SHDC])(?![A-Za-z0-9])")


class DealFacts:
    """One deal, replayed from the saved log: what each seat ever held, the cards played in
    order, and every card shown (with how many cards had been played when it was)."""

    def __init__(self) -> None:
        self.held: list[set[str]] = [set(), set()]
        self.played: list[str] = []
        self.shown: list[tuple[int, Shown]] = []

    def see(self, match: Match, events: tuple[Event, ...]) -> None:
        for seat in (0, 1):
            self.held[seat] |= set(match.view(seat).hand)
        for event in events:
            if isinstance(event, CardPlayed):
                self.played.append(event.card)
            elif isinstance(event, Shown):
                self.shown.append((len(self.played), event))

    def allowed(self, seat: int | None, played: int) -> set[str]:
        """The cards ``seat`` (None: a watcher) may have seen once ``played`` cards were."""
        cards = set(self.played[:played]) | (self.held[seat] if seat is not None else set())
        for when, event in self.shown:
            if when <= played and visible(event, seat):
                cards |= set(event.cards)
        return cards


def deal_facts(session: GameSession) -> list[DealFacts]:
    match = session.match
    log = match.log
    again = match.game.start(match.settings, match.names, log[0].dealt.dealer)
    facts = []
    for entry in log:
        fact = DealFacts()
        fact.see(again, again.start_deal(entry.dealt))
        for text in entry.actions:
            fact.see(again, again.apply(text))
        facts.append(fact)
    return facts


def played_count(view: dict[str, Any]) -> int:
    return 2 * sum(view["tricks_won"]) + len(view["trick"])


async def game_session_of(game: str, settings: dict[str, Any]) -> tuple[str, list[Wire], Wire]:
    """A two-person table of ``game`` played out (every seat with ``play_game_out``) with a
    watcher following it."""
    async with running_service() as service:
        table, wires = await table_of(service.socket_path, [{"kind": "you"}, {"kind": "open"}],
                                      ["Anna", "Bruno"], game=game, settings=settings)
        watcher = await Wire.open(service.socket_path)
        await watcher.hello("test:eve", "Eve")
        await watcher.send({"type": "watch", "table": table})
        await asyncio.gather(*(play_game_out(w, timeout=150) for w in wires),
                             watcher.update(lambda m: m["views"][0]["outcome"] is not None,
                                            timeout=150))
        return table, wires, watcher


def check_game_privacy(table: str, wires: list[Wire], watcher: Wire) -> list[DealFacts]:
    session = SessionStore().load_game(table)
    assert session.finished
    facts = deal_facts(session)
    for seat, wire in ((0, wires[0]), (1, wires[1]), (None, watcher)):
        updates = 0
        for line in bytes(wire.raw).splitlines():
            message = json.loads(line)
            cards = {c.decode() for c in GAME_CARD.findall(line)}
            if message["type"] != "update":
                assert not cards, message
                continue
            view = message["views"][0]
            assert view["seat"] == seat and (view["hand"] == [] or seat is not None)
            fact = facts[view["deal_number"] - 1]
            allowed = fact.allowed(seat, played_count(view))
            assert cards <= allowed, (seat, cards - allowed, message)
            for event in message["events"]:      # told to another seat: never here
                assert event.get("to") in (None, seat), (seat, event)
                assert event.get("event") != "Disclosed" or event["told"] != seat, event
            updates += 1
        assert updates >= sum(len(f.played) for f in facts)      # one per card at least
    return facts


def test_an_ecarte_seat_never_receives_the_other_hand_the_stock_or_a_discard() -> None:
    table, wires, watcher = asyncio.run(asyncio.wait_for(
        game_session_of("ecarte", {"target": 3}), 200))
    facts = check_game_privacy(table, wires, watcher)
    assert sum(len(f.played) for f in facts) >= 10


def test_a_piquet_seat_never_receives_the_other_hand_the_talon_or_the_younger_words_early(
        ) -> None:
    table, wires, watcher = asyncio.run(asyncio.wait_for(
        game_session_of("piquet", {"preset": "cent", "limit": 60}), 200))
    facts = check_game_privacy(table, wires, watcher)
    # the younger's declarations were shown (to the elder) after the first lead only
    late = [event for fact in facts for when, event in fact.shown
            if when == 1 and event.reason in ("point", "sequence", "sets")]
    assert late, "no declaration of the younger's was made: nothing was checked"
