"""The requests at a table in play (docs/protocol.md): the actions (``act`` and its
synonyms ``play`` and ``declare``), ``seen``, ``ready``, ``undo``, ``hand_over``, ``hint``,
the finished ``deals``; and ``say``, a line of talk to the speaker's room."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..games import get_game
from ..games.actions import parse_action
from ..games.base import DealLog as DealLogEntry
from ..games.base import RuleError as GameRuleError
from ..games.session import GameSession
from ..store.gamefile import dumps as dumps_game
from ..table.gameevents import Act, GameCommand, HandOver, Ready, Seen, Undo
from . import gamewire, protocol
from .broadcast import LOBBY_BACKLOG
from .protocol import ProtocolError
from .thinker import has_players

if TYPE_CHECKING:
    from .connection import Client
    from .server import Service


def _command(client: Client, command: GameCommand) -> None:
    """``command`` to the table ``client`` sits at."""
    connection = client.connection
    if connection is None:
        raise ProtocolError("not_seated", "you are not at a table in play")
    client.sending = True
    client.action_at = time.perf_counter() if isinstance(command, Act) else None
    try:
        connection.send(command)
    finally:
        client.sending = False
        client.action_at = None

def play(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """A card: ``act`` with the card (a synonym, at a table of any game)."""
    _act(client, message["seat"], message["card"], "play")

def declare(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """``act`` with ``declare`` or ``pass`` (a synonym, where the game has them)."""
    _act(client, message["seat"], "declare" if message["declare"] else "pass",
              "declare")

def act(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """Any action as its text: a card, a word (``declare``, ``pass``, ``propose``)."""
    _act(client, message["seat"], message["action"], "act")

def _act(client: Client, seat: int, text: str, kind: str) -> None:
    """``text`` as ``seat``'s action, refused at once when the table's game has no
    action of its kind (another game's words)."""
    served = client.table
    if served is not None and client.connection is not None:
        game = get_game(served.game)
        try:
            action = parse_action(text)
        except GameRuleError as error:
            raise ProtocolError("bad_field", f"act.action: {error.message}") from None
        if not game.speaks(action) or (kind == "declare" and served.game != protocol.GAME):
            if kind != "act":
                raise ProtocolError("not_allowed", f"that is not a command at a table "
                                    f"of {game.title}: send act with the action")
            raise ProtocolError("bad_field", f"act.action: {text!r} is not an action at "
                                f"a table of {game.title}")
    _command(client, Act(seat, text))

def seen(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    _command(client, Seen())

def ready(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    _command(client, Ready())

def undo(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    _command(client, Undo(message["seat"]))

def hand_over(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    served = client.table
    if served is not None and served.game_runner is not None \
            and not has_players(served.game):
        raise ProtocolError("not_allowed", f"this service has no computer players for "
                            f"{get_game(served.game).title} yet: nobody can stand in",
                            params=(("game", served.game),))
    _command(client, HandOver(message["seat"]))

def hint(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    connection = client.connection
    if connection is None:
        raise ProtocolError("not_seated", "you are not at a table in play")
    seat = message["seat"]
    if seat not in connection.seats:
        raise ProtocolError("not_allowed", f"seat {seat} is not yours")
    asked = (client.table.id if client.table is not None else "", seat)
    if asked in client.hinting:
        # One hint in flight per seat: a key pressed twice, or a flood. Not counted
        # against the player (no error of theirs), and nothing more is computed.
        client.send(protocol.error("busy", "a hint is already on its way", id_))
        return
    client.hinting.add(asked)

    async def answer() -> None:
        hint: dict[str, Any] | None
        try:
            hint = gamewire.hint_to_json(await connection.hint(seat))
        finally:
            client.hinting.discard(asked)
        service.reply(client, {"type": "hint", "hint": hint}, id_)
    client.spawn(answer())

def deals(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """The session file of the table's finished deals, for a replay: every hand of them,
    never a card of the deal in play. Seated players and watchers alike."""
    served = client.table
    if served is None or client.connection is None or not served.in_play:
        raise ProtocolError("not_seated", "you are not at a table in play")
    # The log is taken now, in the loop, from the deals that are over now: a later
    # command (an undo that reopens the last deal) cannot slip the deal in play in.
    assert served.game_table is not None
    game_session, log = _finished_game_log(served.game_table.session)
    write: Callable[[], str] = functools.partial(dumps_game, game_session)
    count = len(log)

    async def answer() -> None:
        cached = served.deals_file
        if cached is None or cached[0] != log:
            text = await asyncio.to_thread(write)
            cached = served.deals_file = (log, text)
        reply = {"type": "deals", "id": id_, "session": cached[1]} if id_ is not None \
            else {"type": "deals", "session": cached[1]}
        data = protocol.encode(reply)
        if len(data) > protocol.MAX_DEALS_REPLY:
            # Not the player's error: not counted against them.
            client.send(protocol.error(
                "too_large", f"the {count} finished deals are too long to send "
                f"(over {protocol.MAX_DEALS_REPLY // 1024} KiB)", id_))
            return
        client.send_bytes(data)
    client.spawn(answer())

# -- talk ------------------------------------------------------------------------------------
def say(service: Service, client: Client, message: dict[str, Any], id_: int | None) -> None:
    """A line of talk to everyone in the speaker's room: the table in play they sit at
    or watch, else the lobby. Never stored; 5 lines in 10 s per client at most."""
    text = message["text"]
    problem = protocol.say_problem(text)
    if problem is not None:
        raise problem
    now = service.clock()
    said_at = client.said_at
    if len(said_at) == said_at.maxlen and now - said_at[0] < protocol.SAY_SECONDS:
        lines, seconds = protocol.SAY_LINES, round(protocol.SAY_SECONDS)
        raise ProtocolError("say_too_fast", f"at most {lines} lines in {seconds} seconds: "
                            "wait a moment", params=(("count", lines),
                                                     ("seconds", seconds)))
    said_at.append(now)
    served = client.table if client.connection is not None else None
    if served is not None:
        room = [m for m in served.members if m.connection is not None]
    else:
        room = [c for c in service.clients if c.identity is not None and c.connection is None]
    line = protocol.said(client.name, client.seat if served is not None else None, text,
                         served.id if served is not None else None)
    data = protocol.encode(line)
    for other in room:
        # a line is of the moment: one who has not read what they were sent skips it
        if other is not client and other.backlog() <= LOBBY_BACKLOG:
            other.send_bytes(data)
    service.reply(client, line, id_)      # the speaker's own line, as the others have it


def _finished_game_log(session: GameSession) -> tuple[GameSession, tuple[DealLogEntry, ...]]:
    """What a replay of the deals of a game over now needs, copied in the loop: the session
    of the deals that are over (its own match, so the thread writes it alone) and their log."""
    copy = session.match.finished_deals()
    return GameSession(copy, session.seats, id=session.id, name=session.name,
                       created=session.created, updated=session.updated,
                       undo_on=session.undo_on), tuple(copy.log)


