"""A game's whole ladder of computer levels in one run: each level against the level
below it over duplicate deals (medium vs easy, hard vs medium, expert vs hard), and
the ``cheat`` yardstick against the expert.

Every step is one arena of the house on the same deals (the same seed): the seam's
(``games.arena.run``) for a game whose players speak the seam, or the game's own
(``run_preset`` of ``Game.arena_module``). A step is *real* when its 95% interval is
clear of zero on the better side (points per deal, positive is better, for the seam's
games; penalty points, negative is better, for a game with an arena of its own whose
lower total wins).

The result is one dict (the JSON of ``polignac-tui arena --ladder --json``):
``game``, ``preset``, ``players``, ``seed``, ``deals``, ``better`` ("higher" or
"lower"), ``steps`` (the three steps, each an arena's summary with ``cpu_ms_p50``,
``cpu_ms_p95``, ``cpu_ms_max`` and ``real``), ``yardstick`` (cheat vs expert, the same
fields) and ``real`` (every step real).

A game's own arena is called as ``run_preset(preset, players, deals, seed, candidate,
field, jobs, progress)`` (``progress(done, deals)``) and answers a dict with at least
``candidate``, ``field``, ``deals``, ``diff`` and ``ci95``; the CPU times it does not
give are null (shown "–").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from importlib import import_module
from typing import Any

from ..i18n import _
from . import arena, get_game

# (candidate, field): each level against the one below it
STEPS: tuple[tuple[str, str], ...] = (("medium", "easy"), ("hard", "medium"),
                                      ("expert", "hard"))
YARDSTICK = ("cheat", "expert")
CPU_KEYS = ("cpu_ms_p50", "cpu_ms_p95", "cpu_ms_max")

Progress = Callable[[int, int, float | None], None]   # deals done, of all, seconds left
MapDeals = Callable[[Callable[[arena.Job], arena.DealResult], Iterable[arena.Job]],
                    Iterator[arena.DealResult]]


class Clock:
    """Deals done over the whole ladder and the time left at the pace so far."""

    def __init__(self, total: int, report: Progress,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.report = report
        self.now = now
        self.start = now()
        self.before = 0             # deals of the steps already measured

    def step(self, done: int, _of: int) -> None:
        """An arena's progress (``done`` of its deals)."""
        self.tick(self.before + done)

    def next_step(self, deals: int) -> None:
        self.before += deals

    def tick(self, done: int) -> None:
        elapsed = self.now() - self.start
        left = elapsed / done * (self.total - done) if done else None
        self.report(done, self.total, left)


def real(step: dict[str, Any], better: str) -> bool:
    """True when the step's interval, over two deals or more, is clear of zero on the
    better side."""
    lo, hi = (float(x) for x in step["ci95"])
    if int(step["deals"]) < 2:
        return False                  # one deal: no interval
    return lo > 0 if better == "higher" else hi < 0


def run(game: str, deals: int, seed: int, preset: str | None = None,
        players: int | None = None, jobs: int = 1, map_deals: MapDeals | None = None,
        progress: Progress | None = None) -> dict[str, Any]:
    """Measure ``game``'s ladder over ``deals`` duplicate deals a step.

    ``map_deals`` runs the seam's deals (a pool's ``imap``; results do not depend on
    it); ``jobs`` is passed to a game's own arena.

    Raises:
        RuleError: for a game without players or a bad preset or table size.
    """
    g = get_game(game)
    chosen = g.presets[0] if preset is None else preset
    pairs = (*STEPS, YARDSTICK)
    clock = Clock(deals * len(pairs), progress) if progress is not None else None
    own = game not in arena.PLAYERS
    results: list[dict[str, Any]] = []
    for candidate, field in pairs:
        tick = clock.step if clock is not None else None
        if own:
            assert g.arena_module is not None
            module = import_module(g.arena_module)
            result = dict(module.run_preset(chosen, players or 4, deals, seed, candidate,
                                            field, jobs, tick))
        else:
            result = arena.run(game, deals, seed, candidate, field, chosen,
                               map_deals=map_deals or map, progress=tick)
        for key in CPU_KEYS:
            result.setdefault(key, None)      # an arena that does not time it
        results.append(result)
        if clock is not None:
            clock.next_step(deals)
    better = "lower" if own and not g.higher_wins else "higher"
    for r in results:
        r["real"] = real(r, better)
    steps, yardstick = results[:-1], results[-1]
    return {"game": game, "preset": chosen,
            "players": (players or 4) if own else g.min_players, "seed": seed,
            "deals": deals, "better": better, "steps": steps, "yardstick": yardstick,
            "real": all(r["real"] for r in steps)}


def _ms(value: object) -> str:
    return "–" if value is None else f"{float(value):.1f}"  # type: ignore[arg-type]


def table(result: dict[str, Any]) -> str:
    """The ladder as one Markdown table: each step, then the yardstick."""
    yes, no = _("yes"), _("no")
    decimals = 2 if any(abs(float(r["diff"])) >= 10
                        for r in (*result["steps"], result["yardstick"])) else 3
    lines = ["| " + " | ".join((_("step"), _("deals"), _("diff"), _("95% interval"),
                                _("clear of zero"), _("CPU ms p50 / p95 / max"))) + " |",
             "| --- | --- | --- | --- | --- | --- |"]
    for r in (*result["steps"], result["yardstick"]):
        lo, hi = (float(x) for x in r["ci95"])
        lines.append(
            f"| {r['candidate']} vs {r['field']} | {r['deals']} "
            f"| {float(r['diff']):+.{decimals}f} | [{lo:+.{decimals}f}, {hi:+.{decimals}f}] "
            f"| {yes if r['real'] else no} "
            f"| {_ms(r['cpu_ms_p50'])} / {_ms(r['cpu_ms_p95'])} / {_ms(r['cpu_ms_max'])} |")
    return "\n".join(lines)


__all__ = ["CPU_KEYS", "STEPS", "YARDSTICK", "Clock", "real", "run", "table"]
