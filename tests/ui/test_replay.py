"""The one replay screen on a Polignac session: from Saved sessions (p), every hand face up,
← → Home End action by action, the trick and who won it, the review against the expert
(its estimate of each card, the marks, the reasons) with its progress; and its snapshot."""

from __future__ import annotations

import random

from polignac_file import dumps
from tabletools import listed
from textual.widgets import DataTable, Static

from polignac_tui.games.polignac import game_session as as_game_session
from polignac_tui.games.polignac.engine import Player, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.games.polignac.engine.cards import sorted_hand
from polignac_tui.games.polignac.players.review import review_deal, review_match
from polignac_tui.games.polignac.players.wording import reason_text
from polignac_tui.ui.screens.replay import ReplayScreen, deal_at
from polignac_tui.ui.screens.saved import SavedScreen
from polignac_tui.ui.screenshots import FIXED

NAMES = ("Ana", "Bruno", "Claire", "Denis", "Eva")
ID = "20261121-2130-ana"


def finished(deals: int = 2, seed: int = 3) -> Session:
    """Five players (short deals: a quick review), ``deals`` deals over, one more dealt."""
    rng = random.Random(seed)
    players = [Player(NAMES[0])] + [Player(n, "computer", "medium") for n in NAMES[1:]]
    session = Session.new(preset("classique", 5).replace(limit=1000), players, rng, id=ID,
                          name="Replayed", created=FIXED, updated=FIXED)
    while len(session.deals) <= deals:
        random_step(session, rng)
    return session


def save(store, session: Session) -> None:
    store.root.mkdir(parents=True, exist_ok=True)
    store.path(session.id).write_text(dumps(session), encoding="utf-8")


def text(screen: ReplayScreen, id: str) -> str:
    return str(screen.query_one(f"#replay-{id}", Static).render())


async def reviewed(pilot, screen: ReplayScreen) -> None:
    for _ in range(600):   # a few seconds of search at most
        if screen.review is not None:
            await pilot.pause()
            return
        await pilot.pause(0.05)
    raise AssertionError("the review never came")


async def open_replay(app, pilot) -> ReplayScreen:
    await pilot.press("s")
    await listed(pilot)
    await pilot.press("p")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def test_replay_steps_through_the_last_finished_deal(make_app, store) -> None:
    session = finished()
    save(store, session)
    deal = session.deals[1]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot)
        assert screen.number == 2 and screen.position == 0
        hands = text(screen, "hands")
        for hand in deal.dealt:          # every hand face up, as dealt
            assert " ".join(c.replace("T", "10") for c in sorted_hand(hand)).replace(
                "S", "♠").replace("H", "♥").replace("D", "♦").replace("C", "♣") in hands
        await pilot.press("right", "right")
        assert screen.position == 2 and "action 2 of" in text(screen, "title")
        first = deal.tricks[0]
        await pilot.press("end")
        total = len(deal.actions)        # la générale's answers are actions too
        assert screen.position == total and "Deal over: " in text(screen, "trick")
        await pilot.press("right")
        assert screen.position == total                     # no further than the end
        await pilot.press("home")
        assert screen.position == 0
        asked = len(deal.actions) - len(deal.plays)          # the générale's answers
        for _ in range(asked + session.size):                # the first trick, played out
            await pilot.press("right")
        trick = text(screen, "trick")
        assert f"{NAMES[first.winner]} wins the trick" in trick
        await pilot.press("left")
        assert "wins the trick" not in text(screen, "trick")
        await pilot.press("left_square_bracket")
        assert screen.number == 1 and screen.position == 0
        await pilot.press("left_square_bracket")             # no deal before the first
        assert screen.number == 1
        await pilot.press("escape")
        assert isinstance(app.screen, SavedScreen)


async def test_the_review_shows_each_card_against_the_expert(make_app, store) -> None:
    session = finished()
    save(store, session)
    own = review_deal(session, 2)
    expected = review_match(as_game_session(session).match, 2)
    assert [(s.index - 1, s.action, s.expert, s.mark) for s in expected.steps] == [
        (c.index, c.card, c.best, c.mark) for c in own.cards]   # every card, as its own
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot)
        await reviewed(pilot, screen)
        assert screen.review == expected
        summary = text(screen, "summary")
        for seat, name in enumerate(NAMES):
            assert f"{name} {own.lost(seat):.2f}" in summary
            assert f"{name} {expected.lost(seat):.2f}" in summary
        marked = next((c for c in own.cards if c.mark), own.cards[0])
        for _ in range(marked.index + 1):
            await pilot.press("right")
        review = text(screen, "review")
        assert review.startswith(f"{NAMES[marked.seat]}: ")
        assert reason_text(marked.reason, NAMES) in review
        assert f"{marked.played_points:.2f} points expected" in review
        if marked.mark:
            assert marked.mark in review and marked.mark in text(screen, "trick")


async def test_the_review_shows_its_progress_until_it_is_done(make_app, store) -> None:
    session = finished()
    save(store, session)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot)
        await reviewed(pilot, screen)
        done = screen.reviews.pop(screen.number)      # as while the review runs
        screen._progressed(screen.number, 2, len(done.steps))
        assert text(screen, "summary") == (
            f"Reviewing against the expert: 2 of {len(done.steps)} choices")
        screen._progressed(screen.number + 1, 3, 9)    # another deal's: not this one's
        assert "2 of" in text(screen, "summary")
        screen.reviews[screen.number] = done
        screen.show()
        assert text(screen, "summary").startswith("Choices the same as the expert's: ")


async def test_a_session_without_a_finished_deal_says_so(make_app, store) -> None:
    save(store, finished(deals=0))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await listed(pilot)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)
        assert any("no finished deal" in str(n.message) for n in app._notifications)


async def test_a_damaged_file_cannot_be_replayed(make_app, store) -> None:
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "broken.toml").write_text("format = 1\n[oops", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await listed(pilot)
        assert app.screen.query_one("#sessions", DataTable).row_count == 1
        offered = {b.binding.action for b in app.screen.active_bindings.values()}
        assert "replay" not in offered      # not offered for a damaged file
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, SavedScreen)


def test_deal_at_is_the_engine_replay() -> None:
    session = finished()
    deal = session.deals[1]
    house = as_game_session(session)
    for position in (0, 1, 7, len(deal.actions), len(deal.actions) + 3):
        moment = deal_at(house, 2, position)
        replayed = moment.match.own_session()
        assert replayed.deals[-1].actions == deal.actions[:position]
        assert moment.position == min(position, len(deal.actions))


def test_replay_snapshot(snap_compare, make_app, store) -> None:
    save(store, finished())

    async def run_before(pilot) -> None:
        screen = await open_replay(pilot.app, pilot)
        await reviewed(pilot, screen)
        for _ in range(7):
            await pilot.press("right")
        await pilot.pause()
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


def test_replay_snapshot_ascii(snap_compare, make_app, store, settings) -> None:
    settings.ascii = True
    save(store, finished())

    async def run_before(pilot) -> None:
        screen = await open_replay(pilot.app, pilot)
        await reviewed(pilot, screen)
        for _ in range(5):
            await pilot.press("right")
        await pilot.pause()
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)
