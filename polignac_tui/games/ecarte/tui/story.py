"""Écarté's story of the deal so far (RULES-ecarte.md §4): who proposed, whether the
dealer accepted or refused, who played without proposing, read from a seat's view alone,
so that a resumed session tells what was said before it stopped (a ``Said`` event is told
once, and not again after a resume)."""

from __future__ import annotations

from ....i18n import _, ngettext, tr
from ....ui.gameface import Seating
from ...base import View
from ..words import SAID

DISCARDING = ("discard_elder", "discard_dealer")


def story(view: View, seating: Seating) -> list[str]:
    """The exchanges of the deal in ``view`` as sentences, oldest first: ``Ana proposed,
    Bruno accepted.``; ``Ana proposes an exchange.`` while the dealer answers; ``Ana
    proposed, Bruno refused.`` or ``Ana plays without proposing.`` once play began."""
    part = view.game_part
    phase, elder, dealer = part.get("phase"), part.get("elder"), view.dealer
    proposals, exchanges = part.get("proposals"), part.get("exchanges")
    if not (isinstance(elder, int) and isinstance(dealer, int) and isinstance(proposals, int)
            and isinstance(exchanges, int)):
        return []
    names = {"elder": seating.who(elder), "dealer": seating.who(dealer)}
    lines: list[str] = []
    accepted = exchanges + (1 if phase in DISCARDING else 0)
    if accepted:
        lines.append(ngettext("{elder} proposed, {dealer} accepted.",
                              "{elder} proposed, {dealer} accepted ({count} exchanges).",
                              accepted).format(count=accepted, **names))
    if phase == "answer":
        lines.append(tr(SAID["propose"]).format(who=names["elder"]))
    elif phase in ("play", "over") and proposals > exchanges:
        lines.append(_("{elder} proposed, {dealer} refused.").format(**names))
    elif phase in ("play", "over") and part.get("played_without_proposing"):
        lines.append(tr(SAID["play"]).format(who=names["elder"]))
    return lines


__all__ = ["story"]
