"""``polignac-tui new`` and ``polignac-tui resume``: straight to a table in the app."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..games.polignac.engine import LEVELS, PRESET_NAMES
from ..i18n import _
from . import CommandError

if TYPE_CHECKING:
    from ..table.gametable import GameTable

PRESETS = PRESET_NAMES[:-1]   # every preset but "custom"
GAMES = ("ecarte", "piquet")  # the games of the seam played by ``new --game``
# Their presets, written out so that the CLI loads no game to parse its arguments (a test
# holds them to ``Game.presets``).
GAME_PRESETS = {"ecarte": ("classique", "italiana"), "piquet": ("rubicon", "cent")}
ALL_PRESETS = tuple(dict.fromkeys((*PRESETS, *(p for ps in GAME_PRESETS.values() for p in ps))))


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help=_("start a session: you plus computer players"),
                       description=_("Start a new session straight at the table: you plus "
                                   "computer players, from a preset."))
    p.add_argument("--preset", choices=ALL_PRESETS, default=None,
                   help=_("the rules to play (default: the default preset of your settings)"))
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help=_("number of players, 3 to 8, you included (default 4)"))
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
    from ..games.polignac import seats_of, settings_of
    from ..games.polignac.engine import RuleError
    from ..games.polignac.tui.quick import quick_session
    from ..store import StoreError
    from ..store.folder import SessionStore
    from ..table.gametable import GameTable

    settings = load_settings()
    if getattr(args, "game", None):
        return run_new_game(args, settings)
    if args.preset is not None and args.preset not in PRESETS:
        raise CommandError(_("{game} has no preset {preset!r} (one of {presets})").format(
            game="Polignac", preset=args.preset, presets=", ".join(PRESETS)))
    preset_name = args.preset or settings.default_preset
    if preset_name == "custom":
        preset_name = "classique"
    try:
        rules, players = quick_session(preset_name, 4 if args.players is None else args.players,
                                       args.name or settings.your_name(),
                                       args.level)
    except RuleError as error:
        raise CommandError(str(error)) from None
    store = SessionStore()
    try:
        table = GameTable.create(store, "polignac", settings_of(rules),
                                 [p.name for p in players], seats_of(players), seed=args.seed)
    except (StoreError, OSError) as error:
        raise CommandError(_("the session could not be started: {error}").format(
            error=error)) from None
    return run_table(args, settings, store, table)


def run_new_game(args: argparse.Namespace, settings: Any) -> int:
    """``new --game ecarte|piquet``: you and a computer of ``--level``, at once at the table."""
    from ..games import get_game
    from ..games.base import RuleError
    from ..games.polignac.tui.quick import computer_names
    from ..games.session import Seat
    from ..store import StoreError
    from ..store.folder import SessionStore
    from ..table.gametable import GameTable

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
