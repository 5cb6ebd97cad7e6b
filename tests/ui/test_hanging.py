"""Wrapped items hang under their head (ui/widgets/hanging.py): a reason of points goes on
under the name, a bulleted line under its text, a paragraph at the margin."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from polignac_tui.ui.widgets.hanging import Hanging


def shown(text: str, width: int, paragraphs: bool = False) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(Hanging(Text(text), paragraphs))
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_a_reason_of_points_goes_on_under_the_name() -> None:
    assert shown(" +1 Bruno: the point (3 or 4 tricks)", 27) == [
        " +1 Bruno: the point (3 or",
        "    4 tricks)"]
    assert shown(" +12 Bruno: the cards (7 tricks or more)", 24) == [
        " +12 Bruno: the cards (7",
        "     tricks or more)"]


def test_a_bulleted_line_goes_on_under_its_text() -> None:
    assert shown(" • Follow suit if you can; else trump.", 22) == [
        " • Follow suit if you",
        "   can; else trump."]


def test_lines_that_fit_are_left_alone_and_blank_lines_kept() -> None:
    assert shown("Score, to 5\n\n You  1 (+1)", 27) == ["Score, to 5", "", " You  1 (+1)"]


def test_a_paragraph_wraps_at_the_margin_or_two_columns_in() -> None:
    text = "The first to five points wins at once."
    assert shown(text, 20, paragraphs=True) == ["The first to five", "points wins at once."]
    assert shown(text, 20) == ["The first to five", "  points wins at", "  once."]
