"""Polignac's table seen from above: the shared trick area (``ui/widgets/trick.py``) with
what Polignac adds: the mark (G) of who declared la générale, the pointer while the
générale is asked, and the jacks each seat has taken, face up (RULES.md §3)."""

from __future__ import annotations

from dataclasses import dataclass

from ....i18n import _, pgettext
from ....ui.gamedraw import Round, TrickAreaView
from ....ui.widgets.trick import TrickArea as SharedTrickArea
from ....ui.widgets.trick import TrickAreaSeen
from ...base import View
from ..viewpart import part_of


@dataclass(frozen=True, slots=True)
class PolignacSeen(TrickAreaView):
    """What the trick area draws of a Polignac ``View``: the shared table, the declarer
    of la générale and the jacks each seat has taken."""

    declarer: int | None = None
    jacks_taken: tuple[tuple[str, ...], ...] = ()


def table_seen(view: View, humans: tuple[bool, ...]) -> PolignacSeen:
    """``view`` as the trick area draws it (a watcher's from seat 0, nobody "you")."""
    part, n = part_of(view), len(view.names)
    return PolignacSeen(
        seat=0 if view.seat is None else view.seat, names=view.names, humans=humans,
        dealer=view.dealer, phase=view.phase or "none", turn=view.turn, trick=view.trick,
        tricks=view.tricks, tricks_won=view.tricks_won or (0,) * n,
        cards_left=view.cards_left or (0,) * n,
        watching=view.seat is None, rules=Round(part.rules.direction),
        declarer=part.declarer, jacks_taken=part.jacks_taken)


class TrickArea(SharedTrickArea):
    """Every seat round Polignac's table with the cards of the trick in front of them."""

    def _acting(self, view: TrickAreaSeen) -> bool:
        return view.phase in ("play", "generale")

    def _marks(self, view: TrickAreaSeen, seat: int) -> str:
        return _(" (G)") if isinstance(view, PolignacSeen) and view.declarer == seat else ""

    def _shown(self, view: TrickAreaSeen, seat: int) -> tuple[str, ...]:
        if not isinstance(view, PolignacSeen) or seat >= len(view.jacks_taken):
            return ()
        return view.jacks_taken[seat]

    def _shown_label(self) -> str:
        return pgettext("jacks taken, before their cards", "jacks")


__all__ = ["PolignacSeen", "TrickArea", "table_seen"]
