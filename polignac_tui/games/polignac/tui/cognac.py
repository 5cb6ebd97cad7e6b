"""The end of a session, a moment: the glass of cognac, who pays it, who wins, and the
final table with its legend."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import ClassVar

from rich.align import Align
from rich.console import Group
from rich.padding import Padding
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Static

from ....i18n import N_, _, ngettext, pgettext
from ....store.wording import names_text as join_names
from ....table.talk import TalkRoom
from ....ui.cardtext import CardLook, is_you, who
from ....ui.chrome import Footer, while_shown
from ....ui.screens.dim import DismissedOnce
from ....ui.widgets.talk import TalkBar
from ..engine import SeatView
from .scores import full, in_play, legend

# A glass of cognac (a balloon on its stem), in box lines or plain ASCII; the drink is
# drawn with the LIQUID characters.
GLASS = ("  ╭─────╮  ", " ╱       ╲ ", "│≈≈≈≈≈≈≈≈≈│", " ╲▓▓▓▓▓▓▓╱ ", "     │     ", "   ──┴──   ")
GLASS_ASCII = ("  .-----.  ", " /       \\ ", "|~~~~~~~~~|", " \\#######/ ", "     |     ",
               "   --+--   ")
LIQUID = frozenset("≈▓~#")
COGNAC = "#c8822a"    # the amber of the drink


def _seats(view: SeatView, seats: tuple[int, ...] | list[int]) -> str:
    """``"You, Bruno and Claire"``: you first, then the others in seat order."""
    ordered = sorted(seats, key=lambda s: (not is_you(view, s), s))
    return join_names([who(view, s, capital=i == 0) for i, s in enumerate(ordered)])


def declaration(view: SeatView) -> tuple[str, str]:
    """(who pays the cognac, who wins) in words; the person viewing is "you"."""
    losers = list(view.losers)
    you_pay = any(is_you(view, s) for s in losers)
    if len(losers) == 1:
        name = view.names[losers[0]]
        if you_pay:
            pays = _("You pay the cognac!") if name.lower() == "you" else _(
                "You pay the cognac, {name}!").format(name=name)
        else:
            pays = _("{name} pays the cognac!").format(name=name)
    elif len(losers) == view.players:
        pays = (_("Everyone is tied: you all pay the cognac!") if you_pay
                else _("Everyone is tied: they all pay the cognac!"))   # watched
    elif you_pay:
        pays = ngettext("{names} tie for the most points: you both pay the cognac!",
                        "{names} tie for the most points: you all pay the cognac!",
                        len(losers) - 1).format(names=_seats(view, losers))
    else:
        pays = ngettext("{names} tie for the most points: they both pay the cognac!",
                        "{names} tie for the most points: they all pay the cognac!",
                        len(losers) - 1).format(names=_seats(view, losers))
    winners = list(view.winners)
    if not winners:
        wins = _("Nobody wins.")
    elif len(winners) == 1 and is_you(view, winners[0]):
        wins = _("You win!")
    else:
        wins = ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
            names=_seats(view, winners))
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


def pays_line(view: SeatView, pays: str) -> Text:
    """Who pays, their name(s) standing out."""
    text = Text(pays)
    names = {view.names[s] for s in view.losers if not is_you(view, s)}
    if any(is_you(view, s) for s in view.losers):
        names.add(pgettext("a seat", "You"))
    text.highlight_words(sorted(names), style="reverse", case_sensitive=True)
    return text


def totals_line(view: SeatView) -> Text:
    """Every seat's final total on one line (wrapped when long), the loser(s) marked."""
    text = Text()
    text.append(_("Totals: "), style="bold")
    for i, name in enumerate(view.names):
        if i:
            text.append("  ")
        style = "bold reverse" if i in view.losers else "bold"
        text.append(f"{name} {view.totals[i]}", style=style)   # a name and a number
    return text


class CognacScreen(DismissedOnce[None]):
    """The declaration of the loser(s) and the winners, and the final score table."""

    DEFAULT_CSS = """
    CognacScreen {
        align: center top;
    }
    CognacScreen #cognac-title {
        width: 100%;
        text-align: center;
        text-style: bold;
        color: $warning;
        margin-top: 1;
    }
    CognacScreen #cognac-moment {
        width: auto;
        max-width: 100%;
        height: auto;
        margin: 1 0;
    }
    CognacScreen #cognac-glass {
        width: 11;
        height: 6;
        margin-right: 3;
    }
    CognacScreen #cognac-words {
        width: auto;
        max-width: 62;
        height: auto;
    }
    CognacScreen .declaration {
        width: auto;
        max-width: 62;
    }
    CognacScreen #cognac-pays {
        text-style: bold;
        color: $error;
        margin-top: 1;
    }
    CognacScreen #cognac-wins {
        text-style: bold;
        color: $success;
        margin-bottom: 1;
    }
    CognacScreen VerticalScroll {
        height: 1fr;
        align-horizontal: center;
    }
    CognacScreen #cognac-table {
        width: 100%;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "home", N_("Back home")),
        # at a table of the service the way out is its lobby
        Binding("enter", "to_lobby", N_("Back to the lobby")),
        Binding("g", "chart", N_("Chart"),
                tooltip=N_("the score after each deal, a line per player")),
        Binding("escape", "close", N_("Back home"), show=False),
        Binding("q", "close", N_("Back home"), show=False),
        # at a table of the service: a word to the table once it is over ("well played")
        Binding("apostrophe", "talk", N_("Talk"), key_display="'",
                tooltip=N_("at a table of the service: say a line to the table (Enter says "
                           "it, Esc closes; on an empty line 1 to 5 say a quick phrase)")),
        Binding("quotation_mark", "talk_panel", N_("All the talk"), key_display='"',
                show=False, tooltip=N_("at a table of the service: the last 50 lines said "
                                       "there, and a key to mute each person")),
    ]
    HELP_HIDDEN = frozenset({"to_lobby"})    # Enter, said "Back home" in the help

    def __init__(self, view: SeatView, look: CardLook, served: bool = False,
                 talk: TalkRoom | None = None,
                 say: Callable[[str], Awaitable[None]] | None = None) -> None:
        super().__init__()
        self.view = view
        self.look = look
        self.served = served
        self.talk = talk if say is not None else None
        self._say = say

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("home", "to_lobby"):
            return (action == "to_lobby") == self.served
        if action in ("talk", "talk_panel"):
            return self.talk is not None
        return True

    def action_talk(self) -> None:
        with contextlib.suppress(NoMatches):
            self.query_one(TalkBar).open()

    def action_talk_panel(self) -> None:
        if self.talk is not None:
            from ....ui.screens.talk import TalkScreen
            self.app.push_screen(TalkScreen(self.talk, _("Talk at this table")))

    def compose(self) -> ComposeResult:
        pays, wins = declaration(self.view)
        yield Static(_("The session is over: the cognac!"), id="cognac-title")
        with Center(), Horizontal(id="cognac-moment"):
            yield Static(glass(self.look), id="cognac-glass")
            with Vertical(id="cognac-words"):
                yield Static(pays_line(self.view, pays), id="cognac-pays",
                             classes="declaration")
                yield Static(Text(wins), id="cognac-wins", classes="declaration")
                yield Static(totals_line(self.view), id="cognac-totals",
                             classes="declaration")
        with VerticalScroll(id="cognac-scroll"):
            # The table and its legend as one block: the legend starts under the table.
            yield Static(Align.center(Group(
                full(self.view, self.look.ascii, title=_("Final table")),
                Padding(Text(legend(self.view.rules, self.look.ascii, in_play(self.view)),
                             style="dim"),
                        (0, 0, 0, 1)))), id="cognac-table")
        if self.talk is not None and self._say is not None:
            yield TalkBar(self.talk, self._say)
        yield Footer()

    @while_shown
    def on_mount(self) -> None:
        """The last deals and the Total row in sight (the totals are pinned above too)."""
        self.query_one("#cognac-scroll", VerticalScroll).scroll_end(animate=False,
                                                                   immediate=True)

    def action_chart(self) -> None:
        from ....ui.screens.charts import SessionChartScreen
        self.app.push_screen(SessionChartScreen.of_view(self.view))

    def action_home(self) -> None:
        self.dismiss(None)

    def action_to_lobby(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
