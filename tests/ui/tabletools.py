"""Helpers for the table screen tests: hand-made sessions, apps on a Table, waiting for a turn."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from polignac_file import save_session

from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.cards import FULL_DECK
from polignac_tui.store.folder import SessionStore
from polignac_tui.table.gametable import GameTable

FIXED_TIME = datetime(2026, 11, 1, 20, 30, tzinfo=UTC)
NAMES = ("Ana", "Bruno", "Claire", "Denis")
# Ana's hand when she is to win every trick: every king and queen.
TOP = ("KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC")


def players(humans: tuple[int, ...] = (0,), names: tuple[str, ...] = NAMES) -> list[Player]:
    return [Player(n) if i in humans else Player(n, "computer", "easy")
            for i, n in enumerate(names)]


def strong_session(preset_name: str = "classique", **changes: Any) -> Session:
    """Ana (seat 0) holds every king and queen and leads the first trick (Denis deals)."""
    rules = preset(preset_name, 4)
    if changes:
        rules = rules.replace(**changes)
    rest = [c for c in FULL_DECK if c not in TOP]
    hands = [list(TOP), rest[0:8], rest[8:16], rest[16:24]]
    session = Session(rules, players(), name="Strong hand", created=FIXED_TIME,
                      updated=FIXED_TIME)
    session.add_deal(3, hands)
    return session


# Ana holds no heart but J♠ J♦ K♠ Q♠; Bruno holds every heart and leads (Ana deals).
VOID_HAND = ("JS", "JD", "KS", "QS", "9C", "8C", "7C", "TC")
HEARTS = ("KH", "QH", "JH", "AH", "TH", "9H", "8H", "7H")


def void_session(**changes: Any) -> Session:
    """Classique at 4 from ``VOID_HAND`` and ``HEARTS``: Bruno leads a heart Ana cannot follow."""
    rules = preset("classique", 4).replace(**changes)
    rest = [c for c in FULL_DECK if c not in VOID_HAND + HEARTS]
    session = Session(rules, players(), name="Void", created=FIXED_TIME, updated=FIXED_TIME)
    session.add_deal(0, [list(VOID_HAND), list(HEARTS), rest[:8], rest[8:]])
    return session


def open_table(store: SessionStore, session: Session, seed: int = 3) -> GameTable:
    session.id = store.new_id(session.name, "Ana", now=FIXED_TIME)
    save_session(store, session)
    return GameTable.open(store, session.id, seed=seed)


def polignac_table(store: SessionStore, rules: Any, seats: list[Player], name: str = "",
                   seed: int | None = None, undo: bool = True) -> GameTable:
    """A new Polignac session at a table of the house, as the app makes one."""
    from polignac_tui.games.polignac import seats_of, settings_of
    return GameTable.create(store, "polignac", settings_of(rules), [p.name for p in seats],
                            seats_of(seats), name=name, seed=seed, undo=undo)


def engine(table: GameTable) -> Session:
    """The engine's session under a Polignac table (its deals, players, totals)."""
    session: Session = table.session.match.session  # type: ignore[attr-defined]
    return session


def table_screen(app: Any) -> Any:
    from polignac_tui.ui.screens.table import TableScreen
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen open")


def idle(app: Any) -> bool:
    """True when the game waits for a person: a question, a summary, or a human's card."""
    from polignac_tui.ui.screens.table import TableScreen
    screen = app.screen
    if not isinstance(screen, TableScreen):
        return True
    state = screen.state
    if screen._dialog is not None or state is None or state.waiting != "turn":
        return False
    turn = screen.view().turn
    if turn is not None and turn not in screen.client.seats:
        return False
    session = screen.client.table.session
    if session.finished or session.match.needs_deal:
        return False
    return screen.client.table.computer_to_move() is None


SETTLE_SECONDS = 30.0


async def settle(pilot: Any, until: Callable[[], bool] | None = None, limit: int = 500) -> None:
    """Let computer moves (thread workers) run until ``until()`` (default: a person is
    needed; a finished trick on show is seen, as a person would press a key). Fails when
    it never happens."""
    import time

    from polignac_tui.table.gameevents import Seen
    from polignac_tui.ui.screens.table import TableScreen
    app = pilot.app
    check = until or (lambda: idle(app))
    # ``limit`` pauses, and at least SETTLE_SECONDS: computers think in threads, which a
    # loaded machine (two test processes on two cores) may keep waiting a while.
    deadline = time.monotonic() + SETTLE_SECONDS
    count = 0
    while count < limit or time.monotonic() < deadline:
        count += 1
        await pilot.pause()
        if check():
            return
        screen = app.screen
        if until is None and isinstance(screen, TableScreen) and screen.holding():
            screen.client.send(Seen())
    raise AssertionError(f"the table never settled (screen {type(app.screen).__name__})")


def text_of(widget: Any) -> str:
    """The plain text a ``Static`` shows (Rich renderables included)."""
    import io

    from rich.console import Console
    from rich.text import Text
    content = widget.content
    if isinstance(content, str):
        return Text.from_markup(content).plain
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(content)
    return console.export_text()


async def listed(pilot: Any, limit: int = 500) -> None:
    """Wait until the saved-sessions screen shows its list (read in a thread worker)."""
    for _ in range(limit):
        if not getattr(pilot.app.screen, "reading", False):
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError("the saved sessions were never listed")


async def play_selected(pilot: Any) -> None:
    """Play the selected card with Enter: twice on a new lead, where a first Enter (the
    cursor not moved) only chooses the card."""
    screen = table_screen(pilot.app)
    view = screen.view()
    before = (view.deal_number, len(view.tricks), len(view.trick))
    await pilot.press("enter")
    await pilot.pause()
    view = screen.view()
    if screen.awaits_me() and (view.deal_number, len(view.tricks),
                                    len(view.trick)) == before:
        await pilot.press("enter")


def seam_view(session: Session, seat: int | None) -> Any:
    """The seam's ``View`` of ``seat`` at a table over the engine's ``session``."""
    from polignac_tui.games.polignac import GAME, PolignacMatch
    return PolignacMatch.of(GAME, session).view(seat)


def seated(view: Any) -> Any:
    """Who is who in ``view``'s sentences: its seat is "you" (nobody for a watcher)."""
    from polignac_tui.ui.gameface import Seating
    return Seating(view.names, view.seat)


def header_of(session: Session, seat: int, name: str, width: int) -> Any:
    """The table's header (``gamedraw.header_text``) for the person at ``seat``."""
    from polignac_tui.ui.gamedraw import header_text
    from polignac_tui.ui.gameface import Seating, face_of
    view = seam_view(session, seat)
    return header_text(view, "Polignac", name, Seating(view.names, seat), face_of("polignac"),
                       width)
