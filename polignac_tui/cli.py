"""The ``polignac-tui`` command: the app, and sub-commands for saved sessions."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .commands import CommandError, arena, join, play, serve, sessions, show

# Every sub-command module registers itself here (order = order in --help).
COMMANDS = [play, show, sessions, arena, serve, join]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polignac-tui",
        description="Play Polignac (Quatre Valets) in the terminal against computer players.",
    )
    parser.add_argument("--version", action="version", version=f"polignac-tui {__version__}")
    parser.add_argument("--ascii", action="store_true",
                        help="draw suits as S H D C and borders in ASCII")
    parser.set_defaults(handler=None)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if all(word == "--ascii" for word in words):
        # Plain ``polignac-tui`` (or with --ascii): straight to the app, no parser to build.
        try:
            return run_app(argparse.Namespace(ascii=bool(words)))
        except KeyboardInterrupt:
            return 130
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.handler is None:
            return run_app(args)
        return int(args.handler(args) or 0)
    except CommandError as error:
        print(f"polignac-tui: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def run_app(args: argparse.Namespace) -> int:
    """Open the app at Home."""
    from .config import load_settings
    from .ui.app import PolignacApp
    app = PolignacApp(load_settings(), ascii=args.ascii)
    app.run()
    return app.return_code or 0  # non-zero when the app stopped on an error
