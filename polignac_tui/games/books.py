"""A game's books: what only its files, the lists, the statistics, ``show`` and ``export``
need of it, apart from its rules (``Game.books``).

Each game keeps its own in its folder (``games/<game>/books.py``), over its file part
(``fileformat``), its statistics (``stats``) and its CSV (``export``). Where a hook answers
None, the house reads the session through the seam instead.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .jsonform import JSON

if TYPE_CHECKING:
    from .base import Match
    from .duel import DuelMatch
    from .duelfile import DuelFile
    from .session import GameSession


class Bookkeeping(ABC):
    """The game's part of a session file (the store writes the header), and what the
    house's lists, statistics, ``show`` and ``export`` say of its sessions."""

    # -- the game's part of a session file --------------------------------------------
    @abstractmethod
    def file_part(self, match: Match) -> dict[str, JSON]:
        """``match`` as the game's part of a session file: ``game``, ``rules``,
        ``players`` (names, in seat order) and ``deals``, TOML-ready."""

    @abstractmethod
    def read_file_part(self, doc: Mapping[str, object]) -> Match:
        """The match the game's part of a session file describes, replayed.

        Raises:
            RuleError: ``file``, one line naming the deal, the action and the reason.
        """

    @abstractmethod
    def file_summary(self, match: Match) -> dict[str, JSON]:
        """What ``show --json`` gives for a session of this game (its rulebook's §9)."""

    # A game whose files name no ``game`` (written before the house had several games)
    # reads its files' header too, in its own words, before the store reads it.
    reads_header = False

    def file_rows(self, match: Match) -> Mapping[str, int]:
        """How many items of each list of a deal's table the file writes on a line (a
        list not named here: on one line; a list of lists: an item a line)."""
        return {}

    # -- what the house's lists, statistics, show and export say of a session ----------
    # the descriptions of ``stats`` and ``export`` where they name this game's own
    # columns (marked ``N_``, translated where shown): the house's first game's are shown
    command_words: Mapping[str, str] = {}

    # ``list --json`` gives each session's winners and its value (a game whose rows never
    # had them keeps them without: False)
    lists_outcome = True

    def summary_part(self, session: GameSession) -> dict[str, JSON] | None:
        """What the lists and the statistics keep of a session of this game beyond the
        house's header (the index's game fields: ``finished_deals``, ``deals`` (JSON text:
        per finished deal its points then the game's marks), ``deal_in_play``, ``totals``,
        ``finished``, ``turn``, ``losers``, ``winners``, ``end``, ``limit``, ``state``,
        ``where``, ``where_short``, ``undos``, in English); None: the house reads them
        through the seam (its ``file_summary`` and the log replayed)."""
        return None

    def summary_bounds(self, match: Match) -> tuple[str, int]:
        """How the house's summary of a session says it ends (``store.gamesummary``):
        ``("points", limit)``, or ``("deals", count)`` for a match of so many deals."""
        return "points", 0

    def summary_result(self, match: Match, winners: str) -> str:
        """A finished match's result in English, as the lists keep it: ``winners`` their
        names joined (``""``: nobody won): ``Anna won by 37``."""
        if not winners:
            return "nobody won"
        outcome = match.outcome
        return f"{winners} won by {None if outcome is None else outcome.value}"

    def say_again(self, kind: str, english: str, where: str = "") -> str | None:
        """This game's own English of a summary or a refusal of its files, said again in
        the current language: ``state``, ``where`` (a session's line), ``clause`` (what
        follows the deal in it, ``where`` being the deal said again) or ``file`` (why a
        file is refused); None: not this game's words."""
        return None

    def score_table(self, session: GameSession) -> str | None:
        """The text ``show`` prints of a session of this game, in the current language;
        None: the house's table (a row per deal, a column per player, the totals)."""
        return None

    def stats(self, summaries: Iterable[Any]) -> list[Any] | None:
        """This game's statistics per player over the finished ones of ``summaries``
        (the store's summaries of its sessions, ``games.statstext.Counted``), each with
        ``to_dict()``, kept in the game's folder; None: none of its own (the house's
        overview, ``store.gamestats``, counts its sessions still)."""
        return None

    def stats_table(self, summaries: Sequence[Any]) -> str | None:
        """The table ``stats`` prints of this game's finished ``summaries`` (its
        ``stats``), in the current language; None: none."""
        return None

    def csv_table(self, session: GameSession) -> list[list[object]] | None:
        """The rows (the head first) of the CSV ``export ID --csv`` prints of a session of
        this game; None: the house's (the rows of ``csv_rows``)."""
        return None

    def csv_rows(self, session: GameSession, seats: int) -> list[list[object]] | None:
        """The rows of ``export --game --csv`` of a session of this game (game, session,
        deal, dealer, per seat of ``seats`` the name, points and tricks, then what was
        scored); None: the house's."""
        return None



class DuelBooks(Bookkeeping):
    """A duel's file part in its books, through the game's ``DuelFile`` (``duel_file``,
    imported when first needed so that the lists load no rules)."""

    @abstractmethod
    def duel_file(self) -> DuelFile:
        """The game's ``fileformat.FILE``."""

    def file_part(self, match: Match) -> dict[str, JSON]:
        return self.duel_file().to_doc(_duel(match))

    def read_file_part(self, doc: Mapping[str, object]) -> Match:
        return self.duel_file().from_doc(doc)

    def file_summary(self, match: Match) -> dict[str, JSON]:
        return self.duel_file().summary(_duel(match))


def _duel(match: Match) -> DuelMatch[Any]:
    from .duel import DuelMatch
    assert isinstance(match, DuelMatch)
    return match


__all__ = ["Bookkeeping", "DuelBooks"]
