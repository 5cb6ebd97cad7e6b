"""``polignac-tui new`` and ``polignac-tui resume``: straight to a table in the app."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..games import FIRST_GAME, game_names, get_game
from ..games.errors import RuleError
from ..i18n import _
from ..ui.seats import DEFAULT_LEVEL, LEVELS, name_problem
from . import CommandError

if TYPE_CHECKING:
    from ..games.base import Game
    from ..table.gametable import GameTable


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help=_("start a session: you plus computer players"),
                       description=_("Start a new session straight at the table: you plus "
                                   "computer players, from a preset."))
    p.add_argument("--preset", default=None,
                   help=_("the rules to play, one of the game's presets (default: the "
                          "default preset of your settings at {game}, else the game's "
                          "first)").format(game=get_game(FIRST_GAME).title))
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help=_("number of players, you included, as many as the game is played "
                          "by (default: as the New session form starts)"))
    p.add_argument("--name", default=None, help=_("your name (default: your settings' name)"))
    p.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                   help=_("how well the computer players play (default medium)"))
    # the games of the registry (a game's presets and counts are checked once it is
    # chosen, so that the CLI loads no other game to parse its arguments)
    p.add_argument("--game", choices=game_names(), default=FIRST_GAME,
                   help=_("the game to play: {games} (default: {game}); --preset and "
                          "--players then follow that game").format(
                              games=", ".join(game_names()), game=FIRST_GAME))
    add_ascii(p)
    p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    p.set_defaults(handler=run_new)

    p = sub.add_parser("resume", help=_("resume a saved session at its table"),
                       description=_("Resume a saved session: ID, or the most recent one "
                                   "still in play."))
    p.add_argument("id", nargs="?", metavar="ID", help=_("the session id (see polignac-tui list)"))
    add_ascii(p)
    p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    p.set_defaults(handler=run_resume)


def add_ascii(parser: argparse.ArgumentParser) -> None:
    """``--ascii`` after the command too (``polignac-tui new --ascii``)."""
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                        help=_("draw suits as S H D C and borders in ASCII"))


def players_problem(game: Game, count: int) -> str | None:
    """Why ``count`` players cannot sit at ``game``, if so (naming the game and the
    count)."""
    least, most = game.min_players, game.max_players
    if least <= count <= most:
        return None
    if least == most:
        return _("{game} is played by {players} players, not {count}").format(
            game=game.title, players=least, count=count)
    return _("{game} is played by {least} to {most} players, not {count}").format(
        game=game.title, least=least, most=most, count=count)


def run_new(args: argparse.Namespace) -> int:
    """``new``: you and computers of ``--level`` at a new table of ``--game`` (any game of
    the registry), from ``--preset``, at once at the table."""
    from ..config import load_settings
    from ..games.session import SeatPlayer
    from ..games.settings import CUSTOM
    from ..store import StoreError
    from ..store.folder import SessionStore
    from ..table.gametable import GameTable
    from ..ui.seats import computer_names, start_players, start_preset

    settings = load_settings()
    game = get_game(args.game)
    if args.preset is not None and args.preset not in game.presets:
        raise CommandError(_("{game} has no preset {preset!r} (one of {presets})").format(
            game=game.title, preset=args.preset, presets=", ".join(game.presets)))
    preset_name = args.preset or start_preset(game, settings.default_preset)
    if preset_name == CUSTOM:
        preset_name = game.presets[0]
    count = start_players(game) if args.players is None else args.players
    you = args.name or settings.your_name()
    for problem in (players_problem(game, count), name_problem(you)):
        if problem is not None:
            raise CommandError(problem)
    names = [you, *computer_names(you, count - 1)]
    store = SessionStore()
    try:
        rules = game.settings(preset_name, players=count)
        table = GameTable.create(store, game.name, rules, names,
                                 [SeatPlayer(True), *[SeatPlayer(False, args.level)] * (count - 1)],
                                 seed=args.seed)
    except RuleError as error:
        raise CommandError(str(error)) from None
    except (StoreError, OSError) as error:
        raise CommandError(_("the session could not be started: {error}").format(
            error=error)) from None
    return run_table(args, settings, store, table)


def run_resume(args: argparse.Namespace) -> int:
    from ..config import load_settings
    from ..store import SessionFileError, StoreError
    from ..store.folder import SessionStore
    from ..table.gametable import GameTable

    store = SessionStore()
    try:
        session_id = store.resolve_resume(args.id)
        table = GameTable.open(store, session_id, seed=args.seed)
    except (StoreError, SessionFileError) as error:
        raise CommandError(str(error)) from None
    return run_table(args, load_settings(), store, table)


def run_table(args: argparse.Namespace, settings: Any, store: Any, table: GameTable) -> int:
    from ..ui.app import CardGamesApp
    app = CardGamesApp(settings, store, table=table, seed=getattr(args, "seed", None),
                      ascii=bool(getattr(args, "ascii", False)), lang=getattr(args, "lang", None))
    try:
        app.run()
    finally:
        table.close()
    return app.return_code or 0  # non-zero when the app stopped on an error
