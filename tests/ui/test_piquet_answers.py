"""Every call of the elder gets the younger's answer at the table (issue 35, 1): deals
played at the table, the person elder in some and younger in others; once the play
begins, each of the elder's calls in the side panel has the younger's answer line
under it, and so has the dialogue read from both seats' views."""

from __future__ import annotations

from typing import Any

import pytest

from polignac_tui.games.piquet.tui.dialogue import dialogue


def speakers(lines: list[tuple[int, str]], elder: int) -> bool:
    """Each call of the elder is followed by a line of the younger (his "nothing to
    declare" aside, which needs no answer)."""
    calls = [i for i, (seat, _w) in enumerate(lines) if seat == elder]
    return all(i + 1 < len(lines) and lines[i + 1][0] != elder for i in calls)


async def to_the_play(pilot: Any, deal: int) -> Any:
    """Act as ``gametools.act`` does (the deal over: n, the next deal) until the play of
    deal ``deal`` begins; its view."""
    from gametools import act, game_screen, settle
    for _step in range(60):
        await settle(pilot)
        view = game_screen(pilot.app).view()
        if view.deal_number == deal and view.game_part.get("phase") == "play":
            await pilot.pause()
            return view
        if view.choice is None:
            await pilot.press("n")
        else:
            await act(pilot)
    raise AssertionError(f"deal {deal}'s play never began")


@pytest.mark.parametrize(("lang", "pace"), [("it", "fast"), ("en", "instant")])
async def test_each_call_is_answered_in_the_panel_whoever_is_elder(make_app, store, settings,
                                                                   lang, pace) -> None:
    """At pace fast the lines are told one at a time: the test waits for the telling."""
    from gametools import game_screen, game_table, panel
    settings.pace = pace
    app = make_app(game_table=game_table(store, "piquet", seed=3), lang=lang)
    elders: set[int] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for deal in range(1, 5):
            view = await to_the_play(pilot, deal)
            screen = game_screen(app)
            for _tick in range(100):
                if screen._answered is None:
                    break
                await pilot.pause(0.1)
            assert screen._answered is None, "the dialogue is still being told"
            part = view.game_part
            elder, younger = int(part["elder"]), int(part["younger"])
            elders.add(elder)
            declared = part["declared"]
            assert isinstance(declared, list)
            calls = declared[elder] or []
            assert sorted(part["answers"]) == sorted(c["kind"] for c in calls)
            if not calls:
                continue
            for seat in (elder, younger):
                lines = [(ln.seat, ln.words) for ln in dialogue(screen.client.view(seat))]
                assert speakers(lines, elder), (seat, lines)
            seating = screen.seating()
            names = (seating.who(elder) + ":", seating.who(younger) + ":")
            told = [ln for ln in panel(app).split("\n") if ln.startswith(names)]
            by = [(elder if ln.startswith(names[0]) else younger, ln) for ln in told]
            assert speakers(by, elder), told
            assert sum(1 for s, _l in by if s == younger) >= len(calls), told
    assert elders == {0, 1}


async def test_the_person_s_own_calls_show_at_once_the_answers_under_them(
        make_app, store, settings) -> None:
    """At pace slow, the person elder: what he declared is in the panel at once, not
    told to him a line at a time while Bruno's answers wait; Bruno's first answer is
    under his first call; the rest of the answers follow, each under its call."""
    from gametools import act, game_screen, game_table, panel, settle
    app = make_app(game_table=game_table(store, "piquet", seed=3), lang="it")
    async with app.run_test(size=(80, 24)) as pilot:
        for _step in range(300):
            await settle(pilot)
            view = game_screen(app).view()
            if view.game_part.get("phase") == "declare_elder" and view.turn == view.seat \
                    and len(game_screen(app)._toggled) >= 2:
                break
            if view.choice is None:
                await pilot.press("n")
            else:
                await act(pilot)
        else:
            raise AssertionError("the person was never elder with two kinds to call")
        settings.pace = "slow"                            # a line every 2 s from now
        screen = game_screen(app)
        calls = sorted(screen._toggled)
        assert calls
        await act(pilot)                                  # he declares what he holds
        for _tick in range(100):                          # until Bruno has answered
            if screen.view().game_part.get("phase") == "play":
                break
            await pilot.pause(0.02)
        await pilot.pause()
        lines = [ln for ln in panel(app).split("\n") if ln.startswith(("Tu:", "Bruno:"))]
        mine = [i for i, ln in enumerate(lines) if ln.startswith("Tu:")]
        assert len(mine) == len(calls), lines               # all his calls, at once
        assert lines[mine[0] + 1].startswith("Bruno:"), lines
        for _tick in range(100):
            if screen._answered is None:
                break
            await pilot.pause(0.1)
        lines = [ln for ln in panel(app).split("\n") if ln.startswith(("Tu:", "Bruno:"))]
        assert speakers([(0 if ln.startswith("Tu:") else 1, ln) for ln in lines], 0), lines
