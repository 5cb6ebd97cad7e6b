"""The table's header line: which session, which deal, who deals, the end, la générale.

It must fit one line of the terminal in every state (80 columns at least): the
parts are dropped least important first ("Polignac", the session name, the
preset, the end), never the deal, the dealer or who declared la générale.
"""

from __future__ import annotations

from rich.text import Text

from ....i18n import _, tr
from ....ui.cardtext import is_you, who
from ..engine import SeatView
from ..engine.rules import PRESET_TITLES
from .scores import shorten

NAME_ROOM = 18   # a longer session name is cut with an ellipsis


def preset_label(view: SeatView) -> str:
    """``"Classique"``, or ``"Classique+"`` when settings differ from the preset."""
    rules = view.rules
    title = tr(PRESET_TITLES.get(rules.preset, rules.preset))
    title = title.split(" (")[0]
    if rules.preset != "custom" and rules.differences(view.players):
        title += "+"
    return title


def deal_label(view: SeatView) -> str:
    """``"Deal 2"``, or ``"Deal 2 of 10"`` when the session ends after a number of deals."""
    if view.rules.end == "deals":
        return _("Deal {number} of {limit}").format(number=view.deal_number,
                                                   limit=view.rules.limit)
    return _("Deal {number}").format(number=view.deal_number)


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


def header_text(view: SeatView, session_name: str, width: int, ascii: bool = False) -> Text:
    """The header for ``width`` columns (the parts that do not fit are left out)."""
    name = shorten(session_name.strip(), NAME_ROOM, ascii)
    # (text, style, importance): the lowest importance goes first when room is short.
    parts: list[tuple[str, str, int]] = [("Polignac", "bold", 0)]
    if name:
        parts.append((name, "", 1))
    parts.append((preset_label(view), "", 2))
    parts.append((deal_label(view), "bold", 9))
    if view.dealer is not None:
        parts.append((_("You deal") if is_you(view, view.dealer) else _("{name} deals").format(
            name=view.names[view.dealer]), "", 5))
    if view.rules.end == "points":
        parts.append((_("to {limit} pts").format(limit=view.rules.limit), "", 4))
    generale = generale_label(view)
    if generale:
        parts.append((generale, "bold", 10))
    dot = " - " if ascii else " · "

    def length(items: list[tuple[str, str, int]]) -> int:
        return sum(len(item[0]) for item in items) + len(dot) * (len(items) - 1)

    while length(parts) > width and len(parts) > 1:
        parts.remove(min(parts, key=lambda p: p[2]))
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, (words, style, _importance) in enumerate(parts):
        if i:
            text.append(dot)
        text.append(words, style=style)
    return text
