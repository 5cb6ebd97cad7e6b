"""A session: many deals, the dealer rotating, totals, the end and who pays the cognac.

The session *is* its log (settings, players, and per deal the dealer, the dealt
hands, any générale and the cards played); ``Session`` replays it through
``Deal`` and derives everything else.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from .cards import shuffled_hands
from .deal import Action, Deal
from .errors import RuleError
from .rules import Rules
from .view import SeatView, seat_view

KINDS = ("human", "computer")
LEVELS = ("easy", "medium", "hard", "expert")
MAX_NAME = 24
_SEAT = re.compile(r"\bseat (\d+)\b")


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    kind: str = "human"
    level: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RuleError("a player needs a name", "player")
        if len(self.name) > MAX_NAME or any(not ch.isprintable() for ch in self.name):
            raise RuleError(f"player name {self.name!r} must be at most {MAX_NAME} printable "
                            "characters", "player")
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
                 updated: datetime | None = None) -> None:
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
        self.deals: list[Deal] = []
        self._totals = [0] * len(players)

    # -- construction --------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, players: Sequence[Player], rng: random.Random,
            **meta: object) -> Session:
        """A session with its first dealer drawn at random and the first deal dealt."""
        session = cls(rules, players, **meta)  # type: ignore[arg-type]
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
        dealer = self.next_dealer if self.deals else rng.randrange(self.size)
        hands = shuffled_hands(self.size, self.rules.sevens_removed, rng)
        return self.add_deal(dealer, hands)

    def add_deal(self, dealer: int, hands: Sequence[Sequence[str]]) -> Deal:
        """Start a deal from its log entry (validates the rotation and the hands)."""
        if self.finished:
            raise RuleError("the session is already over", "session_over")
        if self.current is not None:
            raise RuleError(f"deal {len(self.deals)} is not over yet", "deal_in_play")
        expected = self.next_dealer
        if expected is not None and dealer != expected:
            raise RuleError(self.named(f"the dealer should be seat {expected}, the next after "
                                       f"the last dealer, not seat {dealer}"), "dealer")
        try:
            deal = Deal(self.rules, self.size, dealer, hands)
        except RuleError as error:
            raise RuleError(self.named(error.message), error.rule) from None
        self.deals.append(deal)
        return deal

    # -- play ----------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply one action to the deal in play, or raise ``RuleError``."""
        deal = self.current
        if deal is None:
            if self.finished:
                raise RuleError("the session is over: no more cards are played", "session_over")
            raise RuleError("no deal is in play: the next deal must be dealt first",
                            "no_deal")
        if not 0 <= action.seat < self.size:
            raise RuleError(f"seat {action.seat} is not at this table", "seat")
        try:
            deal.apply(action)
        except RuleError as error:
            raise RuleError(self.named(error.message), error.rule) from None
        if deal.over:
            for seat, p in enumerate(deal.points() or ()):
                self._totals[seat] += p

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
    def deals_left(self) -> int | None:
        """Deals still to play when the session ends after a number of deals."""
        if self.rules.end != "deals":
            return None
        return max(0, self.rules.limit - self.finished_deals)

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
