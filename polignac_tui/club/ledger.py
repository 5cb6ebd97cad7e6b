"""What the losers owe, as each game decides it, netted per pair of players, minus what
the host settled.

- **Polignac** (RULES.md §6): the loser pays the cognac, a glass to every other player:
  each loser owes each winner one cognac.
- **Écarté** (RULES-ecarte.md §7): the loser buys the ices, as many as the game's value
  (a single 1, a double 2, a treble 3).
- **Piquet** (RULES-piquet.md §7): the loser owes the partie's value in points (100 plus
  the difference, or plus the sum when rubiconed; a drawn partie is worth nothing).

Only people owe and are owed: a computer pays no cognac and drinks none.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from .entries import ClubMatch
from .journal import Settlement

WHAT = {"polignac": "cognac", "ecarte": "ices", "piquet": "partie"}

Owed = dict[tuple[str, str, str], int]     # (game, debtor key, creditor key) -> amount


def debts(matches: Iterable[ClubMatch]) -> Owed:
    """Every debt the matches make, before netting."""
    owed: Owed = defaultdict(int)
    for match in matches:
        people = [seat for seat in match.seats if seat.level is None]
        losers = [seat for seat in people if seat.lost]
        winners = [seat for seat in people if seat.won and not seat.lost]
        amount = 1 if match.game == "polignac" else match.value or 0
        if amount <= 0:
            continue
        for loser in losers:
            for winner in winners:
                if loser.key != winner.key:
                    owed[(match.game, loser.key, winner.key)] += amount
    return owed


def netted(owed: Owed, settlements: Iterable[Settlement]) -> list[tuple[str, str, str, int]]:
    """The debts still open, one per game and pair: (game, debtor, creditor, amount),
    ``amount`` > 0, sorted by game, then the largest first."""
    balance: dict[tuple[str, str, str], int] = defaultdict(int)

    def add(game: str, debtor: str, creditor: str, amount: int) -> None:
        if debtor < creditor:
            balance[(game, debtor, creditor)] += amount
        else:
            balance[(game, creditor, debtor)] -= amount

    for (game, debtor, creditor), amount in owed.items():
        add(game, debtor, creditor, amount)
    for settled in settlements:
        add(settled.game, settled.debtor, settled.creditor, -settled.amount)
    lines = []
    for (game, first, second), amount in balance.items():
        if amount > 0:
            lines.append((game, first, second, amount))
        elif amount < 0:
            lines.append((game, second, first, -amount))
    order = {game: index for index, game in enumerate(WHAT)}
    lines.sort(key=lambda line: (order.get(line[0], 99), -line[3], line[1], line[2]))
    return lines
