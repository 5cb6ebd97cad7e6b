"""The end of a session, a moment: the glass of cognac, who pays it, who wins, the
totals (the body of the shared end-of-match box; the full table is a key away)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text

from ....i18n import _, ngettext, pgettext
from ....store.wording import names_text as join_names
from ....ui.cardtext import CardLook
from ....ui.gameface import Seating
from ...base import View

# A glass of cognac (a balloon on its stem), in box lines or plain ASCII; the drink is
# drawn with the LIQUID characters.
GLASS = ("  ╭─────╮  ", " ╱       ╲ ", "│≈≈≈≈≈≈≈≈≈│", " ╲▓▓▓▓▓▓▓╱ ", "     │     ", "   ──┴──   ")
GLASS_ASCII = ("  .-----.  ", " /       \\ ", "|~~~~~~~~~|", " \\#######/ ", "     |     ",
               "   --+--   ")
LIQUID = frozenset("≈▓~#")
COGNAC = "#c8822a"    # the amber of the drink


def _seats(seating: Seating, seats: tuple[int, ...] | list[int]) -> str:
    """``"You, Bruno and Claire"``: you first, then the others in seat order."""
    ordered = sorted(seats, key=lambda s: (not seating.is_you(s), s))
    return join_names([seating.who(s, capital=i == 0) for i, s in enumerate(ordered)])


def _losers(view: View) -> tuple[int, ...]:
    return view.outcome.losers if view.outcome is not None else ()


def declaration(view: View, seating: Seating) -> tuple[str, str]:
    """(who pays the cognac, who wins) in words; the person viewing is "you"."""
    losers = list(_losers(view))
    you_pay = any(seating.is_you(s) for s in losers)
    if len(losers) == 1:
        name = view.names[losers[0]]
        if you_pay:
            pays = _("You pay the cognac!") if name.lower() == "you" else _(
                "You pay the cognac, {name}!").format(name=name)
        else:
            pays = _("{name} pays the cognac!").format(name=name)
    elif len(losers) == len(view.names):
        pays = (_("Everyone is tied: you all pay the cognac!") if you_pay
                else _("Everyone is tied: they all pay the cognac!"))   # watched
    elif you_pay:
        pays = ngettext("{names} tie for the most points: you both pay the cognac!",
                        "{names} tie for the most points: you all pay the cognac!",
                        len(losers) - 1).format(names=_seats(seating, losers))
    else:
        pays = ngettext("{names} tie for the most points: they both pay the cognac!",
                        "{names} tie for the most points: they all pay the cognac!",
                        len(losers) - 1).format(names=_seats(seating, losers))
    winners = list(view.outcome.winners if view.outcome is not None else ())
    if not winners:
        wins = _("Nobody wins.")
    elif len(winners) == 1 and seating.is_you(winners[0]):
        wins = _("You win!")
    else:
        wins = ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
            names=_seats(seating, winners))
    return pays, wins


def glass(look: CardLook) -> Text:
    """The glass of cognac, the drink in its amber (plain under NO_COLOR)."""
    rows = GLASS_ASCII if look.ascii else GLASS
    drink = Style(color=COGNAC, bold=True) if look.colour else Style(bold=True)
    text = Text(no_wrap=True)
    for i, row in enumerate(rows):
        if i:
            text.append("\n")
        for ch in row:
            text.append(ch, style=drink if ch in LIQUID else "bold")
    return text


def pays_line(view: View, seating: Seating, pays: str) -> Text:
    """Who pays, their name(s) standing out."""
    text = Text(pays)
    names = {view.names[s] for s in _losers(view) if not seating.is_you(s)}
    if any(seating.is_you(s) for s in _losers(view)):
        names.add(pgettext("a seat", "You"))
    text.highlight_words(sorted(names), style="reverse", case_sensitive=True)
    return text


def totals_line(view: View) -> Text:
    """Every seat's final total on one line (wrapped when long), the loser(s) marked."""
    text = Text()
    text.append(_("Totals: "), style="bold")
    for i, name in enumerate(view.names):
        if i:
            text.append("  ")
        style = "bold reverse" if i in _losers(view) else "bold"
        text.append(f"{name} {view.totals[i]}", style=style)   # a name and a number
    return text


def cognac(view: View, look: CardLook, seating: Seating) -> RenderableType:
    """The glass beside who pays the cognac, who wins and the totals."""
    pays, wins = declaration(view, seating)
    words = Group(Text(_("The session is over: the cognac!"), style="bold"),
                  pays_line(view, seating, pays), Text(wins, style="bold"), totals_line(view))
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(width=11)
    grid.add_column()
    grid.add_row(glass(look), words)
    return grid
