"""``python -m polignac_tui.benchmarks ecarte_information``: what seeing the other's
hand is worth at Écarté's words, beside the cheat's lead over the expert."""

from __future__ import annotations

import json
import random

import pytest

from polignac_tui.games import get_game
from polignac_tui.games.base import WordChoice
from polignac_tui.games.ecarte.benchmarks import ecarte_information as information
from polignac_tui.games.ecarte.players import search
from polignac_tui.games.ecarte.players.seen import Seen, read


def _elder_at_the_first_word(index: int) -> tuple[Seen, tuple[str, ...]]:
    game = get_game("ecarte")
    match = game.start(game.settings("classique", {}), ["A", "B"], 0)
    match.start_deal(match.shuffle(random.Random(f"test:{index}")))
    seat = match.turn
    assert seat is not None
    view = match.view(seat)
    assert isinstance(view.choice, WordChoice)
    return read(view), view.choice.words


def test_seeing_a_hand_that_never_changes_adds_nothing() -> None:
    seen, words = _elder_at_the_first_word(1)
    fixed = search.world_drawer(seen, search.EXPERT, None)(random.Random(5))

    def always(rng: random.Random) -> tuple[int, list[int]]:
        return fixed[0], list(fixed[1])

    value = information.word_value(seen, words, always, lambda hand: always,
                                   random.Random(2), hands=6, stocks=4)
    assert value == 0.0


def test_seeing_the_hand_is_worth_something_over_many_words() -> None:
    values = information.words_value(deals=12, seed=4, hands=24, stocks=4)
    assert len(values) == 12
    assert sum(values) / len(values) > 0.0     # no blind word beats seeing on average
    assert min(values) > -0.5                   # chosen and valued on separate stocks


def test_the_benchmark_prints_both_measures(capsys: pytest.CaptureFixture[str]) -> None:
    assert information.run(["--deals", "3", "--lead-deals", "3", "--hands", "3",
                            "--stocks", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert set(rows) == {"cheat_lead", "seeing_at_words"}
    assert rows["cheat_lead"]["n"] == 3 and rows["seeing_at_words"]["n"] == 3
    for row in rows.values():
        assert row["low"] <= row["mean"] <= row["high"]


def test_too_few_deals_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        information.run(["--deals", "1"])
    assert refused.value.code == 2
    assert "at least 2 deals" in capsys.readouterr().err
