"""One header form for every game (issue 34): Écarté's and Piquet's headers name the
table's preset as Polignac's does, from what the client knows (the session's settings
here, the lobby's listing at a table of the service); a short line loses the preset
first, never the game's name, the deal or its dealer."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from gametools import game_table, settle
from tabletools import text_of

from polignac_tui.games import get_game
from polignac_tui.service.client import RemoteGameClient, SeatListing, TableListing
from polignac_tui.ui.gamedraw import header_text
from polignac_tui.ui.gameface import Seating, face_of
from polignac_tui.ui.screens.table import TableScreen


def header(game: str, preset: str, width: int = 120) -> str:
    rules = get_game(game)
    match = rules.start(rules.settings(rules.presets[0], players=2), ["Ana", "Bruno"], 0)
    view = match.view(0)
    return header_text(view, rules.title, "Evening", Seating(view.names, 0), face_of(game),
                       width, preset=preset).plain


@pytest.mark.parametrize(("game", "preset", "words"), [
    ("ecarte", "classique", "Classique"), ("ecarte", "italiana", "Italiana"),
    ("piquet", "rubicon", "Rubicon"), ("piquet", "cent", "Piquet au cent"),
    ("piquet", "custom", "Custom"),
])
def test_the_header_names_the_preset(game: str, preset: str, words: str) -> None:
    title = get_game(game).title
    assert header(game, preset).startswith(f"{title} · Evening · {words} · "), header(game,
                                                                                     preset)
    assert words not in header(game, "")                    # unknown: not said
    short = header(game, preset, width=len(header(game, preset)) - 1)
    assert words not in short and short.startswith(f"{title} · Evening · "), short


@pytest.mark.parametrize(("game", "preset", "words"), [
    ("piquet", "cent", "Piquet au cent"), ("ecarte", "italiana", "Italiana")])
async def test_a_table_here_names_its_sessions_preset(make_app, store, game: str,
                                                      preset: str, words: str) -> None:
    table = game_table(store, game, seed=5, both_human=True, preset=preset)
    app = make_app(game_table=table)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert screen.client.preset == preset
        assert words in text_of(screen.query_one("#info"))


def test_a_table_of_the_service_names_the_preset_the_lobby_lists() -> None:
    seats = (SeatListing("Ana", "human", None, False, True, True),
             SeatListing("Bruno", "human", None, False, True, False))
    listed = TableListing("t1", "piquet", "Evening", "cent", 2, seats, "playing", 1, "Ana", 0)
    link = SimpleNamespace(tables_seen=[], muted=set())
    client = RemoteGameClient(link, "t1", (0,), False, "piquet")  # type: ignore[arg-type]
    assert client.preset == ""                              # not listed yet
    link.tables_seen = [listed]
    assert client.preset == "cent"
    link.tables_seen = []                                   # the last listing kept
    assert client.preset == "cent"
