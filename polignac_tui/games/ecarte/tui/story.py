"""Écarté's story of the exchange so far (RULES-ecarte.md §4): who proposed and that the
dealer accepted, read from a seat's view alone, so that a session resumed in the middle
of an exchange tells what was said before it stopped (a ``Said`` event is told once, and
not again after a resume). Once the cards are played, the panel's room goes to the play:
the story is told until then."""

from __future__ import annotations

from ....i18n import _, tr
from ....ui.gameface import Seating
from ...base import View
from ..words import SAID

EXCHANGING = ("propose", "answer", "discard_elder", "discard_dealer")
DISCARDING = ("discard_elder", "discard_dealer")


def story(view: View, seating: Seating) -> list[str]:
    """The exchanges of the deal in ``view`` as sentences, oldest first: ``Ana proposed,
    Bruno accepted.`` (with how many times, after the first), then ``Ana proposes an
    exchange.`` while the dealer answers; nothing once play began."""
    part = view.game_part
    phase, elder, dealer = part.get("phase"), part.get("elder"), view.dealer
    exchanges = part.get("exchanges")
    if phase not in EXCHANGING or not (isinstance(elder, int) and isinstance(dealer, int)
                                       and isinstance(exchanges, int)):
        return []
    lines: list[str] = []
    accepted = exchanges + (1 if phase in DISCARDING else 0)
    if accepted:
        if seating.is_you(elder):
            said = _("You proposed, {dealer} accepted").format(dealer=seating.who(dealer))
        elif seating.is_you(dealer):
            said = _("{elder} proposed, you accepted").format(elder=seating.who(elder))
        else:
            said = _("{elder} proposed, {dealer} accepted").format(
                elder=seating.who(elder), dealer=seating.who(dealer))
        lines.append(said + "." if accepted == 1 else
                     _("{said} ({count} exchanges).").format(said=said, count=accepted))
    if phase == "answer":
        lines.append(_("You propose an exchange.") if seating.is_you(elder) else
                     tr(SAID["propose"]).format(who=seating.who(elder)))
    return lines


__all__ = ["story"]
