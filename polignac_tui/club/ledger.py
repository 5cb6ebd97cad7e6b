"""What the losers owe, as each game's rules decide it (``Game.owed``: the one at a
table of several who pays each winner a glass, the ices as many as the game's value, the
partie's points), netted per pair of players and game, minus what the host settled.

Only people owe and are owed: a computer pays nothing and is paid nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ..games import game_names, get_game
from ..games.view import Outcome
from .entries import ClubMatch
from .journal import Settlement

Owed = dict[tuple[str, str, str], int]     # (game, debtor key, creditor key) -> amount


def outcome_of(match: ClubMatch) -> Outcome:
    """The finished match's outcome again, as the game gave it."""
    seats = match.seats
    return Outcome(tuple(i for i, s in enumerate(seats) if s.won),
                   tuple(i for i, s in enumerate(seats) if s.lost),
                   tuple(s.total for s in seats), match.value)


def debts(matches: Iterable[ClubMatch]) -> Owed:
    """Every debt the matches make between people, before netting."""
    owed: Owed = defaultdict(int)
    for match in matches:
        game = get_game(match.game)
        if game.stake is None:
            continue
        for debtor, creditor, amount in game.owed(outcome_of(match)):
            payer, payee = match.seats[debtor], match.seats[creditor]
            if payer.level is None and payee.level is None and payer.key != payee.key \
                    and amount > 0:
                owed[(match.game, payer.key, payee.key)] += amount
    return owed


def netted(owed: Owed, settlements: Iterable[Settlement]) -> list[tuple[str, str, str, int]]:
    """The debts still open, one per game and pair: (game, debtor, creditor, amount),
    ``amount`` > 0, sorted by game (the house's order), then the largest first."""
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
    order = {game: index for index, game in enumerate(game_names())}
    lines.sort(key=lambda line: (order.get(line[0], len(order)), -line[3], line[1], line[2]))
    return lines
