"""A table of any game of the house: one session in play, spoken to through the seam.

It holds the session's lock, seats the
computer players, applies actions, deals the next deal from a seed derived from the table
seed, takes an action back, and autosaves after every change. No Textual here.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Self

from ..games import get_game
from ..games.arena import players_of, seeded_players_of
from ..games.base import Event, Settings, View
from ..games.computers import ComputerPlayers, Params
from ..games.session import GameSession, SeatPlayer

if TYPE_CHECKING:
    from ..store.folder import SessionStore
    from ..store.lock import SessionLock


def _seed_for(seed: int, what: str) -> int:
    """A stable seed derived from the table seed (``random.Random(str)`` is deterministic,
    and seeds from the SHA-512 of the text: a derived seed does not give the table seed
    back, so the seeds handed to players never lead to the deals)."""
    return random.Random(f"polignac-tui/{seed}/{what}").getrandbits(63)


def players_module(game: str) -> ComputerPlayers:
    """``game``'s computer players (``choose(view, level, rng) -> str`` and
    ``advise(view, rng) -> (action, reason)``, declared in ``games.computers``), imported
    when first asked."""
    return players_of(game)


class GameTable:
    """One session of any game in play, with its lock held."""

    def __init__(self, store: SessionStore, session: GameSession, lock: Any,
                 seed: int | None = None) -> None:
        self.store = store
        self.session = session
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self._lock = lock
        self._mutex = threading.Lock()
        self._rngs: dict[tuple[int, str], random.Random] = {}
        self.closed = False

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def create(cls, store: SessionStore, game: str, settings: Settings, names: Sequence[str],
               seats: Sequence[SeatPlayer], name: str = "", seed: int | None = None,
               lock: SessionLock | None = None, undo: bool = True,
               served: bool = False) -> Self:
        """A new session of ``game``: id, first dealer drawn, deal 1 dealt, lock, saved.

        Raises:
            RuleError: for players or settings the game refuses.
        """
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        rules = get_game(game)
        first_deal = random.Random(_seed_for(seed, "deal/1"))
        match = rules.new_match(settings, names, first_deal if rules.dealer_from_first_deal
                                else random.Random(_seed_for(seed, "dealer")))
        first_human = next((n for n, s in zip(names, seats, strict=True) if s.human), names[0])
        session_id = lock.id if lock is not None else store.new_id(name, first_human)
        now = datetime.now(UTC).replace(microsecond=0)
        session = GameSession(match, tuple(seats), id=session_id, name=name, created=now,
                              undo_on=undo, served=served)
        if lock is None:
            lock = store.lock(session_id)
        table = cls(store, session, lock, seed)
        table.keep()
        try:
            if rules.dealer_from_first_deal:   # the dealer drawn, then the same stream
                with table._mutex:
                    match.deal(first_deal)
                table.save()
            else:
                table.deal_next()
        except BaseException:
            table.close()
            raise
        return table

    @classmethod
    def open(cls, store: SessionStore, id: str, seed: int | None = None,
             served: bool = False) -> Self:
        """A saved session of any game, its lock taken (raises
        ``SessionLocked``, ``SessionFileError``, and ``PlayedServed`` for a session of the
        table service still in play unless ``served``)."""
        from ..store.errors import PlayedServed
        lock = store.lock(id)
        try:
            session = store.load_game(id)
            if session.served and not served and not session.finished:
                raise PlayedServed(id)
        except BaseException:
            lock.release()
            raise
        session.served = session.served or served
        table = cls(store, session, lock, seed)
        table.keep()
        return table

    def close(self) -> None:
        """Release the lock (the session is already saved). Safe to call twice."""
        if not self.closed:
            self.closed = True
            self._lock.release()

    # -- reading -------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.session.game

    def view(self, seat: int | None) -> View:
        with self._mutex:
            return self.session.match.view(seat)

    def views(self, seats: Sequence[int | None]) -> tuple[View, ...]:
        with self._mutex:
            return self.session.match.views(seats)

    def humans(self) -> list[int]:
        return list(self.session.humans())

    def computer_to_move(self) -> int | None:
        """The computer seat to act now, if any."""
        seat = self.session.match.turn
        if seat is None or self.session.seats[seat].human:
            return None
        return seat

    def _rng(self, seat: int, what: str) -> random.Random:
        key = (seat, what)
        if key not in self._rngs:
            self._rngs[key] = random.Random(_seed_for(self.seed, f"{what}/{seat}"))
        return self._rngs[key]

    def choose(self, seat: int, level: str, view: View) -> str:
        """The action of a computer of ``level`` in ``seat``, from its ``view`` only
        (seeded per seat from the table seed). Thread-safe for one caller at a time."""
        if get_game(self.game).seeded_players:
            seeded = seeded_players_of(self.game)
            return seeded.choose_seeded(view, level, _seed_for(self.seed, f"seat/{seat}"))
        return players_module(self.game).choose(view, level, self._rng(seat, "seat"))

    def think(self) -> str:
        """The action of the computer to move."""
        seat = self.computer_to_move()
        if seat is None:
            raise RuntimeError("no computer player is to move")
        level = self.session.seats[seat].level or "medium"
        return self.choose(seat, level, self.view(seat))

    def hint(self, view: View) -> tuple[str, str, Params]:
        """What the expert would do at ``view``, the reason's code and its details. Slow:
        off the loop. Its seed is derived one way from the table seed (never the deals')."""
        assert view.seat is not None
        if get_game(self.game).seeded_players:
            return seeded_players_of(self.game).advise_seeded(view, _seed_for(self.seed, "hint"))
        action, why = players_module(self.game).advise(view, self._rng(view.seat, "hint"))
        return action, why, ()

    # -- moving forward ------------------------------------------------------------------
    def apply(self, action: str, seat: int | None = None, save: bool = True) -> tuple[Event, ...]:
        """Apply ``action`` of ``seat`` (``RuleError`` propagates and nothing changes),
        then autosave (unless ``save`` is False: the caller saves)."""
        with self._mutex:
            events = self.session.match.apply(action, seat)
        if save:
            self.save()
        return events

    def deal_next(self, save: bool = True) -> tuple[Event, ...]:
        """Deal the next deal (seeded), then autosave (unless ``save`` is False)."""
        number = len(self.session.match.log) + 1
        with self._mutex:
            events = self.session.match.deal(random.Random(_seed_for(self.seed,
                                                                     f"deal/{number}")))
        if save:
            self.save()
        return events

    def can_undo(self, seat: int) -> bool:
        """Undo is offered when it is on in this session, ``seat`` is the only human and has
        an action of the deal in play to take back."""
        session = self.session
        if not session.undo_on or self.humans() != [seat] or session.finished:
            return False
        return session.match.can_take_back(seat)

    def undo(self, seat: int, save: bool = True) -> bool:
        """Take back ``seat``'s last action of the deal in play and every action after it.
        False when there is nothing to undo or another human sits at the table."""
        if not self.can_undo(seat):
            return False
        with self._mutex:
            match = self.session.match.take_back(seat)
            if match is None:
                return False
            self.session.match = match
        if save:
            self.save()
        return True

    def save(self) -> None:
        self.keep()
        self.store.save_game(self.session)

    def keep(self) -> None:
        """Tell a match that keeps them the house's facts about its session (Polignac's
        engine session: who plays each seat, the served mark, the undo setting)."""
        self.session.match.keep(self.session)


__all__ = ["GameTable", "Params", "players_module"]
