"""What one seat (or a watcher) may see: a frame every game shares, the game's own
part in JSON form, and the outcome of a finished match."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .cards import Card
from .choices import Choice, choice_from_json, choice_to_json
from .jsonform import JSON, read_dict, read_int, read_ints, read_list, read_str, read_strs


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished match: who won, who lost (both empty for a draw), and its value."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    totals: tuple[int, ...]
    value: int | None = None

    def to_json(self) -> dict[str, JSON]:
        return {"winners": list(self.winners), "losers": list(self.losers),
                "totals": list(self.totals), "value": self.value}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Outcome:
        value = data["value"]
        return cls(read_ints(data["winners"]), read_ints(data["losers"]), read_ints(data["totals"]),
                   None if value is None else read_int(value))


@dataclass(frozen=True, slots=True)
class Gathered:
    """A trick of the deal: who led, its cards in order of play, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def by_seat(self, players: int) -> dict[int, Card]:
        return {(self.leader + i) % players: c for i, c in enumerate(self.cards)}

    def to_json(self) -> dict[str, JSON]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Gathered:
        return cls(read_int(data["leader"]), read_strs(data["cards"]), read_int(data["winner"]))


@dataclass(frozen=True, slots=True)
class DealPoints:
    """A deal of the match: its dealer and each seat's points (None: the deal in play)."""

    dealer: int | None
    points: tuple[int, ...] | None

    def to_json(self) -> dict[str, JSON]:
        return {"dealer": self.dealer,
                "points": None if self.points is None else list(self.points)}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> DealPoints:
        dealer, points = data["dealer"], data["points"]
        return cls(None if dealer is None else read_int(dealer),
                   None if points is None else read_ints(points))


def finished(deals: tuple[DealPoints, ...]) -> list[int]:
    """The numbers (1-based) of the finished deals among ``deals``."""
    return [n for n, deal in enumerate(deals, start=1) if deal.points is not None]


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see (``seat`` None and ``watching``: a watcher sees no hand).

    ``totals`` include the points already scored in the deal in play, those this seat
    has been told (``events.visible``); ``game_part`` is the game's own part, in JSON form.
    The frame every game fills besides: the deal's ``phase`` (``play`` while cards are
    played to tricks; the game's own words before and after), the seat to lead the
    trick in play (``leader``), the ``tricks`` of the deal gathered so far and the
    match's ``deals`` with their points: the shared screens read these, never
    ``game_part``.
    """

    game: str
    seat: int | None
    names: tuple[str, ...]
    deal_number: int                          # 1-based, 0 before the first deal
    dealer: int | None
    turn: int | None
    hand: tuple[Card, ...]
    choice: Choice | None                     # what this seat may do now
    trick: tuple[tuple[int, Card], ...]       # the trick in play: (seat, card)
    tricks_won: tuple[int, ...]
    cards_left: tuple[int, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None
    game_part: Mapping[str, JSON] = field(default_factory=dict)
    phase: str = ""
    leader: int | None = None
    tricks: tuple[Gathered, ...] = ()
    deals: tuple[DealPoints, ...] = ()

    @property
    def watching(self) -> bool:
        return self.seat is None

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game, "seat": self.seat, "names": list(self.names),
            "deal_number": self.deal_number, "dealer": self.dealer, "turn": self.turn,
            "hand": list(self.hand),
            "choice": None if self.choice is None else choice_to_json(self.choice),
            "trick": [[s, c] for s, c in self.trick], "tricks_won": list(self.tricks_won),
            "cards_left": list(self.cards_left), "totals": list(self.totals),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "watching": self.watching, "game_part": dict(self.game_part),
            "phase": self.phase, "leader": self.leader,
            "tricks": [t.to_json() for t in self.tricks],
            "deals": [d.to_json() for d in self.deals],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> View:
        seat, dealer, turn = data["seat"], data["dealer"], data["turn"]
        choice, outcome = data["choice"], data["outcome"]
        part, trick = read_dict(data["game_part"]), read_list(data["trick"])
        return cls(
            game=read_str(data["game"]), seat=None if seat is None else read_int(seat),
            names=read_strs(data["names"]), deal_number=read_int(data["deal_number"]),
            dealer=None if dealer is None else read_int(dealer),
            turn=None if turn is None else read_int(turn), hand=read_strs(data["hand"]),
            choice=None if choice is None else choice_from_json(read_dict(choice)),
            trick=tuple((read_int(read_list(p)[0]), read_str(read_list(p)[1])) for p in trick),
            tricks_won=read_ints(data["tricks_won"]), cards_left=read_ints(data["cards_left"]),
            totals=read_ints(data["totals"]),
            outcome=None if outcome is None else Outcome.from_json(read_dict(outcome)),
            game_part=part,
            # the frame's later fields: a view written before them has none
            phase=read_str(data.get("phase") or ""),
            leader=None if data.get("leader") is None else read_int(data.get("leader")),
            tricks=tuple(Gathered.from_json(read_dict(t)) for t in read_list(data.get("tricks")
                                                                             or [])),
            deals=tuple(DealPoints.from_json(read_dict(d)) for d in read_list(data.get("deals")
                                                                              or [])),
        )
