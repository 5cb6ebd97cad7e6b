"""A session: many deals, the dealer rotating, totals, the end and who pays the cognac.

The session *is* its log (settings, players, and per deal the dealer, the dealt
hands, any générale and the cards played); ``Session`` replays it through
``Deal`` and derives everything else. It moves along its log both ways:
``apply`` records an action in the deal in play, ``pop`` / ``rewind`` / ``undo``
take actions back by replaying the last deal from its dealt hands, and
``replay_deal`` adds a whole deal from its log entry (the file format's way in).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ...namewords import MAX_NAME as MAX_NAME  # (the limit, known here as ever)
from ...namewords import name_problem, quoted
from .cards import Card, shuffled_hands
from .deal import Action, Deal, Declare, Happening, Play
from .errors import ReplayError, RuleError
from .happenings import SessionEnded
from .names import KINDS, LEVELS, Level, PlayerKind
from .rules import Rules
from .view import SeatView, seat_view

_SEAT = re.compile(r"\bseat (\d+)\b")


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    kind: PlayerKind = "human"
    level: Level | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RuleError("a player needs a name", "player")
        problem = name_problem(self.name)     # every game's one rule for names
        if problem is not None:
            raise RuleError(f"player name {quoted(self.name)} {problem}", "player")
        if self.kind not in KINDS:
            raise RuleError(f"player {self.name}: kind {self.kind!r} is not human or computer",
                            "player")
        if self.kind == "computer" and self.level not in LEVELS:
            raise RuleError(f"player {self.name}: level {self.level!r} is not one of "
                            f"{', '.join(LEVELS)}", "player")
        if self.kind == "human" and self.level is not None:
            raise RuleError(f"player {self.name}: only computer players have a level", "player")

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


class Session:
    """Settings, players in the order of play, and the deals so far."""

    def __init__(self, rules: Rules, players: Sequence[Player], *, id: str = "",
                 name: str = "", created: datetime | None = None,
                 updated: datetime | None = None, undo: bool = True,
                 served: bool = False) -> None:
        if not 3 <= len(players) <= 8:
            raise RuleError(f"Polignac is played by 3 to 8 players, not {len(players)}",
                            "players")
        names = [p.name.strip().casefold() for p in players]
        for i, n in enumerate(names):
            if n in names[:i]:
                raise RuleError(f"two players are named {players[i].name!r}", "players")
        self.rules = rules
        self.players: tuple[Player, ...] = tuple(players)
        self.id = id
        self.name = name
        self.created = created
        self.updated = updated
        # May a lone player take back a card? Chosen in New session; a win with undos
        # is counted apart from a clean win (``Deal.undos``).
        self.undo_on = undo
        # Played at a served table (``polignac-tui serve``): only the service opens it.
        self.served = served
        self.deals: list[Deal] = []
        self._totals = [0] * len(players)

    # -- construction --------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, players: Sequence[Player], rng: random.Random, *,
            id: str = "", name: str = "", created: datetime | None = None,
            updated: datetime | None = None, undo: bool = True,
            served: bool = False) -> Session:
        """A session with its first dealer drawn at random and the first deal dealt."""
        session = cls(rules, players, id=id, name=name, created=created, updated=updated,
                      undo=undo, served=served)
        session.deal_next(rng)
        return session

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def current(self) -> Deal | None:
        """The deal in play (None between deals or once the session is over)."""
        if self.deals and not self.deals[-1].over:
            return self.deals[-1]
        return None

    @property
    def next_dealer(self) -> int | None:
        if not self.deals:
            return None
        return (self.deals[-1].dealer + 1) % self.size

    @property
    def needs_deal(self) -> bool:
        """True when the previous deal is over and the session goes on."""
        return self.current is None and not self.finished

    def deal_next(self, rng: random.Random) -> Deal:
        """Shuffle and deal the next deal (the first dealer is drawn with ``rng``)."""
        dealer = self.next_dealer
        if dealer is None:
            dealer = rng.randrange(self.size)
        hands = shuffled_hands(self.size, self.rules.sevens_removed, rng)
        return self.add_deal(dealer, hands)

    def add_deal(self, dealer: int, hands: Sequence[Sequence[Card]]) -> Deal:
        """Start a deal from its log entry (validates the rotation and the hands)."""
        deal = self._next_deal(dealer, hands)
        self.deals.append(deal)
        return deal

    def replay_deal(self, dealer: int, hands: Sequence[Sequence[Card]],
                    plays: Sequence[Card] = (), *, declarer: int | None = None,
                    passed: int | None = None, undos: int = 0) -> Deal:
        """Add a deal from its log entry and replay it.

        The entry is who dealt, the dealt hands, la générale (``declarer``, who
        declared, or how many seats ``passed``; with neither, everyone passed if a
        card was played), the cards played in order (each by the seat whose turn it
        was) and the ``undos`` counted. Raises ``ReplayError`` naming the card for a
        card the rules refuse, else ``RuleError``; the session is then unchanged.
        """
        deal = self._next_deal(dealer, hands)
        try:
            deal.undos = undos
            self._replay_generale(deal, declarer, passed, bool(plays))
        except RuleError as error:
            raise RuleError(self.named(error.message), error.rule, error.params) from None
        for number, card in enumerate(plays, start=1):
            if deal.over:
                raise ReplayError("played after the deal was over", "deal_over", number, card,
                                  None)
            seat = deal.turn
            if seat is None or deal.phase != "play":
                raise ReplayError("played before everyone was asked about la générale",
                                  "generale_pending", number, card, None)
            try:
                deal.apply(Play(seat, card))
            except RuleError as error:
                raise ReplayError(self.named(error.message), error.rule, number, card,
                                  seat) from None
        self.deals.append(deal)
        self._count(deal, +1)
        return deal

    def _replay_generale(self, deal: Deal, declarer: int | None, passed: int | None,
                         played: bool) -> None:
        if declarer is not None:
            if not 0 <= declarer < self.size:
                raise RuleError(f"générale by seat {declarer}, who is not at this table "
                                f"(seats are 0 to {self.size - 1})", "seat")
            while (seat := deal.asking) is not None and seat != declarer:
                deal.apply(Declare(seat, False))
            deal.apply(Declare(declarer, True))
            return
        if not self.rules.generale and not passed:
            return
        count = passed if passed is not None else (self.size if played else 0)
        if not 0 <= count <= self.size:
            raise RuleError(f"passed = {count}: between 0 and {self.size} players pass on "
                            "la générale", "passed")
        for _ in range(count):
            seat = deal.asking
            if seat is None:
                raise RuleError("la générale is not played in this session", "generale_off")
            deal.apply(Declare(seat, False))

    def _next_deal(self, dealer: int, hands: Sequence[Sequence[Card]]) -> Deal:
        """The next deal, validated but not yet added."""
        if self.finished:
            raise RuleError("the session is already over", "session_over")
        if self.current is not None:
            raise RuleError(f"deal {len(self.deals)} is not over yet", "deal_in_play")
        expected = self.next_dealer
        if expected is not None and dealer != expected:
            raise RuleError(self.named(f"the dealer should be seat {expected}, the next after "
                                       f"the last dealer, not seat {dealer}"), "dealer")
        try:
            return Deal(self.rules, self.size, dealer, hands)
        except RuleError as error:
            raise RuleError(self.named(error.message), error.rule, error.params) from None

    def _count(self, deal: Deal, sign: int) -> None:
        """Add (``sign`` 1) or take back (-1) the points of ``deal`` in the totals."""
        for seat, p in enumerate(deal.points() or ()):
            self._totals[seat] += sign * p

    # -- play ----------------------------------------------------------------------
    def apply(self, action: Action) -> tuple[Happening, ...]:
        """Apply one action to the deal in play, or raise ``RuleError``.

        Returns what happened, in order (``Deal.apply``'s), then ``SessionEnded`` when
        the deal's points ended the session.
        """
        deal = self.current
        if deal is None:
            if self.finished:
                raise RuleError("the session is over: no more cards are played", "session_over")
            raise RuleError("no deal is in play: the next deal must be dealt first",
                            "no_deal")
        if not 0 <= action.seat < self.size:
            raise RuleError(f"seat {action.seat} is not at this table", "seat")
        try:
            happened = deal.apply(action)
        except RuleError as error:
            raise RuleError(self.named(error.message), error.rule, error.params) from None
        self._count(deal, +1)
        if not deal.over or not self.finished:
            return happened
        return (*happened, SessionEnded(tuple(self.winners), tuple(self.losers)))

    # -- history: taking actions back --------------------------------------------------
    def rewind(self, length: int) -> list[Action]:
        """Keep the first ``length`` actions of the last deal and take back the others.

        The deal is replayed from its dealt hands; if it was over (or had ended the
        session) it is in play again and the totals go back. Returns the actions
        taken back, in order. ``IndexError`` without a deal or for a bad ``length``.
        """
        if not self.deals:
            raise IndexError("no deal to take actions back from")
        deal = self.deals[-1]
        self._count(deal, -1)
        try:
            return deal.rewind(length)
        finally:
            self._count(deal, +1)

    def named(self, text: str) -> str:
        """``text`` with every ``seat N`` replaced by that player's name."""
        return _SEAT.sub(lambda m: self.players[int(m.group(1))].name
                         if int(m.group(1)) < self.size else m.group(0), text)

    @property
    def turn(self) -> int | None:
        deal = self.current
        return deal.turn if deal else None

    # -- scores and the end ------------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        """Points of every seat over the finished deals."""
        return list(self._totals)

    @property
    def finished_deals(self) -> int:
        return sum(1 for d in self.deals if d.over)

    @property
    def finished(self) -> bool:
        if self.rules.end == "points":
            return max(self._totals) >= self.rules.limit
        return self.finished_deals >= self.rules.limit

    @property
    def losers(self) -> list[int]:
        """The seats that pay the cognac (the highest total, ties all lose)."""
        if not self.finished:
            return []
        worst = max(self._totals)
        return [s for s, t in enumerate(self._totals) if t == worst]

    @property
    def winners(self) -> list[int]:
        """Point limit: everyone but the losers. Number of deals: the lowest total."""
        if not self.finished:
            return []
        losers = set(self.losers)
        if self.rules.end == "points":
            return [s for s in range(self.size) if s not in losers]
        rest = [t for s, t in enumerate(self._totals) if s not in losers]
        if not rest:
            return []
        best = min(rest)
        return [s for s, t in enumerate(self._totals) if t == best and s not in losers]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see, and nothing more."""
        return seat_view(self, seat)
