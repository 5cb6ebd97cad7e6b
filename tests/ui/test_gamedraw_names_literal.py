"""A player's name is shown literally in the end-of-deal box, the score sheet and the
tricks' log of Écarté and Piquet: a name that reads as Rich markup (``[b]x[/b]``, as
an SSH user name can be) is never taken for markup (found at a served table: the end of
match box showed ``x[link=…`` for ``[b]x[/b][link=…``)."""

from __future__ import annotations

from gametools import piquet_deal_played
from rich.console import Console

from polignac_tui.games.piquet.tui import FACE
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.gamedraw import end_text, score_table, trick_log
from polignac_tui.ui.gameface import Seating

LOOK = CardLook(ascii=True, jacks=False)
ODD = "[b]x[/b][i]"        # markup in a name, within the 12 characters a sheet shows
NAMES = (ODD, "Bruno")


def rendered(shown: object) -> str:
    console = Console(width=100, color_system=None, force_terminal=False)
    with console.capture() as capture:
        console.print(shown)
    return capture.get()


def test_the_end_of_deal_box_shows_a_name_literally() -> None:
    view = piquet_deal_played(NAMES).view(0)
    box = rendered(end_text(view, LOOK, Seating(NAMES, 1), FACE, False))
    rows = [line for line in box.splitlines() if "Bruno" not in line and "x" in line]
    assert any(ODD in line for line in rows[:1]), box     # the first row: the seat's points


def test_the_score_sheet_and_tricks_log_show_a_name_literally() -> None:
    view = piquet_deal_played(NAMES).view(0)
    sheet = rendered(score_table(view, LOOK))
    log = rendered(trick_log(view, LOOK))
    body = "\n".join(sheet.splitlines()[2:])         # the rows, not the heading
    assert ODD in body, sheet                         # the dealer's column
    assert ODD in "\n".join(log.splitlines()[2:]), log   # "won by"
