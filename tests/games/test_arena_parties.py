"""Mirrored pairs of parties in the arena (``games.arena.run_parties`` and ``arena
--parties``): whole parties on the same deals, the seats swapped."""

from __future__ import annotations

import json
import random

import pytest

from polignac_tui.cli import main
from polignac_tui.games import arena, get_game
from polignac_tui.games.base import Match
from polignac_tui.games.errors import RuleError


def recording(level: str, seen: list[tuple[str, ...]]) -> arena.Bot:
    """``level``'s bot, noting the hand it holds at each deal's first decision."""
    bot = arena.make_bot("piquet", level)

    def play(match: Match, seat: int, rng: random.Random) -> str:
        view = match.view(seat)
        if not seen or seen[-1][0] != str(view.deal_number):
            seen.append((str(view.deal_number), *view.hand))
        return bot(match, seat, rng)
    return play


def test_both_parties_of_a_pair_are_played_on_the_same_deals_seats_swapped() -> None:
    game = get_game("piquet")
    settings = game.settings("rubicon", {})
    hands: list[list[tuple[str, ...]]] = [[], [], [], []]
    first, _ = arena.play_partie(game, settings, 3, 0, [recording("easy", hands[0]),
                                                        recording("medium", hands[1])],
                                 [random.Random(1), random.Random(2)], 0)
    second, _ = arena.play_partie(game, settings, 3, 0, [recording("medium", hands[2]),
                                                         recording("easy", hands[3])],
                                  [random.Random(1), random.Random(2)], 1)
    assert first.outcome is not None and second.outcome is not None
    deals = min(len(first.log), len(second.log))
    assert deals >= 6
    # the same cards in the same seat deal after deal: the levels changed seats
    assert [h[1:] for h in hands[0][:deals]] == [h[1:] for h in hands[2][:deals]]
    assert [h[1:] for h in hands[1][:deals]] == [h[1:] for h in hands[3][:deals]]
    assert hands[0][0][1:] != hands[1][0][1:]


def test_a_pair_counts_the_partie_value_for_the_candidate() -> None:
    game = get_game("piquet")
    settings = game.settings("rubicon", {})
    bot = arena.make_bot("piquet", "medium")
    pair = arena.mirrored_pair(game, settings, 5, 2, ("medium", bot), ("easy",
                               arena.make_bot("piquet", "easy")))
    for seat in (0, 1):
        match, _ = arena.play_partie(
            game, settings, 5, 2, [bot, arena.make_bot("piquet", "easy")][::1 - 2 * seat],
            [random.Random(f"partie:5:2:{s}:{name}")
             for s, name in enumerate(["medium", "easy"][::1 - 2 * seat])], seat)
        outcome = match.outcome
        assert outcome is not None and outcome.value is not None
        sign = 1 if seat in outcome.winners else -1 if seat in outcome.losers else 0
        assert pair.values[seat] == sign * outcome.value
    assert pair.diff == sum(pair.values) / 2
    assert pair.won == sum(v > 0 for v in pair.values)
    assert pair.lost == sum(v < 0 for v in pair.values)


def test_run_parties_is_reproducible_and_summarizes_the_pairs() -> None:
    one = arena.run_parties("piquet", 2, 8, "medium", "easy")
    two = arena.run_parties("piquet", 2, 8, "medium", "easy")
    timed = {"cpu_ms_p50", "cpu_ms_p95", "cpu_ms_max"}
    assert {k: v for k, v in one.items() if k not in timed} == {
        k: v for k, v in two.items() if k not in timed}
    assert one["pairs"] == 2 and one["parties"] == 4 and one["preset"] == "rubicon"
    assert one["won"] + one["lost"] + one["drawn"] == 4  # type: ignore[operator]
    lo, hi = one["ci95"]  # type: ignore[misc]
    assert lo <= one["diff"] <= hi


def test_parties_are_refused_for_a_game_of_more_than_two() -> None:
    with pytest.raises(RuleError) as caught:
        arena.run_parties("polignac", 1, 0, "medium", "easy")
    assert "two players" in caught.value.message


def test_the_command_prints_a_table_of_the_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "piquet", "--parties", "1", "--candidate", "medium",
                 "--field", "easy", "--seed", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Piquet: medium against easy, 1 mirrored pairs of parties")
    assert out[3].startswith("| medium vs easy | 1 | ")
    assert main(["arena", "--game", "piquet", "--parties", "1", "--candidate", "medium",
                 "--field", "easy", "--seed", "2", "--jobs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["pairs"] == 1 and result["parties"] == 2


@pytest.mark.parametrize(("argv", "words"), [
    (["--game", "polignac", "--parties", "1"], "not a game for two players"),
    (["--game", "piquet", "--parties", "0"], "--parties 0"),
    (["--game", "piquet", "--parties", "1", "--ladder"], "leave out --ladder"),
])
def test_bad_parties_options_get_one_clear_line(argv: list[str], words: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--jobs", "1", *argv]) != 0
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
