"""Écarté's keys for the help (``?``): what one says at its table, after the table's own
keys (``HELP``, the FACE's ``help_screens``)."""

from __future__ import annotations

from ....i18n import N_
from ....ui.gameface import HelpEntry

HELP: dict[str, tuple[HelpEntry, ...]] = {
    "TableScreen": ((N_("Écarté: what you say"), "widgets.words", "WordChoices", (
        ("[ ]", N_("the elder: I propose (to exchange cards) or I play; the dealer: I "
                   "accept or I refuse; the key in brackets on each button")),
        ("[ ]", N_("the king of trumps in your hand: I mark the king, before your first "
                   "card")),
    )),),
}
