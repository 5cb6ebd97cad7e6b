"""Snapshots of the table's widgets for a game of two: the trick area with one other seat
across, a hand of twelve cards in the several-cards mode (a discard, two marked), the
word choices under it. Hand-made views, fixed sizes, temporary folders (conftest).

Update after a deliberate change of the look with ``pytest tests/ui --snapshot-update``.
"""

from __future__ import annotations

from widgethost import TWELVE, WidgetHost, seat_view

from polignac_tui.games.polignac.tui.trick import TrickArea
from polignac_tui.ui.widgets.hand import Hand
from polignac_tui.ui.widgets.words import WordChoices

SMALL = (80, 24)
LARGE = (120, 36)


def discard_table() -> WidgetHost:
    """Bruno led the K♠, Ana's turn; Ana discards: the 9♠ and the 8♥ marked, the cursor
    on the Q♥."""
    view = seat_view(2, trick=((1, "KS"),), turn=0, cards_left=12)
    words = WordChoices([("propose", "I propose"), ("play", "I play")])
    return WidgetHost(TrickArea(), Hand(), words, view=view, cards=TWELVE)


async def mark_two(pilot) -> None:
    hand = pilot.app.query_one(Hand)
    hand.choose_several(1, 5)
    hand.pick("2")
    hand.pick("5")
    hand.pick("6")
    hand.pick("6")       # marked, then not: the cursor stays on it
    await pilot.pause()


def test_two_seats_and_a_discard_of_twelve(snap_compare) -> None:
    assert snap_compare(discard_table(), terminal_size=SMALL, run_before=mark_two)


def test_two_seats_and_a_discard_of_twelve_large(snap_compare) -> None:
    assert snap_compare(discard_table(), terminal_size=LARGE, run_before=mark_two)


def test_two_seats_and_a_discard_no_color(snap_compare, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = discard_table()
    assert app.no_color
    assert snap_compare(app, terminal_size=SMALL, run_before=mark_two)


def test_trick_area_a_trick_of_two(snap_compare) -> None:
    """Both cards of a trick of two, and its message in the middle."""
    async def run_before(pilot) -> None:
        area = pilot.app.query_one(TrickArea)
        view = seat_view(2, seat=1, trick=((0, "TD"), (1, "JD")), dealer=0)
        area.show(view, pilot.app.look, message="Ana wins the trick")
        await pilot.pause()

    assert snap_compare(WidgetHost(TrickArea()), terminal_size=SMALL, run_before=run_before)
