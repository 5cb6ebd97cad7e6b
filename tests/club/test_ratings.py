"""The ratings: OpenSkill per game, computers fixed, a seat left to a computer a loss, a
flood of matches from one identity bounded and moving nobody else."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

from polignac_tui.club.entries import ClubMatch, ClubSeat, from_summary, player_key, ranks
from polignac_tui.club.journal import SeatLine
from polignac_tui.club.ratings import COMPUTER, DAILY_RATED, PROVISIONAL, rate, shown
from polignac_tui.store.index import Summary


def seat(name: str, rank: int, identity: str | None = None, level: str | None = None,
         won: bool = False) -> ClubSeat:
    identity = None if level else (identity or f"id:{name}")
    return ClubSeat(player_key(identity, name, level), identity, name, level, 0, rank, won,
                    not won, False)


def duel(when: str, winner: ClubSeat, loser: ClubSeat, n: int = 0) -> ClubMatch:
    return ClubMatch(f"{when}-{n}", "ecarte", when, when, 1, None, (winner, loser))


def test_places_follow_the_totals_as_the_game_counts_them() -> None:
    assert ranks((3, 1, 1, 5), higher_wins=False) == (3, 1, 1, 4)      # Polignac
    assert ranks((5, 2), higher_wins=True) == (1, 2)                    # Écarté, Piquet
    assert ranks((140, 140), higher_wins=True) == (1, 1)                # a drawn partie


def test_a_lone_player_against_computers_has_a_rating_and_the_computers_stay_fixed() -> None:
    matches = [duel(f"2026-11-{day:02d}T20:00:00Z", seat("Anna", 1, won=True),
                    seat("", 2, level="hard")) for day in range(1, 8)]
    players = rate(matches)
    anna = players[player_key("id:Anna", "Anna", None)]
    computer = players[player_key(None, "", "hard")]
    assert anna.rated == 7 and not anna.provisional and anna.mu > 25
    assert computer.mu == COMPUTER["hard"] and computer.rated == 0
    assert [p[1] for p in anna.history] == sorted(p[1] for p in anna.history)
    assert anna.history[-1][1] == shown(anna.mu, anna.sigma)


def test_provisional_until_five_rated_matches() -> None:
    matches = [duel(f"2026-11-0{day}T20:00:00Z", seat("Anna", 1, won=True),
                    seat("Bruno", 2)) for day in range(1, PROVISIONAL)]
    players = rate(matches)
    assert all(p.provisional for p in players.values())
    more = rate([*matches, duel("2026-11-09T20:00:00Z", seat("Bruno", 1, won=True),
                                seat("Anna", 2))])
    assert not any(p.provisional for p in more.values())


def test_a_seat_handed_to_a_computer_counts_as_last_for_the_one_who_left() -> None:
    summary = Summary(id="t1", path=Path("t1.toml"),
                      updated=datetime(2026, 11, 27, 21, 0),
                      players=("Anna", "Bruno", "Carla"), humans=(True, True, True),
                      levels=(None, None, None), totals=(2, 5, 9), finished=True,
                      losers=(2,), winners=(0, 1), served=True, game="polignac")
    lines = (SeatLine("human", "Anna", None, "id:a", left=True),
             SeatLine("human", "Bruno", None, "id:b"),
             SeatLine("human", "Carla", None, "id:c"))
    match = from_summary(summary, lines)
    assert [s.rank for s in match.seats] == [3, 1, 2]   # Anna left: last, whatever her total
    assert [s.left for s in match.seats] == [True, False, False]
    stayed = from_summary(summary, (SeatLine("human", "Anna", None, "id:a"),
                                    *lines[1:]))
    assert [s.rank for s in stayed.seats] == [1, 2, 3]
    assert rate([match])[match.seats[0].key].mu < rate([stayed])[stayed.seats[0].key].mu


def test_a_flood_of_a_thousand_matches_moves_nobody_else_and_counts_a_day_s_worth() -> None:
    friends = [duel(f"2026-11-2{day}T20:00:00Z", seat("Bruno", 1, won=True),
                    seat("Carla", 2)) for day in range(1, 4)]
    flood = [ClubMatch(f"flood-{n:04d}", "ecarte", "2026-11-25T10:00:00Z",
                       f"2026-11-25T10:{n // 60 % 60:02d}:{n % 60:02d}Z", 1, None,
                       (seat("Mallory", 1, won=True), seat("", 2, level=level)))
             for n, level in zip(range(1000), ["easy", "expert"] * 500, strict=True)]
    # and one match Mallory plays with Bruno that day, past the bound
    mixed = ClubMatch("mixed", "ecarte", "2026-11-25T23:00:00Z", "2026-11-25T23:00:00Z", 1,
                      None, (seat("Mallory", 1, won=True), seat("Bruno", 2)))
    started = time.perf_counter()
    without = rate([*friends, mixed])
    flooded = rate([*friends, *flood, mixed])
    took = time.perf_counter() - started
    bruno = player_key("id:Bruno", "Bruno", None)
    carla = player_key("id:Carla", "Carla", None)
    mallory = flooded[player_key("id:Mallory", "Mallory", None)]
    assert mallory.matches == 1001 and mallory.wins == 1001
    assert mallory.rated == DAILY_RATED              # a day's worth, not a thousand
    assert (flooded[carla].mu, flooded[carla].sigma) == (without[carla].mu, without[carla].sigma)
    for level in ("easy", "expert"):
        assert flooded[player_key(None, "", level)].mu == COMPUTER[level]
    # past the bound Mallory is a fixed opponent: Bruno is rated against her, she is not
    assert flooded[bruno].rated == without[bruno].rated == 4
    assert took < 5.0
