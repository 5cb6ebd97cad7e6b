"""Piquet (RULES-piquet.md) behind the seam: ``GAME`` is its ``Game``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..base import Game, Outcome, Settings
from .books import PiquetBooks
from .match import PiquetMatch
from .rules import DEFAULT_LIMIT, DESCRIBED, PRESETS


class Piquet(Game):
    """Two players, 32 cards, no trumps, the talon, the declarations, twelve tricks,
    a partie of six deals (or a game to a number of points)."""

    name = "piquet"
    title = "Piquet"
    min_players = 2
    max_players = 2
    higher_wins = True
    presets = PRESETS
    described = DESCRIBED
    books = PiquetBooks()     # its files, lists and statistics
    benchmarks = ("polignac_tui.games.piquet.benchmarks.piquet_bots",
                  "polignac_tui.games.piquet.benchmarks.piquet_partie")

    def settings(self, preset: str | None = None, overrides: Mapping[str, object] | None = None,
                 players: int | None = None) -> Settings:
        """As every game's, with ``limit`` kept at its default when the end is a partie
        of six deals (where no limit plays a part; the file writes it only for points)."""
        made = super().settings(preset, overrides, players)
        if made.word("end") == "partie" and made.number("limit") != DEFAULT_LIMIT:
            rest = {k: v for k, v in (overrides or {}).items() if k != "limit"}
            made = super().settings(preset, rest, players)
        return made

    def start(self, settings: Settings, players: Sequence[str],
              first_dealer: int) -> PiquetMatch:
        names = self.check_start(settings, players, first_dealer)
        return PiquetMatch(self, settings, names, first_dealer)

    # -- what the loser owes (the club's ledger): the partie's value, in points ----------
    stake = "partie"

    def stake_words(self, amount: int) -> str:
        from ...i18n import ngettext
        return ngettext("{count} point of partie", "{count} points of partie",
                        amount).format(count=amount)

    def worth_note(self, outcome: Outcome) -> str | None:
        """``rubicon`` when the loser of a partie was rubiconed (its value 100 + the sum)."""
        from .rules import RUBICON
        if outcome.value is not None and outcome.losers and all(
                outcome.totals[s] < RUBICON for s in outcome.losers) \
                and outcome.value == RUBICON + sum(outcome.totals):
            return "rubicon"
        return None


if TYPE_CHECKING:   # its computer players are what the house calls (``games.computers``)
    from ..computers import ComputerPlayers
    from . import players
    _players: ComputerPlayers = players


GAME = Piquet()

__all__ = ["GAME", "Piquet", "PiquetMatch"]
