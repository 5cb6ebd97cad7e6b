"""The others' line under their name in the shared trick area: the cards left in figures,
the backs, the tricks won, one space between each (no figure once no card is left)."""

from __future__ import annotations

from polignac_tui.ui.gamedraw import GameTrickArea, TrickAreaView


def others_line(left: int, won: int) -> str:
    view = TrickAreaView(seat=0, names=("Ana", "Bruno"), humans=(True, False), dealer=1,
                         phase="play", turn=0, trick=(), tricks=(), tricks_won=(0, won),
                         cards_left=(left, left), watching=False)
    return GameTrickArea()._block(view, 1, 30)[1].plain


def test_the_others_line_has_one_space_between_its_parts() -> None:
    assert others_line(2, 3) == "2 ▮▮ won 3"
    assert others_line(0, 3) == "won 3"          # none left: no "0  won 3"
    assert others_line(0, 0) == ""
    assert others_line(5, 0) == "5 ▮▮▮▮▮"
