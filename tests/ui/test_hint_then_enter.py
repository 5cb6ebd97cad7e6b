"""A hint in words or of a discard is followed by Enter as a card hint is: the hint puts
the cursor (or the marks) where Enter does what the hint said. Found in a playtest: at
Écarté "Hint: I refuse", then Enter, accepted (the cursor stayed on the first word); at
Piquet "Hint: declare Point, Sequence, Sets", then Enter, took the point off the
declaration; "Hint: discard 9♠ 8♠ ...", then Enter, marked nothing."""

from __future__ import annotations

from typing import Any

import pytest
from gametools import act, game_screen, settle

from polignac_tui.games.base import CardsChoice, WordChoice
from polignac_tui.ui.widgets.words import WordChoices


async def _hint_then_enter(pilot: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, bool]:
    """Press h, wait for the hint, press Enter: (the advice, the action sent, whether the
    cursor was on another word than the advice's before the hint)."""
    app = pilot.app
    screen = game_screen(app)
    advised: list[str] = []
    sent: list[str] = []
    ask = screen.client.hint

    async def hint(seat: int) -> Any:
        advice = await ask(seat)
        advised.append(advice.action)
        return advice

    acting = screen._act
    monkeypatch.setattr(screen.client, "hint", hint)
    monkeypatch.setattr(screen, "_act", lambda action: (sent.append(action), acting(action)))
    choice = screen.view().choice
    buttons = screen.query_one(WordChoices)
    before = buttons.words[buttons.cursor] if buttons.words else ""
    await pilot.press("h")
    await settle(pilot, until=lambda: bool(advised) and screen._hint_asked is None)
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot, until=lambda: bool(sent))
    monkeypatch.undo()
    words = advised[0].split()
    if isinstance(choice, CardsChoice):     # nothing was marked before the hint
        return advised[0], sent[0], len(words) > 1
    elsewhere = before not in (words[0], f"={words[0]}")
    return advised[0], sent[0], elsewhere


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
async def test_enter_after_a_hint_does_what_the_hint_said(make_app, store, game,
                                                         monkeypatch) -> None:
    from gametools import game_table
    checked = moved = discards = 0
    for seed in range(1, 7):
        table = game_table(store, game, seed=seed, level="medium")
        app = make_app(game_table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            for _step in range(8):
                await settle(pilot)
                view = game_screen(app).view()
                if view.choice is None or view.deal_number > 1:
                    break
                if not isinstance(view.choice, WordChoice | CardsChoice):
                    await act(pilot)
                    continue
                advice, sent, elsewhere = await _hint_then_enter(pilot, monkeypatch)
                verb, *words = advice.split()
                said, *said_words = sent.split()
                assert (said, set(said_words)) == (verb, set(words)), (advice, sent)
                checked += 1
                moved += elsewhere
                discards += isinstance(view.choice, CardsChoice) and elsewhere
        if moved >= 3 and discards:
            break
    assert checked >= 3
    assert discards >= 1   # a discard of some cards, marked by the hint
    assert moved >= 2      # Enter alone would have done something else
