"""Mirrored pairs of Piquet parties from a given standing: where the partie's standing
should change play.

A pair's standing is drawn from the seed and the pair's index: the totals after the
first four or five deals, of one of the ``KINDS`` around the rubicon (RULES-piquet.md
§7), and which seat holds which. Both parties of a pair start at that standing, the
seats' totals the same, and get the same deals (``arena.mirrored_pair``): the
candidate plays seat 1 in the first and seat 2 in the second, so it holds in the
second the standing and the cards the field held in the first. Each partie counts
its value for the candidate (§7, the rubicon included), the pair the mean of its two;
the variance of the first deals is gone, the parties' values are left.

The levels are the arena's, and ``points``: the expert weighing each deal's points as
they are, without the partie in mind (its budget's ``partie`` off).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from ...arena import Bot, PairResult, levels_of, make_bot, mirrored_pair, summarize_pairs
from ...base import Match
from ...errors import RuleError
from .. import GAME
from ..match import PiquetMatch
from ..players import choose_with, search
from ..rules import PARTIE_DEALS

#: the standings, each seat's total drawn in its span: the one near 100 or far below,
#: both near it, one well ahead of the other (under 100)
KINDS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "near_far": ((80, 99), (25, 65)),
    "both_near": ((75, 99), (75, 99)),
    "ahead": ((130, 180), (50, 95)),
}
POINTS = "points"      # the expert without the partie in mind
POINTS_BUDGET = dataclasses.replace(search.EXPERT, partie=False)


@dataclass(frozen=True, slots=True)
class Start:
    """A pair's standing: its kind, the seats' totals and the deals over."""

    kind: str
    totals: tuple[int, int]
    deals_over: int


def draw_start(seed: int, index: int, kinds: tuple[str, ...], deals_left: int) -> Start:
    """Pair ``index``'s standing: the kinds in turn, the totals drawn from the seed."""
    kind = kinds[index % len(kinds)]
    rng = random.Random(f"standing:{seed}:{index}")
    spans = KINDS[kind]
    totals = [rng.randint(*spans[0]), rng.randint(*spans[1])]
    if rng.random() < 0.5:
        totals.reverse()
    return Start(kind, (totals[0], totals[1]), PARTIE_DEALS - deals_left)


def bot_of(level: str) -> Bot:
    """The arena's level, or ``points`` (the expert without the partie in mind)."""
    if level != POINTS:
        return make_bot(GAME.name, level)

    def bot(match: Match, seat: int, rng: random.Random) -> str:
        return choose_with(match.view(seat), POINTS_BUDGET, rng)
    return bot


def pair_from(start: Start | None, seed: int, index: int, candidate: str,
              field: str, preset: str) -> PairResult:
    """The mirrored pair ``index`` from ``start`` (None: whole parties)."""
    settings = GAME.settings(preset, {})

    def begin(match: Match) -> None:
        assert isinstance(match, PiquetMatch) and start is not None
        match.set_standing(start.totals, start.deals_over)
    return mirrored_pair(GAME, settings, seed, index, (candidate, bot_of(candidate)),
                         (field, bot_of(field)), None if start is None else begin)


def run_standings(pairs: int, seed: int, candidate: str, field: str,
                  kinds: Iterable[str] = tuple(KINDS), deals_left: int = 1,
                  preset: str = "rubicon", whole: bool = False,
                  progress: bool = False) -> list[dict[str, object]]:
    """``pairs`` mirrored pairs from drawn standings (``whole``: whole parties from
    the start instead): a report per kind, then all of them (``kind`` "all").

    Raises:
        RuleError: an unknown level or kind, or deals left out of 1 to 5.
    """
    levels = (*levels_of(GAME.name), POINTS)
    for level in (candidate, field):
        if level not in levels:
            raise RuleError("level", f"{level!r}: one of {', '.join(levels)}",
                            {"level": level})
    chosen = tuple(kinds)
    unknown = [k for k in chosen if k not in KINDS]
    if unknown or not chosen:
        raise RuleError("kind", f"kinds {unknown or chosen}: of {', '.join(KINDS)}")
    if not 1 <= deals_left < PARTIE_DEALS:
        raise RuleError("deals_left", f"{deals_left} deals left: 1 to {PARTIE_DEALS - 1}")
    by_kind: dict[str, list[PairResult]] = {}
    for index in range(pairs):
        start = None if whole else draw_start(seed, index, chosen, deals_left)
        kind = "whole" if start is None else start.kind
        by_kind.setdefault(kind, []).append(
            pair_from(start, seed, index, candidate, field, preset))
        if progress:
            print(f"\r{index + 1}/{pairs} pairs", end="", flush=True, file=sys.stderr)
    rows = [{**summarize_pairs(results, GAME.name, candidate, field), "kind": kind}
            for kind, results in by_kind.items()]
    if len(rows) > 1:
        every = [r for results in by_kind.values() for r in results]
        rows.append({**summarize_pairs(every, GAME.name, candidate, field), "kind": "all"})
    for row in rows:
        row.update(seed=seed, deals_left=0 if whole else deals_left, preset=preset)
    return rows


__all__ = ["KINDS", "POINTS", "Start", "bot_of", "draw_start", "pair_from", "run_standings"]
