"""``polignac-tui new`` and ``polignac-tui resume``: straight to a table in the app."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..games import FIRST_GAME, game_names, get_game
from ..games.errors import RuleError
from ..i18n import _
from ..ui.seats import LEVELS, name_problem
from . import CommandError

if TYPE_CHECKING:
    from ..table.gametable import GameTable

# the games played by ``new --game``, by the registry (their presets are checked once the
# game is chosen, so that the CLI loads no other game to parse its arguments)
GAMES = tuple(name for name in game_names() if name != FIRST_GAME)


def register(sub: argparse._SubParsersAction) -> None:
    first = get_game(FIRST_GAME)
    p = sub.add_parser("new", help=_("start a session: you plus computer players"),
                       description=_("Start a new session straight at the table: you plus "
                                   "computer players, from a preset."))
    p.add_argument("--preset", default=None,
                   help=_("the rules to play (default: the default preset of your settings)"))
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help=_("number of players, {least} to {most}, you included (default 4)"
                          ).format(least=first.min_players, most=first.max_players))
    p.add_argument("--name", default=None, help=_("your name (default: your settings' name)"))
    p.add_argument("--level", choices=LEVELS, default="medium",
                   help=_("how well the computer players play (default medium)"))
    p.add_argument("--game", choices=GAMES, default=None,
                   help=_("Écarté or Piquet against a computer (default: Polignac); "
                          "--preset then names that game's preset"))
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


def run_new(args: argparse.Namespace) -> int:
    from ..config import load_settings
    from ..games.session import Seat
    from ..games.settings import CUSTOM
    from ..store import StoreError
    from ..store.folder import SessionStore
    from ..table.gametable import GameTable
    from ..ui.seats import computer_names

    settings = load_settings()
    if getattr(args, "game", None):
        return run_new_game(args, settings)
    game = get_game(FIRST_GAME)
    if args.preset is not None and args.preset not in game.presets:
        raise CommandError(_("{game} has no preset {preset!r} (one of {presets})").format(
            game=game.title, preset=args.preset, presets=", ".join(game.presets)))
    preset_name = args.preset or settings.default_preset
    if preset_name == CUSTOM:
        preset_name = game.presets[0]
    count = 4 if args.players is None else args.players
    if not game.min_players <= count <= game.max_players:
        raise CommandError(f"{game.title} is played by {game.min_players} to "
                           f"{game.max_players} players, not {count}")
    you = args.name or settings.your_name()
    problem = name_problem(you)
    if problem is not None:
        raise CommandError(problem)
    names = [you, *computer_names(you, count - 1)]
    store = SessionStore()
    try:
        rules = game.settings(preset_name, players=count)
        table = GameTable.create(store, game.name, rules, names,
                                 [Seat(True), *[Seat(False, args.level)] * (count - 1)],
                                 seed=args.seed)
    except RuleError as error:
        raise CommandError(str(error)) from None
    except (StoreError, OSError) as error:
        raise CommandError(_("the session could not be started: {error}").format(
            error=error)) from None
    return run_table(args, settings, store, table)


def run_new_game(args: argparse.Namespace, settings: Any) -> int:
    """``new --game ecarte|piquet``: you and a computer of ``--level``, at once at the table."""
    from ..games.session import Seat
    from ..store import StoreError
    from ..store.folder import SessionStore
    from ..table.gametable import GameTable
    from ..ui.seats import computer_names

    game = get_game(args.game)
    if args.players not in (None, 2):
        raise CommandError(_("{game} is played by 2 players: you and a computer").format(
            game=game.title))
    if args.preset is not None and args.preset not in game.presets:
        raise CommandError(_("{game} has no preset {preset!r} (one of {presets})").format(
            game=game.title, preset=args.preset, presets=", ".join(game.presets)))
    from ..ui.app import PolignacApp
    if not PolignacApp.computer_plays(game.name):
        raise CommandError(_("{game} against a computer is not in this version yet.").format(
            game=game.title))
    you = args.name or settings.your_name()
    names = [you, computer_names(you, 1)[0]]
    store = SessionStore()
    try:
        rules = game.settings(args.preset)
        table = GameTable.create(store, game.name, rules, names,
                                 [Seat(True), Seat(False, args.level)], seed=args.seed)
    except RuleError as error:
        raise CommandError(str(error)) from None
    except (StoreError, OSError) as error:
        raise CommandError(_("the session could not be started: {error}").format(
            error=error)) from None
    app = PolignacApp(settings, store, game_table=table, seed=args.seed,
                      ascii=bool(getattr(args, "ascii", False)), lang=getattr(args, "lang", None))
    try:
        app.run()
    finally:
        table.close()
    return app.return_code or 0


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
    from ..ui.app import PolignacApp
    app = PolignacApp(settings, store, table=table, seed=getattr(args, "seed", None),
                      ascii=bool(getattr(args, "ascii", False)), lang=getattr(args, "lang", None))
    try:
        app.run()
    finally:
        table.close()
    return app.return_code or 0  # non-zero when the app stopped on an error
