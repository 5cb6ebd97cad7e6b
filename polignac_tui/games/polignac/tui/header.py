"""La générale in the table's header: who declared it, and whether it failed."""

from __future__ import annotations

from ....i18n import _
from ....ui.gameface import Seating
from ...base import View
from ..viewpart import part_of


def generale_label(view: View, seating: Seating) -> str:
    part = part_of(view)
    if part.declarer is None:
        return ""
    if part.generale_failed(view):
        return _("Générale failed ({name})").format(name=seating.who(part.declarer,
                                                                      capital=False))
    if seating.is_you(part.declarer):
        return _("You declared la générale")
    return _("{name} declared la générale").format(name=view.names[part.declarer])
