"""Helpers for the tests of the table of a game of the seam (Écarté, Piquet): seeded
tables on a temporary store, waiting for the person's turn, one action by keys."""

from __future__ import annotations

import random
import time
from typing import Any

from polignac_tui.games import get_game
from polignac_tui.games.base import CardChoice, CardsChoice, WordChoice
from polignac_tui.games.piquet.match import PiquetMatch
from polignac_tui.games.piquet.players import choose
from polignac_tui.games.session import SeatPlayer
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gameevents import Seen
from polignac_tui.table.gametable import GameTable
from polignac_tui.ui.widgets.hand import key_for

SETTLE_SECONDS = 30.0


def game_table(store: SessionStore, game: str, seed: int = 5, both_human: bool = False,
               level: str = "easy", preset: str | None = None,
               **overrides: object) -> GameTable:
    """Ana (a person) against Bruno (a computer of ``level``, or a person too)."""
    rules = get_game(game)
    seats = [SeatPlayer(True), SeatPlayer(True) if both_human else SeatPlayer(False, level)]
    return GameTable.create(store, game, rules.settings(preset, overrides), ["Ana", "Bruno"],
                            seats,
                            name="Evening", seed=seed)


def piquet_deal_played(names: tuple[str, str] = ("Ana", "Bruno")) -> PiquetMatch:
    """One deal of Piquet between two easy computers called ``names``, played to its end
    (seeded)."""
    game = get_game("piquet")
    match = game.start(game.settings("rubicon", {}), list(names), 0)
    assert isinstance(match, PiquetMatch)
    rng = random.Random(5)
    match.deal(rng)
    while match.view(0).game_part.get("phase") != "over":
        match.apply(choose(match.view(match.turn), "easy", rng))
    return match


def game_screen(app: Any) -> Any:
    from polignac_tui.ui.screens.table import TableScreen
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no game table screen open")


def waits_for_person(app: Any) -> bool:
    """True when the game waits for the person: their action, or a screen over the table
    (the end of a deal, of the match, the privacy screen)."""
    from polignac_tui.ui.screens.table import TableScreen
    screen = app.screen
    if not isinstance(screen, TableScreen):
        return True
    state = screen.state
    if state is None:
        return False
    if state.waiting in ("ready", "over"):
        return screen._dialog is not None
    return screen.awaits_me() and screen._dialog is None


async def settle(pilot: Any, until: Any = None) -> None:
    """Let the computer act (in its thread) until the person is needed; a trick on show
    is seen, as a person would press a key. Fails when it never happens."""
    from polignac_tui.ui.screens.table import TableScreen
    app = pilot.app
    check = until or (lambda: waits_for_person(app))
    deadline = time.monotonic() + SETTLE_SECONDS
    count = 0
    while count < 300 or time.monotonic() < deadline:
        count += 1
        await pilot.pause()
        if check():
            return
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.state is not None and (
                screen.state.waiting == "hold"):
            screen.client.send(Seen())
    raise AssertionError(f"the game table never settled (screen {type(app.screen).__name__})")


def word_key(app: Any, word: str) -> str:
    from polignac_tui.ui.widgets.words import WordChoices
    key = game_screen(app).query_one(WordChoices).key_of(word)
    assert key, f"no key for {word!r}"
    return str(key)


async def act(pilot: Any, prefer: tuple[str, ...] = ("propose", "accept", "nolook")) -> str:
    """One action of the person by keys: a word of ``prefer`` (else the first word), a
    discard of the first cards allowed, every kind declared, or the first legal card.
    Returns what was done, as the action's text."""
    app = pilot.app
    screen = game_screen(app)
    view = screen.view()
    choice = view.choice
    if isinstance(choice, WordChoice) and choice.verb is not None:
        for word in choice.words:
            if word not in screen._toggled:     # what wins is toggled at first
                await pilot.press(word_key(app, word))
        await pilot.press(word_key(app, "=" + choice.verb))
        return " ".join((choice.verb, *choice.words))
    if isinstance(choice, WordChoice):
        word = next((w for w in prefer if w in choice.words), choice.words[0])
        await pilot.press(word_key(app, word))
        return word
    if isinstance(choice, CardsChoice):
        cards = view.hand[:max(choice.least, 1)]
        for card in cards:
            await pilot.press(key_for(view.hand.index(card)))
        await pilot.press("enter")
        return " ".join((choice.verb, *cards))
    assert isinstance(choice, CardChoice), choice
    card = choice.cards[0]
    key = key_for(view.hand.index(card))
    await pilot.press(key, key)
    return card


def status(app: Any) -> str:
    from tabletools import text_of
    from textual.widgets import Static
    return " ".join(text_of(game_screen(app).query_one("#status", Static)).split())


def panel(app: Any) -> str:
    from tabletools import text_of

    from polignac_tui.ui.widgets.gamepanel import GamePanel
    return text_of(game_screen(app).query_one(GamePanel))


async def play_until(pilot: Any, done: Any, prefer: tuple[str, ...] = ("look",),
                     steps: int = 16) -> Any:
    """Act by keys (``act``), through the privacy screen between two people at one
    keyboard, until ``done(view)`` holds for the view of the seat at the keyboard; that
    view. Fails when it never does."""
    from polignac_tui.ui.screens.privacy import PrivacyScreen
    app = pilot.app
    for _step in range(steps):
        await settle(pilot)
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            continue
        view = game_screen(app).view()
        if done(view):
            return view
        await act(pilot, prefer=prefer)
    raise AssertionError("the game never came to the moment asked")
