"""The service's table of requests: each kind of client message (``protocol.CLIENT_MESSAGES``)
and the function that answers it. Explicit, so that a type checker follows every call."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from . import club_requests as club
from . import lobby_requests as lobby
from . import table_requests as table

if TYPE_CHECKING:
    from .connection import Client
    from .server import Service

Handler: TypeAlias = "Callable[[Service, Client, dict[str, Any], int | None], None]"

HANDLERS: Mapping[str, Handler] = {
    "hello": lobby.hello,
    "tables": lobby.tables,
    "create": lobby.create,
    "sit": lobby.sit,
    "watch": lobby.watch,
    "start": lobby.start,
    "leave": lobby.leave,
    "status": lobby.status,
    "play": table.play,
    "declare": table.declare,
    "act": table.act,
    "seen": table.seen,
    "ready": table.ready,
    "undo": table.undo,
    "hand_over": table.hand_over,
    "hint": table.hint,
    "deals": table.deals,
    "say": table.say,
    "club": club.club,
    "club_player": club.club_player,
    "club_ledger": club.club_ledger,
    "club_hidden": club.club_hidden,
}
BEFORE_HELLO = frozenset({"hello", "status"})
"""The requests a client may send before it said who it is."""
