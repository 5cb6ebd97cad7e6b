"""The tricks of the deal in play: who led, every card, who took it (the last on demand)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from ....i18n import _
from ....ui.cardtext import CardLook, inline
from ..engine import SeatView, Trick
from .scores import shorten


def trick_table(view: SeatView, look: CardLook, tricks: tuple[Trick, ...] | None = None,
                title: str = "Tricks of this deal") -> Table:
    """One row per trick, one column per seat; the lead is marked ``*``, the winner's card
    is reversed and named in the last column."""
    tricks = view.tricks if tricks is None else tricks
    table = Table(box=box.ASCII if look.ascii else box.SIMPLE_HEAD, title=title,
                  title_style="bold", pad_edge=False, padding=(0, 1))
    table.add_column("#", justify="right", style="dim")
    # Room per name so that every column fits an overlay at 80 columns (74 inside).
    room = max(4, min(9, (74 - 17) // view.players - 2))
    for seat, name in enumerate(view.names):
        table.add_column(Text(shorten(name, room, look.ascii)), justify="center",
                         header_style="bold underline" if seat == view.seat and not view.watching
                         else "bold")
    table.add_column(_("won by"), no_wrap=True)
    first = len(view.tricks) - len(tricks)
    for k, trick in enumerate(tricks, start=first + 1):
        by_seat = trick.by_seat(view.players)
        cells: list[Text] = []
        for seat in range(view.players):
            cell = inline(by_seat[seat], look, brackets=False, highlight=seat == trick.winner)
            if seat == trick.leader:
                cell.append("*", style="bold")
            cells.append(cell)
        jacks = [c for c in trick.cards if c[0] == "J"]
        taker = Text(shorten(view.names[trick.winner], max(room, 6), look.ascii))
        if jacks:
            taker.append(" +" if view.players <= 6 else " ")
            for c in jacks:
                if view.players <= 6:
                    taker.append(" ")
                taker.append_text(inline(c, look, brackets=False))
        table.add_row(str(k), *cells, taker)
    if not tricks:
        table.add_row("", *[""] * view.players, Text(_("no trick yet"), style="dim"))
    return table


def last_trick_table(view: SeatView, look: CardLook) -> Table:
    last = view.last_trick
    return trick_table(view, look, (last,) if last else (), title="")
