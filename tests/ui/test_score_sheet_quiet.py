"""The score sheet shown again with nothing changed paints nothing again: at a served
table every card shows it, and each paint of the side column went down the wire."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult

from polignac_tui.games.polignac import game_session
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.tui.scores import ScoreTable
from polignac_tui.ui.cardtext import CardLook


class SheetApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ScoreTable()


async def test_the_same_view_shown_again_paints_nothing_and_the_frame_follows_the_sheet(
        ) -> None:
    players = [Player(n) for n in ("Ana", "Bruno", "Claire", "Denis")]
    session = Session.new(preset("classique", 4), players, random.Random(3))
    view = game_session(session).match.view(0)
    app = SheetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = app.query_one(ScoreTable)
        sheet.show(view, CardLook())
        await pilot.pause()
        painted: list[object] = []
        real = sheet.refresh

        def counted(*args: object, **kwargs: object) -> object:
            painted.append(args)
            return real(*args, **kwargs)    # type: ignore[arg-type]
        sheet.refresh = counted             # type: ignore[method-assign]
        for _ in range(3):
            sheet.show(view, CardLook())
        assert painted == []
        assert not sheet.border_title
        sheet.toggle()                      # open full: its frame says what it is
        assert sheet.full and sheet.border_title and painted
        sheet.toggle()
        assert not sheet.full and not sheet.border_title and not sheet.border_subtitle
