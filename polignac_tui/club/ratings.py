"""The players' ratings, per game, from the book's matches in the order they ended.

OpenSkill's Weng–Lin Plackett–Luce model (``openskill``, 6.x): each match is one rating
step in which every seat is its own team, ranked by its total as the game counts them
(the lower total is better at Polignac, the higher at Écarté and Piquet; equal totals
share a place, a drawn partie included). It rates a duel and a free-for-all of three to
eight alike, and gives each rating its uncertainty (sigma). A rating from fewer than
``PROVISIONAL`` rated matches is provisional. The number shown (``shown``) is the
ordinal mu − 3·sigma, scaled: a newcomer shows 1000.

How matches count:

- **Computer players are fixed, known opponents.** Each level has a constant rating
  (``COMPUTER``: chosen by hand, the levels in order, not measured), never updated. A
  player alone against computers has a rating too, and no number of matches against
  computers moves anybody else's.
- **A seat handed to a computer** after its player left counts as a loss for the one who
  left (last place, below every seat that stayed), whatever the computer made of it: the
  player chose to go, and a computer winning for them must not raise their rating.
- **A flood is bounded**: one identity's matches rate it at most ``DAILY_RATED`` times a
  UTC day per game. Beyond that its matches still enter the book (matches, wins, the
  ledger), but in the rating step its seat is a fixed opponent, like a computer: its own
  rating stays, the others at the table are rated against it as usual.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from .entries import ClubMatch, ClubSeat

PROVISIONAL = 5
DAILY_RATED = 20
MU = 25.0
SIGMA = MU / 3
COMPUTER_SIGMA = 1.0
COMPUTER: dict[str, float] = {"easy": 15.0, "medium": 21.0, "hard": 26.0, "expert": 30.0}
SCALE = 40.0
BASE = 1000.0

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


def shown(mu: float, sigma: float) -> float:
    """The rating shown: the ordinal, scaled (a newcomer's is ``BASE``)."""
    return round(BASE + SCALE * (mu - 3 * sigma), 1)


def shown_mu(mu: float) -> float:
    """The skill on the shown scale (``shown`` is this less three ``shown_sigma``)."""
    return round(BASE + SCALE * mu, 1)


def shown_sigma(sigma: float) -> float:
    """The uncertainty on the shown scale: what "1243 ± 300" says after the ±."""
    return round(SCALE * sigma, 1)


@dataclass(slots=True)
class Rated:
    """One player's rating and record in one game (and one period)."""

    key: str
    name: str
    level: str | None
    mu: float = MU
    sigma: float = SIGMA
    rated: int = 0              # matches that moved this rating
    matches: int = 0
    wins: int = 0
    last: str = ""              # the last match's end, ISO
    history: list[tuple[str, float, float]] = field(default_factory=list)

    @property
    def provisional(self) -> bool:
        """Fewer than ``PROVISIONAL`` rated matches (a computer's rating is known: never)."""
        return self.level is None and self.rated < PROVISIONAL


def _flood_key(seat: ClubSeat) -> str:
    return seat.identity if seat.identity is not None else seat.key


def rate(matches: Iterable[ClubMatch]) -> dict[str, Rated]:
    """Every player's rating after ``matches`` (of one game, in the order they ended)."""
    players: dict[str, Rated] = {}
    today: Counter[str] = Counter()
    day = ""
    for match in matches:
        if match.ended[:10] != day:
            day, today = match.ended[:10], Counter()
        teams: list[list[Any]] = []
        moving: list[Rated | None] = []
        counted: set[str] = set()       # two computers of one level are one player
        for seat in match.seats:
            player = players.get(seat.key)
            if player is None:
                player = players[seat.key] = Rated(seat.key, seat.name, seat.level)
                if seat.level is not None:
                    player.mu, player.sigma = COMPUTER.get(seat.level, MU), COMPUTER_SIGMA
            player.name = seat.name         # the latest name it played under
            if seat.key not in counted:
                counted.add(seat.key)
                player.matches += 1
                player.wins += seat.won
                player.last = match.ended
            flood = _flood_key(seat)
            fixed = seat.level is not None or today[flood] >= DAILY_RATED
            if not fixed:
                today[flood] += 1
            teams.append([_MODEL.rating(mu=player.mu, sigma=player.sigma)])
            moving.append(None if fixed else player)
        if not any(moving):
            continue
        after = _MODEL.rate(teams, ranks=[seat.rank for seat in match.seats])
        for player, team in zip(moving, after, strict=True):
            if player is not None:
                player.mu, player.sigma = team[0].mu, team[0].sigma
                player.rated += 1
                player.history.append((match.ended, shown(player.mu, player.sigma),
                                       shown_sigma(player.sigma)))
    return players
