"""Invariants over random sessions under random settings (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from polignac_file import dumps, loads

from polignac_tui.games.polignac.engine import (
    Declare,
    Play,
    Player,
    RuleError,
    Rules,
    Session,
    deck,
)
from polignac_tui.games.polignac.engine.cards import FULL_DECK
from polignac_tui.games.polignac.engine.deal import Deal

from .helpers import NAMES, jack_points_by_trick, random_step
from .test_view import visible_cards


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    end = draw(st.sampled_from(["points", "deals"]))
    return Rules(
        preset=draw(st.sampled_from(["classique", "italiana", "generale", "english", "custom"])),
        ace_high=draw(st.booleans()),
        sevens_removed=draw(st.sampled_from(["red", "black"])),
        direction=draw(st.sampled_from(["counterclockwise", "clockwise"])),
        chelem=draw(st.sampled_from(["automatic", "declared", "off"])),
        generale=draw(st.booleans()),
        play_out=draw(st.booleans()),
        first_trick_penalty=draw(st.booleans()),
        last_trick_penalty=draw(st.booleans()),
        must_discard_jack=draw(st.booleans()),
        jack_guard=draw(st.booleans()),
        end=end,
        limit=draw(st.integers(1, 3) if end == "deals" else st.integers(1, 12)),
    )


def try_illegal(session: Session, rng: random.Random) -> None:
    """Offer the engine an illegal card and a card out of turn: both refused, nothing moves."""
    deal = session.current
    if deal is None or deal.phase != "play":
        return
    seat = deal.turn
    assert seat is not None
    before = list(deal.plays)
    legal = set(deal.legal(seat))
    assert legal, "a player always has a legal card"
    assert legal <= set(deal.hands[seat])
    for card in rng.sample(FULL_DECK, 4):
        if card not in legal:
            try:
                session.apply(Play(seat, card))
            except RuleError:
                pass
            else:
                raise AssertionError(f"{card} accepted from {deal.hands[seat]}")
    other = (seat + rng.randrange(1, session.size)) % session.size
    if deal.hands[other]:
        try:
            session.apply(Play(other, deal.hands[other][0]))
        except RuleError as error:
            assert error.rule == "not_your_turn"
        else:
            raise AssertionError("a card out of turn was accepted")
    assert deal.plays == before


def play_out_copy(deal: Deal, rng: random.Random) -> list[int] | None:
    """The same deal under play_out, continued at random to its last trick."""
    copy = Deal(deal.rules.replace(play_out=True), deal.players, deal.dealer, deal.dealt)
    while copy.phase == "generale":
        seat = copy.asking
        copy.apply(Declare(seat, seat == deal.declarer))  # type: ignore[arg-type]
    for card in deal.plays:
        copy.apply(Play(copy.turn, card))  # type: ignore[arg-type]
    while not copy.over:
        seat = copy.turn
        copy.apply(Play(seat, rng.choice(copy.legal(seat))))  # type: ignore[arg-type]
    return copy.points()


def settled_after(deal: Deal, k: int) -> bool:
    """RULES.md §4 and §5 read literally: can no trick after the first ``k`` change a score?"""
    rules = deal.rules
    if rules.play_out or rules.last_trick_penalty:
        return False
    tricks = deal.tricks[:k]
    if sum(1 for t in tricks for c in t.cards if c[0] == "J") < 4:
        return False
    if deal.declarer is not None:
        return any(t.winner != deal.declarer for t in tricks)
    chelem_possible = rules.chelem == "automatic" and len({t.winner for t in tricks}) < 2
    return not chelem_possible


def check_deal(deal: Deal, rng: random.Random) -> None:
    n = deal.players
    cards = deck(n, deal.rules.sevens_removed)
    assert sorted(c for h in deal.dealt for c in h) == sorted(cards)
    assert {len(h) for h in deal.dealt} == {len(cards) // n}
    played = len(deal.tricks)
    assert not any(settled_after(deal, k) for k in range(1, played)), "ended too late"
    if deal.over:
        assert played == deal.tricks_total or settled_after(deal, played), "ended too early"
    else:
        assert not settled_after(deal, played), "should have ended"
    points = deal.points()
    if not deal.over:
        assert points is None
        return
    assert points is not None
    rules = deal.rules
    if deal.chelem is not None:
        assert len(deal.tricks) == deal.tricks_total
        assert all(t.winner == deal.chelem for t in deal.tricks)
        assert points[deal.chelem] == 0 and sum(points) == 5 * (n - 1)
        assert deal.declarer in (None, deal.chelem)
        return
    expected = jack_points_by_trick(deal)
    if rules.first_trick_penalty:
        expected[deal.tricks[0].winner] += 1
    if rules.last_trick_penalty:
        assert len(deal.tricks) == deal.tricks_total
        expected[deal.tricks[-1].winner] += 1
    if deal.declarer is None:
        assert sum(points) == 5 + rules.first_trick_penalty + rules.last_trick_penalty
        if rules.chelem == "automatic" and len(deal.tricks) == deal.tricks_total:
            assert len({t.winner for t in deal.tricks}) > 1
    else:
        assert any(t.winner != deal.declarer for t in deal.tricks)
        expected[deal.declarer] = 5
    assert points == expected
    if len(deal.tricks) < deal.tricks_total:
        # the early end: no later trick could have changed any score
        assert not rules.play_out and not rules.last_trick_penalty
        assert play_out_copy(deal, rng) == points


@given(rules(), st.integers(3, 8), st.integers(0, 2**32), st.none() | st.integers(0, 150))
def test_random_sessions_keep_every_rule(rules: Rules, players: int, seed: int,
                                         steps: int | None) -> None:
    rng = random.Random(seed)
    session = Session.new(rules, [Player(n) for n in NAMES[:players]], rng, id="prop")
    done = 0
    while not session.finished and (steps is None or done < steps):
        try_illegal(session, rng)
        random_step(session, rng, declare_rate=0.15)
        done += 1
    for deal in session.deals:
        check_deal(deal, rng)
    finished = [d.points() for d in session.deals if d.over]
    assert session.totals == [sum(p[s] for p in finished if p) for s in range(players)]
    for seat in range(players):
        view = session.view(seat)
        deal = session.deals[-1]
        assert visible_cards(view) <= set(deal.hands[seat]) | set(deal.plays)
    if session.finished:
        assert session.losers and max(session.totals) in [session.totals[s]
                                                          for s in session.losers]
        assert not set(session.losers) & set(session.winners)
    else:
        assert session.losers == [] and session.winners == []

    # the log is the truth: replaying the written file gives the same state
    text = dumps(session)
    again = loads(text)
    assert dumps(again) == text
    assert again.totals == session.totals
    assert again.finished == session.finished
    assert (again.losers, again.winners) == (session.losers, session.winners)
    assert [d.points() for d in again.deals] == [d.points() for d in session.deals]
    assert [again.view(s) for s in range(players)] == [session.view(s) for s in range(players)]
