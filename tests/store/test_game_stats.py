"""The statistics of Écarté and Piquet, per player: counted from the logs replayed through
the seam, checked against the events the matches gave while they were played, and on a
deal built by hand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from polignac_file import save_session

from polignac_tui.games.base import Event, Scored
from polignac_tui.games.ecarte.stats import ecarte_stats
from polignac_tui.games.piquet.stats import piquet_stats
from polignac_tui.games.session import GameSession, SeatPlayer
from polignac_tui.store import SessionStore
from polignac_tui.store.gamestats import game_counts
from polignac_tui.store.index import Summary

from .gamehelpers import played
from .helpers import make


def reasons(events: list[Event]) -> Counter[tuple[int, str]]:
    return Counter((e.seat, e.reason) for e in events if isinstance(e, Scored))


def summaries_of(tmp_path: Path, sessions: list[GameSession]) -> list[Summary]:
    store = SessionStore(tmp_path / "sessions")
    for session in sessions:
        store.save_game(session)
    return store.summaries()


def test_ecarte_statistics_agree_with_the_games_as_played(tmp_path: Path) -> None:
    sessions, seen = [], Counter[tuple[int, str]]()
    won, values = Counter[int](), Counter[tuple[int, int]]()
    for seed in range(8):
        session, events = played("ecarte", seed, id=f"game-{seed}")
        sessions.append(session)
        seen += reasons(events)
        outcome = session.match.outcome
        assert outcome is not None and outcome.value is not None
        (winner,) = outcome.winners
        won[winner] += 1
        values[winner, outcome.value] += 1
    unfinished, _ = played("ecarte", 99, actions=5, id="unfinished")
    stats = {s.name: s for s in ecarte_stats(summaries_of(tmp_path, [*sessions, unfinished]))}
    assert set(stats) == {"Anna", "Bruno (medium)"}
    for seat, name in enumerate(("Anna", "Bruno (medium)")):
        s = stats[name]
        assert s.sessions == 8 and s.won == won[seat]
        assert s.voles == seen[seat, "vole"] and s.kings == seen[seat, "king_marked"]
        assert (s.treble, s.double, s.single) == (values[seat, 3], values[seat, 2],
                                                  values[seat, 1])
    assert sum(s.won for s in stats.values()) == 8
    assert sum(seen[seat, "vole"] for seat in (0, 1)) > 0     # the check is not blind


def test_a_vole_built_by_hand_wins_a_treble_game(tmp_path: Path) -> None:
    from games.helpers import ecarte_match, play_out, vole_dealt
    match = ecarte_match(first_dealer=1, target=2)
    match.start_deal(vole_dealt(dealer=1, winner=0))
    play_out(match, ["play"])                 # the elder (Anna) plays at once, takes all five
    assert match.outcome is not None and match.outcome.value == 3
    session = GameSession(match, (SeatPlayer(True), SeatPlayer(False, "easy")), id="vole")
    (anna, bruno) = sorted(ecarte_stats(summaries_of(tmp_path, [session])),
                           key=lambda s: s.name)
    assert (anna.won, anna.voles, anna.treble, anna.double, anna.single) == (1, 1, 1, 0, 0)
    assert (bruno.won, bruno.voles, bruno.name) == (0, 0, "Bruno (easy)")


def test_piquet_statistics_agree_with_the_parties_as_played(tmp_path: Path) -> None:
    sessions, seen = [], Counter[tuple[int, str]]()
    won, value, rubicons = Counter[int](), Counter[int](), Counter[int]()
    for seed in range(6):
        session, events = played("piquet", seed, id=f"partie-{seed}")
        sessions.append(session)
        seen += reasons(events)
        outcome = session.match.outcome
        assert outcome is not None
        for winner in outcome.winners:
            loser = 1 - winner
            won[winner] += 1
            value[winner] += outcome.value or 0
            rubicons[winner] += outcome.totals[loser] < 100
    stats = {s.name: s for s in piquet_stats(summaries_of(tmp_path, sessions))}
    for seat, name in enumerate(("Anna", "Bruno (medium)")):
        s = stats[name]
        assert s.sessions == 6 and s.won == won[seat] and s.value == value[seat]
        assert s.rubicons == rubicons[seat]
        assert (s.piques, s.repiques, s.capots, s.carte_blanche) == (
            seen[seat, "pique"], seen[seat, "repique"], seen[seat, "capot"],
            seen[seat, "carte_blanche"])
    assert sum(s.rubicons for s in stats.values()) > 0      # random play rubicons often


def test_a_carte_blanche_built_by_hand_is_counted(tmp_path: Path) -> None:
    from games.helpers import piquet_dealt, piquet_match, play_out
    blanche = "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD"
    other = "KS QS JS KH QH JH KD QD JD KC QC JC"
    match = piquet_match(first_dealer=1)
    match.start_deal(piquet_dealt(1, (blanche, other), "9D 8D 7D AC TC 9C 8C 7C"))
    play_out(match)
    session = GameSession(match, (SeatPlayer(True), SeatPlayer(True)), id="blanche")
    stats = {s.name: s for s in piquet_stats(summaries_of(tmp_path, [session]))}
    assert stats == {}                     # the partie is not over: no statistics yet
    (summary,) = summaries_of(tmp_path, [session])
    assert summary.reasons[0]["carte_blanche"] == 1 and "carte_blanche" not in summary.reasons[1]


def test_the_overview_counts_each_game(tmp_path: Path) -> None:
    ecarte, _ = played("ecarte", 1, id="ecarte")
    piquet, _ = played("piquet", 1, id="piquet")
    store = SessionStore(tmp_path / "sessions")
    store.save_game(ecarte)
    store.save_game(piquet)
    polignac = make("20261122-2015-anna", actions=None)
    save_session(store, polignac)
    counts = {c.name: c for c in game_counts(store.summaries())}
    anna = counts["Anna"]
    assert (anna.sessions, *(anna.of(g) for g in ("polignac", "ecarte", "piquet"))) == (3, 1, 1, 1)
    wins = (0 in ecarte.match.outcome.winners) + (0 in piquet.match.outcome.winners) \
        + (0 in polignac.winners)  # type: ignore[union-attr]
    assert anna.won == wins
