"""Duplicate play between a candidate level and a field level.

Every deal is played once with the field in every seat, and once per seat with the
candidate in that seat and the field elsewhere; the candidate's points in a seat
are compared with the field's points in the same seat of the same deal. Deals
are independent, so they can run in several processes with identical results.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from multiprocessing import get_context

from ....i18n.translator import _
from ... import ARENA_LEVELS as ARENA_LEVELS  # the house's, where the tests look
from ...arena import percentile
from ...errors import RuleError
from ..engine import Player, Rules, Session, preset
from ..engine import RuleError as EngineError
from ..engine.cards import shuffled_hands
from .bots import make_cheat, make_player


@dataclass
class DealOutcome:
    """One duplicate deal: field points per seat, candidate points per seat."""

    field: list[int]
    candidate: list[int]
    move_ms: list[float] = dataclass_field(default_factory=list)  # (``field`` names a field here)
    cpu_ms: list[float] = dataclass_field(default_factory=list)
    chelems: int = 0
    declared: int = 0
    made: int = 0


def _seed(*parts: object) -> int:
    return random.Random(":".join(map(str, parts))).getrandbits(48)


def deal_cards(rules: Rules, players: int, seed: int, index: int) -> tuple[int,
                                                                           list[list[str]]]:
    """The dealer and hands of arena deal ``index``."""
    rng = random.Random(f"arena:{seed}:{index}")
    hands = shuffled_hands(players, rules.sevens_removed, rng)
    return rng.randrange(players), hands


def play_deal(rules: Rules, dealer: int, hands: list[list[str]], levels: list[str],
              seed: int, index: int, timed: int = -1
              ) -> tuple[Session, list[float], list[float]]:
    """Play one deal with ``levels[seat]`` in every seat; the decision times of seat
    ``timed`` in milliseconds, on the clock and in CPU time of this thread (on a shared
    machine the clock also counts the other processes; the CPU time is what one
    decision costs one core)."""
    n = len(levels)
    session = Session(rules, [Player(f"Seat {i + 1}") for i in range(n)])
    session.add_deal(dealer, hands)
    bots = [
        make_cheat(session, s, _seed(seed, index, s, lvl)) if lvl == "cheat"
        else make_player(lvl, _seed(seed, index, s, lvl))
        for s, lvl in enumerate(levels)
    ]
    times: list[float] = []
    cpu: list[float] = []
    while session.current is not None:
        seat = session.turn
        assert seat is not None
        view = session.view(seat)
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(view)
        if seat == timed:
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
        session.apply(action)
    return session, times, cpu


def duplicate_deal(rules: Rules, players: int, candidate: str, field_level: str, seed: int,
                   index: int) -> DealOutcome:
    dealer, hands = deal_cards(rules, players, seed, index)
    base, _, _ = play_deal(rules, dealer, hands, [field_level] * players, seed, index)
    field_points = base.deals[-1].points() or []
    outcome = DealOutcome(field=list(field_points), candidate=[])
    for seat in range(players):
        levels = [field_level] * players
        levels[seat] = candidate
        session, times, cpu = play_deal(rules, dealer, hands, levels, seed, index,
                                        timed=seat)
        deal = session.deals[-1]
        outcome.candidate.append((deal.points() or [])[seat])
        outcome.move_ms.extend(times)
        outcome.cpu_ms.extend(cpu)
        if deal.declarer == seat:
            outcome.declared += 1
            outcome.made += bool(deal.generale_made)
        elif deal.chelem == seat:
            outcome.chelems += 1
    return outcome


def _job(args: tuple[Rules, int, str, str, int, int]) -> DealOutcome:
    return duplicate_deal(*args)


def outcomes(rules: Rules, players: int, deals: int, seed: int, candidate: str, field_level: str,
             jobs: int = 1) -> Iterator[DealOutcome]:
    """Every duplicate deal in order (``jobs`` processes; the order is kept)."""
    args = [(rules, players, candidate, field_level, seed, i) for i in range(deals)]
    if jobs <= 1:
        for a in args:
            yield _job(a)
        return
    with get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_job, args, chunksize=1)


def summarize(results: list[DealOutcome], candidate: str, field_level: str,
              players: int) -> dict[str, object]:
    """The arena report: means per deal per seat, the difference and its 95% interval
    (over deals: the seats of one deal share its cards), the candidate's decision times
    (on the clock, and in CPU time: the median, the 95th percentile and the slowest)."""
    deals = len(results)
    cand = [sum(r.candidate) / players for r in results]
    base = [sum(r.field) / players for r in results]
    diffs = [c - b for c, b in zip(cand, base, strict=True)]
    mean = sum(diffs) / deals if deals else 0.0
    if deals > 1:
        var = sum((d - mean) ** 2 for d in diffs) / (deals - 1)
        half = 1.96 * math.sqrt(var / deals)
    else:
        half = 0.0
    times = [t for r in results for t in r.move_ms]
    cpu = [t for r in results for t in r.cpu_ms]
    return {
        "candidate": candidate,
        "field": field_level,
        "players": players,
        "deals": deals,
        "candidate_mean": round(sum(cand) / deals, 4) if deals else 0.0,
        "field_mean": round(sum(base) / deals, 4) if deals else 0.0,
        "diff": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "move_ms_p50": round(percentile(times, 0.5), 2),
        "move_ms_p95": round(percentile(times, 0.95), 2),
        "cpu_ms_p50": round(percentile(cpu, 0.5), 2),
        "cpu_ms_p95": round(percentile(cpu, 0.95), 2),
        "cpu_ms_max": round(max(cpu, default=0.0), 2),
        "chelems": sum(r.chelems for r in results),
        "generales": {"declared": sum(r.declared for r in results),
                      "made": sum(r.made for r in results)},
    }


def run_arena(rules: Rules, players: int, deals: int, seed: int, candidate: str,
              field_level: str, jobs: int = 1,
              progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    results: list[DealOutcome] = []
    for r in outcomes(rules, players, deals, seed, candidate, field_level, jobs):
        results.append(r)
        if progress is not None:
            progress(len(results), deals)
    return summarize(results, candidate, field_level, players)


def run_preset(preset_name: str, players: int, deals: int, seed: int, candidate: str,
               field_level: str, jobs: int = 1,
               progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    """``polignac-tui arena`` for Polignac: the deals by the rules of ``preset_name`` at
    ``players`` players.

    Raises:
        RuleError: ``setting`` (the seam's), for rules the engine refuses.
    """
    try:
        rules = preset(preset_name, players)  # type: ignore[arg-type]
    except EngineError as error:
        raise RuleError("setting", str(error)) from None
    return run_arena(rules, players, deals, seed, candidate, field_level, jobs, progress)


def report(r: dict) -> str:  # type: ignore[type-arg]
    """The result of ``run_preset`` in words, as ``polignac-tui arena`` prints it."""
    lo, hi = r["ci95"]
    g = r["generales"]
    return "\n".join([
        _("{candidate} against {field}, {players} players, {deals} deals (penalty points per "
          "deal per seat, fewer is better)").format(
              candidate=r["candidate"], field=r["field"], players=r["players"],
              deals=r["deals"]),
        "  " + _("candidate {candidate}   field {field}").format(
            candidate=f"{r['candidate_mean']:.3f}", field=f"{r['field_mean']:.3f}"),
        "  " + _("diff {diff}   95% interval [{low}, {high}]").format(
            diff=f"{r['diff']:+.3f}", low=f"{lo:+.3f}", high=f"{hi:+.3f}"),
        "  " + _("candidate's decision time: p50 {p50} ms, p95 {p95} ms").format(
            p50=f"{r['move_ms_p50']:.1f}", p95=f"{r['move_ms_p95']:.1f}"),
        "  " + _("chelems {chelems}   générales declared {declared}, made {made}").format(
            chelems=r["chelems"], declared=g["declared"], made=g["made"]),
    ])
