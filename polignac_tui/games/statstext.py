"""The pieces every game's statistics share (``Game.books.stats``, ``Game.books.stats_table``): the
finished sessions of one game among the store's summaries, the players in order, and the
text table ``stats`` prints (a player column as wide as the heads leave, right-aligned
figures, then what the columns count).

A game counts from the summaries the store keeps of its sessions (``store.index.Summary``),
read through ``Counted``: the house's facts and, per seat, how often it scored for each
reason (``Scored.reason``, the log replayed).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from ..i18n import _
from .namewords import label_words

WIDTH = 80  # every table fits an 80-column terminal


class Counted(Protocol):
    """A session as the store keeps it: what a game's statistics count."""

    @property
    def error(self) -> str | None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def game(self) -> str: ...
    @property
    def labels(self) -> Sequence[str]: ...
    @property
    def reasons(self) -> Sequence[Mapping[str, int]]: ...
    @property
    def winners(self) -> Sequence[int]: ...
    @property
    def losers(self) -> Sequence[int]: ...
    @property
    def totals(self) -> Sequence[int]: ...
    @property
    def value(self) -> int | None: ...
    @property
    def end(self) -> str: ...


class PlayerRow(Protocol):
    """One player's statistics: a name and the sessions counted."""

    @property
    def name(self) -> str: ...
    @property
    def sessions(self) -> int: ...


C = TypeVar("C", bound=Counted)
R = TypeVar("R", bound=PlayerRow)


def finished_of(summaries: Iterable[C], game: str | None) -> list[C]:
    """The readable, finished sessions of ``game`` (None: of every game)."""
    return [s for s in summaries if s.error is None and s.finished
            and (game is None or s.game == game)]


def reasons_of(summary: Counted, seat: int) -> Mapping[str, int]:
    """How often ``seat`` scored for each reason in ``summary``."""
    return summary.reasons[seat] if seat < len(summary.reasons) else {}


def ordered(table: Mapping[str, R]) -> list[R]:
    """The players, the most sessions first, then by name."""
    return sorted(table.values(), key=lambda s: (-s.sessions, s.name.casefold()))


def per_player(summaries: Iterable[C], game: str | None, new: Callable[[str], R],
               count: Callable[[R, C, int], None]) -> list[R]:
    """Each player's statistics over the finished sessions of ``game`` (None: of every
    game): ``new(label)`` the first time a player (a name, or a computer's name and level)
    is met, then ``count(stats, summary, seat)`` for each session they sat at; in
    ``ordered``'s order."""
    table: dict[str, R] = {}
    for summary in finished_of(summaries, game):
        for seat, label in enumerate(summary.labels):
            count(table.setdefault(label.casefold(), new(label)), summary, seat)
    return ordered(table)


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def stats_text(heads: tuple[str, ...], rows: Sequence[tuple[str, tuple[object, ...]]],
               notes: list[str]) -> str:
    """A player column as wide as the heads leave, then right-aligned figures, then the
    notes (each wrapped to ``WIDTH``)."""
    widths = [len(h) for h in heads]
    name_width = WIDTH - sum(widths) - 2 * len(heads)
    lines = [f"{_('PLAYER'):<{name_width}}" + "".join(f"  {h}" for h in heads)]
    for name, cells in rows:
        lines.append(f"{clip(label_words(name), name_width):<{name_width}}"
                     + "".join(f"  {c!s:>{w}}" for c, w in zip(cells, widths, strict=True)))
    lines.append("")
    lines.extend(notes)
    return "\n".join(textwrap.fill(line, WIDTH) if len(line) > WIDTH else line
                     for line in lines)


__all__ = ["WIDTH", "Counted", "PlayerRow", "clip", "finished_of", "ordered", "per_player",
           "reasons_of", "stats_text"]
