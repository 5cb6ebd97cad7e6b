"""Matches played to their end at a real ``polignac-tui serve`` by the protocol's own client
(``service.client``): each person a ``LobbyClient``, each seat a ``RemoteGameClient``
answering its latest update (the first card, the fewest cards a discard allows, the
first words), every wait bounded."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from polignac_tui.games.choices import CardChoice, CardsChoice
from polignac_tui.service.client import LobbyClient, RemoteGameClient
from polignac_tui.table.gameevents import Act, Ready, Seen

PLAY_LIMIT = 120.0

SHORT: dict[str, dict[str, Any]] = {
    "polignac": {"preset": "classique", "ace_high": False, "sevens_removed": "red",
                 "direction": "counterclockwise", "chelem": "automatic", "generale": False,
                 "play_out": False, "first_trick_penalty": False,
                 "last_trick_penalty": False, "must_discard_jack": False,
                 "jack_guard": False, "end": "points", "limit": 2},
    "ecarte": {"preset": "classique", "target": 2},
    "piquet": {"preset": "cent", "limit": 20},
}


def answer(remote: RemoteGameClient, answered: dict[int, Any]) -> None:
    """``remote``'s seat does what its latest update asks, once per update."""
    update = remote.latest
    if update is None or answered.get(id(remote)) is update or not remote.seats:
        return
    answered[id(remote)] = update
    view, state = update.views[0], update.state
    seat = view.seat
    if seat is None or view.outcome is not None:
        return
    if state.waiting == "hold":
        remote.send(Seen())
    elif state.waiting == "ready" and not state.ready[seat]:
        remote.send(Ready())
    elif view.choice is not None and view.turn == seat:
        choice = view.choice
        if isinstance(choice, CardChoice):
            action = str(choice.cards[0])
        elif isinstance(choice, CardsChoice):
            count = min(max(choice.least, 1), choice.most)
            action = " ".join([choice.verb, *map(str, choice.cards[:count])])
        elif choice.verb is not None:
            action = " ".join([choice.verb, *choice.words])
        else:
            action = choice.words[0]
        remote.send(Act(seat, action))


async def play_out(remotes: list[RemoteGameClient], limit: float = PLAY_LIMIT) -> None:
    """Every seat answers until each one's latest view holds the outcome."""
    answered: dict[int, Any] = {}
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(r.latest is not None and r.latest.views[0].outcome is not None
               for r in remotes):
            return
        for remote in remotes:
            answer(remote, answered)
        await asyncio.sleep(0.01)
    raise AssertionError("the match did not end in time")


async def match(socket: Path, game: str, people: list[tuple[str, str]],
                computers: int = 0, rules: dict[str, Any] | None = None) -> str:
    """A match of ``game`` played to its end by ``people`` ((identity, name), the first
    creates the table) and ``computers`` easy computers, under ``rules`` (else the short
    rules of ``SHORT``); the table's id."""
    clients = [await LobbyClient.connect(socket, identity, name)
               for identity, name in people]
    seats = [{"kind": "you"}] + [{"kind": "open"}] * (len(people) - 1) + \
        [{"kind": "computer", "level": "easy"}] * computers
    first = await clients[0].create("Club night", SHORT[game] if rules is None else rules,
                                    seats, "instant", game)
    remotes = [first]
    for index, client in enumerate(clients[1:], start=1):
        await client.tables()
        remotes.append(await client.sit(first.table, index))
    await clients[0].start(first.table, "easy")
    try:
        await play_out(remotes)
    finally:
        for client in clients:
            client.close()
    return first.table
