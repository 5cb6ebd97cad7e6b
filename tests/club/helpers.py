"""Finished served sessions made in-process (no service): an Écarté game that seed 5 ends
at once (the king turned up for the seat that does not deal wins it, 1 to 0: a treble),
and the seats ``serve`` would have written for it."""

from __future__ import annotations

from pathlib import Path

from polignac_tui.club.book import ClubBook
from polignac_tui.club.journal import SeatLine, SeatsFile
from polignac_tui.games import get_game
from polignac_tui.games.session import SeatPlayer
from polignac_tui.service.paths import service_folder
from polignac_tui.store import SessionStore
from polignac_tui.table.gametable import GameTable

IDENTITIES = {"Anna": "ssh:SHA256:AAAAannaKEY", "Bruno": "ssh:SHA256:BBBBbrunoKEY",
              "Carla": "web:Carla#1234", "Dario": "ssh:SHA256:DDDDdarioKEY"}


def served_ecarte(loser: str, winner: str, store: SessionStore | None = None,
                  seats: bool = True) -> str:
    """A finished served Écarté game that ``winner`` won from ``loser`` (3 ices); its id."""
    store = store or SessionStore()
    table = GameTable.create(store, "ecarte", get_game("ecarte").settings(
        "classique", {"target": 1}), [loser, winner], [SeatPlayer(True), SeatPlayer(True)], seed=5,
        served=True)
    try:
        session = table.session
        assert session.finished and session.match.outcome is not None
        assert session.match.outcome.winners == (1,)
    finally:
        table.close()
    if seats:
        SeatsFile(service_folder()).append(session.id, [
            SeatLine("human", name, None, IDENTITIES[name]) for name in (loser, winner)])
    return session.id


def club_book(log: list[str] | None = None) -> ClubBook:
    return ClubBook.open(service_folder(), None, log.append if log is not None else None)


def data_folder() -> Path:
    return service_folder().parent
