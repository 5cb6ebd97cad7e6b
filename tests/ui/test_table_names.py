"""Player and session names are text, never markup: ``[/x]`` or ``[b]Bob`` (allowed by the
engine) once crashed the score table and the trick log with a MarkupError."""

from __future__ import annotations

import io
import random

from rich.console import Console
from tabletools import (
    FIXED_TIME,
    engine,
    header_of,
    open_table,
    players,
    seam_view,
    seated,
    settle,
    text_of,
)
from textual.widgets import Button, Static

from polignac_tui.games.polignac.engine import Session, preset
from polignac_tui.games.polignac.tui.generale import GeneraleScreen
from polignac_tui.games.polignac.tui.scores import ScoreTable, full
from polignac_tui.games.polignac.tui.summary import summary_renderable
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.gamedraw import trick_log
from polignac_tui.ui.screens.panels import DealOverBox, MatchOverBox, Overlay
from polignac_tui.ui.screens.privacy import PrivacyScreen
from polignac_tui.ui.screens.table import TableScreen

NAMES = ("[/x]", "[b]Bob", "Zoé 🍷", "Denis")
SESSION_NAME = "[red]Soir[/x]"


def named_session(seed: int, humans: tuple[int, ...] = (0,)) -> Session:
    return Session.new(preset("generale", 4), players(humans, NAMES), random.Random(seed),
                       name=SESSION_NAME, created=FIXED_TIME, updated=FIXED_TIME)


def plain(renderable: object) -> str:
    console = Console(width=120, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def test_score_table_trick_log_summary_and_header_show_names_as_written(finish) -> None:
    session = named_session(4)
    finished = finish(named_session(4), seed=2)
    for seat in range(4):
        view = seam_view(finished, seat)
        table = plain(full(view))
        assert all(name in table for name in ("[/x]", "[b]Bob", "Zoé 🍷")), table
        summary = plain(summary_renderable(view, CardLook(), seated(view)))
        assert "[/x]" in summary and "[b]Bob" in summary
    view = session.view(0)
    assert "[/x]" in plain(trick_log(seam_view(session, 0), CardLook()))
    assert "[b]Bob" in plain(trick_log(seam_view(session, 0), CardLook(ascii=True)))
    assert SESSION_NAME in header_of(session, 0, SESSION_NAME, 120).plain


async def test_every_panel_opens_with_bracketed_names(make_app, store) -> None:
    """Two people at one terminal (privacy screen), la générale asked, the score table,
    the trick log and the last trick opened on three turns: no crash."""
    table = open_table(store, named_session(5, humans=(0, 1)))
    app = make_app(table=table)
    seen: set[type] = set()
    turns = 0   # the panels are opened on the first turns only (keeps the test fast)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(80):
            await settle(pilot)
            screen = app.screen
            seen.add(type(screen))
            if isinstance(screen, PrivacyScreen):
                assert screen.player_name in text_of(screen.query_one("#privacy-name"))
                assert screen.player_name in str(screen.query_one(Button).label)
                await pilot.press("enter")
            elif isinstance(screen, GeneraleScreen):
                assert "La générale? (" in text_of(screen.query_one("#generale-title"))
                await pilot.press("p")
            elif isinstance(screen, DealOverBox):
                assert "[b]Bob" in text_of(screen.query_one("#overlay-box Static"))
                break
            elif isinstance(screen, TableScreen) and turns >= 3:
                break       # (the summary is checked in the test above)
            elif isinstance(screen, TableScreen):
                turns += 1
                assert "Soir" in text_of(screen.query_one("#info"))
                await pilot.press("s")
                await pilot.pause()
                scores = screen.query_one(ScoreTable)
                assert scores.full and "[b]Bob" in text_of(scores._body)
                await pilot.press("s")
                for key in ("t", "l") if screen.view().tricks else ("t",):
                    await pilot.press(key)
                    await pilot.pause()
                    assert isinstance(app.screen, Overlay), key
                    assert "[/x]" in text_of(app.screen.query_one(Static)), key
                    await pilot.press("escape")
                    await pilot.pause()
                await pilot.press("enter")
            else:
                break
    assert {PrivacyScreen, GeneraleScreen, TableScreen} <= seen and turns == 3


async def test_cognac_names_who_pays_as_written(make_app, store, finish) -> None:
    table = open_table(store, finish(named_session(6), seed=3))
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MatchOverBox))
        shown = text_of(app.screen.query_one("#overlay-box Static"))
        for name, total in zip(NAMES, engine(table).totals, strict=True):
            assert f"{name} {total}" in shown
        pays = shown
        assert any(NAMES[s] in pays for s in engine(table).losers) or "You" in pays
