"""La générale in the table's header: who declared it, and whether it failed."""

from __future__ import annotations

from ....i18n import _
from ....ui.cardtext import is_you, who
from ..engine import SeatView

NAME_ROOM = 18   # a longer session name is cut with an ellipsis


def generale_failed(view: SeatView) -> bool:
    """True once the declarer of la générale has lost a trick of this deal."""
    if view.declarer is None:
        return False
    return any(t.winner != view.declarer for t in view.tricks)


def generale_label(view: SeatView) -> str:
    if view.declarer is None:
        return ""
    if generale_failed(view):
        return _("Générale failed ({name})").format(name=who(view, view.declarer))
    if is_you(view, view.declarer):
        return _("You declared la générale")
    return _("{name} declared la générale").format(name=view.names[view.declarer])
