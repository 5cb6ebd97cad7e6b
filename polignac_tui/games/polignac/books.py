"""Polignac's books (``Polignac.books``): its session file (format 1, ``fileformat``),
what the lists keep of a session (``summary``), ``show``'s table (``scoretable``), its
statistics (``stats``) and its CSV (``export``), all read on its engine's ``Session``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...i18n import N_
from ..books import Bookkeeping
from ..jsonform import JSON

if TYPE_CHECKING:
    from ..base import Match
    from ..session import GameSession
    from . import PolignacMatch
    from .engine import Session


def _engine(match: Match) -> Session:
    """The engine's session under Polignac's ``match``."""
    from . import PolignacMatch
    assert isinstance(match, PolignacMatch)
    return match.session


class PolignacBooks(Bookkeeping):
    """Polignac's files, lists, statistics, ``show`` and ``export``."""

    # its files name no ``game`` (written before the house had several games)
    reads_header = True
    lists_outcome = False       # its list --json rows never had winners nor a value
    command_words: Mapping[str, str] = {
        "stats": N_("Per player name, over every finished saved session: sessions played, "
                    "won, times paid the cognac, average points per deal, chelems and "
                    "générales."),
        "export": N_("Print a session's scores as CSV: a row per finished deal (deal, "
                     "dealer, each player's points, générale, chelem), a column per player, "
                     "names in the order of play. Redirect it to a file."),
    }

    def file_part(self, match: Match) -> dict[str, JSON]:
        from .fileformat import to_doc
        return to_doc(_engine(match))

    def read_file_part(self, doc: Mapping[str, object]) -> PolignacMatch:
        from . import GAME, PolignacMatch
        from .fileformat import read_session
        return PolignacMatch.of(GAME, read_session(doc))

    def file_summary(self, match: Match) -> dict[str, JSON]:
        from .fileformat import summary
        return summary(_engine(match))

    def file_rows(self, match: Match) -> Mapping[str, int]:
        from .fileformat import rows
        return rows(_engine(match))

    def summary_part(self, session: GameSession) -> dict[str, JSON]:
        from .summary import summary_part
        return summary_part(_engine(session.match))

    def say_again(self, kind: str, english: str, where: str = "") -> str | None:
        from .indexwords import say_again
        return say_again(kind, english, where)

    def score_table(self, session: GameSession) -> str:
        from .scoretable import score_table
        return score_table(_engine(session.match))

    def stats(self, summaries: Iterable[Any]) -> list[Any]:
        from .stats import player_stats
        return list(player_stats(summaries))

    def stats_table(self, summaries: Sequence[Any]) -> str:
        from .stats import player_stats, stats_table
        return stats_table(player_stats(summaries), len(summaries))

    def csv_table(self, session: GameSession) -> list[list[object]]:
        from .export import csv_table
        return csv_table(_engine(session.match))

    def csv_rows(self, session: GameSession, seats: int) -> list[list[object]]:
        from .export import csv_rows
        return csv_rows(_engine(session.match), session.id, seats)


__all__ = ["PolignacBooks"]
