"""The typed frame of a ``View`` over every registered game: the phase, the leader, the
tricks of the deal and the deals of the match are filled by each match (the shared
screens read them, never ``game_part``), agree with the rest of the view, and cross the
wire both ways: a view written before the frame had them still reads."""

from __future__ import annotations

import pytest

from polignac_tui.games.base import View

from .test_contract import CASES, Case, seats_of, walk


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_frame_agrees_with_the_view_at_every_step(case: Case) -> None:
    checked = 0
    for match, _step in walk(case):
        for seat in seats_of(match):
            view = match.view(seat)
            assert len(view.deals) == view.deal_number
            in_play = [n for n, d in enumerate(view.deals, start=1) if d.points is None]
            assert in_play in ([], [view.deal_number])       # only the deal in play is open
            if view.deal_number and not match.needs_deal:
                assert view.phase                              # every deal names its phase
                assert len(view.tricks) == sum(view.tricks_won)
                for trick in view.tricks:
                    assert len(trick.cards) == len(view.names) or len(view.names) == 2
                    assert trick.winner in trick.by_seat(len(view.names))
                if view.phase == "play" and view.trick:
                    assert view.trick[0][0] == view.leader
            assert View.from_json(view.to_json()) == view
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("case", [c for c in CASES if c.preset in ("classique", "rubicon")],
                         ids=str)
def test_a_view_without_the_frame_reads_with_an_empty_one(case: Case) -> None:
    for match, _step in walk(case):
        if match.view(0).tricks:
            view = match.view(0)
            old = {k: v for k, v in view.to_json().items()
                   if k not in ("phase", "leader", "tricks", "deals")}
            read = View.from_json(old)
            assert (read.phase, read.leader, read.tricks, read.deals) == ("", None, (), ())
            assert read.hand == view.hand and read.game_part == view.game_part
            return
    raise AssertionError(f"{case}: no trick was ever taken")
