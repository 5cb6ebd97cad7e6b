"""Piquet's keys for the help (``?``): what one says at its table, after the table's own
keys (``HELP``, the FACE's ``help_screens``)."""

from __future__ import annotations

from ....i18n import N_
from ....ui.gameface import HelpEntry
from .declaring import KEYS

HELP: dict[str, tuple[HelpEntry, ...]] = {
    "TableScreen": ((N_("Piquet: what you say"), "widgets.words", "WordChoices", (
        (f"{KEYS['point']} / {KEYS['sequence']} / {KEYS['sets']}",
         N_("the declarations: your point, your sequence, your sets; each key declares that "
            "kind or sinks it (its button says what you would declare)")),
        (KEYS["=declare"], N_("declare the kinds chosen, in turn (elder) or as an answer "
                              "(younger)")),
        ("[ ]", N_("after the exchange: look at the talon left, or leave it (the key in "
                   "brackets on its button)")),
    )),),
}
