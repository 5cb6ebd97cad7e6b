"""A match over before its first card still enters the club's book with each seat's
identity (found by play-testing at a real ``serve``: an Écarté game to 1 point won by the
king turned up never had its seats written, so the host's book and the lobby's lacked
it, and ``polignac-tui club`` then split its players from their own identities)."""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path

from service.lobbytools import running_service

from polignac_tui.club.journal import SeatsFile
from polignac_tui.service.paths import service_folder
from polignac_tui.store.folder import default_root

from .play import match
from .test_served_book import ANNA, BRUNO, until_in_book

TO_ONE = {"preset": "classique", "target": 1}
TRIES = 80        # a king is turned up one deal in eight: (7/8)**80 < 0.0001 to miss it


def ended_on_the_turn_up(table: str) -> bool:
    """Whether ``table``'s match ended before a card was played (its turned-up king)."""
    path = default_root() / f"{table}.toml"
    deals = tomllib.loads(path.read_text(encoding="utf-8"))["deals"]
    return len(deals) == 1 and deals[0]["actions"] == [] and deals[0]["turnup"][0] == "K"


def test_a_match_won_by_the_king_turned_up_enters_the_book(tmp_path: Path) -> None:
    with running_service(tmp_path) as service:
        found = None
        for _ in range(TRIES):
            table = asyncio.run(match(service.socket, "ecarte", [ANNA, BRUNO],
                                      rules=TO_ONE))
            if ended_on_the_turn_up(table):
                found = table
                break
        assert found is not None, "no game of Écarté was won by the king turned up"
        kept = until_in_book(found)
    (entered,) = [m for m in kept.matches() if m.session == found]
    assert [(s.identity, s.name) for s in entered.seats] == [ANNA, BRUNO]
    assert found in SeatsFile(service_folder()).read()
    assert "club" not in service.log.read_text()
