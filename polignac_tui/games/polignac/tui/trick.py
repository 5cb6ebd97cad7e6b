"""Polignac's table seen from above: the shared trick area (``ui/widgets/trick.py``) with
what Polignac adds: the mark (G) of who declared la générale, the pointer while the
générale is asked, and the jacks each seat has taken, face up (RULES.md §3)."""

from __future__ import annotations

from ....i18n import _, pgettext
from ....ui.widgets.trick import TableSeen
from ....ui.widgets.trick import TrickArea as SharedTrickArea
from ..engine import SeatView


class TrickArea(SharedTrickArea):
    """Every seat round Polignac's table with the cards of the trick in front of them."""

    def _acting(self, view: TableSeen) -> bool:
        return view.phase in ("play", "generale")

    def _marks(self, view: TableSeen, seat: int) -> str:
        return _(" (G)") if isinstance(view, SeatView) and view.declarer == seat else ""

    def _shown(self, view: TableSeen, seat: int) -> tuple[str, ...]:
        if not isinstance(view, SeatView) or seat >= len(view.jacks_taken):
            return ()
        return view.jacks_taken[seat]

    def _shown_label(self) -> str:
        return pgettext("jacks taken, before their cards", "jacks")


__all__ = ["TrickArea"]
