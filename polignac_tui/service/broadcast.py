"""What the lobby is told: each client not at a table in play hears of the tables that
changed (``tables_changed``, gathered ``LOBBY_DELAY`` seconds), or the whole list when it
missed some; a slow reader never has lists piled up for it."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from .tables import ServedTable

if TYPE_CHECKING:
    from .connection import Client
    from .server import Service

LOBBY_DELAY = 0.1                  # seconds: lobby updates are gathered this long
LOBBY_BACKLOG = 64 * 1024          # bytes unread by a client before it skips a lobby list


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class LobbyNews:
    """The lobby's news of the service's tables."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.timer: asyncio.TimerHandle | None = None
        self.dirty: set[str] = set()     # tables changed (or gone) since last sent

    def table_changed(self, served: ServedTable, force: bool = False) -> None:
        """Something the lobby shows of ``served`` may have changed (``force``: a request
        about it, which also counts as touching it)."""
        if force:
            served.touched = self.service.clock()
        if served.observe() or force:
            if served.state == "playing" and served.finished:
                served.state = "finished"
                self.service.save_state()
            self.dirty.add(served.id)
            self.changed()

    def gone(self, table_id: str) -> None:
        """The table ``table_id`` is closed: the lobby is told."""
        self.dirty.add(table_id)
        self.changed()

    def changed(self) -> None:
        if self.timer is None and not self.service.closed:
            self.timer = asyncio.get_running_loop().call_later(LOBBY_DELAY, self.send)

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def send(self) -> None:
        """Tell the lobby what changed: each client not at a table in play is sent the
        tables changed since it was last told (``tables_changed``: their entries, and the
        ids of those gone), or the whole list when it missed some."""
        self.timer = None
        dirty, self.dirty = self.dirty, set()
        tables = self.service.tables
        lobby: list[Client] = []
        for client in self.service.clients:
            if client.identity is None:
                continue
            if client.connection is not None:       # at a table in play: a list on leaving
                client.lobby_stale = True
                client.lobby_pending.clear()
                continue
            if client.lobby_stale:                  # a whole list comes: no changes kept
                client.lobby_pending.clear()
            else:
                client.lobby_pending |= dirty
            if client.lobby_pending or client.lobby_stale:
                lobby.append(client)
        # a client still reading what it was sent gets the changes later, in one list: they
        # never pile up for a slow reader
        behind = [c for c in lobby if c.backlog() > LOBBY_BACKLOG]
        for client in behind:
            client.lobby_stale = True
            client.lobby_pending.clear()
        if behind:
            self.changed()
        shared: dict[str, str] = {}        # each table's entry encoded once

        def entry(served: ServedTable, client: Client) -> str:
            if served.seat_of(client.identity, client.name) is not None:
                return _json(served.info(client.identity, client.name))   # "yours" in it
            text = shared.get(served.id)
            if text is None:
                text = shared[served.id] = _json(served.info(None))
            return text
        for client in lobby:
            if client.backlog() > LOBBY_BACKLOG:
                continue
            if client.lobby_stale:
                self.send_list(client)
                continue
            ids = sorted(client.lobby_pending)
            client.lobby_pending.clear()
            changed = [entry(tables[i], client) for i in ids if i in tables]
            gone = [_json(i) for i in ids if i not in tables]
            client.send_bytes(b'{"type":"tables_changed","tables":[' + ",".join(changed).encode()
                              + b'],"gone":[' + ",".join(gone).encode() + b"]}\n")
        finished = [t for t in tables.values() if t.state == "finished" and not t.members]
        for served in finished:
            del tables[served.id]
            self.service.close_table(served)
            self.dirty.add(served.id)
        if finished:
            self.changed()

    def send_list(self, client: Client, id_: int | None = None) -> None:
        """The whole list of tables to ``client`` (what it missed is in it)."""
        client.lobby_pending.clear()
        client.lobby_stale = False
        self.service.reply(client, {"type": "tables", "tables": self.infos(client)}, id_)

    def infos(self, client: Client) -> list[dict[str, Any]]:
        return [t.info(client.identity, client.name)
                for t in sorted(self.service.tables.values(), key=lambda t: t.id)]
