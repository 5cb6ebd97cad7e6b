"""The frame of the plain-text score table ``show`` prints of a session of any game: the
title, a head with a column per player, a row per deal, the totals. Each game fills the
rows (with its own notes after them) and the lines under the table."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _


class ScoreText:
    """The lines of a score table: ``row`` per deal, then ``totals``; ``text()`` joins."""

    def __init__(self, names: Sequence[str], title: str) -> None:
        deal_word, dealer_word = _("deal"), _("dealer")
        self.number = max(4, len(deal_word))
        self.width = max(5, *(len(n) for n in names), len(dealer_word), len(_("total")))
        self.head = f"{deal_word:>{self.number}}  {dealer_word:<{self.width}}  " + "  ".join(
            f"{n:>{self.width}}" for n in names)
        self.lines = ([title] if title else []) + [self.head, "-" * len(self.head)]

    def row(self, number: int, dealer: str, cells: Sequence[object], note: str = "") -> None:
        self.lines.append(f"{number:>{self.number}}  {dealer:<{self.width}}  "
                          + "  ".join(f"{c!s:>{self.width}}" for c in cells) + note)

    def totals(self, totals: Sequence[int]) -> None:
        self.lines.append("-" * len(self.head))
        self.lines.append(f"{'':>{self.number}}  {_('total'):<{self.width}}  "
                          + "  ".join(f"{t:>{self.width}}" for t in totals))

    def text(self) -> str:
        return "\n".join(self.lines)


def session_title(name: str, id: str) -> str:
    """``Friday (20261121-2130-ana)``, the name alone, or the id alone."""
    title = name or id
    if name and id:
        title += f" ({id})"
    return title


__all__ = ["ScoreText", "session_title"]
