"""Écarté (RULES-ecarte.md) behind the seam: ``GAME`` is its ``Game``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..base import JSON, Game, Match, Settings
from .match import EcarteMatch
from .rules import DESCRIBED, PRESETS, VALUE_WORDS


class Ecarte(Game):
    """Two players, 32 cards, trumps, an exchange, five tricks, first to ``target``."""

    name = "ecarte"
    title = "Écarté"
    min_players = 2
    max_players = 2
    higher_wins = True
    presets = PRESETS
    described = DESCRIBED
    benchmarks = ("polignac_tui.games.ecarte.benchmarks.ecarte_bots",)

    def start(self, settings: Settings, players: Sequence[str],
              first_dealer: int) -> EcarteMatch:
        names = self.check_start(settings, players, first_dealer)
        return EcarteMatch(self, settings, names, first_dealer)

    def file_part(self, match: Match) -> dict[str, JSON]:
        from .fileformat import to_doc
        assert isinstance(match, EcarteMatch)
        return to_doc(match)

    def read_file_part(self, doc: Mapping[str, object]) -> EcarteMatch:
        from .fileformat import from_doc
        return from_doc(doc)

    def file_summary(self, match: Match) -> dict[str, JSON]:
        from .fileformat import summary
        assert isinstance(match, EcarteMatch)
        return summary(match)


    # -- what the house's summary says of a session ------------------------------------
    def summary_bounds(self, match: Match) -> tuple[str, int]:
        return "points", match.settings.number("target")

    def summary_result(self, match: Match, winners: str) -> str:
        """``Anna won a double game`` (a game's value, §7)."""
        value = None if match.outcome is None else match.outcome.value
        if winners and value in VALUE_WORDS:
            return f"{winners} won a {VALUE_WORDS[value]} game"
        return super().summary_result(match, winners)

    # -- what the loser owes (the club's ledger): the ices, as many as the game's value --
    stake = "ices"

    def stake_words(self, amount: int) -> str:
        from ...i18n import ngettext
        return ngettext("{count} ice", "{count} ices", amount).format(count=amount)

    # -- its statistics (``stats``), in its own folder ---------------------------------
    def stats(self, summaries: Iterable[Any]) -> list[Any]:
        from .stats import ecarte_stats
        return list(ecarte_stats(summaries))

    def stats_table(self, summaries: Sequence[Any]) -> str:
        from .stats import ecarte_stats, ecarte_table
        return ecarte_table(ecarte_stats(summaries), len(summaries))


GAME = Ecarte()

__all__ = ["GAME", "Ecarte", "EcarteMatch"]
