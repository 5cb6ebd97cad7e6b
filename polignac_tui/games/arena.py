"""Duplicate play between two levels of computer players, for any game of the house
with players, through the seam only.

Each deal's cards are drawn once; the deal is then played once per seat with the
candidate in that seat and the field in the others (two players: twice, the seats
swapped), each time in a fresh match. The candidate's points in its seat are compared
with the mean of the field's in the others, so the luck of the cards cancels out.
``diff`` is that comparison per deal, signed so that positive is better for the
candidate (fewer points are better in a game where the lower total wins), with a 95%
interval over the deals. The candidate's decisions are timed in CPU time
(``time.process_time``: on a shared machine the clock also counts other processes).

Deals are independent: ``map_deals`` may run them elsewhere (a pool of processes);
the results do not depend on it.

Parties (``run_parties``): a whole match (a Piquet partie of six deals, an Écarté
game to five) played twice on the same deals, the seats swapped: the candidate holds
in the second the cards the field held in the first. Each partie counts its value
for the candidate (the outcome's value, a win counting 1 where it has none; a loss
the value negated, a draw 0), and ``diff`` is the mean of a pair's two, with its 95%
interval over the pairs.
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import cast

from . import get_game
from .base import Dealt, Game, Match, Settings
from .computers import ComputerPlayers, SeededPlayers
from .errors import RuleError

# the games with computer players speaking the seam: a module with ``ARENA_LEVELS``,
# ``choose(view, level, rng)`` and ``cheat(match, seat, rng)``
PLAYERS: dict[str, str] = {"ecarte": "polignac_tui.games.ecarte.players",
                           "piquet": "polignac_tui.games.piquet.players"}
MAX_ACTIONS = 500          # a deal of any game of the house takes far fewer
MAX_DEALS = 200            # a partie or a game to points of any game takes far fewer

Bot = Callable[[Match, int, random.Random], str]


def players_of(game: str, arena: bool = False) -> ComputerPlayers:
    """The computer players of ``game`` (``arena``: only a game whose duplicate deals
    this arena plays, not one with an arena of its own), their module as declared
    (``games.computers``; each game's package holds its module to it).

    Raises:
        RuleError: ``no_players`` for a game without players speaking the seam.
    """
    entry = PLAYERS.get(game)
    if entry is None and not arena:   # a game with an arena of its own names its players
        with contextlib.suppress(RuleError):
            entry = get_game(game).players_module
    if entry is None:
        raise RuleError("no_players", f"{game} has no computer players for this arena "
                        f"(games: {', '.join(PLAYERS)})", {"game": game})
    module: ComputerPlayers = cast("ComputerPlayers", import_module(entry))
    return module


def seeded_players_of(game: str) -> SeededPlayers:
    """The computer players of a game whose players take a seed (``Game.seeded_players``).

    Raises:
        RuleError: ``no_players`` for a game whose players take a ``random.Random``.
    """
    if not get_game(game).seeded_players:
        raise RuleError("no_players", f"{game}'s computer players take no seed",
                        {"game": game})
    return cast("SeededPlayers", players_of(game))


def levels_of(game: str) -> tuple[str, ...]:
    return tuple(players_of(game, arena=True).ARENA_LEVELS)


def make_bot(game: str, level: str) -> Bot:
    """A bot of ``level``: every level reads its seat's view; ``cheat`` the match."""
    module = players_of(game, arena=True)
    if level not in module.ARENA_LEVELS:
        raise RuleError("level", f"{level!r} is not a level of {game}'s players (one of "
                        f"{', '.join(module.ARENA_LEVELS)})", {"level": level})
    if level == "cheat":
        cheat: Bot = module.cheat
        return cheat
    choose = module.choose

    def bot(match: Match, seat: int, rng: random.Random) -> str:
        return str(choose(match.view(seat), level, rng))
    return bot


@dataclass(frozen=True, slots=True)
class Job:
    """One duplicate deal to play."""

    game: str
    settings: Mapping[str, object]
    preset: str
    candidate: str
    field: str
    seed: int
    index: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """One duplicate deal: the candidate's mean points in its seats, the field's mean
    points beside it, the signed difference, and the candidate's decision times."""

    candidate: float
    field: float
    diff: float
    cpu_ms: tuple[float, ...]


def deal_cards(game: Game, settings: Settings, seed: int, index: int) -> Dealt:
    """The cards of arena deal ``index`` (the dealer alternates with the index)."""
    seats = game.min_players
    match = game.start(settings, [f"Seat {i + 1}" for i in range(seats)], index % seats)
    return match.shuffle(random.Random(f"arena:{seed}:{index}"))


def play_deal(game: Game, settings: Settings, dealt: Dealt, bots: list[Bot],
              rngs: list[random.Random], timed: int) -> tuple[tuple[int, ...], list[float]]:
    """Play ``dealt`` in a fresh match, ``bots[seat]`` in every seat; the points of each
    seat and seat ``timed``'s decision times (CPU milliseconds)."""
    names = [f"Seat {i + 1}" for i in range(len(bots))]
    match = game.start(settings, names, dealt.dealer)
    match.start_deal(dealt)
    times: list[float] = []
    for _ in range(MAX_ACTIONS):
        seat = match.turn
        if seat is None:
            return match.totals, times
        start = time.process_time()
        action = bots[seat](match, seat, rngs[seat])
        if seat == timed:
            times.append((time.process_time() - start) * 1000)
        match.apply(action, seat)
    raise RuntimeError(f"a deal of {game.name} did not end in {MAX_ACTIONS} actions")


def duplicate_deal(job: Job) -> DealResult:
    game = get_game(job.game)
    settings = game.settings(job.preset, job.settings)
    seats = game.min_players
    dealt = deal_cards(game, settings, job.seed, job.index)
    sign = 1.0 if game.higher_wins else -1.0
    cand = field = 0.0
    cpu: list[float] = []
    for seat in range(seats):
        levels = [job.field] * seats
        levels[seat] = job.candidate
        bots = [make_bot(job.game, level) for level in levels]
        rngs = [random.Random(f"arena:{job.seed}:{job.index}:{s}:{level}")
                for s, level in enumerate(levels)]
        points, times = play_deal(game, settings, dealt, bots, rngs, seat)
        cand += points[seat]
        field += sum(p for s, p in enumerate(points) if s != seat) / (seats - 1)
        cpu.extend(times)
    cand, field = cand / seats, field / seats
    return DealResult(cand, field, sign * (cand - field), tuple(cpu))


@dataclass(frozen=True, slots=True)
class PairResult:
    """One mirrored pair of parties: the candidate's value in each (seated first, then
    second), the parties it won and lost, and its decision times."""

    values: tuple[float, float]
    won: int
    lost: int
    cpu_ms: tuple[float, ...]

    @property
    def diff(self) -> float:
        return (self.values[0] + self.values[1]) / 2


def play_partie(game: Game, settings: Settings, seed: int, index: int, bots: list[Bot],
                rngs: list[random.Random], timed: int,
                begin: Callable[[Match], None] | None = None) -> tuple[Match, list[float]]:
    """Play a whole match, ``bots[seat]`` in every seat, each deal's cards drawn from
    the seed, the pair's index and the deal's number (so both parties of a pair get
    the same deals); the finished match and seat ``timed``'s decision times.
    ``begin`` readies the match before its first deal (a standing set)."""
    names = [f"Seat {i + 1}" for i in range(len(bots))]
    match = game.start(settings, names, 0)
    if begin is not None:
        begin(match)
    times: list[float] = []
    for number in range(MAX_DEALS):
        if match.outcome is not None:
            return match, times
        dealt = match.shuffle(random.Random(f"partie:{seed}:{index}:{number}"))
        match.start_deal(dealt)
        for _ in range(MAX_ACTIONS):
            seat = match.turn
            if seat is None:
                break
            start = time.process_time()
            action = bots[seat](match, seat, rngs[seat])
            if seat == timed:
                times.append((time.process_time() - start) * 1000)
            match.apply(action, seat)
        else:
            raise RuntimeError(f"a deal of {game.name} did not end in {MAX_ACTIONS} actions")
    raise RuntimeError(f"a match of {game.name} did not end in {MAX_DEALS} deals")


def partie_value(match: Match, seat: int) -> float:
    """The finished match's value for ``seat``: + when it won, - when it lost."""
    outcome = match.outcome
    assert outcome is not None
    value = 1.0 if outcome.value is None else float(outcome.value)
    if seat in outcome.winners:
        return value
    return -value if seat in outcome.losers else 0.0


def mirrored_pair(game: Game, settings: Settings, seed: int, index: int,
                  candidate: tuple[str, Bot], field: tuple[str, Bot],
                  begin: Callable[[Match], None] | None = None) -> PairResult:
    """Two parties on the same deals, the candidate seated first, then second (each
    readied by ``begin``: the same standing for the seats in both)."""
    values: list[float] = []
    cpu: list[float] = []
    for seat in (0, 1):
        seated = [field, field]
        seated[seat] = candidate
        rngs = [random.Random(f"partie:{seed}:{index}:{s}:{name}")
                for s, (name, _) in enumerate(seated)]
        match, times = play_partie(game, settings, seed, index, [b for _, b in seated],
                                   rngs, seat, begin)
        values.append(partie_value(match, seat))
        cpu.extend(times)
    return PairResult((values[0], values[1]), sum(v > 0 for v in values),
                      sum(v < 0 for v in values), tuple(cpu))


def partie_pair(job: Job) -> PairResult:
    """The mirrored pair of parties ``job.index`` (a ``Job`` read as a pair)."""
    game = get_game(job.game)
    settings = game.settings(job.preset, job.settings)
    return mirrored_pair(game, settings, job.seed, job.index,
                         (job.candidate, make_bot(job.game, job.candidate)),
                         (job.field, make_bot(job.game, job.field)))


def summarize_pairs(results: list[PairResult], game: str, candidate: str,
                    field: str) -> dict[str, object]:
    """The parties' report, in JSON form: ``diff`` is the candidate's mean value a
    partie (its interval over the pairs)."""
    n = len(results)
    won, lost = sum(r.won for r in results), sum(r.lost for r in results)
    return {
        "game": game, "candidate": candidate, "field": field, "pairs": n,
        "parties": 2 * n, "won": won, "lost": lost, "drawn": 2 * n - won - lost,
        "pairs_won": sum(r.diff > 0 for r in results),
        "pairs_lost": sum(r.diff < 0 for r in results),
        **mean_and_times([r.diff for r in results], [t for r in results for t in r.cpu_ms]),
    }


def run_parties(game: str, pairs: int, seed: int, candidate: str, field: str,
                preset: str | None = None, settings: Mapping[str, object] | None = None,
                map_pairs: Callable[[Callable[[Job], PairResult], Iterable[Job]],
                                    Iterator[PairResult]] = map,
                progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    """Play ``pairs`` mirrored pairs of parties of a two-player ``game``.

    Raises:
        RuleError: for a game without players or not for two, an unknown level or a
            bad setting.
    """
    g = get_game(game)
    if g.min_players != 2 or g.max_players != 2:
        raise RuleError("no_players", f"{game}: parties are played by two players",
                        {"game": game})
    chosen = g.presets[0] if preset is None else preset
    todo = jobs(game, chosen, settings or {}, candidate, field, seed, pairs)
    results: list[PairResult] = []
    for result in map_pairs(partie_pair, todo):
        results.append(result)
        if progress is not None:
            progress(len(results), pairs)
    return {**summarize_pairs(results, game, candidate, field), "preset": chosen}


def jobs(game: str, preset: str, settings: Mapping[str, object], candidate: str, field: str,
         seed: int, deals: int) -> list[Job]:
    """The arena's deals, checked: the game, its settings and both levels."""
    known = levels_of(game)
    for level in (candidate, field):
        if level not in known:
            raise RuleError("level", f"{level!r} is not a level of {game}'s players (one of "
                            f"{', '.join(known)})", {"level": level})
    get_game(game).settings(preset, settings)
    return [Job(game, dict(settings), preset, candidate, field, seed, i) for i in range(deals)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def summarize(results: list[DealResult], game: str, candidate: str,
              field: str) -> dict[str, object]:
    """The arena's report, in JSON form."""
    n = len(results)
    return {
        "game": game, "candidate": candidate, "field": field, "deals": n,
        "candidate_mean": round(sum(r.candidate for r in results) / n, 4) if n else 0.0,
        "field_mean": round(sum(r.field for r in results) / n, 4) if n else 0.0,
        **mean_and_times([r.diff for r in results], [t for r in results for t in r.cpu_ms]),
    }


def mean_and_times(diffs: list[float], cpu: list[float]) -> dict[str, object]:
    """The mean of ``diffs`` with its 95% interval, and the decisions' CPU times."""
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    half = 1.96 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
    return {
        "diff": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "decisions": len(cpu),
        "cpu_ms_p50": round(percentile(cpu, 0.5), 2),
        "cpu_ms_p95": round(percentile(cpu, 0.95), 2),
        "cpu_ms_max": round(max(cpu, default=0.0), 2),
    }


def run(game: str, deals: int, seed: int, candidate: str, field: str,
        preset: str | None = None, settings: Mapping[str, object] | None = None,
        map_deals: Callable[[Callable[[Job], DealResult], Iterable[Job]],
                            Iterator[DealResult]] = map,
        progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    """Play ``deals`` duplicate deals of ``game`` and summarize them.

    Raises:
        RuleError: for a game without players, an unknown level or a bad setting.
    """
    chosen = get_game(game).presets[0] if preset is None else preset
    todo = jobs(game, chosen, settings or {}, candidate, field, seed, deals)
    results: list[DealResult] = []
    for result in map_deals(duplicate_deal, todo):
        results.append(result)
        if progress is not None:
            progress(len(results), deals)
    return {**summarize(results, game, candidate, field), "preset": chosen}


def parties_table(rows: list[dict[str, object]]) -> str:
    """Parties' results as a Markdown table, one row each."""
    lines = ["| candidate vs field | pairs | parties won / drawn / lost | pairs won / lost "
             "| value a partie | 95% interval | CPU ms p50 / p95 / max |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        interval = r["ci95"]
        assert isinstance(interval, list)
        lo, hi = float(interval[0]), float(interval[1])
        lines.append(f"| {r['candidate']} vs {r['field']} | {r['pairs']} "
                     f"| {r['won']} / {r['drawn']} / {r['lost']} "
                     f"| {r['pairs_won']} / {r['pairs_lost']} "
                     f"| {r['diff']:+.1f} | [{lo:+.1f}, {hi:+.1f}] "
                     f"| {r['cpu_ms_p50']:.1f} / {r['cpu_ms_p95']:.1f} "
                     f"/ {r['cpu_ms_max']:.1f} |")
    return "\n".join(lines)


def table(rows: list[dict[str, object]]) -> str:
    """Arena results as a Markdown table, one row each."""
    lines = ["| candidate vs field | deals | candidate | field | diff | 95% interval "
             "| CPU ms p50 / p95 |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        interval = r["ci95"]
        assert isinstance(interval, list)
        lo, hi = float(interval[0]), float(interval[1])
        lines.append(f"| {r['candidate']} vs {r['field']} | {r['deals']} "
                     f"| {r['candidate_mean']:.3f} | {r['field_mean']:.3f} "
                     f"| {r['diff']:+.3f} | [{lo:+.3f}, {hi:+.3f}] "
                     f"| {r['cpu_ms_p50']:.1f} / {r['cpu_ms_p95']:.1f} |")
    return "\n".join(lines)
