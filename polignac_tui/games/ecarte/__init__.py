"""Écarté (RULES-ecarte.md) behind the seam: ``GAME`` is its ``Game``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..base import Game, Settings
from .books import EcarteBooks
from .match import EcarteMatch
from .rules import DESCRIBED, PRESETS


class Ecarte(Game):
    """Two players, 32 cards, trumps, an exchange, five tricks, first to ``target``."""

    name = "ecarte"
    title = "Écarté"
    min_players = 2
    max_players = 2
    higher_wins = True
    presets = PRESETS
    described = DESCRIBED
    books = EcarteBooks()     # its files, lists and statistics
    benchmarks = ("polignac_tui.games.ecarte.benchmarks.ecarte_bots",
                  "polignac_tui.games.ecarte.benchmarks.ecarte_information")

    def start(self, settings: Settings, players: Sequence[str],
              first_dealer: int) -> EcarteMatch:
        names = self.check_start(settings, players, first_dealer)
        return EcarteMatch(self, settings, names, first_dealer)

    # -- what the loser owes (the club's ledger): the ices, as many as the game's value --
    stake = "ices"

    def stake_words(self, amount: int) -> str:
        from ...i18n import ngettext
        return ngettext("{count} ice", "{count} ices", amount).format(count=amount)


if TYPE_CHECKING:   # its computer players are what the house calls (``games.computers``)
    from ..computers import ComputerPlayers
    from . import players
    _players: ComputerPlayers = players


GAME = Ecarte()

__all__ = ["GAME", "Ecarte", "EcarteMatch"]
