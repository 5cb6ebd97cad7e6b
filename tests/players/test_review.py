"""The review of a deal: each card against the expert's card from that seat's view, the
marks, the summary, the same every time; and ``polignac-tui review``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from polignac_file import dumps, to_document

from polignac_tui.cli import main
from polignac_tui.games.polignac.engine import Player, SeatView, Session, preset
from polignac_tui.games.polignac.engine.autoplay import random_step
from polignac_tui.games.polignac.players import bots
from polignac_tui.games.polignac.players.hint import hint
from polignac_tui.games.polignac.players.review import (
    CardReview,
    DealReview,
    deal_session,
    finished_deals,
    review_deal,
)
from polignac_tui.games.polignac.players.wording import reason_text

NAMES = ("Anna", "Bob", "Cy", "Dee", "Eve")


def played(deals: int, seed: int = 1, count: int = 5) -> Session:
    """A session of ``deals`` finished deals and one more in play (five players: short)."""
    rng = random.Random(seed)
    players = [Player(NAMES[0])] + [Player(n, "computer", "easy") for n in NAMES[1:count]]
    session = Session.new(preset("classique", count).replace(limit=1000), players, rng,
                          id="20261122-2000-anna")
    while len(session.deals) <= deals:
        random_step(session, rng)
    return session


@pytest.fixture(scope="module")
def session() -> Session:
    return played(2)


@pytest.fixture(scope="module")
def review(session: Session) -> DealReview:
    return review_deal(session, 2)


def test_every_card_of_the_deal_is_reviewed_in_order(session: Session,
                                                     review: DealReview) -> None:
    deal = session.deals[1]
    assert [c.card for c in review.cards] == deal.plays
    assert [c.trick for c in review.cards] == [
        number for number, t in enumerate(deal.tricks, start=1) for _ in t.cards]
    assert [c.seat for c in review.cards] == [
        (t.leader + i) % session.size for t in deal.tricks for i in range(len(t.cards))]


def test_the_expert_card_is_the_hint_from_that_seat_at_that_moment(session: Session,
                                                                   review: DealReview) -> None:
    copy = deal_session(session, 2)
    actions = copy.rewind(0)
    cards = iter(review.cards)
    for action in actions:
        card = next(cards)
        assert hint(copy.view(action.seat)).card == card.best   # the hint key's card
        copy.apply(action)


def test_the_search_sees_only_the_seat_view(session: Session,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[SeatView] = []
    decide = bots.SearchPlayer.decide

    def spy(self, view):  # type: ignore[no-untyped-def]
        seen.append(view)
        return decide(self, view)
    monkeypatch.setattr(bots.SearchPlayer, "decide", spy)
    review = review_deal(session, 1)
    assert len(seen) == len(review.cards)
    for view, card in zip(seen, review.cards, strict=True):
        assert isinstance(view, SeatView) and view.seat == card.seat and view.my_turn
        assert card.card in view.legal and card.best in view.legal


def test_a_review_is_the_same_every_time(session: Session, review: DealReview) -> None:
    assert review_deal(session, 2) == review


def test_the_session_reviewed_is_left_as_it_was(session: Session) -> None:
    before = to_document(session)
    review_deal(session, 1)
    assert to_document(session) == before


def test_marks_and_what_each_player_lost() -> None:
    def card(seat: int, played: float, best: float) -> CardReview:
        return CardReview(0, 1, 1, seat, "KH", "QH", played, best, "why")
    assert [card(0, p, 0.0).mark for p in (0.5, 0.51, 1.0, 1.01, -0.3)] == [
        "", "?", "?", "??", ""]
    assert card(0, 0.2, 0.3).cost == 0.0       # better than the expert's own card: no cost
    review = DealReview(1, ("A", "B"), (card(0, 1.5, 0.25), card(0, 0.4, 0.0),
                                        card(1, 2.0, 0.0), card(0, 0.7, 0.0)))
    assert review.lost(0) == pytest.approx(1.25 + 0.7)   # the unmarked 0.4 is not counted
    assert review.marks(0) == (1, 1) and review.marks(1) == (0, 1)


def test_only_finished_deals_are_reviewed(session: Session) -> None:
    assert finished_deals(session) == [1, 2]
    with pytest.raises(ValueError, match="not over yet"):
        review_deal(session, 3)
    with pytest.raises(ValueError, match="no deal 4"):
        review_deal(session, 4)


def write(tmp_path: Path, session: Session) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(dumps(session), encoding="utf-8")
    return path


def test_the_command_prints_the_cards_the_marks_and_the_summary(
        tmp_path: Path, session: Session, review: DealReview,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(write(tmp_path, session)), "--deal", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Deal 2, dealt by ")
    assert all(len(line) <= 80 for line in lines)
    marked = [c for c in review.cards if c.mark]
    assert sum(1 for line in lines if line.rstrip().endswith(("?", "??"))) == len(marked)
    for c in marked:
        assert reason_text(c.reason, NAMES).split(":")[0] in out
    for seat, name in enumerate(NAMES):
        assert any(line.strip().startswith(name) and f"{review.lost(seat):.2f} points" in line
                   for line in lines[lines.index(next(x for x in lines
                                                      if x.startswith("Summary"))):])


def test_the_command_as_json(tmp_path: Path, session: Session, review: DealReview,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(write(tmp_path, session)), "--deal", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (deal,) = data["deals"]
    assert deal["deal"] == 2 and [c["card"] for c in deal["cards"]] == session.deals[1].plays
    assert [c["mark"] for c in deal["cards"]] == [c.mark for c in review.cards]
    assert [s["player"] for s in data["summary"]] == list(NAMES)
    assert data["summary"][0]["lost"] == pytest.approx(review.lost(0), abs=1e-3)


@pytest.mark.parametrize(("words", "message"), [
    (["--deal", "3"], "deal 3 is not over yet"),
    (["--deal", "0"], "no deal 0"),
])
def test_the_command_refuses_what_cannot_be_reviewed(
        tmp_path: Path, session: Session, capsys: pytest.CaptureFixture[str],
        words: list[str], message: str) -> None:
    assert main(["review", str(write(tmp_path, session)), *words]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_nothing_to_review_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(write(tmp_path, played(0)))]) == 2
    assert "no finished deal" in capsys.readouterr().err
