"""What the service remembers across restarts, beyond the session files.

Per table: its id and name, its game, whether it waits (seats being taken) or is in play, its
creator, its pace, its seed (computers' and deals' seeds derive from it), the
hand-over delay, its rules while it waits, and every seat with the identity bound
to it. One JSON file, ``state.json`` in the service folder, written atomically
(temporary file, fsync, rename) after every change of these (never of the play
itself: the session file is the truth of the play).
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..games import FIRST_GAME, game_names
from ..store.atomic import write_atomic

FORMAT = 1
STATE_FILE = "state.json"


@dataclass
class SeatRecord:
    kind: str                        # "human" | "computer" | "open" (not taken yet)
    name: str = ""
    level: str | None = None
    identity: str | None = None      # the identity bound to a human seat


@dataclass
class TableRecord:
    table: str
    name: str
    state: str                       # "waiting" | "playing"
    creator: str                     # the creator's identity
    creator_name: str
    pace: str
    seed: int
    hand_over_after: float
    seats: list[SeatRecord]
    rules: dict[str, Any] = field(default_factory=dict)   # while waiting
    game: str = FIRST_GAME           # the game played (``games.game_names``)


class StateError(ValueError):
    """``state.json`` cannot be read; ``str()`` is one line."""


def _record(data: Any) -> TableRecord:
    if not isinstance(data, dict):
        raise StateError("a table is not an object")
    try:
        seats = [SeatRecord(**s) for s in data["seats"]]
        values = {k: v for k, v in data.items() if k != "seats"}
        record = TableRecord(seats=seats, **values)
    except (KeyError, TypeError) as error:
        raise StateError(f"a table record is incomplete: {error}") from None
    if record.state not in ("waiting", "playing") or not isinstance(record.table, str):
        raise StateError(f"table {record.table!r}: unknown state {record.state!r}")
    if not isinstance(record.game, str) or record.game not in game_names():
        raise StateError(f"table {record.table}: unknown game {str(record.game)[:40]!r}")
    if isinstance(record.seed, bool) or not isinstance(record.seed, int):
        raise StateError(f"table {record.table}: the seed is not a whole number")
    return record


def _plain(record: TableRecord) -> dict[str, Any]:
    """``record`` as JSON-ready values (quicker than ``dataclasses.asdict``)."""
    return {"table": record.table, "name": record.name, "state": record.state,
            "creator": record.creator, "creator_name": record.creator_name,
            "pace": record.pace, "seed": record.seed, "hand_over_after": record.hand_over_after,
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level,
                       "identity": s.identity} for s in record.seats],
            "rules": dict(record.rules),
            # only for another game: a first game's table's record reads as before
            **({"game": record.game} if record.game != FIRST_GAME else {})}


class ServiceState:
    """``state.json``: read at start, rewritten whole after every change."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / STATE_FILE

    def prepare(self) -> None:
        """The folder exists, private (0700)."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(OSError):
            os.chmod(self.folder, 0o700)

    def load(self) -> list[TableRecord]:
        """The tables remembered (none the first time). A damaged file is moved aside to
        ``state.json.damaged`` (never deleted) and ``StateError`` says so."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise StateError(f"not a format {FORMAT} service state")
            tables = data.get("tables")
            if not isinstance(tables, list):
                raise StateError("no list of tables")
            return [_record(t) for t in tables]
        except (ValueError, StateError) as error:
            aside = self.path.with_name(STATE_FILE + ".damaged")
            with contextlib.suppress(OSError):
                os.replace(self.path, aside)
            raise StateError(f"{self.path} could not be read ({error}); it was moved to "
                             f"{aside} and the service starts without it") from None

    def save(self, records: list[TableRecord]) -> None:
        data = {"format": FORMAT, "tables": [_plain(r) for r in records]}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
        self.prepare()
        write_atomic(self.path, text.encode("utf-8"), durable=True)
        with contextlib.suppress(OSError):
            os.chmod(self.path, 0o600)
