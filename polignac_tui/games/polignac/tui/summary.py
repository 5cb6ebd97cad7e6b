"""After each deal: who took which jacks, chelem or générale, the deal's points, new totals."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ....i18n import _, ngettext
from ....store.wording import names_text
from ....ui.cardtext import CardLook, cards_inline
from ....ui.gameface import Seating
from ...base import View
from ..viewpart import part_of
from .scores import end_line, worst_style


def outcome(view: View, seating: Seating) -> str:
    """The deal's headline: chelem, générale made or failed, or the plain deal."""
    result = part_of(view).results[-1]
    if result.declarer is not None:
        you, name = seating.is_you(result.declarer), view.names[result.declarer]
        if result.chelem == result.declarer:
            return (_("You declared la générale and won every trick: 0 for you, 5 for the "
                      "rest.") if you else
                    _("{name} declared la générale and won every trick: 0 for {name}, 5 for "
                      "the rest.").format(name=name))
        return (_("You declared la générale and lost a trick: you score 5.") if you else
                _("{name} declared la générale and lost a trick: {name} scores 5.").format(
                    name=name))
    if result.chelem is not None:
        if seating.is_you(result.chelem):
            return _("Chelem! You won every trick: 0 for you, 5 for everyone else.")
        return _("Chelem! {name} won every trick: 0 for {name}, 5 for everyone else.").format(
            name=view.names[result.chelem])
    return jacks_outcome(view, seating)


def jacks_outcome(view: View, seating: Seating) -> str:
    """Who took the jacks, the most first: "Anna took three jacks.", "You and Anna took two
    jacks each.", "Bruno took two jacks; Claire and Denis one each."."""
    counts = [len(jacks) for jacks in part_of(view).jacks_taken]
    most = max(counts, default=0)
    top = [seat for seat, count in enumerate(counts) if count == most]
    if most == 0:
        return _("Nobody took a jack.")
    if most == 1:
        return _("The jacks are shared out: one each.")
    if len(top) > 1:     # two jacks each
        mine = [seat for seat in top if seating.is_you(seat)]
        if mine:
            other = next(seat for seat in top if seat not in mine)
            return _("You and {name} took two jacks each.").format(name=view.names[other])
        return _("{names} took two jacks each.").format(
            names=names_text([view.names[seat] for seat in top]))
    seat = top[0]
    you = seating.is_you(seat)
    if most == 4:
        return (_("You took all four jacks.") if you else
                _("{name} took all four jacks.").format(name=view.names[seat]))
    if most == 3:
        return (_("You took three jacks.") if you else
                _("{name} took three jacks.").format(name=view.names[seat]))
    others = [s for s, count in enumerate(counts) if count and s != seat]
    if len(others) == 2:
        return (_("You took two jacks; {names} one each.") if you else
                _("{name} took two jacks; {names} one each.")).format(
            name=view.names[seat],
            names=names_text([seating.who(s, capital=False) for s in others]))
    return (_("You took two jacks.") if you else
            _("{name} took two jacks.").format(name=view.names[seat]))


def penalties(view: View, seating: Seating) -> str:
    """``"+1 first trick (Anna) · +1 last trick (Bruno)"``: points that are not jacks."""
    part = part_of(view)
    result, rules = part.results[-1], part.rules
    if result.chelem is not None or not view.tricks:
        return ""
    parts = []
    first, last = view.tricks[0].winner, view.tricks[-1].winner
    if rules.first_trick_penalty and first != result.declarer:
        parts.append(_("+1 first trick ({name})").format(name=seating.who(first, capital=False)))
    if (rules.last_trick_penalty and len(view.tricks) == part.tricks_total
            and last != result.declarer):
        parts.append(_("+1 last trick ({name})").format(name=seating.who(last, capital=False)))
    return " · ".join(parts)


def early_end(view: View) -> str:
    """Why the deal ended before its last trick, or "" when every trick was played."""
    part = part_of(view)
    left = part.tricks_total - len(view.tricks)
    if left <= 0 or view.phase != "over":
        return ""
    if part.generale_failed(view):
        return ngettext("All four jacks are taken and la générale has failed: the last "
                        "trick is not played.",
                        "All four jacks are taken and la générale has failed: the last "
                        "{n} tricks are not played.", left).format(n=left)
    return ngettext("All four jacks are taken: the last trick is not played.",
                    "All four jacks are taken: the last {n} tricks are not played.",
                    left).format(n=left)


def summary_renderable(view: View, look: CardLook, seating: Seating) -> RenderableType:
    part = part_of(view)
    result = part.results[-1]
    table = Table(box=box.ASCII if look.ascii else box.SIMPLE_HEAD, pad_edge=False,
                  padding=(0, 1))
    table.add_column(_("Player"))
    table.add_column(_("Jacks taken"))
    table.add_column(_("Tricks"), justify="right")
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Total"), justify="right")
    points = result.points or (0,) * len(view.names)
    worst = max(view.totals)
    for seat, name in enumerate(view.names):
        jacks = part.jacks_taken[seat]
        label = Text(name, style="bold" if seat == view.seat else "")
        if seat == result.dealer:
            label.append(_(" (D)"), style="cyan")
        if seat == result.declarer:
            label.append(_(" (G)"), style="cyan")
        total = Text(str(view.totals[seat]),
                     style=worst_style(look.colour) if view.totals[seat] == worst and worst
                     else "bold")
        table.add_row(label, cards_inline(jacks, look) if jacks else Text("-", style="dim"),
                      str(view.tricks_won[seat]), f"+{points[seat]}", total)
    lines: list[RenderableType] = [Text(outcome(view, seating), style="bold")]
    for line in (penalties(view, seating), early_end(view)):
        if line:
            lines.append(Text(line.replace("·", "-") if look.ascii else line))
    return Group(*lines, table, Text(end_line(view), style="italic dim"))
