"""``polignac-tui arena``: computer players against each other over duplicate deals."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..games import ARENA_LEVELS, FIRST_GAME, game_names, get_game
from ..games.base import Game
from ..i18n import _, ngettext
from . import CommandError, game_list


def cpu_count() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every system
        return max(1, os.cpu_count() or 1)

ARENA_GAMES = game_names()    # the first game, and games.arena.PLAYERS: every game


def register(sub: argparse._SubParsersAction) -> None:
    first = get_game(FIRST_GAME)
    p = sub.add_parser(
        "arena", help=_("measure a computer level against another over duplicate deals"),
        description=_("Duplicate play: every deal is played once with the field in every seat "
                    "and once per seat with the candidate there. Means are penalty points per "
                    "deal per seat; diff = candidate - field, negative is better."))
    p.add_argument("--game", default=FIRST_GAME, choices=ARENA_GAMES,
                   help=_("the game ({games}; {first} if not given), whose means are "
                          "points per deal and whose diff is positive when the candidate is "
                          "better").format(games=game_list(), first=FIRST_GAME))
    p.add_argument("--players", type=int, default=None,
                   help=_("players at the table ({least} to {most})").format(
                       least=first.min_players, most=first.max_players))
    p.add_argument("--deals", type=int, default=100, help=_("number of duplicate deals"))
    p.add_argument("--seed", type=int, default=None,
                   help=_("seed of the deals and the players (default: 0; with --ladder, "
                          "one drawn at random and printed)"))
    p.add_argument("--candidate", default=None, choices=ARENA_LEVELS,
                   help=_("the level measured (default: expert)"))
    p.add_argument("--field", default=None, choices=ARENA_LEVELS,
                   help=_("the level it is measured against (default: medium)"))
    p.add_argument("--ladder", action="store_true",
                   help=_("measure the whole ladder: medium vs easy, hard vs medium, expert "
                          "vs hard, and the cheat yardstick vs expert, in one table"))
    p.add_argument("--parties", type=int, default=None,
                   help=_("play this many mirrored pairs of parties (the same deals, the "
                          "seats swapped) of a two-player game instead of deals; diff is "
                          "the candidate's mean value a partie"))
    p.add_argument("--preset", default=None,
                   help=_("the rules of the deals (one of the game's presets)"))
    p.add_argument("--jobs", type=int, default=cpu_count(),
                   help=_("processes to run deals in (default: one per core, here "
                          "{cores}; results do not depend on it)").format(cores=cpu_count()))
    p.add_argument("--json", action="store_true", help=_("print the result as one JSON line"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.parties is not None and args.ladder:
        raise CommandError(_("--parties measures one level against another: leave out "
                             "--ladder"))
    if args.ladder:
        return run_ladder(args)
    if args.seed is None:
        args.seed = 0
    if args.candidate is None:
        args.candidate = "expert"
    if args.field is None:
        args.field = "medium"
    if args.parties is not None:
        return run_parties(args)
    if args.game != FIRST_GAME:
        return run_seam(args)

    game = get_game(FIRST_GAME)
    check(args, game)
    if args.players is None:
        args.players = 4
    assert game.arena_module is not None
    arena = import_module(game.arena_module)   # here: only arena needs the players
    result = _measured(lambda progress: arena.run_preset(
        args.preset, args.players, args.deals, args.seed, args.candidate, args.field,
        args.jobs, progress))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(arena.report(result))
    return 0


def check(args: argparse.Namespace, game: Game) -> None:
    """The table size, the deals, the processes and the preset (the game's first when
    none is given) for ``game``.

    Raises:
        CommandError: naming the option and why.
    """
    least, most = game.min_players, game.max_players
    if args.players is not None and not least <= args.players <= most:
        if least == most:
            raise CommandError(_("--players {players}: {game} is played by {count} players"
                                 ).format(players=args.players, game=game.title,
                                          count=least))
        raise CommandError(_("--players {players}: {game} is played by {least} to {most} "
                             "players").format(players=args.players, game=game.title,
                                               least=least, most=most))
    if args.deals < 1:
        raise CommandError(_("--deals {deals}: play at least one deal").format(
            deals=args.deals))
    if not 1 <= args.jobs <= 64:
        raise CommandError(_("--jobs {jobs}: use 1 to 64 processes").format(jobs=args.jobs))
    if args.preset is None:
        args.preset = game.presets[0]
    if args.preset not in game.presets:
        raise CommandError(_("--preset {preset}: {game}'s presets are {presets}").format(
            preset=args.preset, game=game.title, presets=", ".join(game.presets)))


def run_seam(args: argparse.Namespace) -> int:
    """The arena of a game whose players speak the seam (``games.arena``)."""
    from ..games import arena, get_game

    game = get_game(args.game)
    check(args, game)
    result = _measured(lambda progress: _mapped(args.jobs, lambda mapper: arena.run(
        args.game, args.deals, args.seed, args.candidate, args.field, args.preset,
        map_deals=mapper, progress=progress)))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(_("{game}: {candidate} against {field}, {deals} duplicate deals, preset "
                "{preset} (points per deal, diff = candidate - field, positive is "
                "better)").format(game=game.title, candidate=result["candidate"],
                                  field=result["field"], deals=result["deals"],
                                  preset=result["preset"]))
        print(arena.table([result]))
    return 0


def _measured(run: Callable[[Callable[[int, int], None] | None], Any]) -> Any:
    """``run(progress)`` with a bar on a terminal (none elsewhere), a rule's refusal said
    as the command's error, the bar's line ended."""
    from ..games.errors import RuleError as GameRuleError
    progress = _bar if sys.stderr.isatty() else None
    try:
        return run(progress)
    except GameRuleError as error:
        raise CommandError(error.message) from None
    finally:
        if progress is not None:
            sys.stderr.write("\n")


def _mapped(jobs: int, call: Callable[[Any], dict[str, object]]) -> dict[str, object]:
    """``call(map)``, or with a pool's ``imap`` over ``jobs`` processes."""
    if jobs <= 1:
        return call(map)
    from multiprocessing import get_context
    with get_context("spawn").Pool(jobs) as pool:
        return call(lambda f, todo: pool.imap(f, todo, chunksize=4))


def run_parties(args: argparse.Namespace) -> int:
    """``--parties N``: mirrored pairs of whole parties of a two-player game."""
    from ..games import arena

    game = get_game(args.game)
    if game.max_players != 2:
        raise CommandError(_("--parties: {game} is not a game for two players").format(
            game=game.title))
    check(args, game)
    if not 1 <= args.parties <= 10_000:
        raise CommandError(_("--parties {parties}: play 1 to 10000 pairs").format(
            parties=args.parties))
    result = _measured(lambda progress: _mapped(args.jobs, lambda mapper: arena.run_parties(
        args.game, args.parties, args.seed, args.candidate, args.field, args.preset,
        map_pairs=mapper, progress=progress)))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    print(_("{game}: {candidate} against {field}, {pairs} mirrored pairs of parties, preset "
            "{preset} (value a partie, positive is better)").format(
                game=game.title, candidate=result["candidate"], field=result["field"],
                pairs=result["pairs"], preset=result["preset"]))
    print(arena.parties_table([result]))
    return 0


def run_ladder(args: argparse.Namespace) -> int:
    """``--ladder``: every step of the game's ladder and the yardstick, one table."""
    from ..games import ladder
    from ..games.errors import RuleError as GameRuleError

    if args.candidate is not None or args.field is not None:
        raise CommandError(_("--ladder measures every level: leave out --candidate and "
                             "--field"))
    game = get_game(args.game)
    own = args.game == FIRST_GAME
    check(args, game)
    preset = args.preset
    if args.seed is None:
        import secrets
        args.seed = secrets.randbelow(1_000_000)    # seeds the benchmark draws itself
    progress = _ladder_bar if sys.stderr.isatty() else None
    try:
        if args.jobs > 1 and not own:
            from multiprocessing import get_context
            with get_context("spawn").Pool(args.jobs) as pool:
                result = ladder.run(args.game, args.deals, args.seed, preset, args.players,
                                    args.jobs, lambda f, jobs: pool.imap(f, jobs, chunksize=4),
                                    progress)
        else:
            result = ladder.run(args.game, args.deals, args.seed, preset, args.players,
                                args.jobs, None, progress)
    except GameRuleError as error:
        raise CommandError(error.message) from None
    if progress is not None:
        sys.stderr.write("\n")
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    sign = (_("penalty points per deal per seat, negative is better") if result["better"] ==
            "lower" else _("points per deal, positive is better"))
    print(_("{game}'s ladder: {deals} duplicate deals a step, preset {preset}, {players} "
            "players, seed {seed} (diff = candidate - field, {sign})").format(
                game=game.title, deals=result["deals"], preset=result["preset"],
                players=result["players"], seed=result["seed"], sign=sign))
    print(ladder.table(result))
    print(_("Every step clear of zero.") if result["real"] else
          _("Not every step is clear of zero."))
    return 0


def _ladder_bar(done: int, total: int, left: float | None) -> None:
    _bar(done, total)
    if left is not None:
        minutes, seconds = divmod(round(left), 60)
        sys.stderr.write("  " + _("{minutes}:{seconds} left").format(
            minutes=minutes, seconds=f"{seconds:02d}") + "   ")
    sys.stderr.flush()


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] " + ngettext(
        "{done}/{total} deal", "{done}/{total} deals", total).format(done=done, total=total))
    sys.stderr.flush()
