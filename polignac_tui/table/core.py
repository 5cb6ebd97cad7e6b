"""The table: runs one session, asks the computer players, applies actions, autosaves.

No Textual here: a screen, a test or (later) a remote seat drive a ``Table`` the
same way. The session log is the truth; every action and every new deal is
saved at once (atomic TOML through the store), so quitting never loses a card.
"""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..games.polignac.engine import Action, Player, Rules, SeatView, Session

if TYPE_CHECKING:
    from ..games.polignac.players import Hint
    from ..store.folder import SessionStore
    from ..store.lock import SessionLock


class ComputerPlayer(Protocol):
    def choose(self, view: SeatView) -> Action: ...


def _seed_for(seed: int, what: str) -> int:
    """A stable seed derived from the table seed (``random.Random(str)`` is deterministic,
    and seeds from the SHA-512 of the text: a derived seed does not give the table seed
    back, so the seeds handed to players never lead to the deals)."""
    return random.Random(f"polignac-tui/{seed}/{what}").getrandbits(63)


class Table:
    """One session in play, with its lock held and its computer players seated."""

    def __init__(self, store: SessionStore, session: Session, lock: Any,
                 seed: int | None = None) -> None:
        self.store = store
        self.session = session
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self._lock = lock
        self._mutex = threading.Lock()
        self._players: dict[tuple[int, str], ComputerPlayer] = {}
        self.closed = False

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def create(cls, store: SessionStore, rules: Rules, players: list[Player], name: str = "",
               seed: int | None = None, lock: SessionLock | None = None,
               undo: bool = True, served: bool = False) -> Self:
        """A new session: id, first dealer drawn, deal 1 dealt, lock taken, saved.
        ``undo``: may a lone player take back a card (the session's setting).

        ``lock``: the lock of an id reserved beforehand (the service's waiting tables);
        the session takes that id and keeps the lock. ``served``: a session of the table
        service, marked so in its file (never resumed as a local one)."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        first_human = next((p.name for p in players if p.is_human), players[0].name)
        session_id = lock.id if lock is not None else store.new_id(name, first_human)
        now = datetime.now(UTC).replace(microsecond=0)
        session = Session.new(rules, players, random.Random(_seed_for(seed, "deal/1")),
                              id=session_id, name=name, created=now, undo=undo,
                              served=served)
        if lock is None:
            lock = store.lock(session_id)
        table = cls(store, session, lock, seed)
        try:
            table.save()
        except BaseException:
            table.close()
            raise
        return table

    @classmethod
    def open(cls, store: SessionStore, id: str, seed: int | None = None,
             served: bool = False) -> Self:
        """A saved session, its lock taken (raises ``SessionLocked`` / ``SessionFileError``;
        ``PlayedServed`` for a session of the table service still in play, unless
        ``served``: the service opening its own, marked so from its next save if its file
        did not say it yet)."""
        from ..store.errors import PlayedServed
        lock = store.lock(id)
        try:
            session = store.load(id)
            if session.served and not served and not session.finished:
                raise PlayedServed(id)
        except BaseException:
            lock.release()
            raise
        session.served = session.served or served
        return cls(store, session, lock, seed)

    def close(self) -> None:
        """Release the lock (the session is already saved). Safe to call twice."""
        if not self.closed:
            self.closed = True
            self._lock.release()

    # -- reading -------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        with self._mutex:
            return self.session.view(seat)

    def humans(self) -> list[int]:
        return [s for s, p in enumerate(self.session.players) if p.is_human]

    def computer_to_move(self) -> int | None:
        """The computer seat to act now (declare or play), if any."""
        seat = self.session.turn
        if seat is None or self.session.players[seat].is_human:
            return None
        return seat

    def player(self, seat: int, level: str | None = None) -> ComputerPlayer:
        """The computer player in ``seat`` (made once per level, seeded by a seed derived
        from the table seed and the seat; ``level`` for a computer standing in for an
        absent human)."""
        level = level or self.session.players[seat].level or "medium"
        key = (seat, level)
        if key not in self._players:
            from ..games.polignac.players import make_player
            self._players[key] = make_player(level, _seed_for(self.seed, f"seat/{seat}"))
        return self._players[key]

    def think(self) -> Action:
        """The action of the computer to move; reads only its ``SeatView``. Thread-safe."""
        seat = self.computer_to_move()
        if seat is None:
            raise RuntimeError("no computer player is to move")
        view = self.view(seat)
        return self.player(seat).choose(view)

    def hint(self, view: SeatView) -> Hint:
        """What the expert would do in ``view`` (the card and why). Slow: call it off the
        event loop. Its seed is derived one way from the table seed: never the seed of the
        deals, which no seat may reach."""
        from ..games.polignac.players import hint
        return hint(view, _seed_for(self.seed, "hint"))

    # -- moving forward ------------------------------------------------------------------
    def apply(self, action: Action, save: bool = True) -> None:
        """Apply ``action`` (``RuleError`` propagates and nothing is saved), then autosave
        (unless ``save`` is False: the caller saves)."""
        with self._mutex:
            self.session.apply(action)
        if save:
            self.save()

    def deal_next(self, save: bool = True) -> None:
        """Deal the next deal (seeded), then autosave (unless ``save`` is False)."""
        number = len(self.session.deals) + 1
        with self._mutex:
            self.session.deal_next(random.Random(_seed_for(self.seed, f"deal/{number}")))
        if save:
            self.save()

    def can_undo(self, seat: int) -> bool:
        """Undo is offered when it is on in this session, ``seat`` is the only human and
        has a card to take back."""
        return self.humans() == [seat] and self.session.can_undo(seat)

    def undo(self, seat: int, save: bool = True) -> bool:
        """Take back ``seat``'s last card of the last deal and every action after it
        (the engine's history; the deal's ``undos`` counted in the log). False when
        there is nothing to undo or another human sits at the table."""
        if self.humans() != [seat]:
            return False
        with self._mutex:
            taken = self.session.undo(seat)
        if taken is None:
            return False
        if save:
            self.save()
        return True

    def save(self) -> None:
        self.store.save(self.session)

