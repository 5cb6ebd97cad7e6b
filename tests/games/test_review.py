"""A finished deal of Écarté reviewed against an adviser from each seat's view."""

from __future__ import annotations

import random

import pytest

from polignac_tui.games import get_game
from polignac_tui.games.base import View
from polignac_tui.games.ecarte.players import choose
from polignac_tui.games.review import Step, finished_deals, review_deal


def played_match(deals: int, seed: int = 8):  # type: ignore[no-untyped-def]
    game = get_game("ecarte")
    match = game.new_match(game.settings(), ["Anna", "Bruno"], seed)
    rng = random.Random(seed)
    while match.outcome is None and len(match.log) <= deals:
        if match.needs_deal:
            if len(match.log) == deals:
                break
            match.deal(rng)
            continue
        seat = match.turn
        assert seat is not None
        match.apply(choose(match.view(seat), "medium", rng))
    return game, match


def test_every_choice_of_the_reviewed_seat_is_set_beside_the_adviser_s() -> None:
    game, match = played_match(2)
    asked: list[View] = []

    def advise(view: View, rng: random.Random) -> tuple[str, str]:
        asked.append(view)
        return choose(view, "hard", rng), "search"

    review = review_deal(game, match.settings, match.names, match, 1, (0,), advise)
    actions = match.log[0].actions
    assert review.steps and all(step.seat == 0 for step in review.steps)
    assert [actions[s.index - 1] for s in review.steps] == [s.action for s in review.steps]
    # the adviser saw only seat 0's view, at that moment
    assert all(view.seat == 0 and view.choice is not None for view in asked)
    assert review_deal(game, match.settings, match.names, match, 1, (0,), advise) == review
    assert {s.agrees for s in review.steps} <= {True, False}
    assert Step(1, 0, "discard 7D JC", "discard JC 7D", "x").agrees
    assert not Step(1, 0, "KS", "QS", "x").agrees


def test_the_deal_in_play_is_not_reviewed() -> None:
    game, match = played_match(1)
    match.deal(random.Random(1))
    assert finished_deals(match) == [1]
    with pytest.raises(ValueError, match="deal 2 is not finished"):
        review_deal(game, match.settings, match.names, match, 2, (0, 1),
                    lambda view, rng: ("KS", "x"))


def test_every_reason_of_the_experts_advice_is_worded_in_each_language() -> None:
    from polignac_tui.games.ecarte.players import REASONS as ECARTE
    from polignac_tui.games.piquet.players import REASONS as PIQUET
    from polignac_tui.games.review import reason_words
    from polignac_tui.i18n import speaking, translator_for

    for game, reasons in (("ecarte", ECARTE), ("piquet", PIQUET)):
        for language in ("en", "fr", "it"):
            with speaking(translator_for(language)):
                worded = [reason_words(game, why) for why in reasons]
            assert all(w and w not in reasons for w in worded), (game, language, worded)
        with speaking(translator_for("fr")):
            french = reason_words(game, "win_cheaply")
        assert french != reason_words(game, "win_cheaply")


@pytest.mark.parametrize("game", ["ecarte", "piquet"])
def test_a_session_s_review_tells_its_progress_choice_by_choice(game: str) -> None:
    from store.gamehelpers import make_game

    from polignac_tui.games.review import review_session
    session = make_game(game, seed=5, actions=None)
    told: list[tuple[int, int]] = []
    review = review_session(session, 1, lambda done, total: told.append((done, total)))
    count = len(review.steps)
    assert count and told == [(done, count) for done in range(1, count + 1)]
    assert all(step.seat == 0 for step in review.steps)     # Anna, the one person
    assert not review.estimated and review.lost(0) == 0.0 and review.marks(0) == (0, 0)
    assert review.agreed(0) == (sum(s.agrees for s in review.steps), count)
    assert review.step(review.steps[0].index) == review.steps[0]
    assert review_session(session, 1) == review               # the same every time


def test_a_game_with_its_own_review_gives_it_in_the_house_s_form() -> None:
    from polignac_tui.games.polignac import game_session as as_game_session
    from polignac_tui.games.polignac.engine import Player, Session, preset
    from polignac_tui.games.polignac.engine.autoplay import random_step
    from polignac_tui.games.polignac.players.review import review_deal as own_review
    from polignac_tui.games.review import review_session

    rng = random.Random(4)
    engine = Session.new(preset("classique", 5).replace(limit=1000),
                         [Player(n) for n in ("Ana", "Bruno", "Claire", "Denis", "Eva")], rng)
    while len(engine.deals) <= 1:
        random_step(engine, rng)
    told: list[tuple[int, int]] = []
    review = review_session(as_game_session(engine), 1,
                            lambda done, total: told.append((done, total)))
    own = own_review(engine, 1)
    assert [(s.index - 1, s.seat, s.action, s.expert, s.why, s.mark) for s in review.steps] \
        == [(c.index, c.seat, c.card, c.best, c.reason.code, c.mark) for c in own.cards]
    assert review.estimated and told[-1] == (len(own.cards), len(own.cards))
    assert [review.lost(seat) for seat in range(5)] == [own.lost(seat) for seat in range(5)]
    assert [review.marks(seat) for seat in range(5)] == [own.marks(seat) for seat in range(5)]
