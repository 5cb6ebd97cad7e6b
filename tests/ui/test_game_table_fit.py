"""Écarté and Piquet fit 80×24 in English, French and Italian: at every moment of a whole
deal where the person acts, and at its end (the box, then the finished table), no part of
the table scrolls and no line is cut (issue 35, point 2).

To extend it (Piquet's declarations said one speaker a line, once they are): every moment
of ``play_a_deal`` is checked already, the declarations included; a new moment needs only
its own driver feeding ``moments``.
"""

from __future__ import annotations

from typing import Any

import pytest
from gametools import act, game_screen, game_table, settle, word_key
from textual.widget import Widget
from textual.widgets import Static

from polignac_tui.games.base import CardChoice
from polignac_tui.ui.screens.panels import DealOverBox
from polignac_tui.ui.screens.table import TableScreen

SIZE = (80, 24)
LANGUAGES = ("en", "fr", "it")


def overflows(screen: Any) -> list[str]:
    """What does not fit on ``screen``: a part that scrolls (its scrollbar shows), a
    text of fixed height that needs more rows than it has (its last words cut)."""
    found: list[str] = []
    for widget in screen.query("*"):
        if not isinstance(widget, Widget) or not widget.display or not widget.region.area:
            continue
        if widget.is_scrollable and (widget.max_scroll_y > 0 or widget.max_scroll_x > 0):
            found.append(f"{widget!r} scrolls ({widget.max_scroll_y} rows, "
                         f"{widget.max_scroll_x} columns too many)")
        if isinstance(widget, Static) and widget.styles.height is not None and \
                widget.styles.height.is_cells:
            width = widget.content_region.width
            needed = widget.get_content_height(widget.size, screen.app.size, width)
            if needed > widget.content_region.height:
                found.append(f"{widget!r} needs {needed} rows, has "
                             f"{widget.content_region.height}")
    return found


def screen_text(app: Any) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def play_a_deal(pilot: Any, prefer: tuple[str, ...], mark_king: bool) -> list[str]:
    """One deal by keys, each moment the person acts checked; then the end of the deal:
    its box, and the finished table once the box is closed. What did not fit, with the
    screen it was seen on."""
    app = pilot.app
    problems: list[str] = []
    moments = 0

    def check(where: str) -> None:
        nonlocal moments
        moments += 1
        found = overflows(app.screen)
        if found:
            problems.append(f"{where}: {found}\n{screen_text(app)}")

    for _step in range(60):
        await settle(pilot)
        if isinstance(app.screen, DealOverBox):
            break
        check("a turn")
        view = game_screen(app).view()
        if mark_king and isinstance(view.choice, CardChoice) and "king" in view.choice.words:
            await pilot.press(word_key(app, "king"))
            continue
        await act(pilot, prefer=prefer)
    else:
        raise AssertionError("the deal never ended")
    check("the end of the deal's box")
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    check("the finished table")
    assert moments >= 6
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("seed", "prefer"), [
    (12, ("play",)),                   # Ana plays without proposing, marks the king
    (7, ("propose", "accept")),        # the exchange, the king marked, the point
])
async def test_ecarte_fits_80x24(make_app, store, lang, seed, prefer) -> None:
    table = game_table(store, "ecarte", seed=seed, mark_king="ask")
    app = make_app(game_table=table, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        problems = await play_a_deal(pilot, prefer, mark_king=True)
        assert table.session.match.log[0].actions     # a deal was played
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_piquet_fits_80x24(make_app, store, lang) -> None:
    """Against the medium computer: the exchange, the talon looked at, the declarations
    answered, twelve tricks, the points of the deal."""
    table = game_table(store, "piquet", seed=3, level="medium")
    app = make_app(game_table=table, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        problems = await play_a_deal(pilot, ("look",), mark_king=False)
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize(("lang", "last_words"), [
    ("en", "then Enter."), ("fr", "puis Entrée."), ("it", "poi Invio.")])
async def test_a_prompt_keeps_its_last_words_after_a_long_note(make_app, store, lang,
                                                                last_words) -> None:
    """Piquet's exchange, a note before the prompt too long for both on two rows: the
    note gives way, the prompt is said whole."""
    from gametools import status
    table = game_table(store, "piquet", seed=3, level="medium")
    app = make_app(game_table=table, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.view().game_part.get("phase") in ("discard_elder", "discard_younger")
        assert status(app).endswith(last_words)
        screen.say("Bruno " + "a long note " * 8)
        await pilot.pause()
        assert status(app).endswith(last_words)
        assert "a long note" not in status(app)
        assert not overflows(app.screen)
        screen.say("Bruno, a short note.")
        await pilot.pause()
        assert status(app).startswith("Bruno, a short note.")
        assert status(app).endswith(last_words)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", [1, 7])
async def test_ecarte_fits_80x24_with_names_of_24_characters(make_app, store, lang,
                                                              seed) -> None:
    """The longest names a file allows: the side column shortens them, never scrolls."""
    from polignac_tui.games import get_game
    from polignac_tui.games.session import SeatPlayer
    from polignac_tui.table.gametable import GameTable
    names = ["Anastasia-Valentina Ma", "Bernadette-Alexandrine X"]
    assert all(len(name) <= 24 for name in names)
    table = GameTable.create(store, "ecarte", get_game("ecarte").settings(
        None, {"mark_king": "ask"}), names, [SeatPlayer(True), SeatPlayer(False, "expert")],
        name="Evening", seed=seed)
    app = make_app(game_table=table, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        problems = await play_a_deal(pilot, ("play",) if seed == 1 else ("propose", "accept"),
                                     mark_king=True)
    assert not problems, "\n\n".join(problems)


LONG_NAMES = ("Anastasia-Valentina Maria", "Bernadette-Alexandrine X")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["ecarte", "piquet"])
@pytest.mark.parametrize("names", [("Ana", "Bruno"), LONG_NAMES])
async def test_the_match_end_fits_80x24(make_app, store, lang, game, names) -> None:
    """The end of the match (issue 35): its box whole, no scrollbar, no cut line, the
    rubicon's words and the keys included; then the finished table, the box closed."""
    from store.gamehelpers import make_game

    from polignac_tui.ui.screens.panels import MatchOverBox
    names = (names[0][:24], names[1][:24])
    session = make_game(game, "20261127-2200-anna", seed=3, actions=None, names=names)
    store.save_game(session)
    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_game_session(session.id)
        await settle(pilot)
        assert isinstance(app.screen, MatchOverBox)
        found = overflows(app.screen)
        assert not found, f"{found}\n{screen_text(app)}"
        shown = screen_text(app)
        outcome = session.match.outcome
        assert outcome is not None and str(outcome.value) in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        found = overflows(app.screen)
        assert not found, f"{found}\n{screen_text(app)}"
