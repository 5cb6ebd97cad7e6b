"""No quick key costs a jack by surprise (issue 27, point 5): following a trick, the
cursor starts on the lowest playable card that is not a jack, and Enter plays it."""

from __future__ import annotations

from typing import Any

from tabletools import (
    FIXED_TIME,
    engine,
    open_table,
    players,
    seam_view,
    settle,
    table_screen,
)

from polignac_tui.games.polignac.engine import Session, preset
from polignac_tui.games.polignac.engine.cards import FULL_DECK
from polignac_tui.ui.widgets.hand import Hand

# A jack and a nine of every suit: whatever is led, the first playable card is a jack.
JACKS_AND_NINES = ("JS", "9S", "JH", "9H", "JD", "9D", "JC", "9C")


def jacks_and_nines() -> Session:
    """Ana (seat 0) deals and plays last to the first trick, holding ``JACKS_AND_NINES``."""
    rules = preset("classique", 4)
    rest = [c for c in FULL_DECK if c not in JACKS_AND_NINES]
    session = Session(rules, players(), name="Jacks", created=FIXED_TIME,
                      updated=FIXED_TIME)
    session.add_deal(0, [list(JACKS_AND_NINES), rest[:8], rest[8:16], rest[16:]])
    return session


async def test_following_starts_on_a_card_that_is_not_a_jack(make_app, store) -> None:
    table = open_table(store, jacks_and_nines())
    app = make_app(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = engine(table).view(0)
        led = view.led_suit
        assert led is not None and view.legal[0] == "J" + led   # the first playable: a jack
        hand = table_screen(app).query_one(Hand)
        assert hand.selected_card == "9" + led
        await pilot.press("enter")                               # played at once
        await settle(pilot, lambda: len(engine(table).deals[0].plays) >= 4)
        assert engine(table).deals[0].plays[3] == "9" + led


def test_the_careful_card_follows_never_leads_and_never_picks_a_jack() -> None:
    from dataclasses import replace

    from polignac_tui.games.polignac.tui.tableparts import careful_card
    session = jacks_and_nines()
    view = seam_view(session, 1)                 # Bruno leads: no careful card
    assert not view.trick and careful_card(view) is None
    view = replace(seam_view(session, 0), trick=((1, "KH"),))

    def legal(*cards: str) -> Any:
        return replace(view, game_part={**view.game_part, "legal": list(cards)})
    assert careful_card(legal("JH", "9H")) == "9H"
    # a discard: the lowest card that is not a jack, whatever its suit (the leftmost on a tie)
    assert careful_card(legal("JS", "9S", "JD", "9D")) == "9S"
    assert careful_card(legal("JS", "JD")) is None   # only jacks: as before
