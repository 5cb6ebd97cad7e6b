"""Piquet (RULES-piquet.md) behind the seam: ``GAME`` is its ``Game``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..base import JSON, Game, Match, Outcome, Settings
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
    benchmarks = ("polignac_tui.games.piquet.benchmarks.piquet_bots",)

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

    def file_part(self, match: Match) -> dict[str, JSON]:
        from .fileformat import to_doc
        assert isinstance(match, PiquetMatch)
        return to_doc(match)

    def read_file_part(self, doc: Mapping[str, object]) -> PiquetMatch:
        from .fileformat import from_doc
        return from_doc(doc)

    def file_summary(self, match: Match) -> dict[str, JSON]:
        from .fileformat import summary
        assert isinstance(match, PiquetMatch)
        return summary(match)


    # -- what the house's summary says of a session ------------------------------------
    def summary_bounds(self, match: Match) -> tuple[str, int]:
        """A partie's deals (six, eight after a tie), or the point limit."""
        if match.settings.word("end") == "partie":
            deals = match.view(None).game_part.get("deals_to_play")
            return "deals", deals if isinstance(deals, int) else 6
        return "points", match.settings.number("limit")

    def summary_result(self, match: Match, winners: str) -> str:
        """``Bruno won the partie, worth 230``, ``the partie was drawn``."""
        if not winners:
            return "the partie was drawn"
        if match.settings.word("end") == "partie":
            value = None if match.outcome is None else match.outcome.value
            return f"{winners} won the partie, worth {value}"
        return super().summary_result(match, winners)

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

    # -- its statistics (``stats``), in its own folder ---------------------------------
    def stats(self, summaries: Iterable[Any]) -> list[Any]:
        from .stats import piquet_stats
        return list(piquet_stats(summaries))

    def stats_table(self, summaries: Sequence[Any]) -> str:
        from .stats import piquet_stats, piquet_table
        return piquet_table(piquet_stats(summaries), len(summaries))


GAME = Piquet()

__all__ = ["GAME", "Piquet", "PiquetMatch"]
